"""Server-sent events for the TV and the rail: streams that wait without CPU, one watcher per process.

A screen opens one stream (EventSource) and keeps it. The stream's thread
sleeps on a condition; one watcher thread per server process looks a few
times a second whether anything was written at all (`live.mark`: on SQLite a
read of the WAL-index header, no query), and only then reads the versions of
what its streams show (`live.versions.night_pulse` and the night's tables'
`live.versions.table_pulses`, two queries per night, once per machine for each write),
and wakes the streams whose version changed. Each stream then
sends the changed piece, rendered once per version (`live.cache`), so the
cost follows the changes, not the viewers. Between changes a comment every
`KEEPALIVE_SECONDS` keeps proxies from closing the stream (and tells the server
a viewer left: the write fails); after `MAX_STREAM_SECONDS` the stream ends and
EventSource opens a new one by itself, so no thread is held for ever.

Streams need a server that holds many connections on threads (`manage.py
venue`: gunicorn's gthread workers; runserver; the tests' live server). Under
a server with one request per process (gunicorn's sync workers) a stream
would hold a whole worker: there the stream answers 204 at once and the page
polls, as it does when EventSource is missing or failed.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator

from django.core.exceptions import ObjectDoesNotExist
from django.db import connection
from django.http import Http404, HttpResponse, StreamingHttpResponse

from league.web.client_address import client_address
from live import cache as live_cache
from live import mark as live_mark
from live import versions as live
from tournaments.models import Table

__all__ = [
    "Topic",
    "Ticket",
    "hub",
    "sse",
    "stream",
    "admit_stream",
    "seen_version",
    "event_stream",
    "no_stream",
    "KEEPALIVE_SECONDS",
    "MAX_STREAM_SECONDS",
    "STREAMS_PER_CLIENT",
]

logger = logging.getLogger(__name__)

WATCH_SECONDS = 0.25  # how often a process asks whether the database changed
FULL_READ_SECONDS = 5.0  # the versions are read this often even when the mark stood still (a safety net)
KEEPALIVE_SECONDS = 10.0
MAX_STREAM_SECONDS = 300.0
RETRY_MS = 2000  # EventSource's wait before it reconnects
SWEEP_SECONDS = 60.0
# A phone shows one screen, a person at most a few: more streams than this from one client address (in one
# server process) are answered 204 and poll, so one script cannot take the threads the dealers' taps need.
STREAMS_PER_CLIENT = 4

# ("night", id), ("tv", id): the night's clock and seats only, ("table", id), or ("display", id): a named TV,
# which follows whichever night it shows (live.versions.display_pulse)
Topic = tuple[str, int]


def sse(data: str, *, event: str | None = None, id: str | None = None) -> bytes:
    """One server-sent event; every line of `data` becomes a data: line (EventSource joins them with newlines)."""
    lines = [f"id: {id}"] if id else []
    if event:
        lines.append(f"event: {event}")
    lines += [f"data: {line}" for line in (data.splitlines() or [""])]
    return ("\n".join(lines) + "\n\n").encode()


def _release_connection() -> None:
    if not connection.in_atomic_block:  # the test client runs the view inside the test's transaction
        connection.close()


def _rest_connection() -> None:
    """A stream waits for minutes: it holds no database connection meanwhile where the server counts them
    (PostgreSQL). A SQLite file costs nothing to keep open, and opening it again for the next change
    (settings, functions) was a good part of what each event cost the venue server."""
    if connection.vendor != "sqlite":
        _release_connection()


class Ticket:
    """One admitted stream's place: its client, the topic it waits on, and whether it had to give the place up."""

    __slots__ = ("client", "topic", "evicted")

    def __init__(self, client: str) -> None:
        self.client = client
        self.topic: Topic | None = None
        self.evicted = False


class Hub:
    """This process's watcher and the versions it last saw; streams wait on it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        # One condition per topic (on the one lock): a tap wakes the streams of its table and night only.
        self._changed: dict[Topic, threading.Condition] = {}
        self._watched: Counter[Topic] = Counter()
        self._versions: dict[Topic, str] = {}
        self._night_of_table: dict[int, int] = {}
        self._tables: dict[int, dict[int, live.NightTable]] = {}  # a night's tables as the watcher last read them
        self._thread: threading.Thread | None = None
        self._stopping = False
        self._alive: Callable[[], bool] = lambda: True
        self.open_streams = 0
        self._admitted: dict[str, list[Ticket]] = {}  # streams let in, per client address, oldest first
        self._admitted_count = 0
        self._idle = threading.Condition(self._lock)  # told when the last stream or the watcher ends

    # --- for the views -------------------------------------------------------------------

    def admit(self, client: str, *, per_process: int | None, per_client: int) -> Ticket | None:
        """A place for a stream of `client`, if the client has fewer than `per_client` and the process has one
        left; None: the page polls. When the process is full, the client with the most streams gives up its
        oldest if it holds at least two more than `client`: many addresses share the places fairly, and a TV or
        a phone of its own always finds one while any address holds more than it."""
        with self._lock:
            held = self._admitted.get(client, [])
            if self._stopping or len(held) >= per_client:
                return None
            if per_process is not None and self._admitted_count >= per_process:
                heaviest = max(self._admitted.values(), key=len, default=[])
                if len(heaviest) < len(held) + 2:
                    return None
                self._evict(heaviest[0])
            ticket = Ticket(client)
            self._admitted.setdefault(client, []).append(ticket)
            self._admitted_count += 1
            return ticket

    def _evict(self, ticket: Ticket) -> None:
        """End `ticket`'s stream (EventSource reconnects, and polls when it is refused): its place is free now."""
        ticket.evicted = True
        self._forget(ticket)
        if ticket.topic is not None and (changed := self._changed.get(ticket.topic)) is not None:
            changed.notify_all()

    def _forget(self, ticket: Ticket) -> None:
        held = self._admitted.get(ticket.client)
        if held is not None and ticket in held:
            held.remove(ticket)
            self._admitted_count -= 1
            if not held:
                del self._admitted[ticket.client]

    def release(self, ticket: Ticket) -> None:
        with self._lock:
            self._forget(ticket)

    # --- for streams ---------------------------------------------------------------------

    def subscribe(self, topic: Topic, version: str, ticket: Ticket | None = None) -> None:
        night = None
        if topic[0] == "table" and topic[1] not in self._night_of_table:
            night = Table.objects.filter(pk=topic[1]).values_list("night_id", flat=True).first()
        with self._lock:
            if night is not None:
                self._night_of_table[topic[1]] = night
            if not self._watched[topic]:
                self._changed[topic] = threading.Condition(self._lock)
            if self._versions.get(topic) != version:
                # Read just now, so at least as new as the watcher's last look: the other streams of this topic
                # catch up at once, and this one is not sent back to the watcher's older version.
                self._versions[topic] = version
                self._changed[topic].notify_all()
            self._watched[topic] += 1
            self.open_streams += 1
            if ticket is not None:
                ticket.topic = topic
            if self._thread is None and not self._stopping:
                self._thread = threading.Thread(target=self._watch, name="live-watcher", daemon=True)
                self._thread.start()

    def unsubscribe(self, topic: Topic) -> None:
        with self._lock:
            self._watched[topic] -= 1
            self.open_streams -= 1
            if not self.open_streams:
                self._idle.notify_all()
            if self._watched[topic] <= 0:
                del self._watched[topic]
                self._versions.pop(topic, None)
                self._changed.pop(topic, None)
                if topic[0] == "night":
                    self._tables.pop(topic[1], None)
                elif topic[0] == "table":
                    # Read again at the next subscription: a restore (or a test's fresh database) can give the
                    # table's id to a table of another night, whose changes the watcher would then never see.
                    self._night_of_table.pop(topic[1], None)

    def wait(self, topic: Topic, seen: str, timeout: float, ticket: Ticket | None = None) -> str | None:
        """The topic's version once it differs from `seen`, or `seen` after `timeout`; None when the server stops
        or the stream's place was given to another client."""
        evicted = (lambda: ticket.evicted) if ticket is not None else (lambda: False)
        with self._lock:
            changed = self._changed.get(topic)
            if changed is not None:  # always, for a subscribed topic
                changed.wait_for(
                    lambda: self._stopping or evicted() or self._versions.get(topic, seen) != seen,
                    timeout,
                )
            return None if self._stopping or evicted() else self._versions.get(topic, seen)

    def tables(self, night: int, pulse: str) -> dict[int, live.NightTable] | None:
        """The night's tables with their versions as of the watcher's last look, if that look read the night at
        `pulse` (else None): the night's rail streams learn from it which table's card changed, without a query
        each. A stream that starts between two looks holds a version newer than the watcher's tables; drawn from
        those, its rail would stand at an older state under the newer version until the next change."""
        with self._lock:
            if self._versions.get(("night", night)) != pulse:
                return None
            return self._tables.get(night)

    @property
    def stopping(self) -> bool:
        return self._stopping

    # --- for the server ------------------------------------------------------------------

    def serve_while(self, alive: Callable[[], bool]) -> None:
        """gunicorn's worker says here how to know it is stopping (config/gunicorn.py)."""
        self._alive = alive

    def stop(self) -> None:
        """End every stream now (the server stops): EventSource reconnects to the next server."""
        with self._lock:
            self._stopping = True
            for changed in self._changed.values():
                changed.notify_all()

    def stop_and_wait(self, timeout: float = 10.0) -> bool:
        """stop(), then wait until no stream and no watcher is left to read the database; False if one outlived
        `timeout`. The hub stays stopped (new streams are refused: the pages poll) until `resume()`. The tests
        call it after each test, before its database is emptied or removed: a watcher still reading logged
        "no such table"."""
        self.stop()
        with self._lock:
            return self._idle.wait_for(lambda: self._thread is None and not self.open_streams, timeout)

    def resume(self) -> None:
        """Serve streams again after a stop (the next test)."""
        with self._lock:
            self._stopping = False

    # --- the watcher -----------------------------------------------------------------------

    def _watch(self) -> None:
        swept = time.monotonic()
        mark, read_at = None, 0.0
        try:
            while True:
                with self._lock:
                    topics = list(self._watched)
                    if not topics or self._stopping:
                        self._thread = None
                        self._idle.notify_all()
                        return
                    tables_by_night: dict[int, list[int]] = {}
                    for kind, pk in topics:
                        if kind == "table" and pk in self._night_of_table:
                            tables_by_night.setdefault(self._night_of_table[pk], []).append(pk)
                if not self._alive():
                    self.stop()
                    with self._lock:
                        self._thread = None
                        self._idle.notify_all()
                    return
                fresh, tables = {}, {}
                try:
                    # Idle screens cost a look at the mark per tick; the versions only after a write.
                    previous, mark = mark, live_mark.write_mark()
                    if mark is None or mark != previous:
                        read_at = time.monotonic()
                        fresh, tables = self._read_versions(topics, tables_by_night, mark)
                    elif time.monotonic() - read_at > FULL_READ_SECONDS:
                        read_at = time.monotonic()
                        fresh, tables = self._read_versions(topics, tables_by_night, None)
                except Exception:  # a busy or restarted database: try again at the next tick
                    logger.exception("live watcher: reading the versions failed")
                    mark = None
                    _release_connection()
                with self._lock:
                    for night, pulses in tables.items():
                        if ("night", night) in self._watched:
                            self._tables[night] = pulses
                    for topic, version in fresh.items():
                        if topic in self._watched and self._versions.get(topic) != version:
                            self._versions[topic] = version
                            self._changed[topic].notify_all()
                if time.monotonic() - swept > SWEEP_SECONDS:
                    swept = time.monotonic()
                    live_cache.sweep()
                time.sleep(WATCH_SECONDS)
        finally:
            _release_connection()

    @staticmethod
    def _read_versions(
        topics: list[Topic], tables_by_night: dict[int, list[int]], mark: live_mark.Mark | None
    ) -> tuple[dict[Topic, str], dict[int, dict[int, live.NightTable]]]:
        """The topics' versions, and the tables of the nights whose rail is open."""
        fresh: dict[Topic, str] = {}
        tables: dict[int, dict[int, live.NightTable]] = {}
        nights = {pk for kind, pk in topics if kind in ("night", "tv")} | set(tables_by_night)
        railed = {pk for kind, pk in topics if kind == "night"}  # the night's rail (or a test) is open
        for night in nights:
            pulse, pulses = _night_versions(night, mark)
            fresh[("night", night)] = pulse
            fresh[("tv", night)] = live.tv_part(pulse)
            if night in railed:
                tables[night] = pulses
            for table in tables_by_night.get(night, ()):
                if table in pulses:
                    fresh[("table", table)] = pulses[table].pulse
        shown = [pk for kind, pk in topics if kind == "display"]
        if shown:  # the named TVs: one query for their rows and one per venue among them, after a write only; the night's version is shared
            pulses = live.display_pulses(shown, lambda night: _night_versions(night, mark)[0])
            for pk in shown:
                fresh[("display", pk)] = pulses.get(pk, live.GONE)
        return fresh, tables


hub = Hub()


def _night_versions(night: int, mark: live_mark.Mark | None) -> tuple[str, dict[int, live.NightTable]]:
    """The night's version and its tables', read after `mark` was seen: once per machine for a mark that is
    the same in every process (the first worker reads, the others take its copy); else the night's version
    here and the tables once per machine for that version. The tables are read after the night's version,
    so they are as new as it or newer: a change is sent at the next look, never lost."""
    if mark is not None and mark.shared:

        def read() -> str:
            pulse = live.night_pulse(night)
            return json.dumps([pulse, live.table_pulses(night)])

        pulse, by_id = json.loads(live_cache.shared(f"versions:{night}:{mark.value}", read))
    else:
        pulse = live.night_pulse(night)
        by_id = json.loads(live_cache.shared(f"tables:{night}:{pulse}", lambda: json.dumps(live.table_pulses(night))))
    return pulse, {int(pk): live.NightTable(*table) for pk, table in by_id.items()}


def _limit(name: str) -> int | None:
    value = os.environ.get(name, "").strip()
    return int(value) if value.isascii() and value.isdigit() else None


def admit_stream(request) -> Ticket | None:
    """A place taken for the client's stream (its address in `.client`); None: answer 204 (the page polls).

    Only where a stream holds a thread, not a process; never more than the server keeps threads for
    (LIVE_STREAMS_PER_PROCESS), nor more than STREAMS_PER_CLIENT (LIVE_STREAMS_PER_CLIENT) for one client.
    The place goes with the response (event_stream), even one that is never read."""
    if not request.META.get("wsgi.multithread") or hub.stopping:
        return None
    client = client_address(request)
    per_client = _limit("LIVE_STREAMS_PER_CLIENT")
    return hub.admit(
        client,
        per_process=_limit("LIVE_STREAMS_PER_PROCESS"),
        per_client=STREAMS_PER_CLIENT if per_client is None else per_client,
    )


def stream(
    topic: Topic,
    version: Callable[[], str],
    seen: str,
    payloads: Callable[[str, str], list[bytes]],
    ticket: Ticket | None = None,
) -> Iterator[bytes]:
    """The events of one stream: `payloads(seen, fresh)` for every change (none when it does not concern
    this screen), keep-alive comments between changes, and an end after MAX_STREAM_SECONDS or when its
    `ticket` (from admit_stream) is given to another client."""
    started = time.monotonic()
    yield f"retry: {RETRY_MS}\n\n".encode()
    subscribed = False
    try:
        current = version()  # read in the request's own thread (and transaction, in the tests)
        if current != seen and (events := payloads(seen, current)):
            yield b"".join(events)
        seen = current
        if ticket is not None and ticket.evicted:
            return
        hub.subscribe(topic, current, ticket)
        subscribed = True
        _rest_connection()
        written = time.monotonic()
        while (left := MAX_STREAM_SECONDS - (time.monotonic() - started)) > 0:
            fresh = hub.wait(topic, seen, max(min(KEEPALIVE_SECONDS - (time.monotonic() - written), left), 0), ticket)
            if fresh is None:
                return
            events = payloads(seen, fresh) if fresh != seen else []
            if events:
                _rest_connection()
            seen = fresh
            if events:  # never an empty chunk: under chunked encoding that would end the response
                yield b"".join(events)
                written = time.monotonic()
            elif time.monotonic() - written >= KEEPALIVE_SECONDS:
                # Also when changes came that did not concern this screen: silence would look like a dead server.
                yield b": keep-alive\n\n"
                written = time.monotonic()
    except (Http404, ObjectDoesNotExist):
        return  # the night or the table is gone (deleted, or a test's database emptied)
    except Exception:
        # Ending the stream is the safe answer (EventSource reconnects); a view's error page cannot be sent now.
        logger.exception("live stream %s failed", topic)
        _release_connection()
    finally:
        if subscribed:
            hub.unsubscribe(topic)


def seen_version(request) -> str:
    """The version the screen holds: EventSource's Last-Event-ID on a reconnect, else the page's own."""
    return (request.headers.get("Last-Event-ID") or request.GET.get("seen") or "")[:80]


class _Admitted:
    """A stream's events that give back the client's place when the server closes the response (also when it
    never read them: a generator's own `finally` would not run then)."""

    def __init__(self, events: Iterator[bytes], ticket: Ticket) -> None:
        self._events, self._ticket = events, ticket

    def __iter__(self) -> Iterator[bytes]:
        return self._events

    def close(self) -> None:
        if self._ticket is not None:
            ticket, self._ticket = self._ticket, None
            self._events.close()
            hub.release(ticket)


def event_stream(events: Iterator[bytes], *, ticket: Ticket) -> StreamingHttpResponse:
    """The response for a stream that `admit_stream` let in with `ticket`."""
    response = StreamingHttpResponse(_Admitted(events, ticket), content_type="text/event-stream; charset=utf-8")
    response["X-Accel-Buffering"] = "no"  # a proxy in front (nginx) passes each event on at once
    return response


def no_stream() -> HttpResponse:
    """204: EventSource gives up without retrying, and the page polls instead."""
    return HttpResponse(status=204)
