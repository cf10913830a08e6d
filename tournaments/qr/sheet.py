"""The night's QR sheet (reportlab): every table's dealer link, the TV clock and the results, on A4.

Printed once and cut up: each table gets its own square with the table number
and a large code, so the dealer scans it without asking. Built from plain rows
(`QrSheet`), never from querysets; every address comes from the caller, who
builds it from settings.PUBLIC_URL (league/web/public_url.py).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils import formats, translation
from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Spacer, Table, TableStyle

from league.pdf.sheet import PDF, QrCode, SheetRenderer, para


@dataclass(frozen=True)
class QrTile:
    title: str  # "Table 3", big
    caption: str  # who scans it, for what
    url: str


@dataclass(frozen=True)
class QrSheet:
    season: str
    night_date: datetime.date
    table_urls: tuple[tuple[int, str], ...]  # (table number, dealer link), by number
    clock_url: str
    results_url: str


class QrSheetRenderer(SheetRenderer):
    """Two tiles a row, two rows a page: six tables, the clock and the results fill two A4 pages."""

    columns = 2
    qr_size = 68 * mm
    tile_padding = 4 * mm

    def generate(self, sheet: QrSheet) -> tuple[str, str, bytes]:
        if not sheet.table_urls:
            raise ValueError("no tables to print")
        with translation.override(self.language):
            day = formats.date_format(sheet.night_date, "SHORT_DATE_FORMAT")
            self._footer = f"{_('Pub Poker League')} · {sheet.season} · {day}"
            title = _("QR codes") + f" – {sheet.season} – {sheet.night_date.isoformat()}"
            filename = f"qr-codes-{sheet.night_date.isoformat()}.pdf"
            return filename, PDF, self._build(self._get_story(sheet), title)

    def _tiles(self, sheet: QrSheet) -> list[QrTile]:
        dealer = _("Dealer: scan with your phone to run this table's tracker.")
        tiles = [QrTile(_("Table %(number)s") % {"number": number}, dealer, url) for number, url in sheet.table_urls]
        tiles.append(
            QrTile(_("Blind clock"), _("Everyone: the clock, blinds and players left on your phone."), sheet.clock_url)
        )
        tiles.append(QrTile(_("Results"), _("Everyone: tonight's places and the season standings."), sheet.results_url))
        return tiles

    def _get_story(self, sheet: QrSheet) -> list:
        s = self.styles
        heading = ParagraphStyle("qr_heading", parent=s["title"], alignment=TA_CENTER, fontSize=26, leading=30)
        caption = ParagraphStyle("qr_caption", parent=s["base"], alignment=TA_CENTER, fontSize=10, leading=13)
        url = ParagraphStyle("qr_url", parent=s["small"], alignment=TA_CENTER, fontSize=7.5, leading=9)
        story: list = [
            para(f"{_('Pub Poker League')} · {sheet.season} · {self._date(sheet.night_date)}", s["kicker"]),
            para(_("QR codes for the tables"), s["title"]),
            Spacer(1, 3 * mm),
        ]
        cell_width = self.width / self.columns
        tiles = [
            [
                para(tile.title, heading),
                QrCode(tile.url, self.qr_size),
                para(tile.caption, caption),
                para(tile.url, url),
            ]
            for tile in self._tiles(sheet)
        ]
        for start in range(0, len(tiles), self.columns):
            row = tiles[start : start + self.columns]
            row += [""] * (self.columns - len(row))
            story.append(self._row(row, cell_width))
        return story

    def _row(self, cells: Sequence, cell_width: float) -> Table:
        row = Table([cells], colWidths=[cell_width] * self.columns)
        row.setStyle(
            TableStyle(
                [
                    ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    # Dashed cutting lines around each tile.
                    ("GRID", (0, 0), (-1, -1), 0.5, colors.grey, None, (3, 3)),
                    ("TOPPADDING", (0, 0), (-1, -1), self.tile_padding),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), self.tile_padding),
                ]
            )
        )
        return row
