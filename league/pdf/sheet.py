"""What every sheet's renderer shares: A4 with margins, the paragraph styles, a QR code on paper, and
`generate(data) -> (filename, mime type, bytes)` from `_get_story()`."""

from __future__ import annotations

import datetime
import io
from decimal import Decimal
from xml.sax.saxutils import escape

import segno
from django.utils import formats
from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    Flowable,
    Paragraph,
    SimpleDocTemplate,
)

from league.pdf.text import FONT, FONT_BOLD, fit_width, printable, register_fonts
from league.web.money import format_money

PDF = "application/pdf"


GRID = colors.black


FILL = colors.Color(0.88, 0.88, 0.88)  # a light grey that survives a black-and-white printer


def sheet_styles() -> dict[str, ParagraphStyle]:
    register_fonts()
    base = ParagraphStyle("base", fontName=FONT, fontSize=11, leading=14)
    return {
        "base": base,
        "small": ParagraphStyle("small", parent=base, fontSize=8.5, leading=11),
        "kicker": ParagraphStyle("kicker", parent=base, fontSize=10, leading=13),
        "title": ParagraphStyle("title", parent=base, fontName=FONT_BOLD, fontSize=20, leading=24, spaceAfter=2),
        "h2": ParagraphStyle(
            "h2", parent=base, fontName=FONT_BOLD, fontSize=13, leading=16, spaceBefore=8, spaceAfter=4
        ),
        "cell": ParagraphStyle("cell", parent=base, fontSize=12, leading=14),
        "cell_bold": ParagraphStyle("cell_bold", parent=base, fontName=FONT_BOLD, fontSize=12, leading=14),
        "head": ParagraphStyle("head", parent=base, fontName=FONT_BOLD, fontSize=8.5, leading=10),
        "right": ParagraphStyle("right", parent=base, alignment=TA_RIGHT),
        "amount": ParagraphStyle("amount", parent=base, fontName=FONT_BOLD, fontSize=18, leading=22),
        "amount_right": ParagraphStyle(
            "amount_right", parent=base, fontName=FONT_BOLD, fontSize=20, leading=24, alignment=TA_RIGHT
        ),
    }


def para(text: str, style: ParagraphStyle) -> Paragraph:
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


class SheetRenderer:
    pagesize = A4
    left_margin = 16 * mm
    right_margin = 16 * mm
    top_margin = 14 * mm
    bottom_margin = 16 * mm

    def __init__(self, *, language: str = "de") -> None:
        self.language = language
        self.styles = sheet_styles()

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


def file_slug(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text).strip("-").lower()
