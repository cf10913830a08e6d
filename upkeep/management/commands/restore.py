"""``python manage.py restore FILE``: load a backup into an empty, migrated database, rebuild the caches it leaves
out, and check the result (see league/backup/ and upkeep/restore.py).

Exit status: 0 restored and checked without a finding; 1 restored, but the check found problems in the
stored rows (listed); 2 nothing restored (the message says why).
"""

import sys
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation
from django.utils.translation import gettext as _

from league import backup
from upkeep import check
from upkeep.restore import restore


class Command(BaseCommand):
    help = "Load a league backup written by `manage.py backup` into this empty database (run migrate first), rebuild its caches and check it."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="the backup file (JSON)")
        parser.add_argument(
            "--accept-unverified-file",
            action="store_true",
            help="restore a file whose signature is missing or does not match: it was changed after `backup` wrote it, "
            "comes from an older version, or was signed with another machine's key. Only for a file you know.",
        )

    def handle(self, *args, **options) -> None:
        with translation.override(settings.LANGUAGE_CODE):
            self._restore(Path(options["file"]), options["accept_unverified_file"])

    def _restore(self, path: Path, accept_unverified: bool) -> None:
        try:
            outcome = restore(path, accept_unverified=accept_unverified, progress=self._progress)
        except backup.UnverifiedBackup as error:
            raise CommandError(
                str(error)
                + " "
                + _(
                    "Nothing was restored. If you know this file and where it comes from, restore it with "
                    "--accept-unverified-file; the accounts it lets organize are listed then."
                ),
                returncode=2,
            ) from None
        except backup.BackupError as error:
            raise CommandError(str(error), returncode=2) from None
        restored = outcome.restored
        if restored.verified:
            self.stdout.write(
                _("%(count)s objects restored from %(path)s (its signature is ours: the file is as `backup` wrote it).")
                % {
                    "count": restored.count,
                    "path": path,
                }
            )
        else:
            self.stdout.write(
                self.style.WARNING(
                    _("%(count)s objects restored from %(path)s WITHOUT a valid signature (--accept-unverified-file).")
                    % {"count": restored.count, "path": path}
                )
            )
            self.stdout.write(_("Accounts that may organize (check that you know every one):"))
            for account in restored.privileged:
                template = _("%(username)s (superuser)") if account.superuser else _("%(username)s (organizer)")
                self.stdout.write("  " + template % {"username": account.username})
        rebuilt = outcome.rebuilt
        self.stdout.write(
            _("Caches rebuilt: %(snapshots)s tracker snapshots, %(figures)s tables' statistics.")
            % {
                "snapshots": rebuilt.snapshots,
                "figures": rebuilt.figures,
            }
        )
        for line in check.report_lines(outcome.report):
            self.stdout.write(line)
        if not outcome.report.ok:
            sys.exit(1)

    def _progress(self, step: str, done: int, total: int) -> None:
        if self.stderr.isatty():
            label = _("rebuilding caches") if step == "caches" else _("checking")
            self.stderr.write(f"\r{label}: {done}/{total}", ending="" if done < total else "\n")
