"""The whole league in one JSON file, and back: players, seasons, nights, entries, money, tables,
hands, actions, placements, corrections, house games, organizer accounts.

Built on Django's serializers (the python serializer out, loaddata in), so every model of the three
apps is included without a list to keep up to date. Times keep their microseconds (dumpdata's JSON
would cut them to milliseconds, and a restored league would then differ). The file is deterministic: objects in model and primary-key
order, keys sorted at every level (PostgreSQL's jsonb would otherwise reorder a JSON field's keys),
so two backups of the same data are byte-equal, whether taken from SQLite or PostgreSQL.
Primary keys are kept, so links printed on paper (/players/12/) still work after a move.
"""
from __future__ import annotations

import datetime
import json
import tempfile
import uuid
from decimal import Decimal
from pathlib import Path

from django.apps import apps
from django.core import serializers
from django.core.management import call_command
from django.db import connection, transaction

FORMAT = "pub-poker-league-backup"
VERSION = 1
APPS = ("auth.group", "auth.user", "league", "tournaments", "housegames")
# Not the league's data: one-time form tokens expire, sessions and login failures are the machine's own;
# a finished table's kept statistics are a cache of its hands' replay, refilled on view (or by
# `manage.py keep_table_figures` after a restore), and the pages fill them on a GET.
EXCLUDED = ("league.formsubmission", "tournaments.tablefigures")
MAX_BYTES = 2_000_000_000


class BackupError(Exception):
    """The file cannot be restored here; the message says why."""


def _models() -> list:
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


def backup_text() -> str:
    """The backup file's text."""
    objects = []
    for model in _models():
        rows = model._default_manager.order_by("pk")
        objects.extend(serializers.serialize("python", rows, use_natural_foreign_keys=True))
    objects = json.loads(json.dumps(objects, default=_plain))
    objects.sort(key=lambda obj: (obj["model"], _pk_key(obj.get("pk"))))
    document = {"format": FORMAT, "version": VERSION, "objects": objects}
    return json.dumps(document, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def _pk_key(pk: object) -> tuple[int, str]:
    return (pk, "") if isinstance(pk, int) else (0, str(pk))


def write_backup(path: Path) -> int:
    """Write the backup to `path`; the number of objects written."""
    text = backup_text()
    path.write_text(text, encoding="utf-8")
    return len(json.loads(text)["objects"])


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


@transaction.atomic
def restore_backup(path: Path) -> int:
    """Load a backup into this (migrated, empty) database, all or nothing; the number of objects loaded."""
    try:
        if path.stat().st_size > MAX_BYTES:
            raise BackupError(f"{path} is larger than {MAX_BYTES} bytes")
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
        raise BackupError(f"cannot read {path}: {error}") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BackupError(f"{path} is not a league backup")
    if document.get("version") != VERSION:
        raise BackupError(f"{path} is a backup of version {document.get('version')!r}; this program reads version {VERSION}")
    if not league_is_empty():
        raise BackupError("this database already holds a league: restore only into an empty one (migrate a new database first)")
    objects = document.get("objects")
    if not isinstance(objects, list):
        raise BackupError(f"{path} has no list of objects")
    with tempfile.TemporaryDirectory() as folder:
        fixture = Path(folder) / "league-backup.json"
        fixture.write_text(json.dumps(objects, ensure_ascii=False), encoding="utf-8")
        try:
            call_command("loaddata", str(fixture), verbosity=0)
        except Exception as error:  # a damaged file: nothing is kept (atomic), one line says why
            raise BackupError(f"cannot restore {path}: {' '.join(str(error).split())[:300]}") from None
    return len(objects)
