"""The league checked: every table's play, every cache that stands for rows, every cash book.

What is checked, and how each cache is proven (docs/operations.md lists the same for the organizer):

- The rows of the night's play (tournaments/tracker/audit.py): hand numbers and action indexes without
  gaps, every hand replays, chips conserved, a table's status fits its hands and places.
- The tracker's snapshot in each table row: compared with a snapshot made from the rows now. (The tracker
  itself trusts it only while its proof matches the rows: tournaments/tracker/services/reading.py.)
- A finished table's kept figures (`TableFigures`): a row counts while the table's revision and the figures'
  version are the ones it was made at; each such row is compared with a fresh replay.
- The kept hand-history documents (the `hand_stats` file cache): kept under the database, the table, the
  moment it finished and what the documents print besides the hands; each kept one is compared with its
  hands made into documents again.
- The season's tables and awards (`results/kept/season_cache.py`) are kept in each server process's memory under
  a key one query computes from every row they are made of: a changed row is a new key. Nothing to
  compare from here (this process has its own memory), nothing that can disagree.
- The live screens' renderings (`live/cache.py`): kept under the versions of `live/versions.py`, computed
  from the rows (and the database's name) at every look; on disk for ten minutes. Like the season's
  tables, proven by their key; `--repair` and a restore empty them anyway.
- The cash book (league/cashbook/audit.py): both ways of adding it up agree, reversals reverse, fee and
  refund lines agree with their entries, each night's count adds up with its difference line and with the
  book at that moment.
- Each season's own points formula on its real nights (results/standings.py): a placement it gives no
  points for (a formula stored under older rules, a division by zero the check could not see) is named by
  night, table and place; it counts 0 until the formula is changed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.cashbook import audit as cash_audit
from league.models import NightStatus, PointsScheme, Season
from league.web.rule_errors import formula_failure_message
from results import standings as season_table
from tournaments.hands import exports, figures
from tournaments.models import Table, TableStatus
from tournaments.tracker import audit as table_audit


@dataclass(frozen=True)
class Finding:
    where: str
    text: str
    cache: bool = False  # only a cache disagrees with the rows: `--repair` rebuilds it
    figures_of: int | None = None  # the table whose kept figures disagree


@dataclass
class Report:
    tables: table_audit.Counts = field(default_factory=table_audit.Counts)
    cash: cash_audit.Counts = field(default_factory=cash_audit.Counts)
    findings: list[Finding] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.findings

    @property
    def in_rows(self) -> list[Finding]:
        return [f for f in self.findings if not f.cache]

    @property
    def in_caches(self) -> list[Finding]:
        return [f for f in self.findings if f.cache]

    @property
    def figures_to_keep(self) -> list[int]:
        return [f.figures_of for f in self.findings if f.figures_of is not None]


def tables_in_scope(*, quick: bool) -> list[int]:
    """Every table; `quick`: the tables of the nights not finished yet (what can still be played or undone)."""
    tables = Table.objects.order_by("pk")
    if quick:
        tables = tables.exclude(night__status=NightStatus.FINISHED)
    return list(tables.values_list("pk", flat=True))


def check_league(progress: Callable[[int, int], None] | None = None, *, quick: bool = False) -> Report:
    """Every check above, read-only. `quick` (the venue's start): the tables of the nights not finished yet,
    every hand of them, and the cash book; the finished nights' hands and kept figures and documents are
    checked by the full check (and by every restore), which replays the league's whole history."""
    report = Report()
    table_ids = tables_in_scope(quick=quick)
    for finding in table_audit.audit_tables(table_ids, report.tables, progress):
        report.findings.append(Finding(finding.table, finding.text, finding.cache))
    if not quick:
        _kept_caches(report)
    for finding in cash_audit.audit_cash_book(report.cash):
        report.findings.append(Finding(finding.where, finding.text))
    _formulas(report)
    return report


def _formulas(report: Report) -> None:
    for season in Season.objects.filter(points_scheme=PointsScheme.FORMULA).order_by("start_date", "pk"):
        for failure in season_table.formula_failures(season):
            report.findings.append(
                Finding(
                    _("%(season)s, the points formula") % {"season": season.name},
                    formula_failure_message(failure),
                )
            )


def _kept_caches(report: Report) -> None:
    labels = _table_labels()
    finished = [pk for pk, (status, _label) in labels.items() if status == TableStatus.FINISHED]
    for table_id in figures.kept_figures_disagreements(finished):
        report.findings.append(
            Finding(
                labels[table_id][1],
                _("The table's kept statistics differ from the replay of its hands."),
                cache=True,
                figures_of=table_id,
            )
        )
    rows = list(Table.objects.filter(pk__in=finished).order_by("pk").values_list(*exports.TABLE_FIELDS))
    for table_id, fmt in exports.kept_documents_disagreements(rows):
        report.findings.append(
            Finding(
                labels[table_id][1],
                _("The kept hand-history file (%(format)s) differs from the table's hands.") % {"format": fmt.upper()},
                cache=True,
            )
        )


def _table_labels() -> dict[int, tuple[str, str]]:
    from django.utils import formats

    return {
        pk: (
            status,
            _("Table %(number)s, %(date)s")
            % {"number": number, "date": formats.date_format(date, "SHORT_DATE_FORMAT")},
        )
        for pk, status, number, date in Table.objects.values_list("pk", "status", "number", "night__date")
    }


def report_lines(report: Report) -> list[str]:
    """The report as the organizer reads it, in the active language."""
    t, c = report.tables, report.cash
    lines = [
        _("Checked: %(tables)s, %(hands)s, %(actions)s; the cash book: %(lines)s, %(counts)s.")
        % {
            "tables": ngettext("%(n)s table", "%(n)s tables", t.tables) % {"n": t.tables},
            "hands": ngettext("%(n)s hand", "%(n)s hands", t.hands) % {"n": t.hands},
            "actions": ngettext("%(n)s action", "%(n)s actions", t.actions) % {"n": t.actions},
            "lines": ngettext("%(n)s line", "%(n)s lines", c.lines) % {"n": c.lines},
            "counts": ngettext("%(n)s night's count", "%(n)s nights' counts", c.counts) % {"n": c.counts},
        }
    ]
    if report.ok:
        lines.append(
            _(
                "Everything in order: actions without gaps, every hand replays, chips conserved, every cache agrees "
                "with its rows, the cash book balances."
            )
        )
        return lines
    for finding in report.findings:
        suffix = " " + _("(a cache: `check_league --repair` rebuilds it)") if finding.cache else ""
        lines.append(f"  {finding.where}: {finding.text}{suffix}")
    lines.append(
        ngettext(
            "%(n)s problem found: %(caches)s in caches, %(rows)s in the stored rows.",
            "%(n)s problems found: %(caches)s in caches, %(rows)s in the stored rows.",
            len(report.findings),
        )
        % {"n": len(report.findings), "caches": len(report.in_caches), "rows": len(report.in_rows)}
    )
    return lines
