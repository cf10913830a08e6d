"""``python manage.py check_league [--repair]``: check every table, hand, cache and cash book (upkeep/check.py).

Prints what it checked and every problem found, in the league's language. Exit status: 0 nothing found
(after `--repair`: nothing left); 1 problems found (after `--repair`: problems in the stored rows, which
no command changes: they are the league's record, the lines say where to look).
`--repair` rebuilds the caches from the rows (never a row) and checks again.
"""
import sys

from django.conf import settings
from django.core.management.base import BaseCommand
from django.utils import translation
from django.utils.translation import gettext as _

from upkeep import check, repair


class Command(BaseCommand):
    help = "Check every table (actions without gaps, hands that replay, chips conserved), every cache and every cash book."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--repair", action="store_true", help="rebuild the caches from the rows (never a row), then check again")

    def handle(self, *args, repair: bool = False, **options) -> None:
        with translation.override(settings.LANGUAGE_CODE):
            report = check.check_league(progress=self._progress(_("checking")))
            for line in check.report_lines(report):
                self.stdout.write(line)
            if repair:
                report = self._repair()
            if not report.ok:
                sys.exit(1)

    def _repair(self) -> check.Report:
        rebuilt = repair.rebuild_caches(progress=self._progress(_("rebuilding caches")))
        self.stdout.write(_(
            "Rebuilt from the rows: %(snapshots)s tracker snapshots, %(figures)s tables' statistics; the kept "
            "hand-history files and screen renderings emptied (made again when asked for)."
        ) % {"snapshots": rebuilt.snapshots, "figures": rebuilt.figures})
        report = check.check_league(progress=self._progress(_("checking")))
        self.stdout.write(_("After the repair:"))
        for line in check.report_lines(report):
            self.stdout.write(line)
        return report

    def _progress(self, label: str):
        if not self.stderr.isatty():
            return None

        def show(done: int, total: int) -> None:
            self.stderr.write(f"\r{label}: {done}/{total}", ending="" if done < total else "\n")

        return show
