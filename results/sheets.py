"""Placement sheets and the jackpot report as PDF (reportlab), built from plain rows, never from querysets.

A renderer has its page size and margins as attributes, builds its flowables
in `_get_story()` and returns `(filename, mime type, bytes)` from
`generate(data)`; the view only wraps that in a response. Everything is
black on white with lines and light grey fills, so it prints on any office
printer. Text is in the renderer's language (German or English), in DejaVu Sans,
which prints every player's name: see pdf_text.py.
"""
from __future__ import annotations

import datetime
import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from xml.sax.saxutils import escape

import segno
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from league.web.money import format_money
from league.web.numbers import format_percent

from league.pdf.text import FONT, FONT_BOLD, fit_width, printable, register_fonts, shorten_to_lines

PDF = "application/pdf"
GRID = colors.black
FILL = colors.Color(0.88, 0.88, 0.88)  # a light grey that survives a black-and-white printer


@dataclass(frozen=True)
class SheetRow:
    """A player on the sheet: placed (place, points, time) or still to play (place None)."""

    seat: int
    name: str
    place: int | None = None
    points: Decimal | None = None
    eliminated_at: datetime.datetime | None = None
    winner: bool = False


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
    place: int
    percent: Decimal
    amount: Decimal
    holder: str


@dataclass(frozen=True)
class JackpotReport:
    season: str
    total: Decimal
    expected: Decimal
    nights: tuple[JackpotNightRow, ...]
    payout: tuple[PayoutRow, ...] = field(default_factory=tuple)
    printed_at: datetime.datetime | None = None


def _styles() -> dict[str, ParagraphStyle]:
    register_fonts()
    base = ParagraphStyle("base", fontName=FONT, fontSize=11, leading=14)
    return {
        "base": base,
        "small": ParagraphStyle("small", parent=base, fontSize=8.5, leading=11),
        "kicker": ParagraphStyle("kicker", parent=base, fontSize=10, leading=13),
        "title": ParagraphStyle("title", parent=base, fontName=FONT_BOLD, fontSize=20, leading=24, spaceAfter=2),
        "h2": ParagraphStyle("h2", parent=base, fontName=FONT_BOLD, fontSize=13, leading=16, spaceBefore=8, spaceAfter=4),
        "cell": ParagraphStyle("cell", parent=base, fontSize=12, leading=14),
        "cell_bold": ParagraphStyle("cell_bold", parent=base, fontName=FONT_BOLD, fontSize=12, leading=14),
        "head": ParagraphStyle("head", parent=base, fontName=FONT_BOLD, fontSize=8.5, leading=10),
        "right": ParagraphStyle("right", parent=base, alignment=TA_RIGHT),
        "amount": ParagraphStyle("amount", parent=base, fontName=FONT_BOLD, fontSize=18, leading=22),
        "amount_right": ParagraphStyle("amount_right", parent=base, fontName=FONT_BOLD, fontSize=20, leading=24, alignment=TA_RIGHT),
    }


def _p(text: str, style: ParagraphStyle) -> Paragraph:
    return Paragraph(escape(printable(text)), style)


class QrCode(Flowable):
    """A QR code drawn as one filled path: segno encodes (as for the pages' codes), the canvas draws.

    reportlab's own QR widget encodes twice and draws every module as its own
    shape, which alone took ~50 ms a sheet; this takes a few.
    """

    quiet_zone = 4  # modules of white border the standard asks for

    def __init__(self, url: str, size: float) -> None:
        super().__init__()
        self.url = url
        self.matrix = segno.make(url, error="m").matrix
        self.width = self.height = size

    def draw(self) -> None:
        modules = len(self.matrix) + 2 * self.quiet_zone
        cell = self.width / modules
        path = self.canv.beginPath()
        for y, row in enumerate(self.matrix):
            top = self.height - (y + self.quiet_zone + 1) * cell
            x = 0
            while x < len(row):
                if not row[x]:
                    x += 1
                    continue
                start = x
                while x < len(row) and row[x]:
                    x += 1
                path.rect((start + self.quiet_zone) * cell, top, (x - start) * cell, cell)
        self.canv.setFillColor(colors.black)
        self.canv.drawPath(path, stroke=0, fill=1)


class _Renderer:
    pagesize = A4
    left_margin = 16 * mm
    right_margin = 16 * mm
    top_margin = 14 * mm
    bottom_margin = 16 * mm

    def __init__(self, *, language: str = "de") -> None:
        self.language = language
        self.styles = _styles()

    frame_padding = 6  # SimpleDocTemplate's frame keeps 6 pt inside the margins

    @property
    def width(self) -> float:
        return self.pagesize[0] - self.left_margin - self.right_margin - 2 * self.frame_padding

    def _date(self, day: datetime.date) -> str:
        return f"{formats.date_format(day, 'l')}, {formats.date_format(day, 'DATE_FORMAT')}"

    def _money(self, amount: Decimal) -> str:
        return format_money(amount, self.language)

    def _on_page(self, canvas, doc) -> None:
        canvas.saveState()
        canvas.setFont(FONT, 8)
        footer = fit_width(printable(self._footer), font=FONT, size=8, width=self.width - 25 * mm)
        canvas.drawString(self.left_margin, 9 * mm, footer)
        canvas.drawRightString(self.pagesize[0] - self.right_margin, 9 * mm, _("Page %(n)s") % {"n": doc.page})
        canvas.restoreState()

    def _build(self, story: list, title: str) -> bytes:
        buffer = io.BytesIO()
        doc = SimpleDocTemplate(
            buffer,
            pagesize=self.pagesize,
            leftMargin=self.left_margin,
            rightMargin=self.right_margin,
            topMargin=self.top_margin,
            bottomMargin=self.bottom_margin,
            title=title,
            author=_("Pub Poker League"),
            invariant=True,
        )
        doc.build(story, onFirstPage=self._on_page, onLaterPages=self._on_page)
        return buffer.getvalue()


class PlacementSheetRenderer(_Renderer):
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
            title = _("Placement sheet") + f" – {first.season} – {formats.date_format(first.night_date, 'SHORT_DATE_FORMAT')}"
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
                        _p(f"{_('Pub Poker League')} · {sheet.season}", s["kicker"]),
                        _p(_("Placement sheet") + " · " + _("Table %(number)s") % {"number": sheet.table_number}, s["title"]),
                    ],
                    _p(self._date(sheet.night_date), s["right"]),
                ]
            ],
            colWidths=[self.width * 0.68, self.width * 0.32],
        )
        heading.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "BOTTOM"), ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0)]))
        dealer = sheet.first_dealer or "_" * 28
        story: list = [
            heading,
            Spacer(1, 2 * mm),
            Paragraph(f"<b>{escape(_('First dealer'))}:</b> {escape(printable(dealer))}", s["base"]),
            Spacer(1, 3 * mm),
        ]
        if sheet.blank:
            story += [
                _p(
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
                _p(_("Place"), s["head"]),
                _p(_("Player"), s["head"]),
                _p(_("Points"), s["head"]),
                _p(_("Out at"), s["head"]),
                _p(_("Signature of the eliminated player"), s["head"]),
            ]
        ]
        for row in sheet.rows:
            place = f"{row.place}." if row.place is not None else ""
            points = formats.number_format(row.points, use_l10n=True) if row.points is not None else ""
            when = ""
            if row.eliminated_at is not None:
                when = formats.time_format(timezone.localtime(row.eliminated_at), "H:i")
            signature = _p(_("winner"), s["small"]) if row.winner else ""
            # The row's height is fixed (room to sign): a long name is cut to the two lines that fit.
            name = shorten_to_lines(printable(row.name), font=FONT, size=12, width=60 * mm - 12, lines=2)
            name_cell = Paragraph(escape(name), s["cell"])
            data.append([_p(place, s["cell_bold"]), name_cell, _p(points, s["cell"]), _p(when, s["cell"]), signature])
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
            detail = ngettext(
                "%(n)s player × %(share)s", "%(n)s players × %(share)s", players
            ) % {"n": players, "share": self._money(sheet.jackpot_share)}
        else:
            detail = ngettext("%(n)s player", "%(n)s players", players) % {"n": players}
        amount = Table(
            [
                [
                    [_p(_("Jackpot sum to pay in at the café register"), s["h2"]), _p(detail, s["small"])],
                    _p(self._money(sheet.jackpot_sum), s["amount_right"]),
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
                    _p(_("Signature of the first dealer") + (f" ({dealer})" if dealer else ""), s["small"]),
                    "",
                    _p(_("Signature of the café staff, date and time"), s["small"]),
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
                _p(_("Fingerprint of this result"), s["head"]),
                _p(sheet.fingerprint, s["amount"]),
                _p(_("The results page shows the same code while the app holds exactly these places."), s["small"]),
            ]
        else:
            fingerprint = [
                _p(_("Results online"), s["head"]),
                _p(_("Scan the code to see the night's results once they are entered."), s["small"]),
            ]
        block = Table(
            [[QrCode(sheet.results_url, 32 * mm), fingerprint + [Spacer(1, 1 * mm), _p(sheet.results_url, s["small"])]]],
            colWidths=[34 * mm, self.width - 34 * mm],
        )
        block.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("LEFTPADDING", (0, 0), (0, 0), 0)]))
        return block


class JackpotReportRenderer(_Renderer):
    """The season's jackpot on one or two pages: each night's contribution and the payout split."""

    def generate(self, report: JackpotReport) -> tuple[str, str, bytes]:
        with translation.override(self.language):
            self._footer = f"{_('Pub Poker League')} · {report.season} · {_('Jackpot')}"
            filename = "jackpot-" + "".join(c if c.isalnum() else "-" for c in report.season).strip("-").lower() + ".pdf"
            return filename, PDF, self._build(self._get_story(report), f"{_('Jackpot')} – {report.season}")

    def _get_story(self, report: JackpotReport) -> list:
        s = self.styles
        story: list = [
            _p(_("Pub Poker League"), s["kicker"]),
            _p(_("Jackpot") + f" · {report.season}", s["title"]),
        ]
        if report.printed_at is not None:
            printed = formats.date_format(timezone.localtime(report.printed_at), "DATETIME_FORMAT")
            story.append(_p(_("As of %(when)s") % {"when": printed}, s["small"]))
        story += [
            Spacer(1, 4 * mm),
            Paragraph(
                f"{escape(_('Confirmed deposits'))}: <b>{escape(self._money(report.total))}</b> &nbsp; · &nbsp; "
                f"{escape(_('Jackpot sums of all tables'))}: {escape(self._money(report.expected))}",
                s["base"],
            ),
            _p(_("Nights"), s["h2"]),
        ]
        data = [[_p(h, s["head"]) for h in (_("Night"), _("Tables"), _("Jackpot sums"), _("Confirmed"), _("Outstanding"))]]
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
        data.append([_p(_("Total"), s["head"]), "", self._money(report.expected), self._money(report.total), ""])
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
        story.append(_p(_("Payout at the end of the season"), s["h2"]))
        if report.payout:
            rows = [[_p(h, s["head"]) for h in (_("Place"), _("Share"), _("Amount"), _("Currently"))]]
            for row in report.payout:
                rows.append(
                    [f"{row.place}.", format_percent(row.percent, self.language), self._money(row.amount), _p(row.holder, s["base"])]
                )
            split = Table(rows, colWidths=[20 * mm, 25 * mm, 40 * mm, self.width - 85 * mm])
            split.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.6, GRID), ("BACKGROUND", (0, 0), (-1, 0), FILL)]))
            story.append(split)
        story.append(Spacer(1, 3 * mm))
        story.append(_p(_("The jackpot is the sum of the confirmed deposits; it is paid out by this split to the top places of the season's standings."), s["small"]))
        return story
