"""The event streams' places in a server process, shared fairly among client addresses (live/events.py)."""

from __future__ import annotations

import threading

from live.events import Hub


def _fill(hub: Hub, client: str, count: int, *, places: int = 10, per_client: int = 4) -> list:
    return [hub.admit(client, per_process=places, per_client=per_client) for _ in range(count)]


def test_a_client_gets_at_most_its_own_share_of_streams():
    hub = Hub()
    tickets = _fill(hub, "10.0.0.1", 6)
    assert [t is not None for t in tickets] == [True] * 4 + [False] * 2
    hub.release(tickets[0])
    assert hub.admit("10.0.0.1", per_process=10, per_client=4) is not None


def test_a_new_address_takes_the_oldest_place_of_the_address_that_holds_the_most_when_all_are_taken():
    hub = Hub()
    heavy = _fill(hub, "10.0.0.1", 4)
    _fill(hub, "10.0.0.2", 3)
    _fill(hub, "10.0.0.3", 3)  # ten places, all taken
    tv = hub.admit("10.0.0.50", per_process=10, per_client=4)
    assert tv is not None and tv.client == "10.0.0.50"
    assert heavy[0].evicted and not any(t.evicted for t in heavy[1:])


def test_when_every_address_holds_about_as_many_nobody_is_sent_away_for_a_newcomer():
    hub = Hub()
    for k in range(10):
        _fill(hub, f"10.0.1.{k}", 1)
    assert hub.admit("10.0.0.50", per_process=10, per_client=4) is None  # it polls
    assert hub.admit("10.0.1.0", per_process=10, per_client=4) is None  # nor does a holder take a second


def test_an_evicted_stream_stops_waiting_at_once():
    hub = Hub()
    hub._watch = lambda: None  # no watcher reading a database: the test moves no version
    heavy = _fill(hub, "10.0.0.1", 2, places=2)
    hub.subscribe(("night", 1), "v1", heavy[0])
    answers = []
    waiter = threading.Thread(target=lambda: answers.append(hub.wait(("night", 1), "v1", 30, heavy[0])))
    waiter.start()
    assert hub.admit("10.0.0.2", per_process=2, per_client=4) is not None
    waiter.join(5)
    assert not waiter.is_alive() and answers == [None]
    hub.unsubscribe(("night", 1))
