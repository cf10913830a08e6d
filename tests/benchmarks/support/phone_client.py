"""A dealer's phone over plain HTTP, and the server it talks to: shared by the venue and load benchmarks and tests.

The phone sends what the tracker page sends (tracker.html + static/js/tracker.js + htmx): it opens the
dealer link (the whole page: the CSRF cookie, the token htmx puts in its header, the revision URL),
then for every tap it posts one of the forms of the last answer with the submitting button, the
hidden fields and the htmx headers, and reads the answer, which holds the forms for the next tap. As
tracker.js does, every input carries the page's version (`data-version`, the table's revision it saw),
and every request to #tracker says that no panel is open (`X-Tracker-Open: -`): the dealer keeps the
cards and players' panels closed while he plays, and the phone never taps in them. `poll()` is the
page's "has it changed?" question every two seconds; a changed revision makes the page reload its table.

The forms are read generically (action, hidden and checked fields, submit buttons), so the phone keeps
working when the answer becomes a smaller fragment; only the tracker's input protocol is known here
(`op`, `verb`, `to`, the award form's `potN` checkboxes). Plain `http.client` and C regular expressions:
the client's own CPU stays small next to the server's.
"""

from __future__ import annotations

import functools
import gzip
import html as html_lib
import http.client
import json
import os
import random
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from http.cookies import SimpleCookie
from pathlib import Path

import psutil

REPO_ROOT = Path(__file__).resolve().parents[3]  # whose server and database build run: see serve_checkout()
# Variables of the caller that must not reach the server (it gets its own).
SERVER_VARIABLES = {
    "DATABASE_URL",
    "DEBUG",
    "SECRET_KEY",
    "ALLOWED_HOSTS",
    "CSRF_TRUSTED_ORIGINS",
    "PUBLIC_URL",
    "SQLITE_TIMEOUT",
    "SECURE_SSL_REDIRECT",
    "SECURE_COOKIES",
    "SECURE_HSTS_SECONDS",
    "DJANGO_ALLOW_ASYNC_UNSAFE",
    "ORGANIZER_LOGIN_FILE",
}
# For a benchmark whose many phones and screens all come from 127.0.0.1: the venue server's caps per client
# address (config/server.py, live/events.py) are for one device, and would refuse them.
ONE_ADDRESS_FOR_ALL = {"VENUE_CONNECTIONS_PER_CLIENT": "100000", "LIVE_STREAMS_PER_CLIENT": "100000"}
# The start of the tracker's refusals, in English and German (the phone may speak either).
BUSY = ("Too many taps at the same moment", "Zu viele Eingaben im selben Moment")
STALE = ("The table changed", "Der Tisch hat sich geändert")
# Inputs a dealer taps to play on; undo, cards, sitting out and disqualifying are never chosen.
_PLAY_OPS = ("act", "award", "settle", "next")


# --- the server ------------------------------------------------------------------


def free_port(*hosts: str) -> int:
    """A port free on every one of `hosts` right now."""
    hosts = hosts or ("127.0.0.1",)
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


def database_url(database: str) -> str:
    """A DATABASE_URL from a URL or a SQLite file's path."""
    return database if "://" in database else f"sqlite:///{database}"


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
            self.process.send_signal(signal.SIGTERM)  # the server's graceful stop: it ends the event streams first
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)


def serve_checkout(folder: Path) -> None:
    """Run another checkout's server and database build (`manage.py`, `tests.benchmarks.support.venue_db`) with this
    client, for a before/after figure on one machine (`git worktree add DIR <commit>`)."""
    global REPO_ROOT
    REPO_ROOT = folder.resolve()


def start_venue_server(
    database: str,
    *,
    hosts: tuple[str, ...] = ("127.0.0.1",),
    public_host: str | None = None,
    log_dir: str,
    **env_extra: str,
) -> VenueServer:
    """`manage.py venue` (DEBUG off) on loopback only, on `database` (a URL or a SQLite file);
    returns once it answers."""
    port = free_port(*hosts)
    env = {k: v for k, v in os.environ.items() if k not in SERVER_VARIABLES}
    env["DATABASE_URL"] = database_url(database)
    env["PUBLIC_URL"] = f"http://{public_host or hosts[0]}:{port}"
    env["SECRET_KEY"] = secrets.token_urlsafe(50)  # not the checkout's .venue-secret-key
    # A fresh database gets its first organizer, whose login is written beside the log, not over the checkout's.
    env["ORGANIZER_LOGIN_FILE"] = str(Path(log_dir) / f"organizer-login-{port}")
    env.update(env_extra)
    log_path = Path(log_dir) / f"venue-{port}.log"
    command = [sys.executable, "manage.py", "venue", "--port", str(port)]
    for host in hosts:
        command += ["--bind", host]
    with open(log_path, "wb") as log:
        process = subprocess.Popen(command, cwd=REPO_ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    server = VenueServer(process, port, log_path)
    try:
        wait_until_serving(process, server.url(hosts[-1]) + "/", log_path)
    except RuntimeError:
        server.stop()
        raise
    return server


def start_serve_server(database: str, *, log_dir: str, **env_extra: str) -> VenueServer:
    """`manage.py serve` (the server's command, without a proxy in front, DEBUG off) on 127.0.0.1, on `database`
    (migrated already); its static files collected first, as an upgrade does (docs/server.md)."""
    port = free_port("127.0.0.1")
    env = {k: v for k, v in os.environ.items() if k not in SERVER_VARIABLES}
    env.update(
        {
            "DATABASE_URL": database_url(database),
            "PUBLIC_URL": f"http://127.0.0.1:{port}",
            "DEBUG": "0",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "SECURE_SSL_REDIRECT": "0",
            "SECURE_COOKIES": "0",
            "SECURE_HSTS_SECONDS": "0",
        }
    )
    env.update(env_extra)
    log_path = Path(log_dir) / f"serve-{port}.log"
    with open(log_path, "wb") as log:
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
            cwd=REPO_ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            check=True,
        )
        process = subprocess.Popen(
            [sys.executable, "manage.py", "serve", "--bind", f"127.0.0.1:{port}"],
            cwd=REPO_ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    server = VenueServer(process, port, log_path)
    try:
        wait_until_serving(process, server.url() + "/", log_path)
    except RuntimeError:
        server.stop()
        raise
    return server


def _cpu_seconds(pid: int) -> float:
    """The CPU time the server's process and its children (migrate, collectstatic, check_league) have used."""
    import psutil

    try:
        root = psutil.Process(pid)
        processes = [root, *root.children(recursive=True)]
    except psutil.Error:
        return 0.0
    total = 0.0
    for each in processes:
        try:
            times = each.cpu_times()
        except psutil.Error:
            continue
        total += times.user + times.system + times.children_user + times.children_system
    return total


SETUP_LOCK_NAME = ".venue-setup.lock"  # named in the line `manage.py venue` prints while another start sets up


def wait_until_serving(
    process: subprocess.Popen, url: str, log_path: Path, *, quiet_seconds: float = 90, most_seconds: float = 900
) -> None:
    """Until `manage.py venue` answers `url` with 200. It gives up when the server stopped, or made no progress
    for `quiet_seconds` (said nothing new on its console, which notes each step: waiting for another start's
    setup, the check, the addresses; and used no CPU in its processes: migrate and collectstatic say nothing
    while they work, and at a load of 17 on 2 cores they took more than 90 s), or after `most_seconds` in all.
    While another server from the same checkout sets up, this one waits its turn without a clock: on a busy
    machine with the suite's parallel processes each starting servers, a fixed 90 s from the start ran out in
    the queue (CI saw "did not answer in time" with an empty log)."""
    started = last_progress = time.monotonic()
    seen, cpu_seen = 0, _cpu_seconds(process.pid)
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"the venue server stopped:\n{log_path.read_text(errors='replace')}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        now = time.monotonic()
        log = log_path.read_text(errors="replace") if log_path.exists() else ""
        lines = log.rstrip("\n").splitlines()
        # CPU counts only during the setup: once the addresses are printed, a server that answers every poll
        # with an error uses CPU too, and must not be waited for 15 minutes.
        cpu = _cpu_seconds(process.pid) if not ("Strg+C" in log or "Ctrl+C" in log) else cpu_seen
        if len(log) != seen or (lines and SETUP_LOCK_NAME in lines[-1]) or cpu > cpu_seen + 0.5:
            seen, cpu_seen, last_progress = len(log), cpu, now
        if now - last_progress > quiet_seconds or now - started > most_seconds:
            raise RuntimeError(f"the venue server did not answer in time ({now - started:.0f} s):\n{log}")
        time.sleep(0.2)


# --- forms, read generically ---------------------------------------------------------

_FORM = re.compile(r"<form\b([^>]*)>(.*?)</form\s*>", re.S | re.I)
_CONTROL = re.compile(r"<(input|button)\b([^>]*)>", re.I)
_ATTRIBUTE = re.compile(r"""([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?""")
_MESSAGES = re.compile(r"<ul\b[^>]*\bclass=\"[^\"]*\bmessages\b[^\"]*\"[^>]*>(.*?)</ul>", re.S | re.I)
_MESSAGE = re.compile(r"<li\b[^>]*\bclass=\"([^\"]*)\"[^>]*>(.*?)</li>", re.S | re.I)


def attributes(text: str) -> dict[str, str]:
    found = {}
    for name, double, single, bare in _ATTRIBUTE.findall(text):
        found[name.lower()] = html_lib.unescape(double or single or bare)
    return found


@dataclass(frozen=True)
class Option:
    """One submit button of one form: what a tap on it sends, and any choices still to make (checkboxes)."""

    path: str
    fields: tuple[tuple[str, str], ...]
    checkboxes: dict[str, tuple[str, ...]]  # name -> the values offered (the award form's winners)

    def get(self, name: str) -> str | None:
        for key, value in self.fields:
            if key == name:
                return value
        return None


@functools.lru_cache(maxsize=8192)  # the same controls come back in every answer: read each markup once
def _control(tag: str, text: str) -> tuple[str, str | None, str]:
    """(role, name, value) of an <input> or <button>; role: submit, field, checked, checkbox, required, or skip."""
    control = attributes(text)
    name, value = control.get("name"), control.get("value", "")
    kind = (control.get("type") or ("submit" if tag.lower() == "button" else "text")).lower()
    disabled = "disabled" in control
    if tag.lower() == "button" or kind == "submit":
        return ("submit" if kind == "submit" and not disabled else "skip"), name, value
    if not name or disabled:
        return "skip", name, value
    if kind in ("checkbox", "radio"):
        if "checked" in control:
            return "field", name, control.get("value", "on")
        return ("checkbox" if kind == "checkbox" else "skip"), name, control.get("value", "on")
    if "required" in control and not value:
        return "required", name, value  # the typed amount: not a one-tap form
    return "field", name, value


def tap_options(html: str, page_path: str) -> list[Option]:
    """Every enabled submit button of every POST form in `html`, with the fields htmx would send."""
    options = []
    for form_attributes, body in _FORM.findall(html):
        form = attributes(form_attributes)
        if (form.get("method") or "get").lower() != "post" and "hx-post" not in form:
            continue
        path = form.get("hx-post") or form.get("action") or page_path
        fields: list[tuple[str, str]] = []
        checkboxes: dict[str, list[str]] = {}
        buttons: list[tuple[str, str] | None] = []
        blocked = False
        for tag, text in _CONTROL.findall(body):
            role, name, value = _control(tag, text)
            if role == "submit":
                buttons.append((name, value) if name else None)
            elif role == "field":
                fields.append((name, value))
            elif role == "checkbox":
                checkboxes.setdefault(name, []).append(value)
            elif role == "required":
                blocked = True
        if blocked:
            continue
        offered = {k: tuple(v) for k, v in checkboxes.items()}
        base = tuple(fields)
        for button in buttons:
            options.append(Option(path, base + ((button,) if button else ()), offered))
    return options


def _text(markup: str) -> str:
    return html_lib.unescape(re.sub(r"<[^>]+>", "", markup)).strip()


def messages(html: str) -> list[tuple[str, str]]:
    """(level, text) of every message shown in the answer."""
    found = []
    for block in _MESSAGES.findall(html):
        for level, text in _MESSAGE.findall(block):
            found.append((level, _text(text)))
    return found


_ERROR_ELEMENT = re.compile(r"<(\w+)\b[^>]*\bclass=\"[^\"]*\berror\b[^\"]*\"[^>]*>(.*?)</\1>", re.S | re.I)


def error_shown(html: str) -> str:
    """The first error the answer shows: a message, else any element marked as an error, else ""."""
    for level, text in messages(html):
        if "error" in level.split():
            return text
    found = _ERROR_ELEMENT.search(html)
    if found:
        return _text(found.group(2)) or "(an element marked as an error)"
    for marker in (*STALE, *BUSY):  # a refusal shown some other way
        if marker in html:
            return marker
    return ""


def _attribute_value(html: str, name: str) -> str | None:
    found = re.search(rf"\b{name}\s*=\s*(\"[^\"]*\"|'[^']*')", html)
    return html_lib.unescape(found.group(1)[1:-1]) if found else None


# --- one dealer's phone ----------------------------------------------------------------


@dataclass
class Tap:
    op: str
    verb: str | None
    to: int | None
    status: int
    outcome: str  # applied, busy, stale, error
    seconds: float  # from when the tap was due (paced) or sent (back-to-back) to the answer
    message: str = ""
    server: float = 0.0  # from sending to the answer


@dataclass
class Poll:
    status: int
    seconds: float
    changed: bool  # the revision differs from the version the page shows


class DealerPhone:
    """Taps one table through its dealer link the way the page does."""

    def __init__(
        self,
        base_url: str,
        token: str,
        seed: int,
        *,
        language: str = "de",
        source: str | None = None,
        timeout: float = 60.0,
    ) -> None:
        parts = urllib.parse.urlsplit(base_url)
        self.source = source  # the phone's own address (another loopback one: each phone is its own client)
        self.timeout = timeout
        self.host, self.port = parts.hostname, parts.port or 80
        self.page_path = f"/dealer/{token}/"
        self.revision_path = f"/dealer/{token}/revision"
        self.language = language
        self.cookies: dict[str, str] = {}
        self.csrf_header: str | None = None
        self.rng = random.Random(seed)
        self.taps: list[Tap] = []
        self.polls: list[Poll] = []
        self.reloads = 0
        self.html = ""
        self.status = 0
        self._options: tuple[str, list[Option]] = ("", [])

    # -- HTTP --

    def request(self, method: str, path: str, *, fields=None, htmx: bool = True) -> tuple[int, str]:
        headers = {
            "Host": f"{self.host}:{self.port}",
            "Accept-Language": self.language,
            "Accept-Encoding": "gzip",
            "User-Agent": "league-load-phone",
        }
        if htmx:
            headers.update(
                {
                    "HX-Request": "true",
                    "HX-Current-URL": f"http://{self.host}:{self.port}{self.page_path}",
                    "HX-Target": "tracker",
                }
            )
            headers["X-Tracker-Open"] = "-"  # the panels are closed (tracker.js says which are open)
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if fields is not None:
            body = urllib.parse.urlencode(fields).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            token = self.csrf_header or self.cookies.get("csrftoken")
            if token:
                headers["X-CSRFToken"] = token
        connection = http.client.HTTPConnection(
            self.host,
            self.port,
            timeout=self.timeout,
            source_address=(self.source, 0) if self.source else None,
        )
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            data = response.read()
            for cookie in response.headers.get_all("Set-Cookie") or ():
                for name, morsel in SimpleCookie(cookie).items():
                    self.cookies[name] = morsel.value
            if response.headers.get("Content-Encoding") == "gzip":
                data = gzip.decompress(data)
            return response.status, data.decode("utf-8", errors="replace")
        except (OSError, http.client.HTTPException) as error:
            return 599, f"{type(error).__name__}: {error}"
        finally:
            connection.close()

    def open(self) -> None:
        """The dealer opens the link: the whole page, as a browser loads it."""
        self.status, self.html = self.request("GET", self.page_path, htmx=False)
        headers = _attribute_value(self.html, "hx-headers")
        if headers:
            self.csrf_header = json.loads(headers).get("X-CSRFToken", self.csrf_header)
        self.revision_path = _attribute_value(self.html, "data-revision-url") or self.revision_path

    def reload(self) -> None:
        """What the page does when the revision changed: fetch its table again (htmx GET)."""
        self.status, self.html = self.request("GET", self.page_path)
        self.reloads += 1

    def options(self) -> list[Option]:
        """The tap options of the page as it is now (read once per answer)."""
        html = self.html
        if self._options[0] is not html:
            self._options = (html, tap_options(html, self.page_path))
        return self._options[1]

    @property
    def version(self) -> str | None:
        """The revision the phone's page shows (every input carries it, as tracker.js sends it); an answer
        without the page's `data-version` gives its forms' version."""
        shown = _attribute_value(self.html, "data-version")
        if shown is not None:
            return shown
        return next((option.get("version") for option in self.options() if option.get("version") is not None), None)

    def poll(self, *, reload_when_changed: bool = True) -> Poll:
        """The page's "has it changed?" question; a changed revision reloads the table."""
        started = time.perf_counter()
        status, revision = self.request("GET", self.revision_path, htmx=False)
        elapsed = time.perf_counter() - started
        changed = status == 200 and revision.strip() != self.version
        if changed and reload_when_changed:
            self.reload()
        poll = Poll(status, elapsed, changed)
        self.polls.append(poll)
        return poll

    # -- tapping --

    def choose(self) -> Option | None:
        """A legal tap from the page: mostly folds and calls, some checks, a few min-raises, then deal/settle.

        None when the page offers nothing to play on (the table is finished)."""
        by_op: dict[str, list[Option]] = {}
        for option in self.options():
            op = option.get("op")
            if op in _PLAY_OPS:
                by_op.setdefault(op, []).append(option)
        if "act" in by_op:
            by_verb: dict[str, list[Option]] = {}
            for option in by_op["act"]:
                by_verb.setdefault(option.get("verb") or "", []).append(option)
            sized = [o for verb in ("bet", "raise") for o in by_verb.get(verb, []) if (o.get("to") or "").isdigit()]
            roll = self.rng.random()
            if sized and roll < 0.12:
                return min(sized, key=lambda o: int(o.get("to")))
            if "check" in by_verb and roll < 0.6:
                return by_verb["check"][0]
            if "call" in by_verb and roll < 0.4:
                return by_verb["call"][0]
            for verb in ("fold", "check", "call", "allin"):
                if verb in by_verb:
                    return by_verb[verb][0]
            return None
        for op in ("award", "settle", "next"):
            if op in by_op:
                return by_op[op][0]
        return None

    def fields_for(self, option: Option) -> list[tuple[str, str]]:
        """The fields a tap on `option` sends; on the award form the dealer ticks one winner per pot."""
        version = self.version
        fields = [
            (name, version if name == "version" and version is not None else value) for name, value in option.fields
        ]
        for name, values in option.checkboxes.items():
            fields.append((name, self.rng.choice(values)))
        return fields

    def tap(self, *, due: float | None = None) -> Tap | None:
        """One tap on the current page; None if there is nothing to tap. `due`: when the tap was scheduled
        (perf_counter), so the time it waited counts."""
        option = self.choose() if self.status == 200 else None
        if option is None:
            self.reload()  # the page failed, or the answer held no forms for the next tap
            option = self.choose() if self.status == 200 else None
            if option is None:
                return None
        fields = self.fields_for(option)
        shown = self.version
        sent = time.perf_counter()
        self.status, self.html = self.request("POST", option.path, fields=fields)
        answered = time.perf_counter()
        message = error_shown(self.html) if self.status == 200 else ""
        if self.status != 200:
            outcome = "error"
            message = self.html[-300:]
        elif message.startswith(BUSY):
            outcome = "busy"
        elif message.startswith(STALE):
            outcome = "stale"
        elif message:
            outcome = "error"
        elif shown is not None and self.version == shown:
            # Every applied input renews the table's revision: an answer without a refusal that still
            # shows the old one took nothing.
            outcome, message = "error", "no refusal shown, but the table's version did not change"
        else:
            outcome = "applied"
        to = option.get("to")
        tap = Tap(
            option.get("op") or "",
            option.get("verb"),
            int(to) if to and to.isdigit() else None,
            self.status,
            outcome,
            answered - (sent if due is None else min(due, sent)),
            message,
            answered - sent,
        )
        self.taps.append(tap)
        return tap

    def play(self, taps: int, deadline: float) -> None:
        """Taps back to back until it has `taps` taps or the deadline (monotonic) passes."""
        if not self.html:
            self.open()
        while len(self.taps) < taps and time.monotonic() < deadline:
            if self.tap() is None:
                return

    def applied_inputs(self) -> list[list]:
        """What the server said it took, in the form venue_db check lists the stored inputs."""
        inputs = []
        for tap in self.taps:
            if tap.outcome != "applied":
                continue
            if tap.op == "act":
                inputs.append(["act", tap.verb, tap.to if tap.verb in ("bet", "raise") else None])
            else:
                inputs.append(["settle" if tap.op == "award" else tap.op])
        return inputs


def tree_cpu(pid: int | None) -> float:
    """CPU seconds of a process and its descendants so far, including those that have ended (reaped)."""
    if pid is None:
        return 0.0
    try:
        root = psutil.Process(pid)
        processes = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0.0
    total = 0.0
    for process in processes:
        try:
            times = process.cpu_times()
        except psutil.NoSuchProcess:
            continue
        total += times.user + times.system + times.children_user + times.children_system
    return total
