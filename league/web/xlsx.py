"""Spreadsheets (XLSX) the pages hand out, written with openpyxl: one sheet per table, a bold header row.

Safe like the CSV exports (league/web/csv_safe.py): every text cell is stored as text, so ``=1+1`` typed as a
player's name is shown, never run (openpyxl would otherwise store a string that starts with ``=`` as a
formula). Numbers stay numbers, dates are dates shown the language's way, and characters XLSX cannot hold
(control characters) are dropped.

A season's results are 12,000 rows: openpyxl made a cell object, a style and an XML element for each of their
100,000 cells (a second of CPU per file, four files in every publish after a night). openpyxl still writes
the workbook (its styles, sheets' settings, the header row and the first cell of each kind that takes a
style); the rows themselves are written here as text, cell by cell as openpyxl writes them (its value
conversions, its style numbers), so the file's bytes are openpyxl's (tests/league/test_xlsx.py compares
the two on every kind of value).
"""

from __future__ import annotations

import datetime
import io
import re
import zipfile
from collections.abc import Iterable, Sequence
from decimal import Decimal

from django.http import HttpResponse

from league.web.downloads import attachment

# openpyxl is imported when a spreadsheet is made, not with the pages' code: it pulls in numpy, a third of a
# second that every process serving the app (and every manage.py command's check) would pay at start.

__all__ = ["XLSX_TYPE", "xlsx_bytes", "xlsx_response"]

XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
DATE_FORMATS = {"de": "DD.MM.YYYY", "en": "YYYY-MM-DD"}
_DIMENSION = re.compile(rb'<dimension ref="[^"]*"')


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


def _styled_kind(value: object) -> type | None:
    """The kind of a data cell that takes a style of its own (a date's format), else None."""
    if isinstance(value, datetime.datetime):
        return datetime.datetime
    if isinstance(value, datetime.date):
        return datetime.date
    return None


def _text(text: str) -> str:
    # As ElementTree escapes an element's text (openpyxl writes with it).
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    return text


def _cell_tail(style: int | None, value: object, epoch, illegal: re.Pattern[str]) -> str | None:
    """A cell as openpyxl writes it (openpyxl.cell._writer.etree_write_cell) after `_write` gave it `value`,
    from after its reference on (`<c r="B7"` + this); None for a cell it leaves out (no value, no style)."""
    from openpyxl.compat import safe_string
    from openpyxl.utils.datetime import to_excel

    start = "" if style is None else f' s="{style}"'
    if type(value) is not str:
        if value is None:
            return None if style is None else f'{start} t="n" />'
        if isinstance(value, bool):
            value = str(value)
        elif isinstance(value, (int, float, Decimal)):
            number = safe_string(value)
            return f'{start} t="n"><v>{number}</v></c>' if number else f'{start} t="n"><v /></c>'
        elif isinstance(value, datetime.date):
            if isinstance(value, datetime.datetime):
                value = value.replace(tzinfo=None)
            return f'{start} t="n"><v>{safe_string(to_excel(value, epoch))}</v></c>'
        else:
            value = str(value)
    value = illegal.sub("", value)[:32767]  # type: ignore[arg-type]
    if not value:
        return f'{start} t="inlineStr" />'
    stripped = value.strip()
    space = ' xml:space="preserve"' if stripped and stripped != value else ""
    return f'{start} t="inlineStr"><is><t{space}>{_text(value)}</t></is></c>'


_SAME_WHEN_EQUAL = frozenset({str, int, bool, datetime.date, type(None)})
_MISSING = ""  # not a tail _cell_tail gives (each starts with an attribute)


def _rows_xml(rows: list[list], styles: dict[type, int], epoch, illegal: re.Pattern[str]) -> list[str]:
    """The data rows (from row 2 on) as openpyxl writes them. A season's rows repeat their values (a night's
    date, a player's name, the places): each value's cell is made once."""
    from openpyxl.utils import get_column_letter

    letters = [get_column_letter(k) for k in range(1, max(map(len, rows), default=0) + 1)]
    tails: dict[tuple[type, object], str | None] = {}
    parts = []
    for number, row in enumerate(rows, start=2):
        if not row:
            continue
        parts.append(f'<row r="{number}">')
        for letter, value in zip(letters, row):
            kind = type(value)
            # Only values that are equal exactly when their cells are: not floats or decimals (0.0 equals
            # -0.0, written "-0"), not datetimes with a time zone (the same instant in two zones).
            if kind in _SAME_WHEN_EQUAL or (kind is datetime.datetime and value.tzinfo is None):  # type: ignore[union-attr]
                key = (kind, value)
                tail = tails.get(key, _MISSING)
                if tail is _MISSING:
                    tail = tails[key] = _cell_tail(styles.get(_styled_kind(value)), value, epoch, illegal)
            else:
                tail = _cell_tail(styles.get(_styled_kind(value)), value, epoch, illegal)
            if tail is not None:
                parts.append(f'<c r="{letter}{number}"{tail}')
        parts.append("</row>")  # `<row r="7"></row>` when it has no cell to write, as openpyxl
    return parts


def xlsx_bytes(
    sheets: Iterable[tuple[str, Sequence[object], Iterable[Sequence[object]]]], *, language: str = "de"
) -> bytes:
    """A workbook of (title, header, rows) sheets."""
    from openpyxl import Workbook
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    book = Workbook()
    book.remove(book.active)
    bold = Font(bold=True)
    written = []  # per sheet: openpyxl's sheet, its header cells, the styled kinds' first cells, its rows
    for title, header, rows in sheets:
        sheet = book.create_sheet(ILLEGAL_CHARACTERS_RE.sub("", title)[:31] or "1")
        header_cells = []
        for column, text in enumerate(header, start=1):
            cell = sheet.cell(row=1, column=column)
            _write(cell, text, language, ILLEGAL_CHARACTERS_RE)
            cell.font = bold
            header_cells.append((cell, text))
        sheet.freeze_panes = "A2"
        # Only the first cell of each kind that takes a style goes to openpyxl: it registers the style (and
        # its number formats) in the order the whole sheet would, and tells its number below.
        first: dict[type, object] = {}
        kept_rows = []
        for number, row in enumerate(rows, start=2):
            row = list(row)
            kept_rows.append(row)
            for column, value in enumerate(row, start=1):
                kind = _styled_kind(value)
                if kind is not None and kind not in first:
                    first[kind] = sheet.cell(row=number, column=column)
                    _write(first[kind], value, language, ILLEGAL_CHARACTERS_RE)
        for column, text in enumerate(header, start=1):
            sheet.column_dimensions[sheet.cell(row=1, column=column).column_letter].width = max(10, len(str(text)) + 2)
        written.append((sheet, header_cells, first, kept_rows))
    out = io.BytesIO()
    book.save(out)
    sheet_xml = {}
    for sheet, header_cells, first, kept_rows in written:
        parts = []
        if header_cells:
            parts.append('<row r="1">')
            for cell, text in header_cells:
                parts.append(
                    f'<c r="{cell.coordinate}"{_cell_tail(cell.style_id, text, book.epoch, ILLEGAL_CHARACTERS_RE)}'
                )
            parts.append("</row>")
        styles = {kind: cell.style_id for kind, cell in first.items()}
        parts += _rows_xml(kept_rows, styles, book.epoch, ILLEGAL_CHARACTERS_RE)
        used_rows = ([1] if header_cells else []) + [k for k, row in enumerate(kept_rows, start=2) if row]
        columns = max([len(header_cells)] + [len(row) for row in kept_rows])
        dimension = f"A{used_rows[0]}:{get_column_letter(columns)}{used_rows[-1]}" if used_rows else "A1:A1"
        sheet_xml[sheet.path[1:]] = (dimension, "".join(parts))
    return _with_rows(out.getvalue(), sheet_xml)


def _with_rows(workbook: bytes, sheets: dict[str, tuple[str, str]]) -> bytes:
    """openpyxl's workbook with each sheet's dimension and rows put in (its parts in its order, its zip's
    settings)."""
    result = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(workbook)) as book, zipfile.ZipFile(result, "w", zipfile.ZIP_DEFLATED) as out:
        for part in book.infolist():
            data = book.read(part)
            if part.filename in sheets:
                dimension, rows = sheets[part.filename]
                data = _DIMENSION.sub(f'<dimension ref="{dimension}"'.encode(), data, count=1)
                if rows:  # else openpyxl's `<sheetData></sheetData>` (no cell in the whole sheet) stays
                    start, end = data.index(b"<sheetData>"), data.rindex(b"</sheetData>")
                    data = data[:start] + b"<sheetData>" + rows.encode() + data[end:]
            out.writestr(part, data)
    return result.getvalue()


def xlsx_response(content: bytes, filename: str) -> HttpResponse:
    return attachment(content, filename, XLSX_TYPE)
