"""The first sheet of an XLSX or ODS workbook as rows of cells, each row with its number in the sheet.

A cell is text, a number (float), a date (``datetime.date``) or ``None``; a boolean becomes ``"1"`` or ``"0"``.
Bounded before parsing: a workbook is a zip file, so its members' unpacked sizes are added up first (a zip
bomb is refused before one byte is inflated; zipfile itself stops at the size a member claims), the XML
may declare no entities (ODS: no DOCTYPE at all), at most :data:`MAX_COLUMNS` columns are read, and rows are
read only up to the caller's limit (an ODS row repeated a million times is counted, never built).
"""

from __future__ import annotations

import datetime
import io
import zipfile
from xml.etree import ElementTree

__all__ = ["MAX_UNPACKED", "MAX_COLUMNS", "SheetError", "Cell", "kind_of", "read_sheet"]

MAX_UNPACKED = 20 * 1024 * 1024  # a list of 5,000 members is well under 2 MB of XML
MAX_MEMBERS = 500
MAX_COLUMNS = 40
MAX_SPARSE = 20  # rows walked per row kept, empty ones included: a sheet that claims a million is refused
Cell = str | float | datetime.date | None

_ODS_TYPE = b"application/vnd.oasis.opendocument.spreadsheet"
_TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
_TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
_CELLS = (f"{_TABLE}table-cell", f"{_TABLE}covered-table-cell")


class SheetError(ValueError):
    """The file cannot be read as a spreadsheet; ``code``: ``not_spreadsheet``, ``unpacked_too_big``,
    ``too_many_rows`` (with ``limit``)."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code, params)
        self.code = code
        self.params = params


def kind_of(data: bytes) -> str:
    """ "xlsx", "ods", or "text" (anything that is not a zip file: a CSV file, or not a spreadsheet at all)."""
    if not data.startswith(b"PK\x03\x04"):
        return "text"
    archive = _archive(data)
    names = set(archive.namelist())
    if "mimetype" in names and archive.read("mimetype").strip() == _ODS_TYPE and "content.xml" in names:
        return "ods"
    if "[Content_Types].xml" in names and "xl/workbook.xml" in names:
        return "xlsx"
    raise SheetError("not_spreadsheet")


def _archive(data: bytes) -> zipfile.ZipFile:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError, EOFError):
        raise SheetError("not_spreadsheet") from None
    if len(members) > MAX_MEMBERS:
        raise SheetError("not_spreadsheet")
    if sum(member.file_size for member in members) > MAX_UNPACKED:
        raise SheetError("unpacked_too_big", limit=MAX_UNPACKED // (1024 * 1024))
    return archive


def read_sheet(data: bytes, *, max_rows: int) -> list[tuple[int, list[Cell]]]:
    """The first sheet's rows that hold anything, as (row number, cells), at most `max_rows` of them
    (:class:`SheetError` ``too_many_rows`` past it)."""
    kind = kind_of(data)
    try:
        if kind == "ods":
            return _ods_rows(_archive(data), max_rows)
        if kind == "xlsx":
            return _xlsx_rows(data, max_rows)
    except SheetError:
        raise
    except Exception:  # noqa: BLE001 - whatever a malformed workbook makes openpyxl or the XML parser raise
        # (a missing part, no sheet at all, a broken zip), it is a file we cannot read: a message, no traceback
        raise SheetError("not_spreadsheet") from None
    raise SheetError("not_spreadsheet")


def _kept(rows: list[tuple[int, list[Cell]]], number: int, cells: list[Cell], max_rows: int) -> None:
    while cells and (cells[-1] is None or cells[-1] == ""):
        cells.pop()
    if cells:
        if len(rows) >= max_rows:
            raise SheetError("too_many_rows", limit=max_rows)
        rows.append((number, cells))


def _xlsx_rows(data: bytes, max_rows: int) -> list[tuple[int, list[Cell]]]:
    archive = _archive(data)  # the bound, checked before openpyxl inflates anything
    for name in archive.namelist():
        if name.endswith(".xml") and b"<!ENTITY" in archive.read(name)[:4096].upper():
            raise SheetError("not_spreadsheet")
    # openpyxl only when a workbook is read: it is slow to import (league/web/xlsx.py)
    from openpyxl import load_workbook

    book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    try:
        sheet = book.worksheets[0]
        rows: list[tuple[int, list[Cell]]] = []
        # rows are streamed from the sheet's XML; a sheet that claims a million empty rows is walked, not stored
        for number, values in enumerate(sheet.iter_rows(max_col=MAX_COLUMNS, values_only=True), start=1):
            if number > MAX_SPARSE * max_rows:  # openpyxl yields the empty rows between two far apart
                raise SheetError("too_many_rows", limit=max_rows)
            _kept(rows, number, [_xlsx_cell(value) for value in values], max_rows)
        return rows
    finally:
        book.close()


def _xlsx_cell(value: object) -> Cell:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, (datetime.date, str)) or value is None:
        return value
    if isinstance(value, (int, float)):
        return float(value)
    return str(value)


def _ods_rows(archive: zipfile.ZipFile, max_rows: int) -> list[tuple[int, list[Cell]]]:
    content = archive.read("content.xml")
    if b"<!DOCTYPE" in content[:4096].upper() or b"<!ENTITY" in content.upper():
        raise SheetError("not_spreadsheet")
    rows: list[tuple[int, list[Cell]]] = []
    number = 0
    depth = 0  # inside the first table: 1
    row: ElementTree.Element | None = None
    cells: list[Cell] = []
    level = 0  # how deep inside the row: its cells are at 1
    for event, element in ElementTree.iterparse(io.BytesIO(content), events=("start", "end")):
        if element.tag == f"{_TABLE}table":
            if event == "start":
                depth += 1
                continue
            return rows  # the first sheet only
        if depth != 1:
            continue
        if element.tag == f"{_TABLE}table-row":
            if event == "start":
                row, cells, level = element, [], 0
                continue
            while cells and cells[-1] is None:
                cells.pop()
            repeated = _repeat(element, "rows")
            if cells:
                for _ in range(min(repeated, max_rows + 1)):
                    number += 1
                    _kept(rows, number, list(cells), max_rows)
            else:
                number += repeated  # LibreOffice closes a sheet with a million empty rows in one element
            element.clear()
            row = None
        elif row is not None:
            if event == "start":
                level += 1
                continue
            level -= 1
            if level == 0 and element.tag in _CELLS:  # a cell of the row, not something inside one
                if len(cells) < MAX_COLUMNS:
                    # an empty cell repeated to the sheet's edge is one element; past MAX_COLUMNS none is kept
                    cells.extend([_ods_value(element)] * min(_repeat(element, "columns"), MAX_COLUMNS - len(cells)))
                if len(row) and row[0] is element:
                    del row[0]  # read: a row of a million cells never stands in memory whole
    return rows


def _repeat(element: ElementTree.Element, what: str) -> int:
    try:
        return max(1, int(element.get(f"{_TABLE}number-{what}-repeated", "1")))
    except ValueError:
        return 1


def _ods_value(cell: ElementTree.Element) -> Cell:
    kind = cell.get(f"{_OFFICE}value-type")
    if kind == "date":
        return datetime.date.fromisoformat(cell.get(f"{_OFFICE}date-value", "")[:10])
    if kind in ("float", "percentage", "currency"):
        return float(cell.get(f"{_OFFICE}value", "nan"))
    if kind == "boolean":
        return "1" if cell.get(f"{_OFFICE}boolean-value") == "true" else "0"
    paragraphs = ["".join(paragraph.itertext()) for paragraph in cell if paragraph.tag == f"{_TEXT}p"]
    text = "\n".join(paragraphs)
    return text if text else None
