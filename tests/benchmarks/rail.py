"""50 rail viewers and 6 TVs on one night: ``python -m tests.benchmarks.rail``.

Starts the real venue server (`manage.py venue`: gunicorn, 3 sync workers,
SQLite) on loopback with a night of 6 tables, and measures the CPU time of the
gunicorn processes (master and workers, with psutil) in three phases of
``--seconds`` each:

1. dealers only: one phone per table taps at a pub's pace (``--tap-every``
   seconds between taps: read the table, tap a legal button);
2. screens only: 50 rail viewers (44 on one table each, 6 on the night's rail)
   ask every second for the rail's partial with the version they hold
   (If-None-Match; 304 while unchanged); 6 TVs poll the clock's pulse every half second and fetch the state
   and the other screens when it changed; nobody taps, so the answers stay the same;
3. both at once: the screens follow every tap.

Prints for each phase the server's CPU seconds per minute (and as a share of
one core), the requests served and their p50/p95, and how the screens
followed (updates fetched). Asserts nothing.
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
from dataclasses import dataclass, field

import psutil

from tests.benchmarks.venue import DealerPhone, start_venue_server, venue_db


@dataclass
class Counter:
    lock: threading.Lock = field(default_factory=threading.Lock)
    times: dict[str, list[float]] = field(default_factory=dict)
    errors: int = 0

    def add(self, kind: str, seconds: float) -> None:
        with self.lock:
            self.times.setdefault(kind, []).append(seconds)

    def failed(self) -> None:
        with self.lock:
            self.errors += 1


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


def rail_viewer(base: str, path: str, pulse_path: str, every: float, stop: threading.Event, counter: Counter) -> None:
    """Like rail.js: the page once, then every `every` s the partial with the version held (If-None-Match):
    304 while unchanged ("rail unchanged"), the new partial otherwise ("rail update")."""
    _get(base + path, counter, "rail page")
    seen = _get(base + pulse_path, counter, "rail pulse")
    while not stop.wait(every):
        started = time.perf_counter()
        request = urllib.request.Request(base + path, headers={"HX-Request": "true", "If-None-Match": f'"{seen}"'})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                response.read()
                seen = (response.headers.get("ETag") or "").strip('"')
                counter.add("rail update", time.perf_counter() - started)
        except urllib.error.HTTPError as error:
            if error.code == 304:
                counter.add("rail unchanged", time.perf_counter() - started)
            else:
                counter.failed()
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            counter.failed()


def tv(base: str, night: int, every: float, stop: threading.Event, counter: Counter, figures_every: float = 3.0) -> None:
    """Like tv.js: the page once, then the pulse every `every` s ("clock-play"); the state at once when the
    clock part changed, the state and the screens at most every `figures_every` s when the play part did."""
    _get(f"{base}/nights/{night}/clock/", counter, "tv page")
    seen = (_get(f"{base}/nights/{night}/clock/pulse", counter, "tv pulse") or "-").split("-")
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


def dealer(phone: DealerPhone, every: float, stop: threading.Event, counter: Counter) -> None:
    while not stop.is_set():
        before = len(phone.taps)
        started = time.perf_counter()
        phone.play(before + 1, time.monotonic() + 60)
        if len(phone.taps) > before:
            counter.add("tap", time.perf_counter() - started)
        else:
            return  # the table is finished
        stop.wait(every)


def server_cpu(pid: int) -> float:
    """User + system CPU seconds of the gunicorn master and all its workers so far."""
    try:
        master = psutil.Process(pid)
        processes = [master, *master.children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0.0
    total = 0.0
    for process in processes:
        try:
            times = process.cpu_times()
        except psutil.NoSuchProcess:
            continue
        total += times.user + times.system
    return total


@dataclass
class Phase:
    name: str
    seconds: float
    cpu: float
    per_minute: list[float]
    counter: Counter

    def report(self) -> str:
        lines = [
            f"{self.name}: {self.cpu / self.seconds * 60:5.1f} CPU s per minute "
            f"({self.cpu / self.seconds * 100:4.1f} % of one core); per minute: "
            + ", ".join(f"{value:.1f}" for value in self.per_minute)
        ]
        for kind, times in sorted(self.counter.times.items()):
            ms = sorted(t * 1000 for t in times)
            p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
            lines.append(f"    {kind:12s} {len(ms):6d} requests  {len(ms) / self.seconds:6.1f}/s  p50 {statistics.median(ms):6.1f} ms  p95 {p95:6.1f} ms")
        lines.append(f"    failed requests: {self.counter.errors}")
        return "\n".join(lines)


def run_phase(name: str, server, night: dict, *, seconds: float, viewers: int, tvs: int, dealers: bool, tap_every: float,
              rail_every: float, tv_every: float, seed: int) -> Phase:
    base = server.url()
    stop = threading.Event()
    counter = Counter()
    threads = []
    tables = night["tables"]
    for k in range(viewers if viewers else 0):
        if k < len(tables):  # one on each table's night rail
            path, pulse = f"/nights/{night['night']}/rail/", f"/nights/{night['night']}/rail/pulse"
        else:
            table = tables[k % len(tables)]["id"]
            path, pulse = f"/tables/{table}/rail/", f"/tables/{table}/rail/pulse"
        threads.append(threading.Thread(target=rail_viewer, args=(base, path, pulse, rail_every, stop, counter), daemon=True))
    for _ in range(tvs):
        threads.append(threading.Thread(target=tv, args=(base, night["night"], tv_every, stop, counter), daemon=True))
    if dealers:
        for k, table in enumerate(tables):
            phone = DealerPhone(base, table["token"], seed * 1000 + k)
            threads.append(threading.Thread(target=dealer, args=(phone, tap_every, stop, counter), daemon=True))
    pid = server.process.pid
    for thread in threads:
        thread.start()
        time.sleep(0.02)  # screens arrive over a second, not in the same millisecond
    time.sleep(2)  # the first page loads are not the steady state
    began, cpu_start = time.monotonic(), server_cpu(pid)
    per_minute, minute_start, minute_cpu = [], began, cpu_start
    while (now := time.monotonic()) - began < seconds:
        time.sleep(min(1.0, seconds - (now - began)))
        if time.monotonic() - minute_start >= 60:
            cpu_now = server_cpu(pid)
            per_minute.append((cpu_now - minute_cpu) / (time.monotonic() - minute_start) * 60)
            minute_start, minute_cpu = time.monotonic(), cpu_now
    elapsed, cpu = time.monotonic() - began, server_cpu(pid) - cpu_start
    if not per_minute or time.monotonic() - minute_start > 5:
        per_minute.append((server_cpu(pid) - minute_cpu) / max(time.monotonic() - minute_start, 1e-9) * 60)
    stop.set()
    for thread in threads:
        thread.join(40)
    return Phase(name, elapsed, cpu, per_minute, counter)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60, help="length of each phase")
    parser.add_argument("--viewers", type=int, default=50)
    parser.add_argument("--tvs", type=int, default=6)
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--tap-every", type=float, default=3.0, help="seconds between one dealer's taps")
    parser.add_argument("--rail-every", type=float, default=1.0)
    parser.add_argument("--tv-every", type=float, default=0.5)
    parser.add_argument("--workers", type=int, default=3)
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    common = {"seconds": args.seconds, "tap_every": args.tap_every, "rail_every": args.rail_every, "tv_every": args.tv_every}
    with tempfile.TemporaryDirectory() as folder:
        db = os.path.join(folder, "rail.sqlite3")
        night = venue_db("build", db, "--tables", str(args.tables))
        server = start_venue_server(db, workers=args.workers, log_dir=folder)
        try:
            phases = [
                run_phase("dealers only ", server, night, viewers=0, tvs=0, dealers=True, seed=1, **common),
                run_phase("screens only ", server, night, viewers=args.viewers, tvs=args.tvs, dealers=False, seed=2, **common),
                run_phase("both at once ", server, night, viewers=args.viewers, tvs=args.tvs, dealers=True, seed=3, **common),
            ]
        finally:
            server.stop()
    print(
        f"{args.tables} tables, a tap every {args.tap_every:g} s per table; {args.viewers} rail viewers every "
        f"{args.rail_every:g} s, {args.tvs} TVs every {args.tv_every:g} s; gunicorn {args.workers} sync workers, SQLite"
    )
    for phase in phases:
        print(phase.report())
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
