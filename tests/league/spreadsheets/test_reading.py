"""A workbook's first sheet read as rows (league/spreadsheets/reading.py), and what is refused before parsing:
a zip bomb as .xlsx or .ods, a sheet of a million rows, entities, a zip that is no workbook; the player
import then says so in German and writes nothing."""

from __future__ import annotations

import datetime
import io
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from league.models import Player
from league.spreadsheets.ods import ods_bytes
from league.spreadsheets.reading import MAX_COLUMNS, SheetError, kind_of, read_sheet

ODS = "application/vnd.oasis.opendocument.spreadsheet"
TABLE = (
    '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet>'
    '<table:table table:name="1">{rows}</table:table></office:spreadsheet></office:body></office:document-content>'
)


def _zip(members: dict[str, bytes | str]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return out.getvalue()


def _ods(rows: str, prefix: str = "") -> bytes:
    return _zip({"mimetype": ODS, "content.xml": prefix + TABLE.format(rows=rows)})


def test_an_ods_file_s_cells_numbers_dates_and_repeats():
    data = ods_bytes(
        [
            (
                "Spieler",
                ["Name", "Geburtsdatum", "Punkte"],
                [["Anna", datetime.date(1990, 11, 27), 3], ["Ben", None, 2.5]],
            )
        ]
    )
    assert kind_of(data) == "ods"
    assert read_sheet(data, max_rows=10) == [
        (1, ["Name", "Geburtsdatum", "Punkte"]),
        (2, ["Anna", datetime.date(1990, 11, 27), 3.0]),
        (3, ["Ben", None, 2.5]),
    ]


def test_a_zip_bomb_is_refused_before_anything_is_unpacked():
    zeros = b"\0" * (64 * 1024 * 1024)  # 64 MB of zeros pack into about 64 kB
    for data in (
        _zip({"mimetype": ODS, "content.xml": zeros}),
        _zip({"[Content_Types].xml": "<x/>", "xl/workbook.xml": "<x/>", "xl/worksheets/sheet1.xml": zeros}),
    ):
        assert len(data) < 200_000
        with pytest.raises(SheetError) as caught:
            read_sheet(data, max_rows=100)
        assert caught.value.code == "unpacked_too_big"


def test_a_row_repeated_a_million_times_and_a_cell_to_the_sheet_s_edge_are_counted_not_built():
    cell = '<table:table-cell office:value-type="string" table:number-columns-repeated="16384"><text:p>x</text:p></table:table-cell>'
    row = f'<table:table-row table:number-rows-repeated="1048576">{cell}</table:table-row>'
    with pytest.raises(SheetError) as caught:
        read_sheet(_ods(row), max_rows=100)
    assert caught.value.code == "too_many_rows"
    empty = '<table:table-row table:number-rows-repeated="1048000"><table:table-cell/></table:table-row>'
    rows = read_sheet(_ods(f"<table:table-row>{cell}</table:table-row>{empty}"), max_rows=100)
    assert len(rows) == 1 and len(rows[0][1]) == MAX_COLUMNS


@pytest.mark.parametrize(
    "data",
    [
        _ods("", prefix='<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">]>'),  # entities: a billion laughs
        _zip({"readme.txt": "not a workbook"}),
        b"PK\x03\x04 broken",
        _zip({"mimetype": ODS, "content.xml": "<not xml"}),
    ],
    ids=["entities", "no workbook", "broken zip", "broken xml"],
)
def test_what_is_no_workbook_is_refused(data):
    with pytest.raises(SheetError) as caught:
        read_sheet(data, max_rows=100)
    assert caught.value.code == "not_spreadsheet"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("name", "data", "words"),
    [
        (
            "bombe.xlsx",
            _zip({"[Content_Types].xml": "<x/>", "xl/workbook.xml": "<x/>", "a.xml": b"\0" * (32 * 1024 * 1024)}),
            "entpackt größer als 20 MB",
        ),
        ("bombe.ods", _zip({"mimetype": ODS, "content.xml": b"\0" * (32 * 1024 * 1024)}), "entpackt größer als 20 MB"),
        ("bild.xlsx", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", "weder eine CSV-Datei noch eine Tabelle"),
        ("liste.zip", _zip({"a.txt": "x"}), "weder eine CSV-Datei noch eine Tabelle"),
        ("gross.csv", b"Name\n" + b"x" * (3 * 1024 * 1024), "zu groß"),
    ],
    ids=["xlsx bomb", "ods bomb", "png", "zip", "too big"],
)
def test_the_import_refuses_a_bad_file_in_german_and_writes_nothing(organizer_client, name, data, words):
    organizer_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "de"
    page = organizer_client.post(reverse("players_import"), {"file": SimpleUploadedFile(name, data)}, follow=True)
    assert words in page.content.decode() and not Player.objects.exists()
