"""Has anything been written to the database? A mark that moves with every commit, far cheaper than any version.

The live screens' watcher (`tournaments/live_events.py`) looks at it a few
times a second and reads the versions (`tournaments/live.py`) only when it
moved, so idle screens cost almost nothing. Where the mark means the same in
every process of the machine (`Mark.shared`), the first process to see a new
mark reads the versions and the others read its copy (`live_cache`): a tap is
read once per machine, not once per worker.

- SQLite in WAL mode (the venue): the WAL-index header in the `-shm` file,
  read like any file, no query. Its change counter moves with every
  transaction, its frame count and salts with every checkpoint that restarts
  the WAL (https://sqlite.org/walformat.html, "The WAL-Index Header").
- SQLite without that file: `PRAGMA data_version`, which moves when another
  connection committed; it is this connection's count, so not shared.
- PostgreSQL: the WAL insert position; any write in the cluster moves it, so
  at worst the versions are read once too often.
"""
from __future__ import annotations

import os
import struct
from typing import NamedTuple

from django.db import connection

__all__ = ["Mark", "write_mark"]

_SHM_HEADER = struct.Struct("=IIIBBHIIIIIIII")  # iVersion, unused, iChange, isInit, bigEndCksum, szPage, mxFrame, nPage, cksums, salts, cksums


class Mark(NamedTuple):
    value: str
    shared: bool  # the same in every process of this machine: it may name a shared reading


def write_mark() -> Mark | None:
    """The current mark; None where there is none (then read the versions every time)."""
    if connection.vendor == "sqlite":
        return _sqlite_shm() or _query("PRAGMA data_version", shared=False)
    if connection.vendor == "postgresql":
        return _query("SELECT pg_current_wal_insert_lsn()::text", shared=True)
    return None


def _sqlite_shm() -> Mark | None:
    try:
        with open(f"{connection.settings_dict['NAME']}-shm", "rb") as shm:
            header = shm.read(_SHM_HEADER.size)
    except OSError:  # not in WAL mode, or no connection has the file open yet
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
