"""Is the app able to serve? The database answers, every migration is applied, the data folder takes a file.

For the proxy or a monitor: the answer names the three checks and whether each passed, nothing else (no
path, no error text, no version)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from django.conf import settings
from django.db import DatabaseError, connection
from django.db.migrations.executor import MigrationExecutor


def database_answers() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            return cursor.fetchone() == (1,)
    except DatabaseError:
        return False


def migrations_applied() -> bool:
    try:
        executor = MigrationExecutor(connection)
        return not executor.migration_plan(executor.loader.graph.leaf_nodes())
    except DatabaseError:
        return False


def data_folder_writable() -> bool:
    try:
        with tempfile.NamedTemporaryFile(dir=Path(settings.DATA_DIR), prefix=".health-"):
            return True
    except OSError:
        return False


def health() -> dict[str, bool]:
    database = database_answers()
    return {
        "database": database,
        "migrations": database and migrations_applied(),
        "data_folder": data_folder_writable(),
    }
