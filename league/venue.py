"""What `manage.py venue` needs to know about this laptop: its addresses, and the environment to serve with.

Plain functions of plain values (the addresses are passed in), so the choices
are tested without a network. Anything the organizer set in the environment
wins over what is worked out here.
"""

from __future__ import annotations

import ipaddress
import os
import secrets
import socket
import subprocess
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import psutil
from filelock import FileLock, Timeout

WILDCARD = "0.0.0.0"
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]")

# The server (config/server.py, waitress): requests are read whole before a thread takes them; a TV's or a
# phone's event stream holds a thread while it waits. REQUEST_THREADS of them stay for taps and pages (a
# stream beyond the rest is refused and that screen polls).
THREADS = 256
REQUEST_THREADS = 16


def streams_for(threads: int) -> int:
    return max(threads - REQUEST_THREADS, 0)


def server_arguments(*, binds: Sequence[str], threads: int) -> list[str]:
    """The server's command line after `python -m`."""
    return ["config.server", *(argument for bind in binds for argument in ("--bind", bind)), "--threads", str(threads)]


def lan_ipv4_addresses() -> list[str]:
    """Every IPv4 address of this machine's interfaces except loopback: private (Wi-Fi, LAN) ones first."""
    found = {
        address.address
        for addresses in psutil.net_if_addrs().values()
        for address in addresses
        if address.family == socket.AF_INET and not ipaddress.ip_address(address.address).is_loopback
    }
    return sorted(
        found,
        key=lambda a: (
            not ipaddress.ip_address(a).is_private,
            ipaddress.ip_address(a).is_link_local,
            ipaddress.ip_address(a),
        ),
    )


def host_names(hostname: str) -> list[str]:
    """The machine's name as phones may type it: `laptop` and its mDNS name `laptop.local`."""
    name = hostname.strip().rstrip(".").lower()
    if not name:
        return []
    stem = name.removesuffix(".local")
    return [stem, f"{stem}.local"]


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


@dataclass(frozen=True)
class VenuePlan:
    binds: tuple[str, ...]  # the server's --bind values, host:port
    phone_addresses: tuple[str, ...]  # what phones can open: http://address:port/
    env: dict[str, str]  # the server's environment

    @property
    def public_url(self) -> str:
        return self.env["PUBLIC_URL"]


def plan_venue(
    *,
    environ: Mapping[str, str],
    port: int,
    bind_hosts: Sequence[str],
    lan_addresses: Sequence[str],
    hostname: str,
    secret_key: str,
) -> VenuePlan:
    """Where to listen and with which settings; explicit environment variables are kept as they are."""
    wildcard = WILDCARD in bind_hosts
    served = list(lan_addresses) if wildcard else [h for h in bind_hosts if h != WILDCARD]
    phone_hosts = [h for h in served if not _is_loopback(h)]
    if wildcard and not phone_hosts:
        served = ["127.0.0.1"]
    public_host = (phone_hosts or served or ["127.0.0.1"])[0]
    env = dict(environ)

    def default(name: str, value: str) -> None:
        if not env.get(name, "").strip():
            env[name] = value

    default("PUBLIC_URL", f"http://{public_host}:{port}")
    names = host_names(hostname)
    hosts = [*LOOPBACK_HOSTS, *served, *lan_addresses, *names]
    public = env["PUBLIC_URL"].split("://", 1)[-1].split("/", 1)[0].rsplit(":", 1)[0]
    hosts.append(public)
    default("ALLOWED_HOSTS", ",".join(dict.fromkeys(h for h in hosts if h)))
    default("DEBUG", "0")  # nobody on the pub's Wi-Fi gets a traceback
    default("SECRET_KEY", secret_key)
    if env["PUBLIC_URL"].startswith("http://"):
        # Plain HTTP on the pub's own network: cookies must travel without TLS, and no HTTPS redirect.
        default("SECURE_SSL_REDIRECT", "0")
        default("SECURE_COOKIES", "0")
        default("SECURE_HSTS_SECONDS", "0")
    return VenuePlan(
        binds=tuple(f"{host}:{port}" for host in bind_hosts),
        phone_addresses=tuple(f"http://{host}:{port}/" for host in phone_hosts),
        env=env,
    )


def venue_secret_key(path: Path) -> str:
    """A secret kept beside the database (git ignores it), so sessions survive a restart."""
    if path.exists() and path.read_text().strip():
        return path.read_text().strip()
    key = secrets.token_urlsafe(50)
    # Made with mode 0600 from the start: never readable by another user, not even for a moment.
    with open(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as handle:
        handle.write(key + "\n")
    path.chmod(0o600)
    return key


@contextmanager
def one_setup_at_a_time(lock: Path, on_wait: Callable[[], None] | None = None) -> Iterator[None]:
    """Hold `lock` (a file, made if missing) for the block: one venue server's migrate and collectstatic at a time.

    Two servers started at the same moment from one checkout share its static folder; collectstatic deletes and
    rewrites the hashed files there, so the other's collectstatic found files gone mid-way (seen in CI, where
    parallel test processes each start servers). The second now waits for the first (`on_wait` is called when it
    has to, so it can say so); the lock goes with the process, even if it is killed.
    """
    held = FileLock(lock)
    try:
        held.acquire(blocking=False)
    except Timeout:
        if on_wait is not None:
            on_wait()
        held.acquire()
    try:
        yield
    finally:
        held.release()


def become_server(command: Sequence[str], env: Mapping[str, str]) -> None:
    """Run the server in place of this process: Ctrl+C and a service manager then talk to the server itself.
    Windows has no exec (its os.execve starts a new process and ends this one, which gives the console back
    while the server runs on): there the server runs as a child, and this process waits for it."""
    if os.name == "nt":
        raise SystemExit(subprocess.call(list(command), env=dict(env)))
    os.execve(command[0], list(command), dict(env))
