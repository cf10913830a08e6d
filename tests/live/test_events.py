"""The TV's and the rail's event streams: what they send, when, and when they end or are refused.

The streams are read through Django's test client as a server would read them (the generator, chunk by
chunk); the watcher thread reads the database on its own connection, so these tests commit (transactional_db).
"""

from __future__ import annotations

import datetime
import json
import queue
import subprocess
import sys
import threading
import time

import pytest
from django.db import connection, transaction
from django.urls import reverse

from live import events as live_events
from live import mark as live_mark
from live import versions as live
from tests.tournaments.conftest import Dealer, table_of
from tournaments.clock import services as clock_control
from tournaments.models import TvScreen

pytestmark = pytest.mark.django_db(transaction=True)

THREADED = {"wsgi.multithread": True}  # a threaded server (waitress, runserver); Django's test client says False


@pytest.fixture(autouse=True)
def quick_streams(monkeypatch):
    """Keep-alive comments every 0.2 s, so a test never waits long for the next chunk."""
    monkeypatch.setattr(live_events, "KEEPALIVE_SECONDS", 0.2)
    monkeypatch.setattr(live_events, "WATCH_SECONDS", 0.05)
    monkeypatch.delenv("LIVE_STREAMS_PER_PROCESS", raising=False)


@pytest.fixture(autouse=True)
def close_streams():
    """Every stream a test opened ends with it, passed or failed (its watcher must not outlive the database)."""
    yield
    for reader in Reader.opened:
        reader.close()
    Reader.opened.clear()


@pytest.fixture
def heads_up_table(organizer):
    return table_of({"Anna": 1000, "Ben": 1000}, organizer)


class Reader:
    """Reads a streaming response chunk by chunk, like EventSource, and keeps what came."""

    opened: list[Reader] = []

    def __init__(self, response) -> None:
        Reader.opened.append(self)
        assert response.status_code == 200, response.status_code
        assert response["Content-Type"].startswith("text/event-stream")
        self.response = response
        self.chunks = iter(response.streaming_content)
        self.seen: list[str] = []

    def until(self, predicate, seconds: float = 5.0) -> list[str]:
        """Chunks up to the first one that satisfies `predicate`; keep-alives arrive between them."""
        deadline = time.monotonic() + seconds
        got = []
        for chunk in self.chunks:
            text = chunk.decode()
            got.append(text)
            self.seen.append(text)
            if predicate(text):
                return got
            assert time.monotonic() < deadline, f"nothing matching within {seconds} s: {got[-3:]}"
        raise AssertionError(f"the stream ended: {got[-3:]}")

    def events(self, name: str) -> list[str]:
        """The data of every event `name` so far (EventSource joins data: lines with newlines)."""
        found = []
        for chunk in self.seen:
            for block in chunk.split("\n\n"):
                lines = block.split("\n")
                if f"event: {name}" in lines:
                    found.append("\n".join(line[6:] for line in lines if line.startswith("data: ")))
        return found

    def close(self) -> None:
        self.response.close()


def test_an_event_carries_every_line_of_its_data():
    assert live_events.sse("a\nb", event="rail", id="v1") == b"id: v1\nevent: rail\ndata: a\ndata: b\n\n"
    assert live_events.sse("") == b"data: \n\n"


def test_the_table_stream_sends_each_change_and_never_a_hole_card_before_the_showdown(heads_up_table, client):
    dealer = Dealer(heads_up_table)
    dealer.next_hand()
    dealer.cards("Qs Jd 2c 7h 9s", Anna="As Ah", Ben="Kd Kc")  # typed early: the table has not seen them
    url = reverse("table_rail_events", args=[heads_up_table.pk])
    stream = Reader(client.get(url, HTTP_ACCEPT_ENCODING="gzip", **THREADED))
    assert stream.response.get("Content-Encoding") is None  # gzip would hold the events back
    first = "".join(stream.until(lambda text: "event: rail" in text))
    assert first.startswith("retry: ") and f"id: {live.table_pulse(heads_up_table.pk)}" in first

    dealer.act("Anna", "call")
    stream.until(lambda text: "event: rail" in text)
    dealer.act("Ben", "check")  # the flop
    stream.until(lambda text: 'data-card="2c"' in text)
    for _street in ("flop", "turn", "river"):
        dealer.act("Ben", "check")
        dealer.act("Anna", "check")
    stream.until(lambda text: 'data-card="As"' in text)  # the showdown: now both hands are shown
    stream.close()
    before_showdown = [data for data in stream.events("rail") if 'data-card="9s"' not in data]
    assert len(before_showdown) >= 3
    for data in before_showdown:
        for card in ("As", "Ah", "Kd", "Kc"):
            assert f'data-card="{card}"' not in data
        assert "A♠" not in data and "K♦" not in data


def test_a_stream_that_holds_the_current_version_starts_with_nothing_but_keep_alives(heads_up_table, client):
    Dealer(heads_up_table).next_hand()
    pulse = live.table_pulse(heads_up_table.pk)
    stream = Reader(
        client.get(reverse("table_rail_events", args=[heads_up_table.pk]), HTTP_LAST_EVENT_ID=pulse, **THREADED)
    )
    stream.until(lambda text: text.startswith(": keep-alive"))
    stream.until(lambda text: text.startswith(": keep-alive"))
    stream.close()
    assert not stream.events("rail")


def test_the_tv_stream_sends_the_state_after_a_button_and_nothing_after_a_tap(heads_up_table, client):
    night = heads_up_table.night
    dealer = Dealer(heads_up_table)
    dealer.next_hand()  # the table's first hand: it is playing now (a seats change, once)
    stream = Reader(
        client.get(reverse("clock_events", args=[night.pk]), {"seen": live.night_pulse(night.pk)}, **THREADED)
    )
    stream.until(lambda text: text.startswith(": keep-alive"))

    dealer.act("Anna", "call")  # a tap: the figures stay, the TV is sent nothing
    for _ in range(4):
        stream.until(lambda text: True)
    assert not stream.events("state") and not stream.events("screens")

    clock_control.start_clock(night=night)
    stream.until(lambda text: "event: state" in text, seconds=2)
    state = json.loads(stream.events("state")[-1])
    assert state["running"] and state["pulse"] == live.tv_part(live.night_pulse(night.pk))
    assert not stream.events("screens")  # nobody sat down or went out

    clock_control.set_tv(night=night, screen=TvScreen.SEATING, announcement="Pizza ist da", spoken=False)
    stream.until(lambda text: "Pizza ist da" in text, seconds=2)

    dealer.act("Ben", "allin")
    dealer.act("Anna", "call")
    dealer.settle(pot_winners=[["Anna"]])  # Ben is out: the figures and the other screens follow
    stream.until(lambda text: "event: screens" in text, seconds=2)
    stream.close()
    assert json.loads(stream.events("state")[-1])["players_left"] == 0  # Ben out, Anna has won the table


def test_the_nights_rail_stream_follows_a_tap_but_not_the_clock(heads_up_table, client):
    night = heads_up_table.night
    dealer = Dealer(heads_up_table)
    dealer.next_hand()
    stream = Reader(
        client.get(
            reverse("night_rail_events", args=[night.pk]),
            {"seen": live.play_part(live.night_pulse(night.pk))},
            **THREADED,
        )
    )
    stream.until(lambda text: text.startswith(": keep-alive"))
    assert not stream.events("rail")  # the page's own version: nothing to send
    clock_control.start_clock(night=night)
    for _ in range(4):
        stream.until(lambda text: True)
    assert not stream.events("rail")
    # Changes that do not concern the rail, faster than the keep-alive: the stream still says it is alive.
    stream.until(lambda text: text.startswith(": keep-alive"))
    changing = threading.Thread(target=_press_plus_a_minute, args=(night, 2.0))
    changing.start()
    try:
        stream.until(lambda text: text.startswith(": keep-alive"), seconds=3 * live_events.KEEPALIVE_SECONDS)
        assert changing.is_alive(), "the changes stopped before the keep-alive came"
    finally:
        changing.join()
    assert not stream.events("rail")
    dealer.act("Anna", "call")
    stream.until(lambda text: "event: rail" in text, seconds=2)
    stream.close()
    assert f'id="rail-table-{heads_up_table.pk}"' in stream.events("rail")[-1]


def test_the_nights_rail_stream_sends_the_card_of_the_table_that_changed_and_the_whole_rail_when_a_table_starts(
    heads_up_table, organizer, client
):
    night = heads_up_table.night
    other = table_of({"Cleo": 1500, "Dirk": 1500}, organizer, night=night)
    first, second = Dealer(heads_up_table), Dealer(other)
    first.next_hand()
    second.next_hand()
    seen = live.play_part(live.night_pulse(night.pk))
    stream = Reader(client.get(reverse("night_rail_events", args=[night.pk]), {"seen": seen}, **THREADED))
    stream.until(lambda text: text.startswith(": keep-alive"))

    first.act("Anna", "call")
    stream.until(lambda text: "event: rail" in text, seconds=2)
    card = stream.events("rail")[-1]
    assert (
        card.lstrip().startswith(f'<article class="card rail-table" id="rail-table-{heads_up_table.pk}"')
        and "data-rail" not in card
    )
    assert f'id="rail-table-{other.pk}"' not in card  # the other table's card did not change: it is not sent
    second.act("Cleo", "call")
    stream.until(lambda text: f'id="rail-table-{other.pk}"' in text, seconds=2)
    assert f'id="rail-table-{heads_up_table.pk}"' not in stream.events("rail")[-1]

    third = table_of({"Emil": 1500, "Fritz": 1500}, organizer, night=night)  # a seats change: the whole rail
    Dealer(third).next_hand()
    stream.until(lambda text: f'id="rail-table-{third.pk}"' in text, seconds=2)
    stream.close()
    whole = stream.events("rail")[-1]
    assert "data-rail" in whole and all(f'id="rail-table-{t.pk}"' in whole for t in (heads_up_table, other, third))


def test_a_nights_rail_stream_for_an_older_page_starts_with_the_whole_rail(heads_up_table, client):
    dealer = Dealer(heads_up_table)
    dealer.next_hand()
    seen = live.play_part(live.night_pulse(heads_up_table.night.pk))
    dealer.act("Anna", "call")  # after the page was drawn: the stream does not know which cards it holds
    stream = Reader(
        client.get(reverse("night_rail_events", args=[heads_up_table.night.pk]), {"seen": seen}, **THREADED)
    )
    stream.until(lambda text: "event: rail" in text)
    stream.close()
    assert "data-rail" in stream.events("rail")[0] and "Anna" in stream.events("rail")[0]


def test_the_watcher_reads_the_versions_only_after_a_write(heads_up_table, client, monkeypatch):
    """Idle screens cost a look at the write mark per tick (SQLite's -shm header, PostgreSQL's snapshot); the
    versions are read when the mark moved, and at the latest every FULL_READ_SECONDS."""
    dealer = Dealer(heads_up_table)
    dealer.next_hand()
    reads, marks = [], []
    night_pulse, write_mark = live.night_pulse, live_mark.write_mark

    def counted(night_id):
        if threading.current_thread().name == "live-watcher":
            reads.append(time.monotonic())
        return night_pulse(night_id)

    def looked():
        mark = write_mark()
        if threading.current_thread().name == "live-watcher":
            marks.append(mark)
        return mark

    def moves() -> int:
        return sum(1 for k, mark in enumerate(marks) if k == 0 or mark != marks[k - 1])

    monkeypatch.setattr(live, "night_pulse", counted)
    monkeypatch.setattr(live_mark, "write_mark", looked)
    url = reverse("table_rail_events", args=[heads_up_table.pk])
    stream = Reader(client.get(url, HTTP_LAST_EVENT_ID=live.table_pulse(heads_up_table.pk), **THREADED))
    for _ in range(5):  # a second at least: the watcher's first look, then nothing was written here
        stream.until(lambda text: text.startswith(": keep-alive"))
    assert len(marks) >= 4  # it looked at every tick
    # PostgreSQL's mark is the cluster's: other databases' writes (another test process) move it too.
    assert len(reads) <= moves() + 1  # a read only for a move (and at most one safety-net read)
    if connection.vendor == "sqlite":
        assert len(reads) == 1

    dealer.act("Anna", "call")
    stream.until(lambda text: "event: rail" in text, seconds=2)
    assert len(reads) >= 2  # the write was seen (one read, or two if a tick fell between its statements)
    stream.close()


def _press_plus_a_minute(night, seconds: float) -> None:
    from django.db import connection

    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            clock_control.adjust_clock(night=night, minutes=1)
            time.sleep(0.03)
    finally:
        connection.close()


def test_a_stream_ends_after_its_time_and_eventsource_reconnects(heads_up_table, client, monkeypatch):
    monkeypatch.setattr(live_events, "MAX_STREAM_SECONDS", 0.5)
    started = time.monotonic()
    chunks = list(client.get(reverse("table_rail_events", args=[heads_up_table.pk]), **THREADED).streaming_content)
    assert time.monotonic() - started < 3
    assert chunks[0] == f"retry: {live_events.RETRY_MS}\n\n".encode()
    assert live_events.hub.open_streams == 0  # it let go of its place


def test_after_a_stop_no_stream_and_no_watcher_is_left_to_read_the_database(heads_up_table, client):
    """What the suite does after every test (tests/plugins/isolation.py), before the test's database is emptied or
    removed: a watcher left running read a database that was gone ("no such table" in the log)."""
    url = reverse("table_rail_events", args=[heads_up_table.pk])
    stream = Reader(client.get(url, **THREADED))
    stream.until(lambda text: "event: rail" in text)

    def serve() -> None:  # the server's thread for this stream; a server closes its connection after the request
        list(stream.chunks)
        connection.close()

    serving = threading.Thread(target=serve)
    serving.start()

    def watching() -> bool:  # the stream subscribes after its first event, and starts the watcher
        return live_events.hub._thread is not None and live_events.hub._thread.is_alive()

    deadline = time.monotonic() + 5
    while not watching() and time.monotonic() < deadline:
        time.sleep(0.01)
    watcher = live_events.hub._thread
    assert watching() and live_events.hub.open_streams == 1

    assert live_events.hub.stop_and_wait(timeout=5)

    serving.join(timeout=5)
    watcher.join(timeout=5)
    assert not serving.is_alive() and not watcher.is_alive() and live_events.hub.open_streams == 0
    assert client.get(url, **THREADED).status_code == 204  # stopped: a page polls meanwhile
    live_events.hub.resume()
    assert Reader(client.get(url, **THREADED)).until(lambda text: "event: rail" in text)


def test_without_threads_or_beyond_the_servers_streams_the_page_is_told_to_poll(heads_up_table, client, monkeypatch):
    url = reverse("clock_events", args=[heads_up_table.night.pk])
    assert client.get(url).status_code == 204  # a server of one request per process: a stream would hold it all
    monkeypatch.setenv("LIVE_STREAMS_PER_PROCESS", "0")
    assert client.get(url, **THREADED).status_code == 204
    assert client.get(reverse("table_rail_events", args=[heads_up_table.pk]), **THREADED).status_code == 204
    assert client.get(reverse("table_rail_events", args=[999999]), **THREADED).status_code == 404


def test_every_tables_version_in_one_query_is_the_tables_own(heads_up_table, organizer, django_assert_max_num_queries):
    other = table_of({"Cleo": 1500, "Dirk": 1500}, organizer, night=heads_up_table.night)
    Dealer(heads_up_table).next_hand()
    live.table_pulses(heads_up_table.night.pk)  # a fresh connection's settings are queries of their own
    with django_assert_max_num_queries(1):
        pulses = live.table_pulses(heads_up_table.night.pk)
    assert {pk: table.pulse for pk, table in pulses.items()} == {
        t.pk: live.table_pulse(t.pk) for t in (heads_up_table, other)
    }
    assert (pulses[heads_up_table.pk].hands, pulses[other.pk].hands) == (1, 0)


def test_a_rendering_read_back_from_the_shared_cache_is_html_not_text(heads_up_table, client):
    Dealer(heads_up_table).next_hand()
    url = reverse("night_rail", args=[heads_up_table.night.pk])
    first = client.get(url).content.decode()
    live_events_cache_memory_cleared()
    again = client.get(url).content.decode()  # the card now comes from the file the first request wrote
    for page in (first, again):
        assert (
            f'<article class="card rail-table" id="rail-table-{heads_up_table.pk}"' in page
            and "&lt;article" not in page
        )


def live_events_cache_memory_cleared() -> None:
    from live import cache as live_cache

    with live_cache._memory_lock:
        live_cache._memory.clear()


class _MarkReader(threading.Thread):
    """A thread with a connection of its own, as the watcher has: reads the mark when asked."""

    def __init__(self) -> None:
        super().__init__(name="mark-reader", daemon=True)
        self.asks: queue.Queue = queue.Queue()
        self.answers: queue.Queue = queue.Queue()

    def run(self) -> None:
        try:
            while self.asks.get():
                self.answers.put(live_mark.write_mark())
        finally:
            connection.close()

    def mark(self):
        self.asks.put(True)
        return self.answers.get(timeout=5)

    def stop(self) -> None:
        self.asks.put(False)
        self.join()


def test_the_write_mark_moves_with_every_commit_of_another_connection(heads_up_table):
    """What the watcher asks before it reads any version: on its own connection the mark moves with each
    commit the others make (here the test's thread), and stands still while nobody writes."""
    dealer = Dealer(heads_up_table)
    reader = _MarkReader()
    reader.start()
    try:
        before = reader.mark()
        if connection.vendor == "sqlite":  # on PostgreSQL any database's write in the cluster moves it
            assert reader.mark() == before
        dealer.next_hand()
        after_hand = reader.mark()
        dealer.act("Anna", "call")
        after_tap = reader.mark()
    finally:
        reader.stop()
    assert before is not None and after_hand != before and after_tap != after_hand


_TRY_TO_WRITE = """
import sqlite3, sys
database = sqlite3.connect(sys.argv[1], timeout=0, isolation_level=None)
try:
    database.execute("BEGIN IMMEDIATE")
    print("got the write lock")
except sqlite3.OperationalError as error:
    print(error)
"""


@pytest.mark.subprocess
def test_looking_at_the_mark_never_drops_sqlites_locks(heads_up_table):
    """The mark is read from SQLite's -shm file; closing a descriptor of it would drop this process's POSIX
    locks on it, the writer's lock of a tap in progress included, and let another process write at once."""
    if connection.vendor != "sqlite":
        pytest.skip("SQLite's own file")
    reader = _MarkReader()
    reader.start()
    try:
        with transaction.atomic():  # BEGIN IMMEDIATE: this process holds the writer's lock, as a tap does
            heads_up_table.save(update_fields=["status"])
            for _ in range(3):
                assert reader.mark() is not None
            other = subprocess.run(
                [sys.executable, "-c", _TRY_TO_WRITE, connection.settings_dict["NAME"]],
                capture_output=True,
                text=True,
                timeout=60,
            )
    finally:
        reader.stop()
    assert other.stdout.strip() == "database is locked", other.stdout + other.stderr


@pytest.mark.django_db
def test_a_table_id_watched_again_is_read_again_with_its_night(heads_up_table):
    """A restore (or a test's fresh database) can give a table's id to a table of another night: the hub must not
    keep the old night for it once nobody watches it, or its watcher reads the wrong night and sends nothing."""
    from tests.league.factories import make_night
    from tournaments.models import Table

    hub = live_events.Hub()
    hub.stop()  # no watcher thread: only what subscribing remembers is looked at
    topic = ("table", heads_up_table.pk)
    hub.subscribe(topic, "v1")
    assert hub._night_of_table[heads_up_table.pk] == heads_up_table.night_id
    hub.unsubscribe(topic)
    other_night = make_night(
        season=heads_up_table.night.season, date=heads_up_table.night.date + datetime.timedelta(days=7)
    )
    Table.objects.filter(pk=heads_up_table.pk).update(night=other_night)
    hub.subscribe(topic, "v1")
    assert hub._night_of_table[heads_up_table.pk] == other_night.pk
    hub.unsubscribe(topic)
