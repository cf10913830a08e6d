"""``python manage.py restore FILE``: load a backup into an empty, migrated database (see league/backup.py)."""
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from league import backup


class Command(BaseCommand):
    help = "Load a league backup written by `manage.py backup` into this empty database (run migrate first)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="the backup file (JSON)")

    def handle(self, *args, **options) -> None:
        path = Path(options["file"])
        try:
            count = backup.restore_backup(path)
        except backup.BackupError as error:
            raise CommandError(str(error), returncode=2) from None
        backup.update_planner_statistics()
        self.stdout.write(f"{count} objects restored from {path}")
