"""Six (and twenty) dealers tapping at once: ``python -m tests.benchmarks.venue``.

Starts the real venue server (`manage.py venue`: waitress, SQLite
in WAL mode) on loopback, one client thread per table taps through its own
dealer link as fast as the server answers (read the table, tap a legal
button, read the answer), then reads the database back. Prints taps/s and the
tap's p50/p95 for 6 and 20 tables, and for each run how many taps were
applied, answered "try again" or failed; asserts nothing. The load test in
the suite (tests/league/venue/test_load.py) runs the same code and checks it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field

from tests.benchmarks.support import phone_client
from tests.benchmarks.support.phone_client import (  # noqa: F401  (re-exported: the venue test and the rail benchmark use them)
    BUSY,
    REPO_ROOT,
    SERVER_VARIABLES,
    STALE,
    DealerPhone,
    Tap,
    VenueServer,
    free_port,
    start_venue_server,
)

_SERVER_VARIABLES = SERVER_VARIABLES  # the browser tests import this name


# --- the database ----------------------------------------------------------------


def venue_db(what: str, database: str, *extra: str) -> dict:
    """Build or check the venue database (a SQLite file or a URL) in a process of its own (tests/benchmarks/support/venue_db.py)."""
    env = {k: v for k, v in os.environ.items() if k not in SERVER_VARIABLES}
    # A checkout from before the tests mirrored the code (--checkout) has it one folder up.
    moved = (phone_client.REPO_ROOT / "tests" / "benchmarks" / "support" / "venue_db.py").exists()
    module = "tests.benchmarks.support.venue_db" if moved else "tests.benchmarks.venue_db"
    result = subprocess.run(
        [sys.executable, "-m", module, what, database, *extra],
        cwd=phone_client.REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,  # serve_checkout() may move it
    )
    if result.returncode != 0:
        raise RuntimeError(f"venue_db {what} failed:\n{result.stderr}")
    return json.loads(result.stdout)


@dataclass
class LoadRun:
    tables: int
    seconds: float
    phones: list[DealerPhone] = field(default_factory=list)

    @property
    def taps(self) -> list[Tap]:
        return [tap for phone in self.phones for tap in phone.taps]

    def count(self, outcome: str) -> int:
        return sum(1 for tap in self.taps if tap.outcome == outcome)

    @property
    def server_errors(self) -> int:
        return sum(1 for tap in self.taps if tap.status >= 500)

    def summary(self) -> str:
        ms = sorted(tap.seconds * 1000 for tap in self.taps)
        p50 = statistics.median(ms)
        p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
        return (
            f"{self.tables:3d} tables: {len(ms) / self.seconds:6.1f} taps/s   p50 {p50:6.1f} ms   p95 {p95:6.1f} ms   "
            f"({len(ms)} taps: {self.count('applied')} applied, {self.count('busy')} try again, "
            f"{self.count('stale')} stale, {self.count('error')} errors, {self.server_errors} HTTP 5xx)"
        )


def run_load(base_url: str, tokens: list[str], *, taps: int, seed: int = 1, time_limit: float = 45.0) -> LoadRun:
    """One phone per table, all at once; each stops after `taps` taps or at the time limit."""
    phones = [DealerPhone(base_url, token, seed * 1000 + k) for k, token in enumerate(tokens)]
    deadline = time.monotonic() + time_limit
    start = threading.Barrier(len(phones) + 1)

    def play(phone: DealerPhone) -> None:
        start.wait()
        phone.play(taps, deadline)

    threads = [threading.Thread(target=play, args=(phone,), daemon=True) for phone in phones]
    for thread in threads:
        thread.start()
    start.wait()
    began = time.perf_counter()
    for thread in threads:
        thread.join(time_limit + 65)
    return LoadRun(tables=len(phones), seconds=time.perf_counter() - began, phones=phones)


# --- the benchmark -----------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[6, 20])
    parser.add_argument("--taps", type=int, default=60, help="taps per table and run")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as folder:
        for tables in args.tables:
            db = os.path.join(folder, f"venue-{tables}.sqlite3")
            night = venue_db("build", db, "--tables", str(tables))
            server = start_venue_server(db, log_dir=folder, **phone_client.ONE_ADDRESS_FOR_ALL)
            try:
                runs = []
                for run in range(args.runs):
                    load = run_load(server.url(), [t["token"] for t in night["tables"]], taps=args.taps, seed=run + 1)
                    runs.append(load)
                    print(f"  run {run + 1}: {load.summary()}")
            finally:
                server.stop()
            verdicts = venue_db("check", db)
            conserved = all(v["chips_in_play"] == v["chips_expected"] and not v["problems"] for v in verdicts.values())
            rates = [len(r.taps) / r.seconds for r in runs]
            p50s = [statistics.median(t.seconds * 1000 for t in r.taps) for r in runs]
            p95s = [sorted(t.seconds * 1000 for t in r.taps)[int(len(r.taps) * 0.95)] for r in runs]
            print(
                f"{tables} tables, the venue server (waitress), SQLite: median of {args.runs} runs: "
                f"{statistics.median(rates):.1f} taps/s, p50 {statistics.median(p50s):.1f} ms, "
                f"p95 {statistics.median(p95s):.1f} ms; HTTP 5xx: {sum(r.server_errors for r in runs)}; "
                f"try again: {sum(r.count('busy') for r in runs)}; chips conserved and hands replayed: {conserved}"
            )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
