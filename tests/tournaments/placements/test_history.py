"""A season's past nights from a file (tournaments/placements/history.py): LibreOffice's files
(tests/data/history: the sheet sums each player's points with SUMIF, n − place + 1 at his table) make the same
standings; the nights are marked imported and show on the player pages; the preview names every refused row
and why and imports the rest only on confirmation; the export writes the columns the import reads."""

from __future__ import annotations

import datetime
import html
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from league.models import Night, Season
from league.spreadsheets.reading import read_sheet
from results import standings as results
from tests.league.factories import make_player, make_season
from tournaments.placements import history
from tournaments.placements.history import HistoryChanged
from upkeep.check import check_league, report_lines

pytestmark = pytest.mark.django_db

DATA = Path(__file__).resolve().parents[2] / "data" / "history"
TODAY = datetime.date(2026, 12, 6)
NAMES = ["Anna Berger", "Ben Carstens", "Clara Dietz", "Dora Ernst", "Emil Fuchs"]


@pytest.fixture
def season() -> Season:
    for name in NAMES:
        make_player(name)
    return make_season()  # 1 September 2026 to 28 February 2027, the seed's points: n − place + 1


def _spreadsheet_s_standings() -> dict[str, int]:
    """The sums LibreOffice computed (columns G and H of the sheet)."""
    rows = read_sheet((DATA / "past-nights.ods").read_bytes(), max_rows=100)
    return {cells[6]: int(cells[7]) for _line, cells in rows[1:] if len(cells) > 7 and cells[6]}


def _standings(season: Season) -> dict[str, int]:
    return {row.name: row.points for row in results.season_standings(Season.objects.get(pk=season.pk)).rows}


@pytest.mark.parametrize("name", ["past-nights.ods", "past-nights.xlsx", "past-nights.csv"])
def test_a_file_of_past_nights_makes_the_standings_the_spreadsheet_computes(season, organizer, name):
    data = (DATA / name).read_bytes()
    preview = history.preview_history(season=season, data=data, today=TODAY)
    assert not preview.refused and preview.nights == [datetime.date(2026, 9, d) for d in (2, 9, 16)]
    history.import_history(season=season, data=data, digest=history.history_digest(preview), by=organizer, today=TODAY)
    assert _spreadsheet_s_standings() == {
        "Anna Berger": 6,
        "Ben Carstens": 6,
        "Clara Dietz": 3,
        "Dora Ernst": 5,
        "Emil Fuchs": 2,
    }
    assert _standings(season) == _spreadsheet_s_standings()
    assert list(Night.objects.filter(season=season).values_list("imported", "status")) == [(True, "finished")] * 3
    report = check_league()
    assert report.ok, report_lines(report)  # paper tables without money or hands: nothing for the check to find


def test_the_preview_names_every_refused_row_and_imports_the_rest_only_on_confirmation(season, organizer_client):
    organizer_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    text = (
        "Ligaabend;Tisch;Spieler;Platz\n"
        "02.09.26;1;Anna Berger;1\n02.09.26;1;Ben Carstens;2\n"  # a good table
        "09.09.26;1;Anna Berger;1\n09.09.26;1;Niemand Bekannt;2\n"  # an unknown player: the table is refused
        "16.09.26;1;Clara Dietz;1\n16.09.26;1;Dora Ernst;3\n"  # places 1 and 3 of two
        "12.12.2099;1;Clara Dietz;1\n12.12.2099;1;Dora Ernst;2\n"  # ahead of today
        "01.08.26;1;Clara Dietz;1\n01.08.26;1;Dora Ernst;2\n"
    )  # before the season
    url = reverse("import_past_nights", args=[season.pk])
    page = organizer_client.post(url, {"file": SimpleUploadedFile("abende.csv", text.encode())}).content.decode()
    assert not Night.objects.exists()
    assert "Niemand Bekannt is not in the player list" in page and "another row of table 1 is refused" in page
    assert "the places of table 1 are 1, 3" in page and "is not a date" in page and "not within the season" in page
    assert page.count('id="line-') == 8 and 'id="line-2"' not in page
    digest = page.split('name="digest" value="')[1].split('"')[0]
    content = html.unescape(page.split('<textarea name="content" hidden>')[1].split("</textarea>")[0])
    organizer_client.post(url, {"content": content, "digest": digest, "confirm": "1"})
    assert list(Night.objects.values_list("date", flat=True)) == [datetime.date(2026, 9, 2)]
    assert _standings(season) == {"Anna Berger": 2, "Ben Carstens": 1}


def test_a_league_that_changed_since_the_preview_imports_nothing(season, organizer):
    data = (DATA / "past-nights.csv").read_bytes()
    digest = history.history_digest(history.preview_history(season=season, data=data, today=TODAY))
    Night.objects.create(season=season, date=datetime.date(2026, 9, 9))  # typed in meanwhile
    with pytest.raises(HistoryChanged):
        history.import_history(season=season, data=data, digest=digest, by=organizer, today=TODAY)
    assert Night.objects.count() == 1


@pytest.mark.parametrize("fmt", ["csv", "xlsx", "ods"])
def test_the_season_s_results_export_imports_back_as_the_same_standings(season, organizer, client, fmt):
    data = (DATA / "past-nights.ods").read_bytes()
    preview = history.preview_history(season=season, data=data, today=TODAY)
    history.import_history(season=season, data=data, digest=history.history_digest(preview), by=organizer, today=TODAY)
    exported = client.get(reverse("season_results_file", args=[season.pk, fmt]), {"lang": "de"}).content
    other = make_season(name="Kopie", start_date=datetime.date(2026, 9, 1), end_date=datetime.date(2027, 2, 28))
    preview = history.preview_history(season=other, data=exported, today=TODAY)
    assert not preview.refused
    history.import_history(
        season=other, data=exported, digest=history.history_digest(preview), by=organizer, today=TODAY
    )
    assert _standings(other) == _standings(season)


def test_a_player_page_shows_the_imported_nights(season, organizer, client):
    data = (DATA / "past-nights.csv").read_bytes()
    preview = history.preview_history(season=season, data=data, today=TODAY)
    history.import_history(season=season, data=data, digest=history.history_digest(preview), by=organizer, today=TODAY)
    anna = season.nights.first().entries.get(player__name="Anna Berger").player
    page = client.get(reverse("player_detail", args=[anna.pk]), {"season": season.pk}).content.decode()
    assert page.count("2026") >= 3


def test_the_page_and_its_refusals_are_german(season, organizer_client):
    organizer_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "de"
    url = reverse("import_past_nights", args=[season.pk])
    assert "Frühere Abende aus einer Datei" in organizer_client.get(url).content.decode()
    text = "Datum;Spieler;Platz\n02.09.2026;Anna Berger;1\n02.09.2026;Niemand;2\n"
    page = organizer_client.post(url, {"file": SimpleUploadedFile("a.csv", text.encode())}).content.decode()
    assert "Niemand steht nicht in der Spielerliste" in page and "also der ganze Tisch" in page
    page = organizer_client.post(url, {"file": SimpleUploadedFile("a.ods", b"PK\x03\x04kaputt")}).content.decode()
    assert "weder eine CSV-Datei noch eine Tabelle" in page and not Night.objects.exists()


@pytest.mark.parametrize(
    "name",
    [
        "results-export.csv",
        "results-export.xlsx",
        "results-export.ods",
        "results-export-libreoffice.csv",
        "results-export-libreoffice.xlsx",
        "results-export-libreoffice.ods",
    ],
)
def test_the_results_export_imports_back_also_after_a_round_trip_through_libreoffice(season, organizer, name):
    data = (DATA / name).read_bytes()
    preview = history.preview_history(season=season, data=data, today=TODAY)
    assert not preview.refused and preview.taken == 11
    history.import_history(season=season, data=data, digest=history.history_digest(preview), by=organizer, today=TODAY)
    assert _standings(season) == _spreadsheet_s_standings()


def test_an_imported_night_says_so_on_its_results_page(season, organizer, client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "de"
    data = (DATA / "past-nights.csv").read_bytes()
    preview = history.preview_history(season=season, data=data, today=TODAY)
    history.import_history(season=season, data=data, digest=history.history_digest(preview), by=organizer, today=TODAY)
    page = client.get(reverse("night_results", args=[season.nights.first().pk])).content.decode()
    assert "aus einer Datei importiert" in page and "Anna Berger" in page


def test_the_season_s_other_pages_read_imported_nights(season, organizer, organizer_client):
    data = (DATA / "past-nights.csv").read_bytes()
    preview = history.preview_history(season=season, data=data, today=TODAY)
    history.import_history(season=season, data=data, digest=history.history_digest(preview), by=organizer, today=TODAY)
    for url in (
        reverse("standings") + f"?season={season.pk}",
        reverse("jackpot"),
        reverse("season_jackpot", args=[season.pk]),
        reverse("season_statistics") + f"?season={season.pk}",
        reverse("season_payout", args=[season.pk]),
        reverse("night_cash", args=[season.nights.first().pk]),
        reverse("cash_book"),
    ):
        assert organizer_client.get(url).status_code == 200, url
