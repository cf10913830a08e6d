"""Backup and restore: a league moves from SQLite to PostgreSQL and back to a byte-equal file.

The demo league plus a played evening (tracked hands, paper results, a correction, a deposit) and a
house-game bankroll are built in a fresh SQLite file, backed up, restored into a fresh PostgreSQL
database, and backed up again: the two files are equal, and the standings, night results and hand
replays read the same on both. Each side runs in its own `manage.py` process, as on two machines.

It needs a PostgreSQL server: it runs on CI's postgresql leg (DATABASE_URL points there) and creates
and drops a database of its own beside the test database. On a SQLite-only run it is skipped.
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]
SECRET_KEY = "backup-restore-test-" + secrets.token_urlsafe(30)

pytestmark = [
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")),
        reason="needs PostgreSQL: runs when DATABASE_URL points to a PostgreSQL server (CI's postgresql leg)",
    ),
    # It unblocks the database itself (no db fixture): CI's PostgreSQL leg selects it by this marker.
    pytest.mark.database,
    pytest.mark.subprocess,  # manage.py migrate, dumpdata and the backup commands in processes of their own
]


def _manage(database_url: str, *args: str) -> str:
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        # One league's key on both machines (not the checkout's .venue-secret-key): the restore verifies the file.
        env={**os.environ, "DATABASE_URL": database_url, "LANGUAGE_CODE": "de", "SECRET_KEY": SECRET_KEY},
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


@pytest.fixture
def empty_postgresql_database(django_db_blocker):
    """A database of its own on the suite's PostgreSQL server, dropped afterwards."""
    name = f"league_restore_{secrets.token_hex(4)}"
    base = os.environ["DATABASE_URL"].rsplit("/", 1)[0]
    with django_db_blocker.unblock():
        with connection.cursor() as cursor:
            cursor.execute("COMMIT")  # CREATE DATABASE cannot run inside a transaction
            cursor.execute(f'CREATE DATABASE "{name}"')
    yield f"{base}/{name}"
    with django_db_blocker.unblock():
        with connection.cursor() as cursor:
            cursor.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


SUMMARY = "from tests.backup_scenario import summary; print(summary())"


def test_a_league_backed_up_from_sqlite_restores_into_postgresql_and_backs_up_equal(
    tmp_path, empty_postgresql_database
):
    sqlite_url = f"sqlite:///{tmp_path / 'laptop.sqlite3'}"
    first, second = tmp_path / "first.json", tmp_path / "second.json"

    _manage(sqlite_url, "migrate", "--verbosity=0")
    _manage(sqlite_url, "shell", "-c", "from tests.backup_scenario import build; build()")
    _manage(sqlite_url, "backup", str(first))
    on_sqlite = _manage(sqlite_url, "shell", "-c", SUMMARY)

    _manage(empty_postgresql_database, "migrate", "--verbosity=0")
    _manage(empty_postgresql_database, "restore", str(first))
    _manage(empty_postgresql_database, "backup", str(second))
    on_postgresql = _manage(empty_postgresql_database, "shell", "-c", SUMMARY)

    assert first.read_bytes() == second.read_bytes()
    assert on_sqlite == on_postgresql
    for model in (
        '"tournaments.action"',
        '"tournaments.placementcorrection"',
        '"housegames.bankrollentry"',
        '"league.jackpotdeposit"',
    ):
        assert model in first.read_text(encoding="utf-8"), model
    assert '"replays": [[' in on_sqlite or '"replays": [{' in on_sqlite
