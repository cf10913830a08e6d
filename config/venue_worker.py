"""The venue server's worker: gunicorn's gthread worker with a cap on connections per client address.

A gthread worker gives a connection a thread from its first byte to the end of its request; a client that
sends its header one line every few seconds holds that thread as long as it likes. 200 such connections
from one script took every thread, and the dealers' taps waited in vain (issue 32). So each worker keeps at
most CONNECTIONS_PER_CLIENT connections of one client address open (keep-alive, streams, requests under way)
and closes any further one at once; with the streams' own cap per client (live/events.py) one client can
never take the threads the other phones need. A phone's browser opens at most six connections to a server,
and the workers share them. The proxies named in TRUSTED_PROXIES carry everyone's connections: no cap there
(the proxy limits its clients itself).
"""
from __future__ import annotations

import errno
import ipaddress
import os
import threading
from collections import Counter

from gunicorn.workers.gthread import TConn, ThreadWorker

CONNECTIONS_PER_CLIENT = 16


def connections_per_client() -> int:
    value = os.environ.get("VENUE_CONNECTIONS_PER_CLIENT", "").strip()
    return int(value) if value.isascii() and value.isdigit() else CONNECTIONS_PER_CLIENT


def _is_trusted_proxy(address: str) -> bool:
    from django.conf import settings

    from league.web.client_address import trusted_networks

    networks = trusted_networks(tuple(getattr(settings, "TRUSTED_PROXIES", ())))
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in networks)


class _CountedConn(TConn):
    """A connection that gives back its client's place when it is closed, whichever path closes it."""

    def __init__(self, *args, release) -> None:
        super().__init__(*args)
        self._release = release

    def close(self, graceful: bool = False) -> None:
        try:
            super().close(graceful)
        finally:
            release, self._release = self._release, None
            if release is not None:
                release()


class VenueWorker(ThreadWorker):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._per_client: Counter[str] = Counter()
        self._per_client_lock = threading.Lock()
        self._cap = connections_per_client()

    def _release(self, client: str) -> None:
        with self._per_client_lock:
            self._per_client[client] -= 1
            if self._per_client[client] <= 0:
                del self._per_client[client]

    def accept(self, listener) -> None:
        try:
            client_sock, client_addr = listener.accept()
        except OSError as e:
            if e.errno not in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                raise
            return
        client = client_addr[0] if isinstance(client_addr, tuple) else ""
        if client and not _is_trusted_proxy(client):
            with self._per_client_lock:
                full = self._per_client[client] >= self._cap
                if not full:
                    self._per_client[client] += 1
            if full:
                client_sock.close()  # the client has its share of this worker already
                return
            release = lambda: self._release(client)  # noqa: E731
        else:
            release = None
        self.nr_conns += 1
        client_sock.setblocking(True)
        self.enqueue_req(_CountedConn(self.cfg, client_sock, client_addr, listener.getsockname(), release=release))
