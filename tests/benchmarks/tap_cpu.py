"""Server CPU per dealer's tap on the real venue server: ``python -m tests.benchmarks.tap_cpu``.

Starts `manage.py venue` (waitress, SQLite in WAL mode: the database works inside the server, so its
CPU is the application's and the database's together) on loopback, lets one phone per table tap through
its dealer link exactly as the page does (tests/benchmarks/venue.py: read the page, post a button it
offers, read the answer), and divides the CPU seconds the server's process used (psutil) by
the taps answered. Prints taps, taps/s, p50/p95, CPU ms per tap and the load average; asserts nothing.

``--checkout DIR`` runs another checkout's server and database build with this client (for a before/after
figure: ``git worktree add DIR <commit>``). Until 2026-11-23 it ran only the other checkout's database
build and this checkout's server, so before/after figures taken with it compared the same server.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
from pathlib import Path

from tests.benchmarks import rail, venue
from tests.benchmarks.support import phone_client


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--taps", type=int, default=150, help="taps per table")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--checkout", type=Path, default=None, help="serve another checkout (same client)")
    args = parser.parse_args()
    if args.checkout:
        phone_client.serve_checkout(args.checkout)
    print(f"checkout {phone_client.REPO_ROOT}; load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as folder:
        db = os.path.join(folder, "taps.sqlite3")
        night = venue.venue_db("build", db, "--tables", str(args.tables))
        server = venue.start_venue_server(db, log_dir=folder)
        try:
            venue.run_load(server.url(), [t["token"] for t in night["tables"]], taps=5, seed=99)  # warm the server
            per_tap = []
            for run in range(args.runs):
                before = rail.server_cpu(server.process.pid)
                load = venue.run_load(server.url(), [t["token"] for t in night["tables"]], taps=args.taps, seed=run + 1)
                spent = rail.server_cpu(server.process.pid) - before
                taps = len(load.taps)
                per_tap.append(spent * 1000 / taps)
                print(
                    f"  run {run + 1}: {load.summary()}; server CPU {spent:.2f} s = {per_tap[-1]:.1f} ms per tap; "
                    f"load average {os.getloadavg()[0]:.2f}"
                )
        finally:
            server.stop()
    print(
        f"{args.tables} tables, the venue server (waitress), SQLite: server CPU per tap, median of {args.runs} runs: "
        f"{statistics.median(per_tap):.1f} ms (load average after: {os.getloadavg()[0]:.2f})"
    )


if __name__ == "__main__":
    main()
