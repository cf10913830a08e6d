"""Has anything been written to the database? A mark that moves with every commit, far cheaper than any version.

The live screens' watcher (`live/events.py`) looks at it a few
times a second and reads the versions (`live/versions.py`) only when it
moved, so idle screens cost almost nothing. Where the mark means the same in
every process of the machine (`Mark.shared`), the first process to see a new
mark reads the versions and the others read its copy (`live.cache`): a tap is
read once per machine, not once per worker.

- SQLite in WAL mode (the venue): the WAL-index header at the start of the
  `-shm` file, read like any file, no query. Its change counter moves with
  every commit, its frame count and salts with a checkpoint that restarts the
  WAL (https://sqlite.org/walformat.html, "The WAL-Index Header").
  The file stays open for the life of the process: closing any descriptor of
  it would drop every POSIX lock this process holds on it, SQLite's own
  included (https://sqlite.org/howtocorrupt.html, section 2.2). Opened and
  closed at each look, it once let two taps at a table write the same action
  number. Only a file SQLite has deleted (nobody uses it any more) is closed.
- SQLite without that file: `PRAGMA data_version`, which moves when another
  connection committed; a count of this connection's, so not shared.
- PostgreSQL: the current snapshot (`xmin:xmax:in-progress ids`). It moves
  when a writing transaction starts or becomes visible, so a write is never
  missed: the WAL insert position, used before, moves when the commit record
  is written, a moment before the commit is visible, and a watcher that read
  the versions in that moment stood still until its safety net (seen once in
  a test, with two test processes on one cluster). Any write in the cluster
  moves it, so at worst the versions are read once too often.
"""

from __future__ import annotations

import os
import struct
import threading
from typing import NamedTuple

from django.db import connection

__all__ = ["Mark", "write_mark"]

# iVersion, unused, iChange, isInit, bigEndCksum, szPage, mxFrame, nPage, aFrameCksum[2], aSalt[2], aCksum[2]
_SHM_HEADER = struct.Struct("=IIIBBHIIIIIIII")

_open_shm: dict[str, int] = {}  # path -> descriptor, never closed while SQLite may lock the file
_open_shm_lock = threading.Lock()


class Mark(NamedTuple):
    value: str
    shared: bool  # the same in every process of this machine: it may name a shared reading


def write_mark() -> Mark | None:
    """The current mark; None where there is none (then read the versions every time)."""
    if connection.vendor == "sqlite":
        return _sqlite_shm(f"{connection.settings_dict['NAME']}-shm") or _query("PRAGMA data_version", shared=False)
    if connection.vendor == "postgresql":
        return _query("SELECT pg_current_snapshot()::text", shared=True)
    return None


def _sqlite_shm(path: str) -> Mark | None:
    with _open_shm_lock:
        try:
            fd = _open_shm.get(path)
            if fd is not None and os.fstat(fd).st_nlink == 0:
                os.close(fd)  # SQLite deleted it (the last connection closed): nobody locks it any more
                del _open_shm[path]
                fd = None
            if fd is None:
                fd = _open_shm[path] = os.open(path, os.O_RDONLY)
            header = os.pread(fd, _SHM_HEADER.size, 0)
        except OSError:  # not in WAL mode, or no connection has made the file yet
            return None
    if len(header) < _SHM_HEADER.size:
        return None
    fields = _SHM_HEADER.unpack(header)
    change, frames, salts = fields[2], fields[6], fields[10:12]
    return Mark(f"shm-{change}-{frames}-{salts[0]}-{salts[1]}", shared=True)


def _query(sql: str, *, shared: bool) -> Mark:
    with connection.cursor() as cursor:
        cursor.execute(sql)
        value = cursor.fetchone()[0]
    if not shared:  # a count of this connection's: a new connection starts a new count
        return Mark(f"{os.getpid()}-{id(connection.connection)}-{value}", shared=False)
    return Mark(str(value), shared=True)
