"""A throwaway PostgreSQL cluster for a benchmark: initdb into a temporary folder, a free port on 127.0.0.1.

Durability is off (fsync, synchronous commit, full-page writes): the data lives for one run. As root the
server runs as the `postgres` user (PostgreSQL refuses root), like .ci/run does.
"""

from __future__ import annotations

import glob
import os
import re
import secrets
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.benchmarks.support.phone_client import free_port


def postgresql_bin() -> Path:
    """The newest installed server's binaries (/usr/lib/postgresql/<version>/bin)."""
    found = [Path(p) for p in glob.glob("/usr/lib/postgresql/*/bin") if Path(p, "initdb").exists()]
    if not found:
        raise RuntimeError(
            "No PostgreSQL server found under /usr/lib/postgresql/*/bin (Debian: apt-get install postgresql)"
        )
    return max(found, key=lambda p: [int(n) for n in re.findall(r"\d+", p.parent.name)] or [0])


@dataclass(frozen=True)
class Cluster:
    url: str
    data: Path
    version: str

    def postmaster_pid(self) -> int:
        return int((self.data / "postmaster.pid").read_text().split()[0])


@contextmanager
def throwaway_cluster(*, max_connections: int = 200) -> Iterator[Cluster]:
    binaries = postgresql_bin()
    as_root = os.geteuid() == 0
    wrap = ["runuser", "-u", "postgres", "--"] if as_root else []
    folder = Path(tempfile.mkdtemp(prefix="league-load-pg-"))
    password = secrets.token_urlsafe(18)
    try:
        try:
            cluster = _start(binaries, wrap, as_root, folder, password, max_connections)
        except subprocess.CalledProcessError as error:
            log = folder / "server.log"
            details = log.read_text(errors="replace") if log.exists() else ""
            raise RuntimeError(f"PostgreSQL: {' '.join(error.cmd[:3])} failed:\n{error.stderr}\n{details}") from error
        yield cluster
    finally:
        if (folder / "data" / "postmaster.pid").exists():  # started, even if a later step failed
            subprocess.run(
                [*wrap, str(binaries / "pg_ctl"), "-D", str(folder / "data"), "-m", "fast", "-w", "stop"],
                cwd="/",
                capture_output=True,
            )
        shutil.rmtree(folder, ignore_errors=True)


def _start(
    binaries: Path, wrap: list[str], as_root: bool, folder: Path, password: str, max_connections: int
) -> Cluster:
    data, socket_dir, log = folder / "data", folder / "socket", folder / "server.log"
    socket_dir.mkdir()
    (folder / "password").write_text(password + "\n")
    if as_root:
        for path in (folder, socket_dir, folder / "password"):
            shutil.chown(path, "postgres", "postgres")
    run = dict(cwd="/", check=True, capture_output=True, text=True)
    subprocess.run(
        [
            *wrap,
            str(binaries / "initdb"),
            "-D",
            str(data),
            "-U",
            "postgres",
            "--auth-local=trust",
            "--auth-host=scram-sha-256",
            f"--pwfile={folder / 'password'}",
            "--encoding=UTF8",
            "--locale=C.UTF-8",
            "--no-sync",
        ],
        **run,
    )
    port = free_port("127.0.0.1")
    options = (
        f"-p {port} -k {socket_dir} -c listen_addresses=127.0.0.1 -c max_connections={max_connections} "
        "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    )
    subprocess.run(
        [*wrap, str(binaries / "pg_ctl"), "-D", str(data), "-l", str(log), "-w", "-t", "60", "-o", options, "start"],
        **run,
    )
    subprocess.run(
        [
            str(binaries / "psql"),
            "-h",
            str(socket_dir),
            "-p",
            str(port),
            "-U",
            "postgres",
            "-d",
            "postgres",
            "-v",
            "ON_ERROR_STOP=1",
            "-q",
            "-c",
            "CREATE DATABASE league",
        ],
        **run,
    )
    version = subprocess.run([str(binaries / "postgres"), "--version"], **run).stdout.strip()
    return Cluster(url=f"postgres://postgres:{password}@127.0.0.1:{port}/league", data=data, version=version)
