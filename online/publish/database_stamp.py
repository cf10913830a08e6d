"""A cheap sign that nothing was written to the database since the last publish: its stamp.

A republish with nothing changed used to ask every query of the last run again (15,639 of them for a league
of 3,000 players) to learn that every page reads the same rows. The database itself knows whether anything
was written since: the stamp is taken once, before a run reads anything, and kept with the run's record; when
the next run finds the same stamp, every page's queries would return the same rows, and none is asked again.
A different stamp proves nothing either way (a write to a table no page reads, a checkpoint): the pages' own
queries decide, as before.

- **SQLite**: the database file and its write-ahead log. Every committed write changes one of them (a frame
  appended to the log, a page written to the file, a checkpoint), and with it the file's size or its
  modification and change times (a log without a frame holds no row: as if there were none); a file put back from a backup is another file (inode) or has a new change
  time. File times are taken from a clock that ticks in milliseconds (seconds on some file systems): a
  stamp is only trusted when the last write is `QUIET_SECONDS` older than the stamp, so that a write just
  after the stamp cannot carry the same times.
- **PostgreSQL**: the transaction ids. Every transaction that writes a row is given the next id; a stamp is
  taken when no such transaction is running, and it is the next id to be given (64 bits, never reused) and
  the database's own id (another database restored under the same name is another one). The same next id
  later means that no transaction has written anything since; a transaction of another database of the same
  server changes it too, which only costs the check.
- Anything else (another database, an in-memory SQLite, a run inside a transaction whose writes are not
  committed): no stamp, and the pages' queries decide.
"""

from __future__ import annotations

import json
import os
import time

from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections

_WAL_HEADER = 32  # bytes of a write-ahead log before its first frame
QUIET_SECONDS = 2.0  # FAT keeps times to 2 s; ext4, XFS, btrfs and tmpfs to the kernel's tick (1-10 ms)


def stamp(alias: str = DEFAULT_DB_ALIAS) -> str | None:
    """The database's stamp now, or None when it has none this run can trust."""
    database = connections[alias]
    if database.in_atomic_block:  # writes of this connection not committed yet would not show
        return None
    try:
        if database.vendor == "sqlite":
            return _sqlite(database)
        if database.vendor == "postgresql":
            return _postgresql(database)
    except (DatabaseError, OSError, ValueError):  # a stamp that cannot be read: the pages' queries decide
        return None
    return None


def _sqlite(database) -> str | None:
    if database.is_in_memory_db():
        return None
    name = str(database.settings_dict["NAME"])
    now = time.time_ns()
    files = []
    if os.path.exists(name + "-journal"):
        return None  # a write under way (or one to roll back) in a database without a write-ahead log
    for path in (name, name + "-wal"):
        try:
            found = os.stat(path)
        except FileNotFoundError:
            found = None
        if found is None or (path != name and found.st_size <= _WAL_HEADER):
            # No log, or one without a frame: every row is in the database file. Each connection that opens
            # the database makes an empty log and the last one to close removes it, writing nothing.
            files.append(None)
            continue
        if max(found.st_mtime_ns, found.st_ctime_ns) > now - QUIET_SECONDS * 1e9:
            return None  # written a moment ago: a write just after now might carry the same times
        files.append([found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns, found.st_ctime_ns])
    return "sqlite:" + json.dumps([os.path.realpath(name), files])


def _postgresql(database) -> str | None:
    with database.cursor() as cursor:
        cursor.execute(
            "SELECT txid_current_snapshot()::text, (SELECT oid FROM pg_database WHERE datname = current_database())"
        )
        snapshot, oid = cursor.fetchone()
    xmin, xmax, running = snapshot.split(":")
    if running or xmin != xmax:
        return None  # a transaction is running: it may write after the stamp with an id given before it
    return f"postgresql:{oid}:{xmax}"
