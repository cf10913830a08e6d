"""A backup's rows into an empty, migrated database: checked first, then all of them or none.

What `loaddata` does, on the rows already read and checked: each saved as it comes (the file lists the
accounts first, so a row that names its organizer by username finds him), the constraints checked at
the end, the id sequences moved past the restored ids. The caches the file leaves out are the upkeep
app's to rebuild (`manage.py restore`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from django.core import serializers
from django.core.management.color import no_style
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.utils.translation import gettext as _

from league.backup.dump import league_is_empty
from league.backup.errors import BackupError, UnverifiedBackup
from league.backup.files import Backup, read_backup
from league.backup.rows import Account, privileged_accounts, row_problems


@dataclass
class Restored:
    """What was restored: the number of rows, whether the file was ours unchanged, and who may organize."""

    count: int
    verified: bool
    privileged: list[Account] = field(default_factory=list)


def unverified_message(backup: Backup) -> str:
    if backup.signature == "missing":
        return _(
            "%(path)s carries no signature (a backup of an older version, or the signature was removed), so nobody "
            "can tell whether it was changed after it was written."
        ) % {"path": backup.path}
    return _(
        "The signature of %(path)s does not match: the file was changed after `backup` wrote it, or it was signed "
        "with another secret key (another machine's SECRET_KEY or .venue-secret-key)."
    ) % {"path": backup.path}


def restore_backup(path: Path, *, accept_unverified: bool = False) -> Restored:
    """Load a backup into this (migrated, empty) database, all or nothing.

    A file whose signature is missing or wrong is refused unless `accept_unverified` (the organizer's
    `--accept-unverified-file`); every row is checked either way.
    """
    backup = read_backup(path)
    if not backup.verified and not accept_unverified:
        raise UnverifiedBackup(unverified_message(backup))
    problems = row_problems(backup.objects)
    if problems:
        raise BackupError(
            _("%(path)s holds rows the league's forms would refuse; nothing was restored:") % {"path": path}
            + "".join(f"\n  {problem}" for problem in problems)
        )
    load_rows(backup.objects)
    return Restored(count=len(backup.objects), verified=backup.verified, privileged=privileged_accounts(backup.objects))


@transaction.atomic
def load_rows(objects: list[dict]) -> None:
    if not league_is_empty():
        raise BackupError(
            _("This database already holds a league: restore only into an empty one (migrate a new database first).")
        )
    models, deferred = set(), []
    try:
        with connection.constraint_checks_disabled():
            for row in serializers.deserialize("python", objects, handle_forward_references=True):
                row.save()
                models.add(type(row.object))
                if row.deferred_fields:
                    deferred.append(row)
            for row in deferred:
                row.save_deferred_fields()
        connection.check_constraints(table_names=[model._meta.db_table for model in models])
    except (DatabaseError, IntegrityError, ValueError, serializers.base.DeserializationError) as error:
        raise BackupError(
            _("Cannot restore the file: %(error)s") % {"error": " ".join(str(error).split())[:300]}
        ) from None
    with connection.cursor() as cursor:
        for statement in connection.ops.sequence_reset_sql(no_style(), list(models)):
            cursor.execute(statement)
