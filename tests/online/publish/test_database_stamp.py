"""The database's stamp: any committed write to any table changes it, and it is not given when it cannot be
trusted (a write a moment ago, a transaction not committed).

Transactional tests: the writes are committed, as an organizer's are before a publish reads them.
"""

from __future__ import annotations

import sqlite3
import time

import pytest
from django.db import connection, transaction

from online.publish import database_stamp
from tests.evening import build_evening

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.database]


@pytest.fixture
def no_quiet_time(monkeypatch):
    """A stamp right after a write: these tests look at what a write changes, not at the wait before trusting."""
    monkeypatch.setattr(database_stamp, "QUIET_SECONDS", 0)


def _tables_with_rows() -> list[tuple[str, str]]:
    """Every table of the database with a row in it, and a column of it."""
    found = []
    with connection.cursor() as cursor:
        for table in connection.introspection.table_names(cursor):
            columns = connection.introspection.get_table_description(cursor, table)
            quoted = connection.ops.quote_name(table)
            cursor.execute(f"SELECT 1 FROM {quoted} LIMIT 1")
            if cursor.fetchone():
                found.append((table, columns[0].name))
    return found


def _stamp_when_quiet() -> str | None:
    """The stamp once no transaction of the server is running. PostgreSQL's transaction ids are the whole
    server's: while the suite's other worker writes to its own database, the stamp is rightly not given."""
    for _ in range(200):
        found = database_stamp.stamp()
        if found is not None or connection.vendor != "postgresql":
            return found
        time.sleep(0.05)
    return None


def _skip_unless_the_database_gives_stamps() -> None:
    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        pytest.skip("an in-memory SQLite database has no stamp (each publish then asks the pages' queries)")


def test_a_write_to_any_table_changes_the_stamp(organizer, no_quiet_time):
    _skip_unless_the_database_gives_stamps()
    build_evening(organizer)
    tables = _tables_with_rows()
    assert len(tables) > 10  # players, nights, tables, seats, placements, entries, the season's ...
    for table, column in tables:
        before = _stamp_when_quiet()
        assert before is not None
        quoted, name = connection.ops.quote_name(table), connection.ops.quote_name(column)
        with transaction.atomic(), connection.cursor() as cursor:
            # The row written as it was: even a write that changes no value must change the stamp.
            cursor.execute(f"UPDATE {quoted} SET {name} = {name} WHERE {name} = (SELECT MIN({name}) FROM {quoted})")
        assert database_stamp.stamp() != before, table


def test_the_stamp_stays_while_nothing_is_written(organizer, no_quiet_time):
    _skip_unless_the_database_gives_stamps()
    build_evening(organizer)
    # On PostgreSQL another database's write (the suite's other worker) moves the stamp too, which only costs a
    # republish its check: it must stay at least once in a few tries while nothing is written here.
    kept = []
    for _ in range(20):
        first = _stamp_when_quiet()
        with connection.cursor() as cursor:
            cursor.execute("SELECT COUNT(*) FROM league_player")
        kept.append(first is not None and database_stamp.stamp() == first)
        if kept[-1] or connection.vendor != "postgresql":
            break
    assert kept[-1]


def test_no_stamp_inside_a_transaction(organizer, no_quiet_time):
    build_evening(organizer)
    with transaction.atomic():
        assert database_stamp.stamp() is None


def test_no_stamp_right_after_a_write_on_sqlite(organizer):
    if connection.vendor != "sqlite":
        pytest.skip("the quiet time is about file times")
    build_evening(organizer)  # written a moment ago: a write just after the stamp could carry the same times
    assert database_stamp.stamp() is None


def test_a_connection_opening_and_closing_the_database_leaves_the_stamp(organizer, no_quiet_time):
    _skip_unless_the_database_gives_stamps()
    if connection.vendor != "sqlite":
        pytest.skip("about SQLite's write-ahead log")
    build_evening(organizer)
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # every row in the file, the log empty
    first = database_stamp.stamp()
    other = sqlite3.connect(connection.settings_dict["NAME"])  # another process's connection, reading
    other.execute("SELECT COUNT(*) FROM league_player").fetchall()
    other.close()
    assert first is not None and database_stamp.stamp() == first
