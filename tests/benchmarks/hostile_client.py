"""Dealers' taps while clients on the Wi-Fi attack the server: ``python -m tests.benchmarks.hostile_client``.

Starts the real server with a night of `--tables` tables, DEBUG off, on 127.0.0.1: `manage.py venue` on SQLite (a
temporary file) and `manage.py serve` without a proxy on PostgreSQL (a throwaway cluster, fsync off); for each run:

1. the attack, from `--addresses` addresses (127.0.1.1, 127.0.1.2, ...; a laptop on the pub's Wi-Fi gets more
   by asking DHCP with other MAC addresses), in a process of its own (asyncio, so the attacker's sockets cost
   the client nothing): `--streams` event streams (the night's rail, each table's rail, the TV's clock; a
   stream the server ends or refuses is opened again after a second) and `--drippers` half-open connections
   that send a request line and then one more header line every 5 s, never ending the header (one the server
   closes is opened again);
2. once the attack stands (a few seconds), one dealer per table, each from its own address (127.0.0.10, ...),
   taps every `--every` seconds for `--seconds` (open-loop: a tap's latency is counted from when it was due,
   so waiting behind a slow answer counts), with the phone's 10 s timeout;
3. meanwhile honest viewers, each from its own address: the night's rail, one table's rail and the TV each
   open their event stream (200, and the rail must see the taps' events).

Prints per run the taps' p50/p95/max, how many failed (timeout, refused, 5xx), what the attack held (streams
open, refused; drippers open, closed by the server), the honest viewers' results and the load average; then
the medians over the runs. Asserts nothing; tests/league/venue/test_hostile_client.py runs a small version.

    python -m tests.benchmarks.hostile_client --databases sqlite postgresql --runs 3
    python -m tests.benchmarks.hostile_client --checkout /tmp/before   # another checkout's server, same client
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import multiprocessing
import os
import resource
import statistics
import tempfile
import threading
import time
from collections import Counter
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

from tests.benchmarks.support import phone_client
from tests.benchmarks.support.phone_client import DealerPhone, Tap, start_serve_server, start_venue_server


def attackers(count: int) -> list[str]:
    """The attack's client addresses: 127.0.1.1 and on."""
    return [f"127.0.{1 + k // 250}.{1 + k % 250}" for k in range(count)]


DRIP_SECONDS = 5.0
PHONE_TIMEOUT = 10.0  # the dealers gave up after 10 s


# --- the attacker (a process of its own) ------------------------------------------------------------


async def _stream(host: str, port: int, path: str, source: str, until: float, stats: Counter) -> None:
    """One event stream, opened again whenever the server ends or refuses it."""
    while time.monotonic() < until:
        writer = None
        try:
            reader, writer = await asyncio.open_connection(host, port, local_addr=(source, 0))
            writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nAccept: text/event-stream\r\n\r\n".encode())
            await writer.drain()
            status = (await asyncio.wait_for(reader.readline(), 30)).split(b" ")[1:2]
            if status == [b"200"]:
                stats["streams opened"] += 1
                stats["streams open"] += 1
                try:
                    while time.monotonic() < until and await asyncio.wait_for(
                        reader.read(4096), max(until - time.monotonic(), 0.1)
                    ):
                        pass
                except TimeoutError:
                    pass
                finally:
                    stats["streams open"] -= 1
            else:
                stats[f"streams answered {status[0].decode() if status else '?'}"] += 1
        except (TimeoutError, OSError, IndexError):
            stats["streams failed to connect"] += 1
        finally:
            if writer is not None:
                writer.close()
        await asyncio.sleep(1.0)


async def _dripper(host: str, port: int, number: int, source: str, until: float, stats: Counter) -> None:
    """A request whose header never ends: one more line every DRIP_SECONDS; opened again when the server closes it."""
    while time.monotonic() < until:
        writer = None
        try:
            reader, writer = await asyncio.open_connection(host, port, local_addr=(source, 0))
            writer.write(f"GET /?drip={number} HTTP/1.1\r\nHost: {host}:{port}\r\n".encode())
            await writer.drain()
            stats["drippers open"] += 1
            try:
                line = 0
                while time.monotonic() < until:
                    try:
                        answer = await asyncio.wait_for(reader.read(4096), DRIP_SECONDS)
                    except TimeoutError:
                        line += 1
                        writer.write(f"X-Drip-{line}: {'a' * 20}\r\n".encode())
                        await writer.drain()
                        continue
                    stats["drippers answered" if answer else "drippers closed by the server"] += 1
                    break
            finally:
                stats["drippers open"] -= 1
        except OSError:
            stats["drippers failed to connect"] += 1
        finally:
            if writer is not None:
                writer.close()
        await asyncio.sleep(1.0)


async def _attack(
    host: str, port: int, paths: list[str], sources: list[str], streams: int, drippers: int, seconds: float, report
) -> None:
    until = time.monotonic() + seconds
    stats: Counter = Counter()
    tasks = []
    for k in range(streams):  # over about two seconds, as a script on a phone would
        tasks.append(
            asyncio.create_task(_stream(host, port, paths[k % len(paths)], sources[k % len(sources)], until, stats))
        )
        await asyncio.sleep(2.0 / max(streams, 1))
    for k in range(drippers):
        tasks.append(asyncio.create_task(_dripper(host, port, k, sources[k % len(sources)], until, stats)))
        await asyncio.sleep(2.0 / max(drippers, 1))
    peak: Counter = Counter()
    while time.monotonic() < until:
        await asyncio.sleep(0.5)
        for key in ("streams open", "drippers open"):
            peak[key] = max(peak[key], stats[key])
        report.put(("now", dict(stats)))
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    report.put(
        ("done", {**{k: v for k, v in stats.items() if k not in peak}, **{f"most {k}": v for k, v in peak.items()}})
    )


def _attack_process(
    host: str, port: int, paths: list[str], sources: list[str], streams: int, drippers: int, seconds: float, report
) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(max(soft, 4096), hard), hard))
    asyncio.run(_attack(host, port, paths, sources, streams, drippers, seconds, report))


# --- honest viewers ---------------------------------------------------------------------------------


@dataclass
class Viewer:
    name: str
    path: str
    source: str
    status: int = 0
    events: int = 0
    error: str = ""

    def watch(self, host: str, port: int, stop: threading.Event) -> None:
        """An EventSource: the first answer's status, then the events it reads until `stop`."""
        connection = http.client.HTTPConnection(host, port, timeout=PHONE_TIMEOUT, source_address=(self.source, 0))
        try:
            connection.request("GET", self.path, headers={"Accept": "text/event-stream"})
            sock = connection.sock  # http.client lets go of it for an answer that closes the connection at its end
            response = connection.getresponse()
            self.status = response.status
            if response.status != 200:
                return
            sock.settimeout(1.0)
            while not stop.is_set():
                try:
                    line = response.fp.readline()
                except TimeoutError:
                    continue
                if not line:
                    return
                if line.startswith(b"event:"):
                    self.events += 1
        except (OSError, http.client.HTTPException) as error:
            self.error = f"{type(error).__name__}: {error}"
        finally:
            connection.close()


# --- one run ----------------------------------------------------------------------------------------


@dataclass
class Run:
    taps: list[Tap] = field(default_factory=list)
    attack: dict = field(default_factory=dict)
    viewers: list[Viewer] = field(default_factory=list)
    load: float = 0.0

    @property
    def failed(self) -> list[Tap]:
        return [tap for tap in self.taps if tap.status != 200 or tap.outcome == "error"]

    def percentile(self, fraction: float) -> float:
        ms = sorted(tap.seconds * 1000 for tap in self.taps)
        return ms[min(len(ms) - 1, int(len(ms) * fraction))] if ms else float("nan")

    def summary(self) -> str:
        viewers = ", ".join(f"{v.name} {v.status or v.error} ({v.events} events)" for v in self.viewers)
        attack = ", ".join(f"{k} {v}" for k, v in sorted(self.attack.items()))
        return (
            f"{len(self.taps)} taps: p50 {self.percentile(0.5):.0f} ms, p95 {self.percentile(0.95):.0f} ms, "
            f"max {self.percentile(1.0):.0f} ms, failed {len(self.failed)}; load average {self.load:.2f}\n"
            f"      attack: {attack}\n      honest viewers: {viewers}"
        )


def run_attack(
    server,
    night: dict,
    *,
    streams: int,
    drippers: int,
    seconds: float,
    every: float,
    settle: float = 6.0,
    seed: int = 1,
    addresses: int = 1,
) -> Run:
    """The attack from `addresses` addresses, and meanwhile taps at every table and honest viewers; see the module's doc."""
    host, port = "127.0.0.1", server.port
    tables = night["tables"]
    paths = [
        f"/nights/{night['night']}/rail/events",
        f"/nights/{night['night']}/clock/events",
        *(f"/tables/{table['id']}/rail/events" for table in tables),
    ]
    context = multiprocessing.get_context("fork")
    report = context.Queue()
    attacker = context.Process(
        target=_attack_process,
        args=(host, port, paths, attackers(addresses), streams, drippers, settle + seconds + 2, report),
        daemon=True,
    )
    run = Run()
    phones = [
        DealerPhone(server.url(), t["token"], seed * 100 + k, source=f"127.0.0.{10 + k}", timeout=PHONE_TIMEOUT)
        for k, t in enumerate(tables)
    ]
    for phone in phones:
        phone.open()  # before the attack: the dealers had their pages open
    attacker.start()
    try:
        time.sleep(settle)  # the attack stands
        stop = threading.Event()
        run.viewers = [
            Viewer("night rail", paths[0], "127.0.0.50"),
            Viewer("TV", paths[1], "127.0.0.51"),
            Viewer("table rail", paths[2], "127.0.0.52"),
        ]
        watchers = [threading.Thread(target=v.watch, args=(host, port, stop), daemon=True) for v in run.viewers]
        for watcher in watchers:
            watcher.start()
        began = time.perf_counter()

        def dealer(k: int, phone: DealerPhone) -> None:
            due = began + k * every / len(phones)
            while due < began + seconds:
                time.sleep(max(due - time.perf_counter(), 0))
                if phone.tap(due=due) is None:
                    return
                due += every

        threads = [threading.Thread(target=dealer, args=(k, phone), daemon=True) for k, phone in enumerate(phones)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(seconds + 60)
        stop.set()
        for watcher in watchers:
            watcher.join(5)
        run.load = os.getloadavg()[0]
    finally:
        attacker.join(settle + seconds + 30)
        if attacker.is_alive():
            attacker.kill()
    while not report.empty():
        kind, stats = report.get()
        if kind == "done":
            run.attack = stats
    run.taps = [tap for phone in phones for tap in phone.taps]
    return run


# --- the benchmark ----------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> None:
    from tests.benchmarks.venue import venue_db

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--databases", nargs="+", choices=["sqlite", "postgresql"], default=["sqlite", "postgresql"])
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--addresses", type=int, default=50, help="the attacker's client addresses (127.0.1.x)")
    parser.add_argument("--streams", type=int, default=300)
    parser.add_argument("--drippers", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the dealers tap during the attack")
    parser.add_argument("--every", type=float, default=1.0, help="seconds between two taps at one table")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--checkout", type=Path, default=None, help="serve another checkout (same client)")
    args = parser.parse_args(argv)
    if args.checkout:
        phone_client.serve_checkout(args.checkout)
    print(
        f"checkout {phone_client.REPO_ROOT}; load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} "
        f"on {os.cpu_count()} cores"
    )
    print(
        f"attack from {args.addresses} addresses (127.0.1.x): {args.streams} event streams + {args.drippers} dripping connections; "
        f"{args.tables} dealers tap every {args.every:g} s for {args.seconds:g} s each run"
    )
    for database in args.databases:
        with tempfile.TemporaryDirectory() as folder, ExitStack() as stack:
            if database == "sqlite":
                url = os.path.join(folder, "night.sqlite3")
            else:
                from tests.benchmarks.support.postgres import throwaway_cluster

                url = stack.enter_context(throwaway_cluster()).url
            night = venue_db("build", url, "--tables", str(args.tables))
            # The venue's command on SQLite, the server's on PostgreSQL (without a proxy: the attack reaches it).
            start = start_venue_server if database == "sqlite" else start_serve_server
            server = start(url, log_dir=folder)
            runs = []
            try:
                for number in range(args.runs):
                    run = run_attack(
                        server,
                        night,
                        streams=args.streams,
                        drippers=args.drippers,
                        seconds=args.seconds,
                        every=args.every,
                        seed=number + 1,
                        addresses=args.addresses,
                    )
                    runs.append(run)
                    print(f"  {database} run {number + 1}: {run.summary()}", flush=True)
            finally:
                server.stop()
            errors = server.log().count("Traceback")
            print(
                f"{database}: median of {len(runs)} runs: p50 {statistics.median(r.percentile(0.5) for r in runs):.0f} ms, "
                f"p95 {statistics.median(r.percentile(0.95) for r in runs):.0f} ms, "
                f"max {statistics.median(r.percentile(1.0) for r in runs):.0f} ms; "
                f"failed taps {sum(len(r.failed) for r in runs)} of {sum(len(r.taps) for r in runs)}; "
                f"tracebacks in the server's log {errors}; the TV and the rails opened (200) in "
                f"{sum(all(v.status == 200 for v in r.viewers) for r in runs)} of {len(runs)} runs",
                flush=True,
            )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
