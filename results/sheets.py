"""Placement sheets, the jackpot report and the season payout sheet as PDF (reportlab), built from plain rows,
never from querysets.

A renderer has its page size and margins as attributes, builds its flowables
in `_get_story()` and returns `(filename, mime type, bytes)` from
`generate(data)`; the view only wraps that in a response. Everything is
black on white with lines and light grey fills, so it prints on any office
printer. Text is in the renderer's language (German or English), in DejaVu Sans,
which prints every player's name: see league/pdf/text.py."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from xml.sax.saxutils import escape

from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from reportlab.lib.units import mm
from reportlab.platypus import (
    CondPageBreak,
    KeepTogether,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from league.cashbook.sheets import MoneyRenderer
from league.pdf.sheet import FILL, GRID, PDF, QrCode, SheetRenderer, file_slug, para
from league.pdf.text import FONT, FONT_BOLD, printable, shorten_to_lines
from league.web.numbers import format_percent


@dataclass(frozen=True)
class SheetRow:
    """A player on the sheet: placed (place, points, time) or still to play (place None)."""

    seat: int
    name: str
    place: int | None = None
    points: Decimal | None = None
    eliminated_at: datetime.datetime | None = None
    winner: bool = False
    tied: bool = False  # shares the place with another player at the table ("2. =", as the results page)
    disqualified: bool = False


@dataclass(frozen=True)
class TableSheet:
    season: str
    night_date: datetime.date
    table_number: int
    first_dealer: str
    rows: tuple[SheetRow, ...]
    jackpot_sum: Decimal
    jackpot_share: Decimal | None
    results_url: str
    fingerprint: str = ""  # only once every player has his place

    @property
    def blank(self) -> bool:
        return all(row.place is None for row in self.rows)


@dataclass(frozen=True)
class JackpotNightRow:
    date: datetime.date
    tables: int
    expected: Decimal
    confirmed: Decimal
    outstanding: int


@dataclass(frozen=True)
class PayoutRow:
    places: str  # "1." or, tied, "1.–3."
    amount: Decimal  # what the holder gets (a tie: his share)
    holder: str
    tied: bool = False


@dataclass(frozen=True)
class JackpotReport:
    season: str
    total: Decimal
    expected: Decimal
    nights: tuple[JackpotNightRow, ...]
    payout: tuple[PayoutRow, ...] = field(default_factory=tuple)
    percents: tuple[Decimal, ...] = ()
    printed_at: datetime.datetime | None = None


class PlacementSheetRenderer(SheetRenderer):
    """One A4 page per table: the placements with signatures, the jackpot sum for the register, QR and fingerprint."""

    row_height = 12.5 * mm

    def generate(self, sheets: Sequence[TableSheet], *, filename: str | None = None) -> tuple[str, str, bytes]:
        if not sheets:
            raise ValueError("no tables to print")
        with translation.override(self.language):
            first = sheets[0]
            if filename is None:
                suffix = f"-table-{first.table_number}" if len(sheets) == 1 else ""
                filename = f"placements-{first.night_date.isoformat()}{suffix}.pdf"
            self._footer = f"{_('Pub Poker League')} · {first.season} · {formats.date_format(first.night_date, 'SHORT_DATE_FORMAT')}"
            title = (
                _("Placement sheet")
                + f" – {first.season} – {formats.date_format(first.night_date, 'SHORT_DATE_FORMAT')}"
            )
            return filename, PDF, self._build(self._get_story(sheets), title)

    def _get_story(self, sheets: Sequence[TableSheet]) -> list:
        story: list = []
        for index, sheet in enumerate(sheets):
            if index:
                story.append(PageBreak())
            story.extend(self._sheet(sheet))
        return story

    def _sheet(self, sheet: TableSheet) -> list:
        s = self.styles
        heading = Table(
            [
                [
                    [
                        para(f"{_('Pub Poker League')} · {sheet.season}", s["kicker"]),
                        para(
                            _("Placement sheet") + " · " + _("Table %(number)s") % {"number": sheet.table_number},
                            s["title"],
                        ),
                    ],
                    para(self._date(sheet.night_date), s["right"]),
                ]
            ],
            colWidths=[self.width * 0.68, self.width * 0.32],
        )
        heading.setStyle(
            TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ]
            )
        )
        dealer = sheet.first_dealer or "_" * 28
        story: list = [
            heading,
            Spacer(1, 2 * mm),
            Paragraph(f"<b>{escape(_('First dealer'))}:</b> {escape(printable(dealer))}", s["base"]),
            Spacer(1, 3 * mm),
        ]
        if sheet.blank:
            story += [
                para(
                    _(
                        "Write each player's place when he is out and have him sign. Players out in the same hand "
                        "with equal chips at its start share the better place."
                    ),
                    s["small"],
                ),
                Spacer(1, 2 * mm),
            ]
        story.append(self._placements(sheet))
        story.append(Spacer(1, 6 * mm))
        story.append(KeepTogether(self._jackpot(sheet)))
        story.append(CondPageBreak(40 * mm))
        story.append(Spacer(1, 6 * mm))
        story.append(self._check(sheet))
        return story

    def _placements(self, sheet: TableSheet) -> Table:
        s = self.styles
        data = [
            [
                para(_("Place"), s["head"]),
                para(_("Player"), s["head"]),
                para(_("Points"), s["head"]),
                para(_("Out at"), s["head"]),
                para(_("Signature of the eliminated player"), s["head"]),
            ]
        ]
        for row in sheet.rows:
            place = f"{row.place}." if row.place is not None else ""
            if row.place is not None and row.tied:
                place += " ="  # as the results page marks a shared place
            points = formats.number_format(row.points, use_l10n=True) if row.points is not None else ""
            when = ""
            if row.winner:  # the results page says "winner" in this column too; the signature cell stays free
                when = _("winner")
            elif row.eliminated_at is not None:
                when = formats.time_format(timezone.localtime(row.eliminated_at), "H:i")
            # The row's height is fixed (room to sign): a long name is cut to the two lines that fit.
            lines = 1 if row.disqualified else 2
            name = shorten_to_lines(printable(row.name), font=FONT, size=12, width=60 * mm - 12, lines=lines)
            name_cell = [Paragraph(escape(name), s["cell"])]
            if row.disqualified:
                name_cell.append(para(_("Disqualified"), s["small"]))
            data.append([para(place, s["cell_bold"]), name_cell, para(points, s["cell"]), para(when, s["cell"]), ""])
        widths = [16 * mm, 60 * mm, 18 * mm, 20 * mm]
        widths.append(self.width - sum(widths))
        table = Table(data, colWidths=widths, rowHeights=[9 * mm] + [self.row_height] * len(sheet.rows), repeatRows=1)
        table.setStyle(
            TableStyle(
                [
                    ("GRID", (0, 0), (-1, -1), 0.8, GRID),
                    ("BACKGROUND", (0, 0), (-1, 0), FILL),
                    ("VALIGN", (0, 0), (-1, 0), "MIDDLE"),
                    ("VALIGN", (0, 1), (-1, -1), "MIDDLE"),
                    ("VALIGN", (-1, 1), (-1, -1), "BOTTOM"),
                ]
            )
        )
        return table

    def _jackpot(self, sheet: TableSheet) -> list:
        s = self.styles
        players = len(sheet.rows)
        if sheet.jackpot_share is not None:
            detail = ngettext("%(n)s player × %(share)s", "%(n)s players × %(share)s", players) % {
                "n": players,
                "share": self._money(sheet.jackpot_share),
            }
        else:
            detail = ngettext("%(n)s player", "%(n)s players", players) % {"n": players}
        amount = Table(
            [
                [
                    [para(_("Jackpot sum to pay in at the café register"), s["h2"]), para(detail, s["small"])],
                    para(self._money(sheet.jackpot_sum), s["amount_right"]),
                ]
            ],
            colWidths=[self.width * 0.7, self.width * 0.3],
        )
        amount.setStyle(
            TableStyle(
                [
                    ("BOX", (0, 0), (-1, -1), 1.6, GRID),
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                    ("ALIGN", (1, 0), (1, 0), "RIGHT"),
                    ("LEFTPADDING", (0, 0), (-1, -1), 8),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 10),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 8),
                ]
            )
        )
        gap = 12 * mm
        half = (self.width - gap) / 2
        dealer = sheet.first_dealer or ""
        signatures = Table(
            [
                ["", "", ""],
                [
                    para(_("Signature of the first dealer") + (f" ({dealer})" if dealer else ""), s["small"]),
                    "",
                    para(_("Signature of the café staff, date and time"), s["small"]),
                ],
            ],
            colWidths=[half, gap, half],
            rowHeights=[16 * mm, None],
        )
        signatures.setStyle(
            TableStyle(
                [
                    ("LINEBELOW", (0, 0), (0, 0), 0.8, GRID),
                    ("LINEBELOW", (2, 0), (2, 0), 0.8, GRID),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ]
            )
        )
        return [amount, Spacer(1, 2 * mm), signatures]

    def _check(self, sheet: TableSheet) -> Table:
        s = self.styles
        if sheet.fingerprint:
            fingerprint = [
                para(_("Fingerprint of this result"), s["head"]),
                para(sheet.fingerprint, s["amount"]),
                para(_("The results page shows the same code while the app holds exactly these places."), s["small"]),
            ]
        else:
            fingerprint = [
                para(_("Results online"), s["head"]),
                para(_("Scan the code to see the night's results once they are entered."), s["small"]),
            ]
        block = Table(
            [
                [
                    QrCode(sheet.results_url, 32 * mm),
                    fingerprint + [Spacer(1, 1 * mm), para(sheet.results_url, s["small"])],
                ]
            ],
            colWidths=[34 * mm, self.width - 34 * mm],
        )
        block.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("LEFTPADDING", (0, 0), (0, 0), 0)]))
        return block


class JackpotReportRenderer(SheetRenderer):
    """The season's jackpot on one or two pages: each night's contribution and the payout split."""

    def generate(self, report: JackpotReport) -> tuple[str, str, bytes]:
        with translation.override(self.language):
            self._footer = f"{_('Pub Poker League')} · {report.season} · {_('Jackpot')}"
            filename = (
                "jackpot-" + "".join(c if c.isalnum() else "-" for c in report.season).strip("-").lower() + ".pdf"
            )
            return filename, PDF, self._build(self._get_story(report), f"{_('Jackpot')} – {report.season}")

    def _get_story(self, report: JackpotReport) -> list:
        s = self.styles
        story: list = [
            para(_("Pub Poker League"), s["kicker"]),
            para(_("Jackpot") + f" · {report.season}", s["title"]),
        ]
        if report.printed_at is not None:
            # The same stamp as the payout sheet and the cash book's ("Stand: 06.12.2026 14:48").
            printed = formats.date_format(timezone.localtime(report.printed_at), "SHORT_DATETIME_FORMAT")
            story.append(para(_("As of %(when)s") % {"when": printed}, s["small"]))
        story += [
            Spacer(1, 4 * mm),
            Paragraph(
                f"{escape(_('Confirmed deposits'))}: <b>{escape(self._money(report.total))}</b> &nbsp; · &nbsp; "
                f"{escape(_('Jackpot sums of all tables'))}: {escape(self._money(report.expected))}",
                s["base"],
            ),
            para(_("Nights"), s["h2"]),
        ]
        data = [
            [para(h, s["head"]) for h in (_("Night"), _("Tables"), _("Jackpot sums"), _("Confirmed"), _("Outstanding"))]
        ]
        for night in report.nights:
            data.append(
                [
                    formats.date_format(night.date, "SHORT_DATE_FORMAT"),
                    str(night.tables),
                    self._money(night.expected),
                    self._money(night.confirmed),
                    str(night.outstanding) if night.outstanding else "–",
                ]
            )
        data.append([para(_("Total"), s["head"]), "", self._money(report.expected), self._money(report.total), ""])
        table = Table(data, colWidths=[40 * mm, 22 * mm, 40 * mm, 40 * mm, self.width - 142 * mm], repeatRows=1)
        table.setStyle(
            TableStyle(
                [
                    ("GRID", (0, 0), (-1, -1), 0.6, GRID),
                    ("BACKGROUND", (0, 0), (-1, 0), FILL),
                    ("BACKGROUND", (0, -1), (-1, -1), FILL),
                    ("FONTNAME", (0, -1), (-1, -1), FONT_BOLD),
                    ("ALIGN", (1, 1), (-1, -1), "RIGHT"),
                ]
            )
        )
        story.append(table)
        story.append(para(_("Payout at the end of the season"), s["h2"]))
        if report.payout:
            rows = [[para(h, s["head"]) for h in (_("Place"), _("Currently"), _("Amount"))]]
            for row in report.payout:
                place = f"{row.places} ({_('tie')})" if row.tied else row.places
                rows.append([para(place, s["base"]), para(row.holder or "–", s["base"]), self._money(row.amount)])
            split = Table(rows, colWidths=[34 * mm, self.width - 74 * mm, 40 * mm])
            split.setStyle(
                TableStyle(
                    [
                        ("GRID", (0, 0), (-1, -1), 0.6, GRID),
                        ("BACKGROUND", (0, 0), (-1, 0), FILL),
                        ("ALIGN", (2, 1), (2, -1), "RIGHT"),
                    ]
                )
            )
            story.append(split)
            if report.percents:
                places = " · ".join(
                    f"{n}. {format_percent(p, self.language)}" for n, p in enumerate(report.percents, start=1)
                )
                story.append(
                    para(
                        f"{_('Split')}: {places}. {_('Players tied in the standings share the money of the places they cover.')}",
                        s["small"],
                    )
                )
        story.append(Spacer(1, 3 * mm))
        story.append(
            para(
                _(
                    "The jackpot is the sum of the confirmed deposits; it is paid out by this split to the top places of the season's standings."
                ),
                s["small"],
            )
        )
        return story


@dataclass(frozen=True)
class PayoutSheetRow:
    places: str
    name: str
    amount: Decimal
    paid: Decimal
    methods: str


@dataclass(frozen=True)
class PayoutSheet:
    season: str
    total: Decimal
    rows: tuple[PayoutSheetRow, ...]
    rule: str
    printed_at: datetime.datetime | None = None


class PayoutSheetRenderer(MoneyRenderer):
    """The season jackpot's winners with their amounts and a line for each to sign that they were paid."""

    def generate(self, sheet: PayoutSheet) -> tuple[str, str, bytes]:
        with translation.override(self.language):
            self._footer = f"{_('Pub Poker League')} · {sheet.season} · {_('Season payout')}"
            filename = f"payout-{file_slug(sheet.season)}.pdf"
            return filename, PDF, self._build(self._get_story(sheet), f"{_('Season payout')} – {sheet.season}")

    def _get_story(self, sheet: PayoutSheet) -> list:
        s = self.styles
        story: list = [
            para(_("Pub Poker League"), s["kicker"]),
            para(_("Season payout") + f" · {sheet.season}", s["title"]),
        ]
        if sheet.printed_at is not None:
            story.append(para(_("As of %(when)s") % {"when": self._when(sheet.printed_at)}, s["small"]))
        story += [
            Spacer(1, 3 * mm),
            Paragraph(
                f"{escape(printable(_('Season jackpot')))}: <b>{escape(self._money(sheet.total))}</b>", s["base"]
            ),
            Spacer(1, 4 * mm),
        ]
        rows = [
            [para(h, s["head"]) for h in (_("Place"), _("Winner"), _("Amount"), _("Paid"), _("Received, signature"))]
        ]
        for row in sheet.rows:
            paid = self._money(row.paid) + (f" ({row.methods})" if row.methods else "")
            name_width = self.width - 18 * mm - 28 * mm - 34 * mm - 55 * mm
            # Fixed row height (room to sign): a long name is cut to the two lines that fit.
            name = shorten_to_lines(printable(row.name), font=FONT, size=12, width=name_width - 12, lines=2)
            rows.append(
                [
                    printable(str(row.places)),
                    Paragraph(escape(name), s["cell"]),
                    self._money(row.amount),
                    para(paid, s["small"]),
                    "",
                ]
            )
        widths = [18 * mm, self.width - 18 * mm - 28 * mm - 34 * mm - 55 * mm, 28 * mm, 34 * mm, 55 * mm]
        table = Table(rows, colWidths=widths, rowHeights=[None] + [16 * mm] * len(sheet.rows), repeatRows=1)
        table.setStyle(
            TableStyle(
                [
                    ("GRID", (0, 0), (-1, -1), 0.6, GRID),
                    ("BACKGROUND", (0, 0), (-1, 0), FILL),
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                    ("FONTNAME", (0, 0), (-1, -1), FONT),
                    ("ALIGN", (2, 1), (2, -1), "RIGHT"),
                ]
            )
        )
        story.append(table)
        story.append(Spacer(1, 3 * mm))
        story.append(para(sheet.rule, s["small"]))
        story.append(Spacer(1, 10 * mm))
        story.append(self._signatures([_("Organizer"), _("Witness")]))
        return story
