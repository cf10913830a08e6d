"""Has anything been written to the database? A mark that moves with every commit, far cheaper than any version.

The live screens' watcher (`tournaments/live_events.py`) looks at it a few
times a second and reads the versions (`tournaments/live.py`) only when it
moved, so idle screens cost one trivial query per tick.

- SQLite: `PRAGMA data_version`, which moves when another connection
  committed. It is this connection's count, so the connection is part of the
  mark. (Not the WAL-index header in the `-shm` file, though it could be read
  without a query: closing any file descriptor of that file drops every POSIX
  lock this process holds on it, SQLite's included; https://sqlite.org/howtocorrupt.html
  section 2.2. With it, a benchmark run here had two taps at one table write
  the same action number.)
- PostgreSQL: the WAL insert position; any write in the cluster moves it, so
  at worst the versions are read once too often.
"""
from __future__ import annotations

import os

from django.db import connection

__all__ = ["write_mark"]


def write_mark() -> str | None:
    """The current mark; None where there is none (then read the versions every time)."""
    if connection.vendor == "sqlite":
        sql = "PRAGMA data_version"
    elif connection.vendor == "postgresql":
        sql = "SELECT pg_current_wal_insert_lsn()::text"
    else:
        return None
    with connection.cursor() as cursor:
        cursor.execute(sql)
        value = cursor.fetchone()[0]
    # SQLite counts per connection: a new connection starts a new count (and must not look unchanged).
    return f"{os.getpid()}-{id(connection.connection)}-{value}" if connection.vendor == "sqlite" else str(value)
