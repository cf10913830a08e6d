"""league.web.xlsx writes the rows itself: its workbooks must be the ones openpyxl writes cell by cell.

`_openpyxl_only` is the writer as it was (every cell an openpyxl cell), kept here as the reference: each
part of the two workbooks (the sheets' XML, the styles, the workbook, the content types) is compared byte
for byte, on every kind of value a sheet takes. Only the time a workbook was made (docProps/core.xml) may
differ, as between any two runs of openpyxl.
"""

from __future__ import annotations

import datetime
import io
import math
import random
import re
import zipfile
from decimal import Decimal

import pytest

from league.web import xlsx


def _openpyxl_only(sheets, *, language: str = "de") -> bytes:
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
            xlsx._write(cell, text, language, ILLEGAL_CHARACTERS_RE)
            cell.font = bold
        sheet.freeze_panes = "A2"
        for number, row in enumerate(rows, start=2):
            for column, value in enumerate(row, start=1):
                xlsx._write(sheet.cell(row=number, column=column), value, language, ILLEGAL_CHARACTERS_RE)
        for column, text in enumerate(header, start=1):
            sheet.column_dimensions[sheet.cell(row=1, column=column).column_letter].width = max(10, len(str(text)) + 2)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


_TIMES = re.compile(rb"<dcterms:(created|modified)\b[^>]*>[^<]*</dcterms:")


def _parts(content: bytes) -> list[tuple[str, bytes]]:
    with zipfile.ZipFile(io.BytesIO(content)) as book:
        return [(part.filename, _TIMES.sub(rb"<dcterms:\1>T</dcterms:", book.read(part))) for part in book.infolist()]


def _assert_same(sheets, language: str = "de") -> None:
    # Each sheet's rows twice: both writers may read them once only (a generator).
    ours = xlsx.xlsx_bytes([(title, header, iter(rows)) for title, header, rows in sheets], language=language)
    reference = _openpyxl_only([(title, header, iter(rows)) for title, header, rows in sheets], language=language)
    assert _parts(ours) == _parts(reference)


VALUES = [
    None,
    "",
    " ",
    "Anna",
    " leading",
    "trailing ",
    "a & b < c > d \"e\" 'f'",
    "=1+1",
    "#N/A",
    "tab\tand\nnew line\r",
    "bell\x07gone",
    "Ümlaut ß €",
    "x" * 40_000,
    0,
    -3,
    2**60,
    1.5,
    0.0,
    -0.0,
    Decimal("0"),
    Decimal("-0"),
    1 / 3,
    1e-300,
    math.nan,
    math.inf,
    Decimal("12.50"),
    Decimal("-0.1"),
    True,
    False,
    datetime.date(2026, 12, 6),
    datetime.date(1900, 2, 1),
    datetime.datetime(2026, 12, 6, 21, 30, 15),
    datetime.datetime(2026, 12, 6, 21, 30, tzinfo=datetime.UTC),
    datetime.datetime(2026, 12, 6, 22, 30, tzinfo=datetime.timezone(datetime.timedelta(hours=1))),
    datetime.datetime(2026, 12, 6, 21, 30),
    datetime.time(12, 0),
    ["a list"],
]


@pytest.mark.parametrize("language", ["de", "en", "fr"])
def test_every_kind_of_value(language):
    header = ["Name", "Wert", "Datum", "Zahl"]
    rows = [[value, value, VALUES[k - 1], "x"] for k, value in enumerate(VALUES)]
    _assert_same([("Tabelle", header, rows)], language)


def test_ragged_and_empty_rows():
    _assert_same([("T", ["a", "b"], [[], [1], [None, None, None], [], ["x", 2, datetime.date(2026, 1, 1), 4.0]])])
    _assert_same([("T", ["a"], [[], []])])


def test_no_header_no_rows():
    _assert_same([("T", [], [])])
    _assert_same([("T", [], [[1, 2], ["a"]])])
    _assert_same([("", [], [[None]])])


def test_header_of_dates_and_nothing():
    _assert_same([("T", [datetime.date(2026, 1, 1), None, 3, "=x"], [[datetime.date(2026, 1, 2)]])])


def test_several_sheets_share_styles():
    first = ("Standings", ["Platz", "Name"], [[1, "A"], [2, datetime.datetime(2026, 1, 1, 20, 0)]])
    second = (
        "Results" * 6,
        ["Datum", "Name"],
        [[datetime.date(2026, 1, 1), "B"], [datetime.datetime(2026, 1, 1), "C"]],
    )
    third = ("Bad\x01title", ["x"], [[datetime.date(2026, 2, 2)]])
    _assert_same([first, second, third])
    _assert_same([second, first])


def test_a_season_sized_sheet():
    rng = random.Random(7)
    names = ["Anna", "Ben & Co", "<b>", " Ede", "=SUM(A1)"]
    rows = [
        [
            datetime.date(2026, 1, 1) + datetime.timedelta(days=rng.randrange(300)),
            rng.randrange(1, 12),
            rng.choice(names) + str(k),
            rng.randrange(1, 10),
            Decimal(rng.randrange(0, 2000)) / 100,
            rng.choice(["ja", "nein", None]),
        ]
        for k in range(3_000)
    ]
    _assert_same([("Ergebnisse", ["Abend", "Tisch", "Spieler", "Platz", "Punkte", "Zählt"], rows)], "de")
    _assert_same([("Results", ["Night", "Table", "Player", "Place", "Points", "Counts"], rows)], "en")
