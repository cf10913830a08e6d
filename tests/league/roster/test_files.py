"""Player lists as LibreOffice writes them (tests/data/roster/README.md says how each was made): XLSX, ODS,
CSV in UTF-8 with a byte order mark and in Windows-1252, two-digit years and date numbers; the app's own
exports after a round trip through LibreOffice; a UTF-8 file with one broken byte named by its line."""

from __future__ import annotations

import datetime
import html
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from league.models import Player
from league.roster import services as roster
from league.rules.roster import RosterError, read_date

DATA = Path(__file__).resolve().parents[2] / "data" / "roster"
TODAY = datetime.date(2026, 12, 6)
MEMBERS = [
    ("Anna Müller", "Anni", datetime.date(1990, 11, 27), "anna@example.org", False, "new"),
    ("Jürgen Weiß", "", datetime.date(1975, 2, 1), "+49 170 1234567", True, "new"),
    ("Özlem Öztürk", "", None, "", True, "new"),
    ("Björn Groß", "", datetime.date(1990, 11, 27), "", False, "new"),  # the date number 33204
    ("Chloé Dupont", "", datetime.date(1985, 1, 31), "chloe@example.org", False, "new"),
    ("Kind Klein", "", datetime.date(2015, 1, 1), "", False, "error"),  # 01.01.15: 2015, never 1915
]
EXPORTED = [
    ("Anna Müller", "Anni", datetime.date(1990, 11, 27), "anna@example.org", False),
    ("Jürgen Weiß", "", datetime.date(1975, 2, 1), "+49 170 1234567", True),
    ("Özlem Öztürk", "", None, "", True),
    ("=1+1 Spaß", "", datetime.date(1999, 1, 1), "@home", False),
]


def _rows(name: str) -> list[tuple]:
    read = roster.read_file((DATA / name).read_bytes(), today=TODAY)
    return [(r.name, r.nickname, r.date_of_birth, r.contact, r.id_checked_adult, r.status) for r in read.rows]


@pytest.mark.parametrize("name", ["members.xlsx", "members.ods", "members-utf8-bom.csv", "members-windows-1252.csv"])
def test_libreoffice_s_files_read_with_the_right_players_and_dates(name):
    assert _rows(name) == MEMBERS


def test_the_under_age_row_of_a_libreoffice_file_says_why():
    read = roster.read_file((DATA / "members.ods").read_bytes(), today=TODAY)
    assert read.rows[-1].line == 7 and read.rows[-1].errors == [("under_age", {"age": 18})]


@pytest.mark.parametrize(
    "name",
    [
        "export.csv",
        "export.xlsx",
        "export.ods",
        "export-libreoffice.csv",
        "export-libreoffice.xlsx",
        "export-libreoffice.ods",
    ],
)
def test_the_app_s_exports_read_back_alike_after_a_round_trip_through_libreoffice(name):
    assert [row[:5] for row in _rows(name)] == EXPORTED


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["members.xlsx", "members.ods"])
def test_a_workbook_is_previewed_then_imported_without_the_refused_row(organizer_client, name):
    upload = SimpleUploadedFile(name, (DATA / name).read_bytes())
    page = organizer_client.post(reverse("players_import"), {"file": upload}).content.decode()
    assert 'id="count-new">5<' in page and 'id="count-error">1<' in page and not Player.objects.exists()
    assert 'id="line-7"' in page
    digest = page.split('name="digest" value="')[1].split('"')[0]
    content = page.split('<textarea name="content" hidden>')[1].split("</textarea>")[0]
    content = html.unescape(content)
    response = organizer_client.post(reverse("players_import"), {"content": content, "digest": digest, "confirm": "1"})
    assert response.status_code == 302
    assert sorted(Player.objects.values_list("name", "date_of_birth")) == sorted((r[0], r[2]) for r in MEMBERS[:5])


@pytest.mark.parametrize(
    ("data", "line"),
    [
        (
            (DATA / "members-utf8-bom.csv").read_bytes().replace("Jürgen".encode(), b"J\xfcrgen"),
            3,
        ),  # a BOM, then Latin-1
        ("Name\nAnna Müller\nBen\nJ\xfcrgen\n".encode().replace(b"J\xc3\xbcrgen", b"J\xfcrgen"), 4),
    ],
)
def test_a_utf8_file_with_one_broken_byte_is_refused_naming_its_line(data, line):
    with pytest.raises(RosterError) as caught:
        roster.read_file(data, today=TODAY)
    assert (caught.value.code, caught.value.params) == ("broken_utf8", {"line": line})


@pytest.mark.django_db
def test_the_broken_line_is_named_in_german(organizer_client):
    organizer_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "de"
    data = "Name\nAnna Müller\nJ\xfcrgen\n".encode().replace(b"J\xc3\xbcrgen", b"J\xfcrgen")
    upload = SimpleUploadedFile("spieler.csv", data)
    page = organizer_client.post(reverse("players_import"), {"file": upload}, follow=True).content.decode()
    assert "Zeile 3" in page and not Player.objects.exists()


@pytest.mark.parametrize(
    ("value", "date"),
    [
        ("27.11.1990", datetime.date(1990, 11, 27)),
        ("27.11.90", datetime.date(1990, 11, 27)),
        ("1.2.26", datetime.date(2026, 2, 1)),  # not after today: this century
        ("1.2.27", datetime.date(1927, 2, 1)),  # after today: the last
        ("1990-11-27", datetime.date(1990, 11, 27)),
        ("1990-11-27 00:00:00", datetime.date(1990, 11, 27)),
        ("33204", datetime.date(1990, 11, 27)),
        (33204.0, datetime.date(1990, 11, 27)),
        (datetime.date(1990, 11, 27), datetime.date(1990, 11, 27)),
        ("33204.5", None),
        ("31.02.90", None),
        ("27/11/1990", None),
        ("0", None),
    ],
)
def test_a_date_as_clubs_write_it(value, date):
    assert read_date(value, latest=TODAY) == date
