"""Spreadsheets (ODS, LibreOffice's own format) the pages hand out: one sheet per table, like the XLSX of
league/web/xlsx.py, written with the standard library (an ODS file is a zip of a few XML files).

Safe like the other exports: a text cell is a text cell (``office:value-type="string"``), so ``=1+1`` as a
player's name is shown, never run; numbers stay numbers and dates are dates, shown the language's way.
"""

from __future__ import annotations

import datetime
import io
import re
import zipfile
from collections.abc import Iterable, Sequence
from decimal import Decimal
from xml.sax.saxutils import escape, quoteattr

__all__ = ["ODS_TYPE", "ods_bytes"]

ODS_TYPE = "application/vnd.oasis.opendocument.spreadsheet"
FIXED_TIME = (2000, 1, 1, 0, 0, 0)
_ILLEGAL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")  # characters XML cannot hold
_NAMESPACES = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0" '
    'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.2"'
)
_MANIFEST = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<manifest:manifest '
    'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
    f'<manifest:file-entry manifest:full-path="/" manifest:media-type="{ODS_TYPE}"/>'
    '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
    "</manifest:manifest>"
)


def _date_style(language: str) -> str:
    """The date style: 27.11.1990 in German, 1990-11-27 otherwise."""
    if language.lower().startswith("de"):
        parts = (
            '<number:day number:style="long"/><number:text>.</number:text><number:month number:style="long"/>'
            '<number:text>.</number:text><number:year number:style="long"/>'
        )
    else:
        parts = (
            '<number:year number:style="long"/><number:text>-</number:text><number:month number:style="long"/>'
            '<number:text>-</number:text><number:day number:style="long"/>'
        )
    return (
        f'<number:date-style style:name="date">{parts}</number:date-style>'
        '<style:style style:name="day" style:family="table-cell" style:data-style-name="date"/>'
        '<style:style style:name="bold" style:family="table-cell"><style:text-properties fo:font-weight="bold"/></style:style>'
    )


def _cell(value: object, style: str = "") -> str:
    styled = f' table:style-name="{style}"' if style else ""
    if value is None or value == "":
        return "<table:table-cell/>"
    if isinstance(value, (int, float, Decimal)) and not isinstance(value, bool):
        return f'<table:table-cell office:value-type="float" office:value="{value}"{styled}><text:p>{value}</text:p></table:table-cell>'
    if isinstance(value, datetime.date) and not isinstance(value, datetime.datetime):
        return (
            f'<table:table-cell office:value-type="date" office:date-value="{value.isoformat()}" '
            f'table:style-name="day"><text:p>{value.isoformat()}</text:p></table:table-cell>'
        )
    text = escape(_ILLEGAL.sub("", str(value)))
    return f'<table:table-cell office:value-type="string"{styled}><text:p>{text}</text:p></table:table-cell>'


def ods_bytes(
    sheets: Iterable[tuple[str, Sequence[object], Iterable[Sequence[object]]]], *, language: str = "de"
) -> bytes:
    """A workbook of (title, header, rows) sheets."""
    tables = []
    for title, header, rows in sheets:
        lines = ["<table:table-row>" + "".join(_cell(text, "bold") for text in header) + "</table:table-row>"]
        lines += ["<table:table-row>" + "".join(_cell(value) for value in row) + "</table:table-row>" for row in rows]
        name = quoteattr(_ILLEGAL.sub("", title)[:31] or "1")
        tables.append(f"<table:table table:name={name}>{''.join(lines)}</table:table>")
    content = (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content {_NAMESPACES}>'
        f"<office:automatic-styles>{_date_style(language)}</office:automatic-styles>"
        f"<office:body><office:spreadsheet>{''.join(tables)}</office:spreadsheet></office:body>"
        "</office:document-content>"
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        # the mimetype first and stored, so a reader knows the file from its first bytes (the ODF rule); no
        # time of writing: the same table makes the same bytes (a republish sends only what changed)
        for name, text, packing in (
            ("mimetype", ODS_TYPE, zipfile.ZIP_STORED),
            ("META-INF/manifest.xml", _MANIFEST, zipfile.ZIP_DEFLATED),
            ("content.xml", content, zipfile.ZIP_DEFLATED),
        ):
            archive.writestr(zipfile.ZipInfo(name, date_time=FIXED_TIME), text, compress_type=packing)
    return out.getvalue()
