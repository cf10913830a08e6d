"""The league's WSGI server, for `manage.py venue` (the pub's Wi-Fi) and `manage.py serve` (behind a proxy).

    python -m config.server --bind 0.0.0.0:8000 --threads 256

waitress (pure Python: the same server on Linux, macOS and Windows) reads every request whole in its one
event loop before a thread gets it, so a client that sends its header one line every few seconds costs a
socket, never a thread: the threads are for requests that are complete, and for the TV's and the rail's
event streams (each holds one while it waits; live/events.py caps them below the thread count and shares
them fairly among the client addresses). On top of waitress this module adds what a pub's Wi-Fi needs:

- at most CONNECTIONS_PER_CLIENT connections of one client address (`VENUE_CONNECTIONS_PER_CLIENT`; the proxies
  in TRUSTED_PROXIES carry everyone's and are not capped): a further one is closed at once;
- a request whose header is not complete after HEADER_SECONDS is closed (a phone sends its header in one go);
- as many open files as the system allows, and a connection limit below it, so sockets held by strangers
  cannot keep the server from accepting the dealers' next tap;
- the next request goes to the thread that became idle last (waitress wakes the one that waited longest):
  the same few threads serve the requests, each with its database connection, and the others wait with none;
- on PostgreSQL, a pool of at most 24 database connections (DATABASE_POOL, config/settings.py) that the threads
  borrow for a moment: Django would keep one per thread for CONN_MAX_AGE (256 are more than PostgreSQL allows),
  and the event streams, which give theirs back while they wait, would open a new one at every change;
- Ctrl+C or SIGTERM end every event stream at once (EventSource reconnects), then the server.
"""

from __future__ import annotations

import argparse
import gc
import ipaddress
import logging
import os
import signal
import socket
import threading
import time
from collections import Counter

from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer, UnixWSGIServer
from waitress.task import ErrorTask, ThreadedTaskDispatcher

from league.venue import THREADS, streams_for

CONNECTIONS_PER_CLIENT = 32
HEADER_SECONDS = 20.0
CHECK_SECONDS = 5  # how often waitress looks for connections to close (its cleanup_interval)
IDLE_SECONDS = 60  # a keep-alive connection without a request is closed after this (its channel_timeout)
MOST_CONNECTIONS = 4000


def connections_per_client() -> int:
    value = os.environ.get("VENUE_CONNECTIONS_PER_CLIENT", "").strip()
    return int(value) if value.isascii() and value.isdigit() else CONNECTIONS_PER_CLIENT


class ClientCounter:
    """Open connections per client address, shared by every listening socket of the server."""

    def __init__(self, cap: int, trusted: tuple) -> None:
        self.cap, self._trusted = cap, trusted
        self._open: Counter[str] = Counter()
        self._lock = threading.Lock()

    def _is_trusted(self, address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return True  # a Unix socket: only the proxy on this machine reaches it
        return any(ip in network for network in self._trusted)

    def take(self, address: str) -> bool:
        """A place for one more connection of `address`; False: it has its share already."""
        if self._is_trusted(address):
            return True
        with self._lock:
            if self._open[address] >= self.cap:
                return False
            self._open[address] += 1
            return True

    def give_back(self, address: str) -> None:
        if self._is_trusted(address):
            return
        with self._lock:
            self._open[address] -= 1
            if self._open[address] <= 0:
                del self._open[address]


# What waitress answers itself, before the app sees a request (not HTTP, a header too long: 400, 431): plain text
# with the same protections as the app's own answers (config/security_headers.py).
ERROR_HEADERS = (
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"),
    ("Referrer-Policy", "same-origin"),
)


class GuardedErrorTask(ErrorTask):
    def execute(self) -> None:
        self.response_headers.extend(ERROR_HEADERS)
        super().execute()


class VenueChannel(HTTPChannel):
    """A connection that counts against its client's share and notes when its request's header began."""

    error_task_class = GuardedErrorTask
    request_started: float | None = None
    _counted: bool = False

    def __init__(self, server, sock, addr, adj, map=None) -> None:
        super().__init__(server, sock, addr, adj, map)
        self._address = addr[0] if isinstance(addr, tuple) and addr else ""
        if server.clients.take(self._address):
            self._counted = True
        else:
            self.will_close = True  # waitress closes it at its next turn, before reading a byte

    def received(self, data) -> bool:
        if self.request is None:
            self.request_started = time.monotonic()
        return super().received(data)

    def header_overdue(self, now: float) -> bool:
        request = self.request
        return (
            request is not None
            and not request.headers_finished
            and self.request_started is not None
            and now - self.request_started > HEADER_SECONDS
        )

    def del_channel(self, map=None) -> None:
        super().del_channel(map)
        if self._counted:
            self._counted = False
            self.server.clients.give_back(self._address)


class LastIdleFirst(threading.Condition):
    """A condition whose notify() wakes the thread that began waiting last (threading.Condition wakes the first).
    It reads the waiters of CPython's Condition (`_waiters`, a deque in the order they began waiting)."""

    def notify(self, n: int = 1) -> None:
        if not self._is_owned():  # type: ignore[attr-defined]
            raise RuntimeError("cannot notify on un-acquired lock")
        waiters = self._waiters  # type: ignore[attr-defined]
        while waiters and n > 0:
            waiter = waiters.pop()
            try:
                waiter.release()
            except RuntimeError:  # released already by a notify that a signal interrupted
                continue
            n -= 1


class LastIdleFirstDispatcher(ThreadedTaskDispatcher):
    def __init__(self) -> None:
        super().__init__()
        self.queue_cv = LastIdleFirst(self.lock)


class _Guarded:
    """What both listeners (TCP and Unix socket) add to waitress's own: the channel above, and the slow headers
    closed at each of waitress's clean-ups."""

    channel_class = VenueChannel
    clients: ClientCounter

    def maintenance(self, now: float) -> None:
        super().maintenance(now)  # type: ignore[misc]
        monotonic = time.monotonic()
        for channel in list(self.active_channels.values()):  # type: ignore[attr-defined]
            if isinstance(channel, VenueChannel) and channel.header_overdue(monotonic):
                channel.will_close = True


class GuardedTcpServer(_Guarded, TcpWSGIServer):
    pass


class GuardedUnixServer(_Guarded, UnixWSGIServer):
    pass


def raise_open_files_limit(wanted: int) -> int:
    """As many open files as wanted and allowed (Unix); the number the server may use."""
    try:
        import resource
    except ImportError:  # Windows: select() serves at most 512 sockets
        return 500
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return soft if soft != resource.RLIM_INFINITY else wanted


def adjustments(*, binds: list[str], threads: int, connection_limit: int) -> dict:
    """waitress's settings for these binds (host:port, or one unix:/path)."""
    settings = {
        "threads": threads,
        "connection_limit": connection_limit,
        "channel_timeout": IDLE_SECONDS,
        "cleanup_interval": CHECK_SECONDS,
        "max_request_header_size": 65536,
        "max_request_body_size": 64 * 1024 * 1024,  # read whole before a thread takes it; Django caps forms itself
        "asyncore_use_poll": True,  # poll(), where the system has it: no limit of 1024 sockets as with select()
        "ident": "league",
        "expose_tracebacks": False,
        "log_socket_errors": False,
        "clear_untrusted_proxy_headers": False,  # the app reads X-Forwarded-For itself (TRUSTED_PROXIES)
        "url_scheme": "http",
    }
    unix = [bind.removeprefix("unix:") for bind in binds if bind.startswith("unix:")]
    if unix:
        if len(binds) > 1:
            raise ValueError("a Unix socket is served alone")
        settings["unix_socket"] = unix[0]
        settings["unix_socket_perms"] = "660"
    else:
        settings["listen"] = " ".join(binds)
    return settings


def build(application, *, binds: list[str], threads: int):
    """waitress's server for `application` with the guards above (not yet running)."""
    from django.conf import settings
    from waitress.adjustments import Adjustments
    from waitress.server import MultiSocketServer

    from league.web.client_address import trusted_networks

    limit = max(raise_open_files_limit(MOST_CONNECTIONS + 100) - 100, 50)
    adj = Adjustments(**adjustments(binds=binds, threads=threads, connection_limit=min(limit, MOST_CONNECTIONS)))
    clients = ClientCounter(
        connections_per_client(), tuple(trusted_networks(tuple(getattr(settings, "TRUSTED_PROXIES", ()))))
    )
    map: dict = {}  # waitress's sockets, shared by every listener
    dispatcher = LastIdleFirstDispatcher()
    dispatcher.set_thread_count(adj.threads)
    servers = []
    if adj.unix_socket:
        server = GuardedUnixServer(
            application,
            map,
            True,
            None,
            dispatcher=dispatcher,
            adj=adj,
            sockinfo=(socket.AF_UNIX, socket.SOCK_STREAM, None, None),
        )
        server.clients = clients
        return server
    for sockinfo in adj.listen:
        server = GuardedTcpServer(application, map, True, None, dispatcher=dispatcher, adj=adj, sockinfo=sockinfo)
        server.clients = clients
        servers.append(server)
    if len(servers) == 1:
        return servers[0]
    return MultiSocketServer(map, adj, [(s.effective_host, s.effective_port) for s in servers], dispatcher)


def _quiet_logs() -> None:
    # waitress's notes ("Serving on", "Task queue depth") are English and say nothing the organizer needs; its
    # errors still reach the console.
    logging.getLogger("waitress").setLevel(logging.ERROR)


def warm_up() -> None:
    """What the pages load on first use, loaded now: the hand evaluator's tables and the rail's odds (numpy
    and its tables). Processes that never value a hand (a publish, a management command) skip them; the
    server pays once as it starts, not at the first all-in a dealer types."""
    from tournaments.poker import bulk, evaluator

    evaluator.build_tables()
    bulk.VALUES  # noqa: B018 - imported with its tables (the odds before the flop)
    # Everything loaded so far (modules, URL patterns, the evaluator's tables) lives as long as the process: out
    # of the collector's generations, the full collections that a tap's garbage sets off no longer walk it.
    gc.collect()
    gc.freeze()


def serve(*, binds: list[str], threads: int) -> None:
    """Load the app with every page, then serve until Ctrl+C or SIGTERM."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DATABASE_POOL", "1")  # on PostgreSQL: config/settings.py
    from django.core.wsgi import get_wsgi_application
    from django.db import connections
    from django.urls import get_resolver

    application = get_wsgi_application()
    get_resolver().reverse_dict  # noqa: B018 - imports every app's urls and views now, not at the first tap
    warm_up()
    connections.close_all()
    _quiet_logs()
    os.environ.setdefault("LIVE_STREAMS_PER_PROCESS", str(streams_for(threads)))
    server = build(application, binds=binds, threads=threads)

    from live.events import hub

    def stop(signum, frame) -> None:
        hub.stop()  # the streams end now, so their threads are free when waitress stops
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, stop)
    if hasattr(signal, "SIGTERM"):
        signal.signal(signal.SIGTERM, stop)
    try:
        server.run()
    finally:
        hub.stop()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m config.server", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--bind",
        action="append",
        dest="binds",
        metavar="ADDRESS",
        required=True,
        help="host:port or unix:/path (repeatable)",
    )
    parser.add_argument("--threads", type=int, default=THREADS)
    arguments = parser.parse_args(argv)
    serve(binds=arguments.binds, threads=arguments.threads)


if __name__ == "__main__":
    main()
