"""Every row of the league as the backup's objects, read in one transaction.

Read model after model in autocommit, a backup taken while tables play would hold each `Table` row (its
revision and the tracker's snapshot) as it was when the tables were read, and the `Hand` and `Action`
rows as they were a moment later: a torn table. So every model is read in one transaction: REPEATABLE READ on PostgreSQL (one snapshot for all statements), one read
transaction on SQLite (WAL: a reader keeps the database as it was at its first read and never blocks
the writers; not the IMMEDIATE transaction the app's writes begin, which would hold the write lock and
stop every tap for as long as the backup reads).
"""

from __future__ import annotations

import datetime
import json
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal

from django.apps import apps
from django.core import serializers
from django.db import connection, transaction

FORMAT = "pub-poker-league-backup"
VERSION = 2  # 2: read in one transaction, without the tracker's snapshots, signed
APPS = ("auth.group", "auth.user", "league", "tournaments", "housegames")
# Not the league's data: one-time form tokens expire, sessions and login failures are the machine's own;
# a finished table's kept statistics are a cache of its hands' replay (the restore rebuilds them).
EXCLUDED = ("league.formsubmission", "tournaments.tablefigures")
# Fields that are a cache of other rows: written as null, rebuilt by the restore. The tracker's snapshot is
# a copy of the latest hands; a file that carried it could only repeat it or, read apart from the hands, tear it.
CACHE_FIELDS = {"tournaments.table": ("tracker_snapshot",)}


def backup_models() -> list:
    chosen = []
    for label in APPS:
        if "." in label:
            chosen.append(apps.get_model(label))
        else:
            chosen.extend(apps.get_app_config(label).get_models())
    return [model for model in chosen if model._meta.label_lower not in EXCLUDED]


def _plain(value: object) -> object:
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, (Decimal, uuid.UUID)):
        return str(value)
    raise TypeError(f"cannot write {type(value).__name__} to a backup")


def league_objects() -> list[dict]:
    """Every row to back up as plain JSON values, in model and primary-key order, read in one transaction."""
    objects = []
    with one_read():
        for model in backup_models():
            objects.extend(_serialized(model))
    for obj in objects:
        for name in CACHE_FIELDS.get(obj["model"], ()):
            obj["fields"][name] = None
    objects = json.loads(json.dumps(objects, default=_plain))
    objects.sort(key=lambda obj: (obj["model"], _pk_key(obj.get("pk"))))
    return objects


def _serialized(model) -> list[dict]:
    return serializers.serialize("python", model._default_manager.order_by("pk"), use_natural_foreign_keys=True)


def _pk_key(pk: object) -> tuple[int, str]:
    return (pk, "") if isinstance(pk, int) else (0, str(pk))


def backup_text() -> str:
    """The league's rows as the backup's JSON, unsigned (tests compare whole databases with it)."""
    return canonical({"format": FORMAT, "version": VERSION, "objects": league_objects()})


def canonical(document: dict) -> str:
    """The one way a document is written: keys sorted at every level (PostgreSQL's jsonb reorders a JSON
    field's keys), so the same rows give the same bytes and a signature can be checked after reading."""
    return json.dumps(document, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


@contextmanager
def one_read() -> Iterator[None]:
    """Every query in the block reads the database as it was at one moment.

    The moment is the block's beginning. Inside a transaction already (a test, a caller's atomic block) that
    transaction is the one read.
    """
    if connection.in_atomic_block:
        yield
        return
    if connection.vendor == "postgresql":
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                cursor.execute("SELECT 1")  # the snapshot is taken now, when the backup begins
            yield
        return
    if connection.vendor != "sqlite":
        with transaction.atomic():
            yield
        return
    connection.ensure_connection()
    with connection.cursor() as cursor:  # DEFERRED: a read transaction, not the app's IMMEDIATE write lock
        cursor.execute("BEGIN DEFERRED")
        cursor.execute("SELECT COUNT(*) FROM sqlite_master")  # the first read fixes what it sees: now
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute("ROLLBACK")  # nothing was written


def league_is_empty() -> bool:
    from django.contrib.auth import get_user_model

    from league.models import Player, Season

    return not (Player.objects.exists() or Season.objects.exists() or get_user_model().objects.exists())


def update_planner_statistics() -> None:
    """PostgreSQL plans from its statistics, which still say "empty" right after many rows arrived at once (a
    restore; until autovacuum comes by): the standings' six-table join then runs as nested loops over every
    row, for minutes. ANALYZE also counts the rows of the transaction it runs in."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
