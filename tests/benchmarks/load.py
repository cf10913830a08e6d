"""The tracker at league scale: ``python -m tests.benchmarks.load``.

Starts its own PostgreSQL cluster (a temporary folder, fsync off, a free port on
127.0.0.1; or uses DATABASE_URL when set: it adds a season, a night and 6 players a
table there), builds N tables through the project's services (a season, paid
entries, the seating draw, each table's first dealer), starts the venue server (waitress) on
127.0.0.1 the way `manage.py venue` does (DEBUG off; `--servers 2`: two
instances on two ports sharing the database, phones alternating between them)
and drives one phone per table with exactly what the tracker page sends
(tests/benchmarks/support/phone_client.py): it opens the dealer link, then posts the
form the dealer taps (with the `version` it saw) and reads the answer, deals,
settles and names winners at showdowns, and asks for the table's revision every
2 seconds while it is not waiting for an answer (a changed revision reloads the
table), like static/js/tracker.js.

Runs, one after the other on the same tables, `--seconds` each (or `--taps`
taps per table, whichever comes first): back to back (each phone taps as soon
as its answer is there), then paced at 50, 100, 150 and 200 taps/s in all.
Paced runs are open-loop: every tap has a fixed due time (phones in turn, evenly
spaced) whether or not the server keeps up; its latency is counted from the due
time, so waiting behind a slow answer counts; "unsent" are taps still queued at
the end. Per run it prints taps/s reached, p50/p95/p99, errors, stale refusals,
server CPU per tap (the server's process, the PostgreSQL server and its
backends; the polls' cost included) and the client's own CPU. At the end it
reads the database back: chips at each table equal its starting chips, every
finished hand's stored result equals the replay of its actions (the
`replay_hand` contract), the open hand replays, and what the server told each
phone it applied is exactly what is stored, in order. Asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import psutil

from tests.benchmarks.support import phone_client
from tests.benchmarks.support.phone_client import DealerPhone, Poll, Tap, VenueServer, start_venue_server, tree_cpu
from tests.benchmarks.venue import venue_db

POLL_SECONDS = 2.0  # static/js/tracker.js POLL_MS


# --- CPU of the server's processes ---------------------------------------------------


def postmaster_listening_on(port: int) -> int | None:
    """The PostgreSQL server process on this machine listening on `port`, if it can be seen."""
    for process in psutil.process_iter(["name"]):
        try:
            if process.info["name"] not in ("postgres", "postmaster") or process.parent().name() in (
                "postgres",
                "postmaster",
            ):
                continue
            if any(
                c.laddr.port == port and c.status == psutil.CONN_LISTEN for c in process.net_connections(kind="tcp")
            ):
                return process.pid
        except (psutil.Error, AttributeError):
            continue
    return None


# --- the database -----------------------------------------------------------------


@dataclass(frozen=True)
class Database:
    url: str
    name: str
    postmaster: int | None  # for its CPU


@contextmanager
def database() -> Iterator[Database]:
    url = os.environ.get("DATABASE_URL", "").strip()
    if url:
        parts = urllib.parse.urlsplit(url)
        local = parts.hostname in ("127.0.0.1", "localhost", "::1")
        pid = postmaster_listening_on(parts.port or 5432) if local and parts.scheme.startswith("postgres") else None
        yield Database(url, f"DATABASE_URL ({parts.scheme}://{parts.hostname}:{parts.port or ''}{parts.path})", pid)
        return
    from tests.benchmarks.support.postgres import throwaway_cluster

    with throwaway_cluster() as cluster:
        yield Database(cluster.url, f"{cluster.version}, a throwaway cluster (fsync off)", cluster.postmaster_pid())


# --- driving the phones ---------------------------------------------------------------


@dataclass
class Run:
    name: str
    seconds: float
    taps: list[Tap]
    polls: list[Poll]
    unsent: int
    finished_tables: int
    app_cpu: float
    db_cpu: float
    client_cpu: float
    load: float

    def percentile(self, fraction: float) -> float:
        ms = sorted(t.seconds * 1000 for t in self.taps)
        return ms[min(len(ms) - 1, int(len(ms) * fraction))] if ms else float("nan")

    def count(self, outcome: str) -> int:
        return sum(1 for tap in self.taps if tap.outcome == outcome)

    def row(self) -> str:
        n = max(len(self.taps), 1)
        return (
            f"{self.name:<14} {len(self.taps) / self.seconds:7.1f} {self.percentile(0.5):7.1f} {self.percentile(0.95):7.1f} "
            f"{self.percentile(0.99):7.1f} {len(self.taps):6d} {self.count('error'):6d} {self.count('stale'):5d} "
            f"{self.count('busy'):4d} {self.unsent:6d} {len(self.polls):5d} "
            f"{(self.app_cpu + self.db_cpu) / n * 1000:7.1f} = {self.app_cpu / n * 1000:4.1f} + {self.db_cpu / n * 1000:4.1f} "
            f"{self.client_cpu / n * 1000:6.2f} {self.load:5.2f}"
        )


HEADER = (
    f"{'run':<14} {'taps/s':>7} {'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7} {'taps':>6} {'errors':>6} {'stale':>5} "
    f"{'busy':>4} {'unsent':>6} {'polls':>5} {'server CPU ms/tap':>17}   {'client':>6} {'load':>5}\n"
    f"{'':<14} {'':>7} {'':>7} {'':>7} {'':>7} {'':>6} {'':>6} {'':>5} {'':>4} {'':>6} {'':>5} "
    f"{'all = app + db':>17}   {'ms/tap':>6} {'1 min':>5}"
)


def drive(
    phones: list[DealerPhone],
    name: str,
    *,
    seconds: float,
    taps: int,
    rate: float | None,
    server_pids: list[int],
    db_pid: int | None,
    seed: int,
) -> Run:
    """All phones at once for `seconds` (or `taps` taps each); `rate`: taps/s in all, open loop; None: back to back."""
    rng = random.Random(seed)
    started_with = [len(phone.taps) for phone in phones]
    polls_before = [len(phone.polls) for phone in phones]
    locks = [threading.Lock() for _ in phones]  # held while the phone waits for an answer (the page is busy)
    unsent = [0] * len(phones)
    finished = [False] * len(phones)
    stop = threading.Event()
    barrier = threading.Barrier(len(phones) * 2 + 1)
    clock: dict[str, float] = {}

    def tapping(k: int) -> None:
        phone, lock = phones[k], locks[k]
        barrier.wait()
        t0, end = clock["t0"], clock["end"]
        j = 0
        while len(phone.taps) - started_with[k] < taps:
            due = None
            if rate is not None:
                due = t0 + (k + j * len(phones)) / rate
                j += 1
                if due >= end:
                    break
                if due > time.perf_counter():
                    time.sleep(due - time.perf_counter())
            if time.perf_counter() >= end:
                if due is not None:
                    unsent[k] += 1 + int((end - due) * rate / len(phones))  # this one and those queued behind it
                break
            with lock:
                if phone.tap(due=due) is None:
                    finished[k] = True
                    break

    def polling(k: int) -> None:
        phone, lock = phones[k], locks[k]
        barrier.wait()
        tick = clock["t0"] + rng.uniform(0, POLL_SECONDS)
        while not stop.wait(max(0.0, tick - time.perf_counter())):
            tick += POLL_SECONDS
            if lock.locked():
                continue  # the page asks only while no answer is awaited
            poll = phone.poll(reload_when_changed=False)
            # A changed revision reloads the table, unless a tap went out meanwhile (its answer brings the table).
            if poll.changed and lock.acquire(blocking=False):
                try:
                    phone.reload()
                finally:
                    lock.release()

    tappers = [threading.Thread(target=tapping, args=(k,), daemon=True) for k in range(len(phones))]
    pollers = [threading.Thread(target=polling, args=(k,), daemon=True) for k in range(len(phones))]
    for thread in (*tappers, *pollers):
        thread.start()
    app_before, db_before = sum(tree_cpu(pid) for pid in server_pids), tree_cpu(db_pid)
    client_before = time.process_time()
    clock["t0"] = time.perf_counter() + 0.05
    clock["end"] = clock["t0"] + seconds
    barrier.wait()
    for thread in tappers:
        thread.join(seconds + 120)
    elapsed = time.perf_counter() - clock["t0"]
    stop.set()
    for thread in pollers:
        thread.join(60)
    client_cpu = time.process_time() - client_before
    app_cpu, db_cpu = sum(tree_cpu(pid) for pid in server_pids) - app_before, tree_cpu(db_pid) - db_before
    run_taps = [tap for phone, n in zip(phones, started_with) for tap in phone.taps[n:]]
    run_polls = [poll for phone, n in zip(phones, polls_before) for poll in phone.polls[n:]]
    return Run(
        name,
        elapsed,
        run_taps,
        run_polls,
        sum(unsent),
        sum(finished),
        app_cpu,
        db_cpu if db_pid else float("nan"),
        client_cpu,
        os.getloadavg()[0],
    )


# --- the benchmark --------------------------------------------------------------------


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--servers", type=int, default=1, help="venue servers on as many ports, one database")
    parser.add_argument("--seconds", type=float, default=20.0, help="length of each run (default 20)")
    parser.add_argument(
        "--taps", type=int, default=2000, help="at most this many taps per table and run (default 2000)"
    )
    parser.add_argument("--rates", type=float, nargs="*", default=[50, 100, 150, 200], help="paced runs, taps/s in all")
    parser.add_argument("--no-back-to-back", action="store_true", help="only the paced runs")
    parser.add_argument("--warm-up", type=float, default=3.0, help="seconds of back-to-back taps first, not counted")
    parser.add_argument(
        "--stack", type=int, default=100_000, help="starting chips per player (deep: tables do not finish)"
    )
    parser.add_argument(
        "--checkout", type=Path, default=None, help="serve another checkout with this client (before/after)"
    )
    args = parser.parse_args(argv)
    if args.checkout:
        phone_client.serve_checkout(args.checkout)
        print(f"checkout: {phone_client.REPO_ROOT}")

    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores", flush=True)
    with tempfile.TemporaryDirectory() as folder, database() as db:
        built = time.perf_counter()
        night = venue_db("draw", db.url, "--tables", str(args.tables), "--stack", str(args.stack))
        print(
            f"database: {db.name}; {args.tables} tables of 6 built through the services in {time.perf_counter() - built:.1f} s",
            flush=True,
        )
        servers: list[VenueServer] = []
        try:
            for _ in range(args.servers):
                servers.append(start_venue_server(db.url, log_dir=folder, **phone_client.ONE_ADDRESS_FOR_ALL))
            phones = [
                DealerPhone(servers[k % len(servers)].url(), table["token"], 1000 + k)
                for k, table in enumerate(night["tables"])
            ]
            for phone in phones:
                phone.open()
            pids = [server.process.pid for server in servers]
            print(
                f"servers: {len(servers)} x the venue server (waitress, DEBUG off) on "
                f"{', '.join(s.url() for s in servers)}; {len(phones)} phones, German; {args.seconds:g} s or "
                f"{args.taps} taps a table per run",
                flush=True,
            )
            if args.warm_up > 0:
                drive(
                    phones,
                    "warm-up",
                    seconds=args.warm_up,
                    taps=args.taps,
                    rate=None,
                    server_pids=pids,
                    db_pid=db.postmaster,
                    seed=0,
                )
            plan = ([] if args.no_back_to_back else [("back-to-back", None)]) + [
                (f"paced {r:g}/s", r) for r in args.rates
            ]
            print()
            print(HEADER, flush=True)
            runs = []
            for number, (name, rate) in enumerate(plan, start=1):
                run = drive(
                    phones,
                    name,
                    seconds=args.seconds,
                    taps=args.taps,
                    rate=rate,
                    server_pids=pids,
                    db_pid=db.postmaster,
                    seed=number,
                )
                runs.append(run)
                print(run.row(), flush=True)
        finally:
            for server in servers:
                server.stop()
        print()
        print(
            "taps/s: answered taps / run time; latency: due time (paced) or sending (back to back) to the answer; "
            "busy: 'try again' (SQLite only); unsent: paced taps still queued at the end; polls: revision requests "
            "(their cost is in the server CPU); server CPU: the server process (app) and PostgreSQL (db, "
            "nan if not found) per answered tap; client: this process's CPU per tap; load: 1-minute load average at the end.",
        )
        for run in runs:
            if run.finished_tables:
                print(f"note: {run.name}: {run.finished_tables} table(s) finished during the run")
            bad = [t for t in run.taps if t.outcome == "error"][:3]
            for tap in bad:
                print(f"error in {run.name}: HTTP {tap.status}: {tap.message[:200]}")
        reports = sum(len(phone.taps) for phone in phones)
        check_started = time.perf_counter()
        verdicts = venue_db("check", db.url, "--night", str(night["night"]))
        conserved = [v for v in verdicts.values() if v["chips_in_play"] == v["chips_expected"]]
        clean = [v for v in verdicts.values() if not v["problems"]]
        hands = sum(v["hands"] for v in verdicts.values())
        stored_as_told = sum(
            1
            for phone, table in zip(phones, night["tables"])
            if [list(i) for i in verdicts[str(table["number"])]["inputs"]] == phone.applied_inputs()
        )
        yes = {True: "yes", False: "NO"}
        print(f"read back in {time.perf_counter() - check_started:.1f} s ({reports} taps sent in all):")
        print(
            f"chips conserved on every table: {yes[len(conserved) == len(verdicts)]} ({len(conserved)} of {len(verdicts)} tables)"
        )
        print(
            f"replay-equal on every table: {yes[len(clean) == len(verdicts)]} ({hands} hands; every finished hand's stored stacks = the replay of its actions, the open hand replays)"
        )
        print(
            f"every applied tap stored once, in order: {yes[stored_as_told == len(phones)]} ({stored_as_told} of {len(phones)} tables)"
        )
        for number, verdict in verdicts.items():
            for problem in verdict["problems"][:3]:
                print(f"  table {number}: {problem}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
