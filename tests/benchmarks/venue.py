"""Six (and twenty) dealers tapping at once: ``python -m tests.benchmarks.venue``.

Starts the real venue server (`manage.py venue`: gunicorn, 3 workers, SQLite
in WAL mode) on loopback, one client thread per table taps through its own
dealer link as fast as the server answers (read the table, tap a legal
button, read the answer), then reads the database back. Prints taps/s and the
tap's p50/p95 for 6 and 20 tables, and for each run how many taps were
applied, answered "try again" or failed; asserts nothing. The load test in
the suite (tests/league/test_venue_load.py) runs the same code and checks it.
"""
from __future__ import annotations

import argparse
import http.cookiejar
import json
import os
import random
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
# Variables of the caller that must not reach the server (it gets its own).
_SERVER_VARIABLES = {
    "DATABASE_URL", "DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS", "PUBLIC_URL",
    "SQLITE_TIMEOUT", "SECURE_SSL_REDIRECT", "SECURE_COOKIES", "SECURE_HSTS_SECONDS", "DJANGO_ALLOW_ASYNC_UNSAFE",
}
BUSY = "Too many taps at the same moment"
STALE = "The table changed"


# --- the database and the server ---------------------------------------------


def venue_db(what: str, db_path: str, *extra: str) -> dict:
    """Build or check the venue database in a process of its own (tests/benchmarks/venue_db.py)."""
    env = {k: v for k, v in os.environ.items() if k not in _SERVER_VARIABLES}
    result = subprocess.run(
        [sys.executable, "-m", "tests.benchmarks.venue_db", what, db_path, *extra],
        cwd=REPO_ROOT, env=env, capture_output=True, text=True, timeout=300,
    )
    if result.returncode != 0:
        raise RuntimeError(f"venue_db {what} failed:\n{result.stderr}")
    return json.loads(result.stdout)


def free_port(*hosts: str) -> int:
    """A port free on every one of `hosts` right now."""
    for _ in range(50):
        with socket.socket() as probe:
            probe.bind((hosts[0], 0))
            port = probe.getsockname()[1]
        try:
            for host in hosts[1:]:
                with socket.socket() as other:
                    other.bind((host, port))
        except OSError:
            continue
        return port
    raise RuntimeError("no free port")


@dataclass
class VenueServer:
    process: subprocess.Popen
    port: int
    log_path: Path

    def url(self, host: str = "127.0.0.1") -> str:
        return f"http://{host}:{self.port}"

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)  # gunicorn's graceful stop; it ends its workers
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)


def start_venue_server(
    db_path: str, *, hosts: tuple[str, ...] = ("127.0.0.1",), workers: int = 3, public_host: str | None = None,
    log_dir: str, **env_extra: str,
) -> VenueServer:
    """`manage.py venue` on loopback only, with DATABASE_URL at `db_path`; returns once it answers."""
    port = free_port(*hosts)
    env = {k: v for k, v in os.environ.items() if k not in _SERVER_VARIABLES}
    env["DATABASE_URL"] = f"sqlite:///{db_path}"
    env["PUBLIC_URL"] = f"http://{public_host or hosts[0]}:{port}"
    env["SECRET_KEY"] = secrets.token_urlsafe(50)  # not the checkout's .venue-secret-key
    env.update(env_extra)
    log_path = Path(log_dir) / f"venue-{port}.log"
    command = [sys.executable, "manage.py", "venue", "--port", str(port), "--workers", str(workers)]
    for host in hosts:
        command += ["--bind", host]
    with open(log_path, "wb") as log:
        process = subprocess.Popen(command, cwd=REPO_ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    server = VenueServer(process, port, log_path)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the venue server stopped:\n{server.log()}")
        try:
            with urllib.request.urlopen(server.url(hosts[-1]) + "/", timeout=2) as response:
                if response.status == 200:
                    return server
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.2)
    server.stop()
    raise RuntimeError(f"the venue server did not answer in time:\n{server.log()}")


# --- one dealer's phone --------------------------------------------------------


@dataclass
class Tap:
    op: str
    verb: str | None
    to: int | None
    status: int
    outcome: str  # applied, busy, stale, error
    seconds: float
    message: str = ""


def _first(pattern: str, html: str) -> str | None:
    found = re.search(pattern, html)
    return found.group(1) if found else None


class DealerPhone:
    """Taps one table through its dealer link the way htmx does: read the partial, post a button, read the answer."""

    def __init__(self, base_url: str, token: str, seed: int) -> None:
        self.url = f"{base_url}/dealer/{token}/"
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))
        self.rng = random.Random(seed)
        self.taps: list[Tap] = []

    def _request(self, data: dict | None) -> tuple[int, str]:
        headers = {"HX-Request": "true", "Accept-Language": "en"}
        body = None
        if data is not None:
            headers["X-CSRFToken"] = next(c.value for c in self.cookies if c.name == "csrftoken")
            body = urllib.parse.urlencode(data, doseq=True).encode()
        request = urllib.request.Request(self.url, data=body, headers=headers)
        try:
            with self.opener.open(request, timeout=60) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode(errors="replace")

    def _choose(self, html: str) -> dict | None:
        """A legal tap from the page: mostly folds and calls, some checks, a few min-raises, then deal/settle."""
        version = _first(r'name="version" value="([^"]+)"', html)
        ops = set(re.findall(r'name="op" value="(\w+)"', html))
        if "act" in ops:
            seat = _first(r'name="op" value="act"><input type="hidden" name="version" value="[^"]*"><input type="hidden" name="seat" value="(\d+)"', html)
            verbs = set(re.findall(r'name="verb" value="(\w+)"', html))
            sizes = [int(n) for n in re.findall(r'name="to" value="(\d+)"', html)]
            roll = self.rng.random()
            if sizes and roll < 0.12 and ({"bet", "raise"} & verbs):
                verb = "bet" if "bet" in verbs else "raise"
                return {"op": "act", "version": version, "seat": seat, "verb": verb, "to": min(sizes)}
            if "check" in verbs and roll < 0.6:
                return {"op": "act", "version": version, "seat": seat, "verb": "check"}
            if "call" in verbs and roll < 0.4:
                return {"op": "act", "version": version, "seat": seat, "verb": "call"}
            return {"op": "act", "version": version, "seat": seat, "verb": "fold"}
        if "award" in ops:
            pots = int(_first(r'name="pots" value="(\d+)"', html) or 0)
            data: dict = {"op": "award", "version": version, "pots": pots}
            for k in range(pots):
                data[f"pot{k}"] = _first(rf'name="pot{k}" value="([^"]+)"', html)
            return data
        if "settle" in ops:
            return {"op": "settle", "version": version}
        if "next" in ops:
            return {"op": "next", "version": version}
        return None  # the table is finished

    def play(self, taps: int, deadline: float) -> None:
        status, html = self._request(None)
        while len(self.taps) < taps and time.monotonic() < deadline:
            data = self._choose(html) if status == 200 else None
            if data is None:
                if status != 200:  # the page itself failed: read it again
                    status, html = self._request(None)
                    continue
                return
            started = time.perf_counter()
            status, html = self._request(data)
            elapsed = time.perf_counter() - started
            message = _first(r'<li class="error">(.*?)</li>', html) or ""
            if status != 200:
                outcome = "error"
            elif not message:
                outcome = "applied"
            elif BUSY in message:
                outcome = "busy"
            elif STALE in message:
                outcome = "stale"
            else:
                outcome = "error"
            to = data.get("to")
            self.taps.append(Tap(data["op"], data.get("verb"), int(to) if to else None, status, outcome, elapsed, message))

    def applied_inputs(self) -> list[list]:
        """What the server said it took, in the form venue_db check lists the stored inputs."""
        inputs = []
        for tap in self.taps:
            if tap.outcome != "applied":
                continue
            if tap.op == "act":
                inputs.append(["act", tap.verb, tap.to])
            else:
                inputs.append(["settle" if tap.op == "award" else tap.op])
        return inputs


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
    parser.add_argument("--workers", type=int, default=3)
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as folder:
        for tables in args.tables:
            db = os.path.join(folder, f"venue-{tables}.sqlite3")
            night = venue_db("build", db, "--tables", str(tables))
            server = start_venue_server(db, workers=args.workers, log_dir=folder)
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
                f"{tables} tables, {args.workers} workers, SQLite: median of {args.runs} runs: "
                f"{statistics.median(rates):.1f} taps/s, p50 {statistics.median(p50s):.1f} ms, "
                f"p95 {statistics.median(p95s):.1f} ms; HTTP 5xx: {sum(r.server_errors for r in runs)}; "
                f"try again: {sum(r.count('busy') for r in runs)}; chips conserved and hands replayed: {conserved}"
            )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
