"""``python manage.py backup FILE``: the whole league in one JSON file (see league/backup.py)."""
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from league import backup


class Command(BaseCommand):
    help = "Write the whole league (players, seasons, nights, money, tables, hands, results, house games, accounts) to FILE."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="where to write the backup (JSON)")

    def handle(self, *args, **options) -> None:
        path = Path(options["file"])
        try:
            count = backup.write_backup(path)
        except OSError as error:
            raise CommandError(f"cannot write {path}: {error.strerror or error}", returncode=2) from None
        self.stdout.write(f"{count} objects written to {path}")
