"""Spreadsheets (XLSX) the pages hand out, written with openpyxl: one sheet per table, a bold header row.

Safe like the CSV exports (league/web/csv_safe.py): every text cell is stored as text, so ``=1+1`` typed as a
player's name is shown, never run (openpyxl would otherwise store a string that starts with ``=`` as a
formula). Numbers stay numbers, dates are dates shown the language's way, and characters XLSX cannot hold
(control characters) are dropped.
"""

from __future__ import annotations

import datetime
import io
import re
from collections.abc import Iterable, Sequence
from decimal import Decimal

from django.http import HttpResponse

from league.web.downloads import attachment

# openpyxl is imported when a spreadsheet is made, not with the pages' code: it pulls in numpy, a third of a
# second that every process serving the app (and every manage.py command's check) would pay at start.

__all__ = ["XLSX_TYPE", "xlsx_bytes", "xlsx_response"]

XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
DATE_FORMATS = {"de": "DD.MM.YYYY", "en": "YYYY-MM-DD"}


def _write(cell, value: object, language: str, illegal: re.Pattern[str]) -> None:
    if value is None:
        return
    if isinstance(value, bool):
        cell.value = str(value)
        cell.data_type = "s"
    elif isinstance(value, (int, float, Decimal)):
        cell.value = value
    elif isinstance(value, datetime.datetime):
        cell.value = value.replace(tzinfo=None)
        cell.number_format = DATE_FORMATS.get(language, "YYYY-MM-DD") + " hh:mm"
    elif isinstance(value, datetime.date):
        cell.value = value
        cell.number_format = DATE_FORMATS.get(language, "YYYY-MM-DD")
    else:
        cell.value = illegal.sub("", str(value))
        cell.data_type = "s"  # text, even when it starts with "=": shown, never run


def xlsx_bytes(
    sheets: Iterable[tuple[str, Sequence[object], Iterable[Sequence[object]]]], *, language: str = "de"
) -> bytes:
    """A workbook of (title, header, rows) sheets."""
    from openpyxl import Workbook
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
    from openpyxl.styles import Font

    book = Workbook()
    book.remove(book.active)
    bold = Font(bold=True)
    for title, header, rows in sheets:
        sheet = book.create_sheet(ILLEGAL_CHARACTERS_RE.sub("", title)[:31] or "1")
        for column, text in enumerate(header, start=1):
            cell = sheet.cell(row=1, column=column)
            _write(cell, text, language, ILLEGAL_CHARACTERS_RE)
            cell.font = bold
        sheet.freeze_panes = "A2"
        for number, row in enumerate(rows, start=2):
            for column, value in enumerate(row, start=1):
                _write(sheet.cell(row=number, column=column), value, language, ILLEGAL_CHARACTERS_RE)
        for column, text in enumerate(header, start=1):
            sheet.column_dimensions[sheet.cell(row=1, column=column).column_letter].width = max(10, len(str(text)) + 2)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def xlsx_response(content: bytes, filename: str) -> HttpResponse:
    return attachment(content, filename, XLSX_TYPE)
