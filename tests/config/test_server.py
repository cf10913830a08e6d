"""The app's server (config/server.py): a client's share of connections, and headers that never end."""

from __future__ import annotations

import ipaddress
import threading

from config.server import HEADER_SECONDS, ClientCounter, LastIdleFirst, VenueChannel


def test_a_client_address_gets_its_share_of_connections_and_its_places_come_back():
    counter = ClientCounter(2, ())
    assert counter.take("10.0.0.5") and counter.take("10.0.0.5")
    assert not counter.take("10.0.0.5")
    assert counter.take("10.0.0.6")  # another phone is not affected
    counter.give_back("10.0.0.5")
    assert counter.take("10.0.0.5")


def test_the_trusted_proxy_and_a_unix_socket_are_never_capped():
    counter = ClientCounter(1, (ipaddress.ip_network("127.0.0.1/32"),))
    assert all(counter.take("127.0.0.1") for _ in range(50))
    assert all(counter.take("") for _ in range(50))  # a Unix socket has no client address
    counter.give_back("127.0.0.1")
    assert counter.take("127.0.0.2") and not counter.take("127.0.0.2")


class _Request:
    def __init__(self, headers_finished: bool) -> None:
        self.headers_finished = headers_finished


def _channel(request, started: float | None) -> VenueChannel:
    channel = VenueChannel.__new__(VenueChannel)  # no socket: only the deadline is asked
    channel.request, channel.request_started = request, started
    return channel


def test_a_header_that_is_not_complete_in_time_is_overdue_and_a_complete_one_never():
    assert _channel(_Request(False), 100.0).header_overdue(100.0 + HEADER_SECONDS + 1)
    assert not _channel(_Request(False), 100.0).header_overdue(100.0 + HEADER_SECONDS - 1)
    assert not _channel(_Request(True), 100.0).header_overdue(
        100.0 + 10 * HEADER_SECONDS
    )  # a body, an answer: not the header
    assert not _channel(None, 100.0).header_overdue(100.0 + 10 * HEADER_SECONDS)  # idle keep-alive: channel_timeout's


def test_the_next_request_goes_to_the_thread_that_became_idle_last():
    """The same few threads serve the requests (each keeps its database connection), the rest wait with none."""
    lock = threading.Lock()
    condition = LastIdleFirst(lock)
    woken: list[int] = []
    waiting = threading.Semaphore(0)

    def idle(number: int) -> None:
        with lock:
            waiting.release()
            condition.wait(10)
            woken.append(number)

    threads = []
    for number in range(3):  # they begin waiting in this order
        threads.append(threading.Thread(target=idle, args=(number,)))
        threads[-1].start()
        assert waiting.acquire(timeout=10)
        with lock:  # its wait() has begun once the lock is free again
            pass
    with lock:
        condition.notify()
    for _ in range(100):
        if woken:
            break
        threading.Event().wait(0.02)
    assert woken == [2]
    with lock:
        condition.notify()
    threads[1].join(10)
    with lock:
        condition.notify()
    threads[0].join(10)
    assert woken == [2, 1, 0]
