"""CSV that is safe to open in a spreadsheet and opens correctly in German (and English) Excel.

Safe: a cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
return would be read as a formula (CSV injection), so it gets a leading
apostrophe and stays text. Numbers are passed as ``Decimal`` and written by
this module, so a negative amount stays a number and is not mistaken for a
formula.

Excel: a UTF-8 byte order mark makes Excel read umlauts correctly; the
delimiter and decimal mark follow the language of the export, as Excel
expects them in that locale: German ``;`` and ``10,50``, English ``,`` and
``10.50``. Pure Python: nothing from Django.
"""

from __future__ import annotations

import csv
import datetime
import io
from collections.abc import Iterable, Sequence
from decimal import Decimal

BOM = "\ufeff"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutralize(text: str) -> str:
    """A text cell a spreadsheet shows as text, never runs: ``=1+1`` -> ``'=1+1``.

    The full-width ``＝`` that East Asian keyboards type counts as ``=`` (a blank in front makes any cell text).
    """
    start = text[:1].replace("\uff1d", "=")
    return "'" + text if start and start in "".join(FORMULA_STARTS) else text


def delimiter_for(language: str) -> str:
    return ";" if language.lower().startswith("de") else ","


def format_cell(value: object, language: str) -> str:
    """Decimals with the language's decimal mark (not neutralized: they are numbers); everything else as safe text."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, (Decimal, int)):
        text = format(Decimal(value), "f")
        return text.replace(".", ",") if language.lower().startswith("de") else text
    if isinstance(value, datetime.datetime):
        return value.isoformat(sep=" ", timespec="minutes")
    if isinstance(value, datetime.date):
        return value.isoformat()
    return neutralize(str(value))


def safe_csv(rows: Iterable[Sequence[object]], *, language: str = "de") -> str:
    """The whole file as text, byte order mark first; encode it as UTF-8."""
    buffer = io.StringIO()
    buffer.write(BOM)
    writer = csv.writer(buffer, delimiter=delimiter_for(language), lineterminator="\r\n")
    for row in rows:
        writer.writerow([format_cell(value, language) for value in row])
    return buffer.getvalue()
