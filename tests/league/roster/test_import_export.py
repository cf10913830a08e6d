"""The player list in and out: reading the files people hand in (league/rules/roster.py), the preview and the
import all or nothing, and an exported list that imports back into an empty league unchanged."""

from __future__ import annotations

import datetime
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from league.models import Player
from league.roster import services as roster
from league.rules.roster import Known, RosterError, compare, read_roster

TODAY = datetime.date(2026, 11, 27)
GERMAN_EXCEL = (
    "Name;Spitzname;Geburtsdatum;Kontakt;Ausweis geprüft (18+)\r\n"
    "Anna Müller;Anni;27.11.1990;anna@example.org;nein\r\n"
    "Jürgen Weiß;;1.2.1975;'+49 170 1234567;ja\r\n"
    "Özlem Öztürk;;;;ja\r\n"
)


@pytest.fixture(autouse=True)
def english_client(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


# --- reading the file ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "encoding", "delimiter"),
    [
        (("\ufeff" + GERMAN_EXCEL).encode("utf-8"), "utf-8-sig", ";"),  # Excel's "CSV UTF-8"
        (GERMAN_EXCEL.encode("cp1252"), "cp1252", ";"),  # Excel's "CSV (Trennzeichen-getrennt)"
        (GERMAN_EXCEL.replace(";", ",").encode("utf-8"), "utf-8", ","),  # plain UTF-8 with commas
    ],
)
def test_german_excel_plain_utf8_and_windows_1252_read_alike(data, encoding, delimiter):
    read = read_roster(data, today=TODAY)
    assert (read.encoding, read.delimiter) == (encoding, delimiter)
    assert [(r.name, r.nickname, r.date_of_birth, r.contact, r.id_checked_adult, r.status) for r in read.rows] == [
        ("Anna Müller", "Anni", datetime.date(1990, 11, 27), "anna@example.org", False, "new"),
        ("Jürgen Weiß", "", datetime.date(1975, 2, 1), "+49 170 1234567", True, "new"),
        ("Özlem Öztürk", "", None, "", True, "new"),
    ]


def test_english_headers_in_any_order_and_iso_dates():
    data = b"ID checked (18+),Date of birth,Name\nyes,1990-11-27,Anna\nno,1985-01-31,Ben\n"
    read = read_roster(data, today=TODAY)
    assert [(r.name, r.date_of_birth, r.id_checked_adult) for r in read.rows] == [
        ("Anna", datetime.date(1990, 11, 27), True),
        ("Ben", datetime.date(1985, 1, 31), False),
    ]


@pytest.mark.parametrize(
    ("line", "code"),
    [
        (";;27.11.1990;", "no_name"),
        ("Anna;;31.02.1990;", "bad_date"),
        ("Anna;;27/11/1990;", "bad_date"),
        ("Anna;;01.01.2015;", "under_age"),
        ("Anna;;01.01.2030;", "bad_date"),
        ("Anna;;;", "age_unknown"),
        ("Anna;;27.11.1990;vielleicht", "bad_yes_no"),
        ("A" * 121 + ";;27.11.1990;", "too_long"),
        ("An\x07na;;27.11.1990;", "control_characters"),
    ],
)
def test_a_row_that_cannot_be_a_player_is_an_error(line, code):
    read = read_roster(f"Name;Spitzname;Geburtsdatum;Ausweis geprüft (18+)\n{line}\n".encode(), today=TODAY)
    assert read.rows[0].status == "error" and code in [c for c, _ in read.rows[0].errors]


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"", "empty"),
        (b"Name\n", "empty"),
        (b"Vorname;Nachname\nAnna;M\n", "no_name_column"),
        (b"\x00\x01\x02", "not_csv"),
        (b"Name\n" + b"x" * (3 * 1024 * 1024), "too_big"),
        (b"Name\n" + b"".join(b"P%d\n" % k for k in range(5001)), "too_many_rows"),
    ],
)
def test_a_file_that_is_no_player_list_is_refused_as_a_whole(data, code):
    with pytest.raises(RosterError) as caught:
        read_roster(data, today=TODAY)
    assert caught.value.code == code


def test_rows_are_marked_new_duplicate_or_similar():
    known = [Known(1, "Anna Müller", datetime.date(1990, 11, 27)), Known(2, "Jürgen Weiss", None)]
    data = (
        "Name;Geburtsdatum;Ausweis geprüft (18+)\n"
        "anna  müller;27.11.1990;\n"  # the same player: case and spaces aside
        "Anna Mueller;03.03.1991;\n"  # reads the same (ue for ü), another date: similar
        "Jürgen Weiß;;ja\n"  # ß and ss: similar
        "Anne Müller;27.11.1990;\n"  # a typo away: similar
        "Carl Neu;01.01.1980;\n"  # new
        "Carl Neu;01.01.1980;\n"
    ).encode()  # the row above again: a duplicate
    read = compare(read_roster(data, today=TODAY), known)
    assert [(r.name, r.status, r.match.id if r.match else None) for r in read.rows] == [
        ("anna müller", "duplicate", 1),
        ("Anna Mueller", "similar", 1),
        ("Jürgen Weiß", "similar", 2),
        ("Anne Müller", "similar", 1),
        ("Carl Neu", "new", None),
        ("Carl Neu", "duplicate", None),
    ]
    assert read.counts() == {"new": 1, "duplicate": 2, "similar": 3, "error": 0}


# --- the import ------------------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_preview_writes_nothing_and_the_import_writes_every_new_player(organizer_client):
    Player.objects.create(name="Anna Müller", date_of_birth=datetime.date(1990, 11, 27))
    upload = io.BytesIO(GERMAN_EXCEL.encode("cp1252"))
    upload.name = "spieler.csv"
    page = organizer_client.post(reverse("players_import"), {"file": upload}).content.decode()
    assert 'id="count-new">2<' in page and 'id="count-duplicate">1<' in page and "cp1252" in page
    assert Player.objects.count() == 1
    digest = page.split('name="digest" value="')[1].split('"')[0]
    response = organizer_client.post(
        reverse("players_import"), {"content": GERMAN_EXCEL, "digest": digest, "confirm": "1"}
    )
    assert response.status_code == 302
    assert sorted(Player.objects.values_list("name", flat=True)) == ["Anna Müller", "Jürgen Weiß", "Özlem Öztürk"]
    assert Player.objects.get(name="Jürgen Weiß").contact == "+49 170 1234567"


@pytest.mark.django_db
def test_a_row_with_an_error_is_named_and_left_out_and_the_rest_imports_only_on_confirmation(organizer_client):
    text = GERMAN_EXCEL + "Kind;;01.01.2015;;nein\r\n"
    page = organizer_client.post(reverse("players_import"), {"content": text}).content.decode()
    assert 'id="line-5"' in page and "younger than 18" in page and 'id="roster-import"' in page
    assert "The rows with errors are left out" in page and not Player.objects.exists()  # a preview writes nothing
    digest = page.split('name="digest" value="')[1].split('"')[0]
    organizer_client.post(reverse("players_import"), {"content": text, "digest": digest, "confirm": "1"})
    assert sorted(Player.objects.values_list("name", flat=True)) == ["Anna Müller", "Jürgen Weiß", "Özlem Öztürk"]


@pytest.mark.django_db
def test_a_league_that_changed_since_the_preview_is_shown_again(organizer_client):
    page = organizer_client.post(reverse("players_import"), {"content": GERMAN_EXCEL}).content.decode()
    digest = page.split('name="digest" value="')[1].split('"')[0]
    Player.objects.create(name="Jürgen Weiß", date_of_birth=datetime.date(1975, 2, 1))  # at the desk meanwhile
    page = organizer_client.post(
        reverse("players_import"), {"content": GERMAN_EXCEL, "digest": digest, "confirm": "1"}, follow=True
    ).content.decode()
    assert "changed since the preview" in page and Player.objects.count() == 1


@pytest.mark.django_db
def test_similar_rows_are_imported_only_when_ticked():
    Player.objects.create(name="Anna Mueller", date_of_birth=datetime.date(1991, 3, 3))
    data = GERMAN_EXCEL.encode()
    preview = roster.preview_import(data=data, today=TODAY)
    line = next(r.line for r in preview.rows if r.status == "similar")
    roster.import_players(data=data, digest=roster.roster_digest(preview), today=TODAY)
    assert not Player.objects.filter(name="Anna Müller").exists()
    Player.objects.exclude(name="Anna Mueller").delete()
    preview = roster.preview_import(data=data, today=TODAY)
    roster.import_players(data=data, digest=roster.roster_digest(preview), take_similar={line}, today=TODAY)
    assert Player.objects.filter(name="Anna Müller").exists()


@pytest.mark.django_db
def test_only_organizers_import_or_export(client):
    for name in ("player_list", "players_csv", "players_xlsx"):
        assert client.get(reverse(name)).status_code == 302
    assert (
        client.post(reverse("players_import"), {"content": GERMAN_EXCEL, "confirm": "1", "digest": "x"}).status_code
        == 302
    )
    assert not Player.objects.exists()


# --- the export, and back ---------------------------------------------------------------------------------------


PLAYERS = [
    {
        "name": "Anna Müller",
        "nickname": "Anni",
        "date_of_birth": datetime.date(1990, 11, 27),
        "contact": "anna@example.org",
    },
    {"name": '=HYPERLINK("http://x")', "nickname": "", "date_of_birth": None, "contact": "", "id_checked_adult": True},
    {
        "name": "Jürgen Weiß",
        "nickname": "-",
        "date_of_birth": datetime.date(1975, 2, 1),
        "contact": "+49 170 1234567",
        "id_checked_adult": True,
    },
    {
        "name": "Zoë O'Brien; Jr.",
        "nickname": 'Z "the" Q',
        "date_of_birth": datetime.date(2000, 2, 29),
        "contact": "@zoe",
    },
]
FIELDS = ("name", "nickname", "date_of_birth", "contact", "id_checked_adult")


def _league() -> list[tuple]:
    return sorted(Player.objects.values_list(*FIELDS))


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["de", "en"])
def test_an_exported_player_list_imports_back_into_an_empty_league_unchanged(organizer_client, language):
    for fields in PLAYERS:
        Player.objects.create(**fields)
    before = _league()
    exported = organizer_client.get(reverse("players_csv"), {"lang": language}).content
    assert exported.startswith(b"\xef\xbb\xbf") and (b";" in exported.splitlines()[0]) == (language == "de")
    assert b"'=HYPERLINK" in exported  # safe in a spreadsheet: text, never a formula
    if language == "de":
        assert b"27.11.1990" in exported
    Player.objects.all().delete()
    preview = roster.preview_import(data=exported)
    assert preview.counts() == {"new": 4, "duplicate": 0, "similar": 0, "error": 0}
    roster.import_players(data=exported, digest=roster.roster_digest(preview))
    assert _league() == before


@pytest.mark.django_db
@pytest.mark.parametrize("kind", ["players_xlsx", "players_ods"])
def test_an_exported_workbook_imports_back_into_an_empty_league_unchanged(organizer_client, kind):
    for fields in PLAYERS:
        Player.objects.create(**fields)
    before = _league()
    exported = organizer_client.get(reverse(kind)).content
    Player.objects.all().delete()
    preview = roster.preview_import(data=exported)
    assert preview.counts() == {"new": 4, "duplicate": 0, "similar": 0, "error": 0}
    roster.import_players(data=exported, digest=roster.roster_digest(preview))
    assert _league() == before


@pytest.mark.django_db
def test_the_xlsx_export_keeps_text_as_text_and_dates_as_dates(organizer_client):
    for fields in PLAYERS:
        Player.objects.create(**fields)
    book = load_workbook(io.BytesIO(organizer_client.get(reverse("players_xlsx"), {"lang": "de"}).content))
    rows = list(book.active.iter_rows())
    assert [cell.value for cell in rows[0]] == ["Name", "Spitzname", "Geburtsdatum", "Kontakt", "Ausweis geprüft (18+)"]
    formula_like = next(row for row in rows if str(row[0].value).startswith("=HYPERLINK"))
    assert formula_like[0].data_type == "s"  # stored as text: shown, never run
    anna = next(row for row in rows if row[0].value == "Anna Müller")
    assert anna[2].value == datetime.datetime(1990, 11, 27) and anna[2].number_format == "DD.MM.YYYY"
