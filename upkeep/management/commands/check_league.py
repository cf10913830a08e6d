"""``python manage.py check_league [--repair] [--quick]``: check every table, hand, cache and cash book (upkeep/check.py).

Prints what it checked and every problem found, in the league's language. Exit status: 0 nothing found
(after `--repair`: nothing left); 1 problems found (after `--repair`: problems in the stored rows, which
no command changes: they are the league's record, the lines say where to look).
`--repair` rebuilds the caches from the rows (never a row) and checks again; when the check found nothing it
only says what it brought up to date, if anything (no repair words on a healthy league). `--quick` checks only the nights
not finished yet and the cash book (the venue's start: the whole history is replayed by the full check).
"""

import sys

from django.conf import settings
from django.core.management.base import BaseCommand
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from upkeep import check, repair


class Command(BaseCommand):
    help = (
        "Check every table (actions without gaps, hands that replay, chips conserved), every cache and every cash book."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--repair", action="store_true", help="rebuild the caches from the rows (never a row), then check again"
        )
        parser.add_argument(
            "--quick",
            action="store_true",
            help="only the nights not finished yet (every table and hand of them) and the cash book: what the venue's start runs",
        )

    def handle(self, *args, repair: bool = False, quick: bool = False, **options) -> None:
        with translation.override(settings.LANGUAGE_CODE):
            report = check.check_league(progress=self._progress(_("checking")), quick=quick)
            for line in check.report_lines(report):
                self.stdout.write(line)
            if repair:
                report = self._repair(report, quick=quick)
            if not report.ok:
                sys.exit(1)

    def _repair(self, found: check.Report, *, quick: bool) -> check.Report:
        rebuilt = repair.rebuild_caches(
            check.tables_in_scope(quick=quick),
            figures_to_keep=found.figures_to_keep,
            progress=self._progress(_("rebuilding caches")),
        )
        if found.ok and not rebuilt.failed:
            # Nothing was wrong (the venue's every start): what was written anew only brought a cache up to date
            # (a snapshot of an earlier revision, the statistics of a new version). No repair to speak of.
            if rebuilt.snapshots or rebuilt.figures:
                self.stdout.write(
                    _("Brought up to date from the rows: %(snapshots)s, %(figures)s.")
                    % {
                        "snapshots": ngettext("%(n)s tracker snapshot", "%(n)s tracker snapshots", rebuilt.snapshots)
                        % {"n": rebuilt.snapshots},
                        "figures": ngettext("%(n)s table's statistics", "%(n)s tables' statistics", rebuilt.figures)
                        % {"n": rebuilt.figures},
                    }
                )
            return found
        self.stdout.write(
            _(
                "Rebuilt from the rows: %(snapshots)s tracker snapshots, %(figures)s tables' statistics; the kept "
                "hand-history files and screen renderings emptied (made again when asked for)."
            )
            % {"snapshots": rebuilt.snapshots, "figures": rebuilt.figures}
        )
        report = check.check_league(progress=self._progress(_("checking")), quick=quick)
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
