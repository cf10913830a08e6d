"""50 rail viewers and 6 TVs on one night: ``python -m tests.benchmarks.rail``.

Starts the real venue server (`manage.py venue`: waitress,
SQLite) on loopback with a night of 6 tables, and measures the CPU time of the
server's process (with psutil) in three phases of
``--seconds`` each (default 50 s; the whole run takes about three minutes):

1. taps only: one dealer's phone per table taps at a pub's pace (``--tap-every``
   seconds between taps: read the table, tap a legal button);
2. screens idle: 50 rail viewers (6 on the night's rail, 44 on one table each)
   and 6 TVs (each with the clock's stream and, for its live tables, the night's
   rail stream) hold their event streams the way the pages do (a plain HTTP client
   reading ``text/event-stream``, reconnecting with Last-Event-ID when the
   server ends a stream; each loaded its page first; the TVs re-read the
   clock's state every 30 s as clock.js does); nobody taps;
3. both at once: the same screens stay connected, and every tap reaches the
   viewers of its table and the night's rail.

Prints for each phase the server's CPU seconds per minute (and as a share of
one core), the requests and events served, and for the last phase the delay
from a tap (sent by the dealer's phone) to each viewer's event for it: p50,
p95, max, and how many taps a viewer never got an event for (a newer one came
first). ``--transport poll`` runs the same load with the polling fallback (rail
every second with If-None-Match, TV pulse every half second) for comparison.
Asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import threading
import time
import urllib.error
import urllib.request
from bisect import bisect_right
from dataclasses import dataclass, field

from tests.benchmarks.support import phone_client
from tests.benchmarks.support.phone_client import tree_cpu
from tests.benchmarks.venue import DealerPhone, start_venue_server, venue_db

TV_SYNC_SECONDS = 30  # clock.js re-reads the state this often whatever the stream says


@dataclass
class Counter:
    lock: threading.Lock = field(default_factory=threading.Lock)
    times: dict[str, list[float]] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)
    errors: int = 0

    def add(self, kind: str, seconds: float) -> None:
        with self.lock:
            self.times.setdefault(kind, []).append(seconds)

    def count(self, kind: str, n: int = 1) -> None:
        with self.lock:
            self.counts[kind] = self.counts.get(kind, 0) + n

    def failed(self) -> None:
        with self.lock:
            self.errors += 1


@dataclass
class Arrivals:
    """When each viewer got an event, per table it shows (a night viewer shows every table)."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    by_viewer: dict[int, list[float]] = field(default_factory=dict)
    tables_of: dict[int, tuple[int, ...]] = field(default_factory=dict)

    def viewer(self, tables: tuple[int, ...]) -> int:
        with self.lock:
            key = len(self.tables_of)
            self.tables_of[key] = tables
            self.by_viewer[key] = []
            return key

    def got(self, viewer: int) -> None:
        now = time.monotonic()
        with self.lock:
            self.by_viewer[viewer].append(now)


def _get(url: str, counter: Counter, kind: str, headers: dict | None = None) -> str | None:
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=30) as response:
            body = response.read().decode()
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        counter.failed()
        return None
    counter.add(kind, time.perf_counter() - started)
    return body


# --- the clients: event streams -----------------------------------------------------------


def event_stream(url: str, stop: threading.Event, counter: Counter, on_event, seen: str = "") -> None:
    """An EventSource: read events until `stop`; reconnect (after the server's retry) with Last-Event-ID."""
    retry = 2.0
    while not stop.is_set():
        headers = {"Last-Event-ID": seen} if seen else {}
        try:
            response = urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=30)
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            counter.failed()
            stop.wait(retry)
            continue
        if response.status != 200:
            counter.count("stream refused")
            response.close()
            return
        counter.count("stream opened")
        name, event_id = "message", None
        try:
            while not stop.is_set():
                line = response.readline()
                if not line:
                    break  # the server ended the stream: reconnect
                line = line.decode().rstrip("\n")
                if not line:
                    if event_id is not None:
                        seen = event_id
                        counter.count(f"event {name}")
                        on_event(name)
                    name, event_id = "message", None
                elif line.startswith("retry:"):
                    retry = int(line[6:]) / 1000
                elif line.startswith("event:"):
                    name = line[6:].strip()
                elif line.startswith("id:"):
                    event_id = line[3:].strip()
                elif line.startswith(":"):
                    counter.count("keep-alive")
        except (OSError, ValueError):
            counter.failed()
        finally:
            response.close()
        stop.wait(retry)


def rail_viewer_stream(
    base: str, page: str, events: str, stop: threading.Event, counter: Counter, arrivals: Arrivals, viewer: int
) -> None:
    _get(base + page, counter, "rail page")
    event_stream(base + events, stop, counter, lambda name: arrivals.got(viewer) if name == "rail" else None)


def tv_stream(base: str, night: int, stop: threading.Event, counter: Counter) -> None:
    _get(f"{base}/nights/{night}/clock/", counter, "tv page")
    syncing = threading.Thread(target=_tv_sync, args=(base, night, stop, counter), daemon=True)
    syncing.start()
    # The TV's live tables follow the night's rail stream (rail.js on the TV page).
    tables = threading.Thread(
        target=event_stream, args=(f"{base}/nights/{night}/rail/events", stop, counter, lambda name: None), daemon=True
    )
    tables.start()
    event_stream(f"{base}/nights/{night}/clock/events", stop, counter, lambda name: None)


def _tv_sync(base: str, night: int, stop: threading.Event, counter: Counter) -> None:
    while not stop.wait(TV_SYNC_SECONDS):
        _get(f"{base}/nights/{night}/clock/state.json", counter, "tv sync")


# --- the clients: the polling fallback ------------------------------------------------------


def rail_viewer_poll(
    base: str, path: str, every: float, stop: threading.Event, counter: Counter, arrivals: Arrivals, viewer: int
) -> None:
    """Like rail.js without a stream: the partial with the version held (If-None-Match), 304 while unchanged."""
    _get(base + path, counter, "rail page")
    seen = ""
    while not stop.wait(every):
        started = time.perf_counter()
        request = urllib.request.Request(base + path, headers={"HX-Request": "true", "If-None-Match": f'"{seen}"'})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                response.read()
                fresh = (response.headers.get("ETag") or "").strip('"')
                counter.add("rail update", time.perf_counter() - started)
                if seen:
                    arrivals.got(viewer)
                seen = fresh
        except urllib.error.HTTPError as error:
            if error.code == 304:
                counter.add("rail unchanged", time.perf_counter() - started)
            else:
                counter.failed()
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            counter.failed()


def tv_poll(
    base: str, night: int, every: float, stop: threading.Event, counter: Counter, figures_every: float = 3.0
) -> None:
    """Like tv.js without a stream: the pulse every `every` s ("clock-seats-play"); the state at once when
    the clock part changed, the state and the screens at most every `figures_every` s when the seats part did."""
    _get(f"{base}/nights/{night}/clock/", counter, "tv page")
    seen = (_get(f"{base}/nights/{night}/clock/pulse", counter, "tv pulse") or "--").split("-")
    figures_due, last_figures = False, -1e9
    while not stop.wait(every):
        pulse = _get(f"{base}/nights/{night}/clock/pulse", counter, "tv pulse")
        if pulse is None:
            continue
        now = pulse.split("-")
        if now[0] != seen[0]:
            _get(f"{base}/nights/{night}/clock/state.json", counter, "tv update")
        figures_due = figures_due or now[1] != seen[1]
        seen = now
        if figures_due and time.monotonic() - last_figures >= figures_every:
            figures_due, last_figures = False, time.monotonic()
            _get(f"{base}/nights/{night}/clock/state.json", counter, "tv update")
            _get(f"{base}/nights/{night}/clock/screens/", counter, "tv update")


# --- the dealers -----------------------------------------------------------------------------


def dealer(phone: DealerPhone, table: int, every: float, stop: threading.Event, counter: Counter, taps: list) -> None:
    while not stop.is_set():
        before = len(phone.taps)
        phone.play(before + 1, time.monotonic() + 60)
        ended = time.monotonic()
        if len(phone.taps) == before:
            return  # the table is finished
        tap = phone.taps[-1]
        counter.add("tap", tap.seconds)
        if tap.outcome == "applied":
            taps.append((table, ended - tap.seconds))  # when the dealer's phone sent it
        else:  # refused (busy, stale) or failed (a server error): shown, and an error counts as a failed request
            counter.count(f"tap {tap.outcome}")
            if tap.outcome == "error":
                counter.failed()
        stop.wait(every)


def server_cpu(pid: int) -> float:
    """User + system CPU seconds of the server's process so far (ended ones too)."""
    return tree_cpu(pid)


def tap_delays(
    taps: list[tuple[int, float]], arrivals: Arrivals, began: float, ended: float
) -> tuple[list[float], int]:
    """For each tap in the window and each viewer of its table: the first event after the tap was sent,
    if it came before that table's next tap (else the viewer got the newer state only: "missed")."""
    delays, missed = [], 0
    next_tap: dict[tuple[int, float], float] = {}
    by_table: dict[int, list[float]] = {}
    for table, sent in sorted(taps, key=lambda tap: tap[1]):
        by_table.setdefault(table, []).append(sent)
    for table, times in by_table.items():
        for k, sent in enumerate(times):
            next_tap[(table, sent)] = times[k + 1] if k + 1 < len(times) else ended + 5
    with arrivals.lock:
        viewers = [(arrivals.tables_of[key], list(times)) for key, times in arrivals.by_viewer.items()]
    for table, sent in taps:
        if not began <= sent <= ended - 2:
            continue
        for tables, times in viewers:
            if table not in tables:
                continue
            k = bisect_right(times, sent)
            if k < len(times) and times[k] < next_tap[(table, sent)]:
                delays.append(times[k] - sent)
            else:
                missed += 1
    return delays, missed


@dataclass
class Phase:
    name: str
    seconds: float
    cpu: float
    per_minute: list[float]
    counter: Counter
    delays: list[float]
    missed: int
    load: tuple[float, float, float]

    def report(self) -> str:
        lines = [
            f"{self.name}: {self.cpu / self.seconds * 60:5.1f} CPU s per minute "
            f"({self.cpu / self.seconds * 100:4.1f} % of one core); per minute: "
            + ", ".join(f"{value:.1f}" for value in self.per_minute)
            + f"; load average {self.load[0]:.2f}"
        ]
        for kind, times in sorted(self.counter.times.items()):
            ms = sorted(t * 1000 for t in times)
            p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
            lines.append(
                f"    {kind:14s} {len(ms):6d} requests  {len(ms) / self.seconds:6.1f}/s  p50 {statistics.median(ms):6.1f} ms  p95 {p95:6.1f} ms"
            )
        for kind, count in sorted(self.counter.counts.items()):
            lines.append(f"    {kind:14s} {count:6d}")
        if self.delays:
            ms = sorted(d * 1000 for d in self.delays)
            lines.append(
                f"    tap -> viewer  {len(ms)} events: p50 {statistics.median(ms):.0f} ms, "
                f"p95 {ms[min(len(ms) - 1, int(len(ms) * 0.95))]:.0f} ms, max {ms[-1]:.0f} ms; "
                f"{self.missed} (viewer, tap) pairs saw only a newer state"
            )
        lines.append(f"    failed requests: {self.counter.errors}")
        return "\n".join(lines)


@dataclass
class Screens:
    """The rail viewers and the TVs, connected before a phase and kept through the next one."""

    stop: threading.Event
    counter: Counter
    arrivals: Arrivals
    threads: list[threading.Thread]

    def close(self) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(0.2)  # a stream ends at its next keep-alive; the threads are daemons


def start_screens(
    server, night: dict, *, viewers: int, tvs: int, transport: str, rail_every: float, tv_every: float
) -> Screens:
    base = server.url()
    screens = Screens(threading.Event(), Counter(), Arrivals(), [])
    tables = night["tables"]
    all_tables = tuple(table["id"] for table in tables)
    for k in range(viewers):
        if k < len(tables):  # one on the night's rail per table
            shows, page = all_tables, f"/nights/{night['night']}/rail/"
        else:
            table = tables[k % len(tables)]["id"]
            shows, page = (table,), f"/tables/{table}/rail/"
        viewer = screens.arrivals.viewer(shows)
        if transport == "stream":
            target, args = (
                rail_viewer_stream,
                (base, page, page + "events", screens.stop, screens.counter, screens.arrivals, viewer),
            )
        else:
            target, args = (
                rail_viewer_poll,
                (base, page, rail_every, screens.stop, screens.counter, screens.arrivals, viewer),
            )
        screens.threads.append(threading.Thread(target=target, args=args, daemon=True))
    for _ in range(tvs):
        if transport == "stream":
            target, args = tv_stream, (base, night["night"], screens.stop, screens.counter)
        else:
            target, args = tv_poll, (base, night["night"], tv_every, screens.stop, screens.counter)
        screens.threads.append(threading.Thread(target=target, args=args, daemon=True))
    for thread in screens.threads:
        thread.start()
        time.sleep(0.02)  # screens arrive over a second, not in the same millisecond
    time.sleep(3)  # the page loads and the streams' first events are not the steady state
    return screens


def run_phase(
    name: str,
    server,
    night: dict,
    *,
    seconds: float,
    screens: Screens | None,
    dealers: bool,
    tap_every: float,
    seed: int,
) -> Phase:
    base = server.url()
    stop = threading.Event()
    counter = screens.counter if screens else Counter()
    arrivals = screens.arrivals if screens else Arrivals()
    taps: list[tuple[int, float]] = []
    threads = []
    if dealers:
        for k, table in enumerate(night["tables"]):
            phone = DealerPhone(base, table["token"], seed * 1000 + k)
            threads.append(
                threading.Thread(target=dealer, args=(phone, table["id"], tap_every, stop, counter, taps), daemon=True)
            )
    for thread in threads:
        thread.start()
    time.sleep(2 if dealers else 0.5)
    with counter.lock:
        counter.times.clear()
        counter.counts.clear()
        counter.errors = 0
    pid = server.process.pid
    began, cpu_start = time.monotonic(), server_cpu(pid)
    per_minute, minute_start, minute_cpu = [], began, cpu_start
    while (now := time.monotonic()) - began < seconds:
        time.sleep(min(1.0, seconds - (now - began)))
        if time.monotonic() - minute_start >= 60:
            cpu_now = server_cpu(pid)
            per_minute.append((cpu_now - minute_cpu) / (time.monotonic() - minute_start) * 60)
            minute_start, minute_cpu = time.monotonic(), cpu_now
    ended, cpu = time.monotonic(), server_cpu(pid) - cpu_start
    if not per_minute or ended - minute_start > 5:
        per_minute.append((server_cpu(pid) - minute_cpu) / max(ended - minute_start, 1e-9) * 60)
    load = os.getloadavg()
    stop.set()
    for thread in threads:
        thread.join(60)
    time.sleep(1.0)  # the last taps' events
    delays, missed = tap_delays(taps, arrivals, began, ended) if dealers and screens else ([], 0)
    with counter.lock:
        phase_counter = Counter(
            times={k: list(v) for k, v in counter.times.items()}, counts=dict(counter.counts), errors=counter.errors
        )
    return Phase(name, ended - began, cpu, per_minute, phase_counter, delays, missed, load)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=50, help="length of each phase (default 50)")
    parser.add_argument("--viewers", type=int, default=50)
    parser.add_argument("--tvs", type=int, default=6)
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--tap-every", type=float, default=3.0, help="seconds between one dealer's taps")
    parser.add_argument(
        "--transport",
        choices=["stream", "poll"],
        default="stream",
        help="event streams (default), or the polling fallback for comparison",
    )
    parser.add_argument("--rail-every", type=float, default=1.0, help="poll: the rail's interval")
    parser.add_argument("--tv-every", type=float, default=0.5, help="poll: the TV's interval")
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores", flush=True)
    common = {"seconds": args.seconds, "tap_every": args.tap_every}
    with tempfile.TemporaryDirectory() as folder:
        db = os.path.join(folder, "rail.sqlite3")
        night = venue_db("build", db, "--tables", str(args.tables))
        # Its own rendering cache: a run never reads what an earlier one rendered.
        server = start_venue_server(
            db, log_dir=folder, LIVE_CACHE_DIR=os.path.join(folder, "live"), **phone_client.ONE_ADDRESS_FOR_ALL
        )
        try:
            phases = [run_phase("taps only    ", server, night, screens=None, dealers=True, seed=1, **common)]
            screens = start_screens(
                server,
                night,
                viewers=args.viewers,
                tvs=args.tvs,
                transport=args.transport,
                rail_every=args.rail_every,
                tv_every=args.tv_every,
            )
            try:
                phases.append(
                    run_phase("screens idle ", server, night, screens=screens, dealers=False, seed=2, **common)
                )
                phases.append(
                    run_phase("both at once ", server, night, screens=screens, dealers=True, seed=3, **common)
                )
            finally:
                screens.close()
        finally:
            server.stop()
    how = (
        "event streams"
        if args.transport == "stream"
        else f"polling (rail every {args.rail_every:g} s, TV every {args.tv_every:g} s)"
    )
    print(
        f"{args.tables} tables, a tap every {args.tap_every:g} s per table; {args.viewers} rail viewers and {args.tvs} TVs "
        f"over {how}; the venue server (waitress), SQLite"
    )
    for phase in phases:
        print(phase.report())
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
