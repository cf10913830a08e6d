"""``python manage.py backup FILE``: the whole league in one signed JSON file (see league/backup/)."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation
from django.utils.translation import gettext as _

from league import backup
from league.backup import signature


class Command(BaseCommand):
    help = "Write the whole league (players, seasons, nights, money, tables, hands, results, house games, accounts) to FILE."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "file",
            help="where to write the backup (JSON); an existing file is replaced only once the new one is complete",
        )

    def handle(self, *args, **options) -> None:
        with translation.override(settings.LANGUAGE_CODE):
            path = Path(options["file"])
            try:
                count = backup.write_backup(path)
            except OSError as error:
                raise CommandError(
                    _("Cannot write %(path)s: %(error)s") % {"path": path, "error": error.strerror or error},
                    returncode=2,
                ) from None
            self.stdout.write(_("%(count)s objects written to %(path)s.") % {"count": count, "path": path})
            if signature.uses_venue_key():
                self.stdout.write(
                    _(
                        "Signed with the venue's key in %(file)s: to restore on another machine, take that file along "
                        "(or restore with --accept-unverified-file)."
                    )
                    % {"file": signature.venue_secret_file()}
                )
            else:
                self.stdout.write(
                    _("Signed with this installation's SECRET_KEY: another machine verifies it with the same key.")
                )
