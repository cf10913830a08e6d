"""The app's server (config/server.py): a client's share of connections, and headers that never end."""
from __future__ import annotations

import ipaddress

from config.server import HEADER_SECONDS, ClientCounter, VenueChannel


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
    assert not _channel(_Request(True), 100.0).header_overdue(100.0 + 10 * HEADER_SECONDS)  # a body, an answer: not the header
    assert not _channel(None, 100.0).header_overdue(100.0 + 10 * HEADER_SECONDS)  # idle keep-alive: channel_timeout's
