"""Blind structures kept for other seasons (a name, saved and reused), the grid's row buttons, and the levels
as a CSV file (tournaments/clock/structure_file.py): refused files name their line and write nothing."""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from league.models import SavedStructure, Season
from tests.league.factories import make_season
from tests.tournaments.clock.test_structure import _post
from tournaments.clock import structure_file
from tournaments.poker import structure
from tournaments.poker.structure import Level

pytestmark = pytest.mark.django_db

ANTE_AT_EQUAL_BLINDS = [
    {"small": 50, "big": 100, "minutes": 20},
    {"small": 100, "big": 200, "minutes": 20},
    {"small": 100, "big": 200, "ante": 25, "minutes": 20, "break_minutes": 10, "note": "Farbwechsel"},
    {"small": 150, "big": 300, "ante": 50, "minutes": 20},
]


@pytest.fixture(autouse=True)
def german(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "de"


def test_a_level_that_adds_an_ante_at_the_same_blinds_is_saved(organizer_client):
    season = make_season()
    assert _post(organizer_client, season, ANTE_AT_EQUAL_BLINDS).status_code == 302
    kept = structure.from_text(Season.objects.get().blind_structure)
    assert kept.levels[1:3] == (Level(100, 200, 0, 20), Level(100, 200, 25, 20))


def test_a_structure_saved_under_a_name_is_offered_and_copied_in_another_season(organizer_client):
    first = make_season()
    response = _post(organizer_client, first, ANTE_AT_EQUAL_BLINDS, save_as="1", saved_name="  Clubabend  20 min ")
    assert response.status_code == 302
    saved = SavedStructure.objects.get()
    assert saved.name == "Clubabend 20 min"
    assert Season.objects.get().blind_structure == ""  # kept under its name only, the season unchanged
    other = make_season(name="Saison 2027")
    page = organizer_client.get(reverse("blind_structure", args=[other.pk])).content.decode()
    assert f'value="saved-{saved.pk}"' in page and "Clubabend 20 min" in page
    page = organizer_client.get(
        reverse("blind_structure", args=[other.pk]), {"template": f"saved-{saved.pk}"}
    ).content.decode()
    assert "„Clubabend 20 min“ übernommen" in page
    assert 'name="ante_3" value="25"' in page and 'name="note_3" value="Farbwechsel"' in page


def test_saving_again_under_the_same_name_replaces_it(organizer_client):
    season = make_season()
    _post(organizer_client, season, ANTE_AT_EQUAL_BLINDS, save_as="1", saved_name="Club")
    _post(organizer_client, season, ANTE_AT_EQUAL_BLINDS[:2], save_as="1", saved_name="club")
    assert SavedStructure.objects.count() == 1
    assert len(structure.from_text(SavedStructure.objects.get().levels).levels) == 2


def test_a_structure_without_a_name_or_with_bad_levels_is_not_kept(organizer_client):
    season = make_season()
    page = _post(organizer_client, season, ANTE_AT_EQUAL_BLINDS, save_as="1", saved_name=" ").content.decode()
    assert "Bitte der Struktur einen Namen geben." in page
    bad = [{"small": 100, "big": 200, "minutes": 20}, {"small": 100, "big": 200, "minutes": 20}]
    _post(organizer_client, season, bad, save_as="1", saved_name="Club")
    assert not SavedStructure.objects.exists()


def _grid(client, season, rows, **button):
    data = {"rows": str(len(rows)), "after_last": "double", "ante_by": "each", **button}
    for k, row in enumerate(rows, start=1):
        for key, value in row.items():
            data[f"{key}_{k}"] = value
    return client.post(reverse("blind_structure", args=[season.pk]), data).content.decode()


def test_the_row_buttons_move_drop_and_insert_levels_and_save_nothing(organizer_client):
    season = make_season()
    rows = [
        {"small": 25, "big": 50, "minutes": 15},
        {"small": 50, "big": 100, "minutes": 15},
        {"small": 75, "big": 150, "minutes": 15},
    ]
    page = _grid(organizer_client, season, rows, down="1")
    assert 'name="small_1" value="50"' in page and 'name="small_2" value="25"' in page
    page = _grid(organizer_client, season, rows, up="3")
    assert 'name="small_2" value="75"' in page and 'name="small_3" value="50"' in page
    page = _grid(organizer_client, season, rows, drop="2")
    assert 'name="small_2" value="75"' in page and 'name="rows" value="2"' in page
    page = _grid(organizer_client, season, rows, insert="1")
    assert re.search(r'<input[^>]*name="small_2"(?![^>]*value=)[^>]*>', page)
    assert 'name="small_3" value="50"' in page
    assert Season.objects.get().blind_structure == ""


def test_the_levels_go_out_as_csv_and_come_back_the_same(organizer_client):
    season = make_season()
    _post(organizer_client, season, ANTE_AT_EQUAL_BLINDS)
    response = organizer_client.get(reverse("blind_structure_file", args=[season.pk]))
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeffStufe;Small Blind;Big Blind;Ante;Minuten;")
    assert "3;100;200;25;20;10;Farbwechsel" in text
    levels = structure_file.read_structure(response.content, after_last="double", ante_by="each")
    assert levels == structure.from_text(Season.objects.get().blind_structure)


def _upload(client, season, content: bytes, name="blinds.csv"):
    return client.post(
        reverse("blind_structure", args=[season.pk]),
        {"import": "1", "structure_file": SimpleUploadedFile(name, content, "text/csv")},
    )


def test_a_file_from_another_tool_fills_the_grid_and_saves_nothing(organizer_client):
    season = make_season()
    content = 'Level,SB,BB,Ante,Minutes,Break,Note\r\n1,100,200,,20,,\r\n2,100,200,25,20,10,Pause\r\n3,"1,000","2,000",200,20,,\r\n'
    page = _upload(organizer_client, season, content.encode("cp1252")).content.decode()
    assert "3 Stufen aus der Datei gelesen" in page
    assert 'name="ante_2" value="25"' in page and 'name="small_3" value="1000"' in page
    assert Season.objects.get().blind_structure == ""


@pytest.mark.parametrize(
    ("content", "message"),
    ids=["same-blinds", "not-a-number", "missing", "zip", "empty", "too-large"],
    argvalues=[
        (
            b"Stufe;SB;BB;Ante;Minuten\n1;100;200;0;20\n2;100;200;0;20\n",
            "Zeile 3: Stufe 2: gleiche Blinds wie die Stufe davor",
        ),
        (
            b"Stufe;SB;BB;Ante;Minuten\n1;100;200;0;20\n2;100;zwei;0;20\n",
            "Zeile 3: „zwei“ ist keine ganze Zahl (Big Blind).",
        ),
        (b"Stufe;SB;BB;Ante;Minuten\n1;100;200;0;\n", "Zeile 2: Minuten fehlt."),
        (b"PK\x03\x04 not a csv", "Das ist keine CSV-Datei"),
        (b"Stufe;SB;BB\n", "Die Datei enthält keine Stufen."),
        (b"1;25;50;0;15\n" * 6000, "zu groß"),
    ],
)
def test_a_bad_file_is_refused_naming_its_line_and_nothing_is_written(organizer_client, content, message):
    season = make_season()
    page = _upload(organizer_client, season, content).content.decode()
    assert message in page
    assert Season.objects.get().blind_structure == "" and not SavedStructure.objects.exists()


def test_a_saved_structure_can_be_removed_and_the_season_that_took_it_keeps_its_levels(organizer_client):
    first = make_season()
    _post(organizer_client, first, ANTE_AT_EQUAL_BLINDS, save_as="1", saved_name="Club")
    saved = SavedStructure.objects.get()
    other = make_season(name="Saison 2027", blind_structure=saved.levels)
    url = reverse("blind_structure", args=[other.pk])
    response = organizer_client.post(url, {"remove_saved": str(saved.pk)}, follow=True)
    assert "„Club“ entfernt" in response.content.decode()
    assert not SavedStructure.objects.exists()
    assert Season.objects.get(pk=other.pk).blind_structure == saved.levels
    assert organizer_client.post(url, {"remove_saved": "x"}).status_code == 302  # gone or not a number: nothing happens
