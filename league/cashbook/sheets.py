"""The cash book's PDFs (reportlab), built from plain rows: the night money sheet and the cash book itself. The
money renderer here is also the season payout sheet's base (results/sheets.py)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from decimal import Decimal

from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Spacer, Table, TableStyle

from league.pdf.sheet import FILL, GRID, PDF, SheetRenderer, file_slug, para
from league.pdf.text import FONT, FONT_BOLD


@dataclass(frozen=True)
class MoneyRow:
    when: datetime.datetime
    what: str  # the kind of line
    text: str
    by: str
    amount: Decimal
    balance: Decimal | None = None
    ref: str = ""
    box: str = ""


@dataclass(frozen=True)
class NightMoneySheet:
    season: str
    night_date: datetime.date
    brought_forward: Decimal
    fees: Decimal
    refunds: Decimal
    deposits: Decimal
    other: Decimal
    expected: Decimal
    lines: tuple[MoneyRow, ...]
    counted: Decimal | None = None  # None: not closed yet (a blank sheet to count on)
    difference: Decimal | None = None
    reason: str = ""
    denominations: tuple[tuple[Decimal, int], ...] = ()
    organizer: str = ""
    witness: str = ""
    counted_at: datetime.datetime | None = None


@dataclass(frozen=True)
class CashBookSheet:
    title: str
    scope: str
    lines: tuple[MoneyRow, ...]
    balances: tuple[tuple[str, Decimal, Decimal], ...] = field(default_factory=tuple)  # box, opening, closing
    printed_at: datetime.datetime | None = None


class MoneyRenderer(SheetRenderer):
    def _when(self, moment: datetime.datetime) -> str:
        return formats.date_format(timezone.localtime(moment), "SHORT_DATETIME_FORMAT")

    def _grid(self, data: list, widths: list[float], *, total_row: bool = False, right_from: int = 99) -> Table:
        table = Table(data, colWidths=widths, repeatRows=1)
        style = [
            ("GRID", (0, 0), (-1, -1), 0.6, GRID),
            ("BACKGROUND", (0, 0), (-1, 0), FILL),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("FONTNAME", (0, 0), (-1, -1), FONT),
            ("FONTSIZE", (0, 1), (-1, -1), 9.5),
        ]
        if right_from < len(widths):
            style.append(("ALIGN", (right_from, 1), (-1, -1), "RIGHT"))
        if total_row:
            style += [("BACKGROUND", (0, -1), (-1, -1), FILL), ("FONTNAME", (0, -1), (-1, -1), FONT_BOLD)]
        table.setStyle(TableStyle(style))
        return table

    def _signatures(self, labels: list[str]) -> Table:
        """A line to sign above each label, with a gap between the lines."""
        s = self.styles
        gap = 12 * mm
        width = (self.width - gap * (len(labels) - 1)) / len(labels)
        top: list = []
        bottom: list = []
        widths: list[float] = []
        for index, label in enumerate(labels):
            if index:
                top.append("")
                bottom.append("")
                widths.append(gap)
            top.append(Spacer(1, 14 * mm))
            bottom.append(para(label, s["small"]))
            widths.append(width)
        table = Table([top, bottom], colWidths=widths)
        table.setStyle(
            TableStyle(
                [("LINEABOVE", (2 * i, 1), (2 * i, 1), 0.8, GRID) for i in range(len(labels))]
                + [("LEFTPADDING", (0, 0), (-1, -1), 0)]
            )
        )
        return table


class NightMoneySheetRenderer(MoneyRenderer):
    """One page for the night's box: what it should hold, the count, the difference, and two signatures."""

    def generate(self, sheet: NightMoneySheet) -> tuple[str, str, bytes]:
        with translation.override(self.language):
            self._footer = f"{_('Pub Poker League')} · {sheet.season} · {formats.date_format(sheet.night_date, 'SHORT_DATE_FORMAT')}"
            filename = f"cash-{sheet.night_date.isoformat()}.pdf"
            return (
                filename,
                PDF,
                self._build(self._get_story(sheet), f"{_('Night money sheet')} – {sheet.night_date.isoformat()}"),
            )

    def _get_story(self, sheet: NightMoneySheet) -> list:
        s = self.styles
        money = self._money
        story: list = [
            para(f"{_('Pub Poker League')} · {sheet.season}", s["kicker"]),
            para(_("Night money sheet"), s["title"]),
            para(self._date(sheet.night_date), s["base"]),
            para(_("Organizer's cash box"), s["h2"]),
        ]
        sums = [
            [para(_("Brought forward (float and earlier nights)"), s["base"]), money(sheet.brought_forward)],
            [para(_("+ Entry fees"), s["base"]), money(sheet.fees)],
            [para(_("– Refunds"), s["base"]), money(sheet.refunds)],
            [para(_("– Jackpot sums paid in at the register"), s["base"]), money(sheet.deposits)],
            [para(_("+ Other lines"), s["base"]), money(sheet.other)],
            [para(_("Expected in the box"), s["cell_bold"]), money(sheet.expected)],
        ]
        if sheet.counted is not None:
            sums.append([para(_("Counted"), s["cell_bold"]), money(sheet.counted)])
            sums.append([para(_("Difference"), s["cell_bold"]), money(sheet.difference or 0)])
        else:
            sums.append([para(_("Counted"), s["cell_bold"]), ""])
            sums.append([para(_("Difference"), s["cell_bold"]), ""])
        table = Table(sums, colWidths=[self.width - 45 * mm, 45 * mm])
        table.setStyle(
            TableStyle(
                [
                    ("GRID", (0, 0), (-1, -1), 0.6, GRID),
                    ("FONTNAME", (0, 0), (-1, -1), FONT),
                    ("ALIGN", (1, 0), (1, -1), "RIGHT"),
                    ("FONTNAME", (1, 5), (1, -1), FONT_BOLD),
                    ("BACKGROUND", (0, 5), (-1, -1), FILL),
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ]
            )
        )
        story.append(table)
        if sheet.reason:
            story.append(Spacer(1, 2 * mm))
            story.append(para(_("Reason for the difference: %(reason)s") % {"reason": sheet.reason}, s["base"]))
        if sheet.denominations:
            story.append(para(_("Count by denomination"), s["h2"]))
            rows = [[para(h, s["head"]) for h in (_("Note or coin"), _("Count"), _("Sum"))]]
            for value, count in sheet.denominations:
                rows.append([money(value), str(count), money(value * count)])
            story.append(self._grid(rows, [50 * mm, 30 * mm, 50 * mm], right_from=0))
        if sheet.counted_at is not None:
            story.append(Spacer(1, 2 * mm))
            story.append(
                para(
                    _("Counted at %(when)s by %(who)s.")
                    % {"when": self._when(sheet.counted_at), "who": sheet.organizer},
                    s["small"],
                )
            )
        organizer = _("Organizer") + (f": {sheet.organizer}" if sheet.organizer else "")
        witness = _("Witness") + (f": {sheet.witness}" if sheet.witness else "")
        story.append(KeepTogether([para(_("Signatures"), s["h2"]), self._signatures([organizer, witness])]))
        story.append(para(_("Tonight's lines"), s["h2"]))
        rows = [[para(h, s["head"]) for h in (_("Time"), _("Line"), _("By"), _("Amount"))]]
        for line in sheet.lines:
            rows.append(
                [
                    formats.time_format(timezone.localtime(line.when), "TIME_FORMAT"),
                    para(f"{line.what}: {line.text}", s["small"]),
                    para(line.by, s["small"]),
                    money(line.amount),
                ]
            )
        if len(rows) == 1:
            rows.append(["", para(_("No lines."), s["small"]), "", ""])
        story.append(
            self._grid(rows, [18 * mm, self.width - 18 * mm - 30 * mm - 30 * mm, 30 * mm, 30 * mm], right_from=3)
        )
        return story


class CashBookRenderer(MoneyRenderer):
    """The cash book as a list: date, box, line, amount and the box's balance after it."""

    def generate(self, sheet: CashBookSheet) -> tuple[str, str, bytes]:
        with translation.override(self.language):
            self._footer = f"{_('Pub Poker League')} · {_('Cash book')} · {sheet.scope}"
            filename = f"cashbook-{file_slug(sheet.scope) or 'all'}.pdf"
            return filename, PDF, self._build(self._get_story(sheet), f"{_('Cash book')} – {sheet.scope}")

    def _get_story(self, sheet: CashBookSheet) -> list:
        s = self.styles
        story: list = [
            para(_("Pub Poker League"), s["kicker"]),
            para(sheet.title, s["title"]),
            para(sheet.scope, s["base"]),
        ]
        if sheet.printed_at is not None:
            story.append(para(_("As of %(when)s") % {"when": self._when(sheet.printed_at)}, s["small"]))
        story.append(Spacer(1, 3 * mm))
        if sheet.balances:
            rows = [[para(h, s["head"]) for h in (_("Cash box"), _("Before"), _("After"))]]
            for box, opening, closing in sheet.balances:
                rows.append([para(box, s["base"]), self._money(opening), self._money(closing)])
            story.append(self._grid(rows, [self.width - 80 * mm, 40 * mm, 40 * mm], right_from=1))
            story.append(Spacer(1, 4 * mm))
        rows = [
            [para(h, s["head"]) for h in (_("Date"), _("Ref."), _("Cash box"), _("Line"), _("Amount"), _("Balance"))]
        ]
        for line in sheet.lines:
            rows.append(
                [
                    para(self._when(line.when), s["small"]),
                    para(line.ref, s["small"]),
                    para(line.box, s["small"]),
                    para(f"{line.what}: {line.text} ({line.by})", s["small"]),
                    self._money(line.amount),
                    self._money(line.balance) if line.balance is not None else "",
                ]
            )
        if len(rows) == 1:
            rows.append(["", "", "", para(_("No lines."), s["small"]), "", ""])
        widths = [26 * mm, 25 * mm, 24 * mm, self.width - 26 * mm - 25 * mm - 24 * mm - 48 * mm, 24 * mm, 24 * mm]
        story.append(self._grid(rows, widths, right_from=4))
        return story
