"""The race on the standings page (results/race/chart.py, results/_race.html), in German: a chart of the top
players' running points drawn as SVG with the same figures as a table, matching the standings."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree

import pytest
from django.core.cache import caches
from django.urls import reverse

from league.models import Season
from league.rules.standings import points_display
from results import standings as results
from results.race import chart as race_chart
from tests.benchmarks.standings import build_season
from tests.results.test_pages import two_nights  # noqa: F401

pytestmark = pytest.mark.django_db
GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}


def race_of(html: str) -> str:
    found = re.search(r'<section class="race".*?</section>', html, re.S)
    assert found, "no race on the page"
    return found.group(0)


def svg_of(race: str) -> ElementTree.Element:
    return ElementTree.fromstring(re.search(r"<svg class=\"race-chart\".*?</svg>", race, re.S).group(0))


def table_cells(race: str) -> list[list[str]]:
    body = re.search(r"<tbody>(.*?)</tbody>", race, re.S).group(1)
    return [re.findall(r'<td>(?:<span aria-hidden="true">)?([^<]*)', row) for row in body.split("</tr>")[:-1]]


def test_the_standings_show_the_race_of_two_nights_in_german_as_a_chart_and_a_table(client, two_nights):
    season, first, second = two_nights
    race = race_of(client.get(reverse("standings"), {"season": season.pk}, **GERMAN).content.decode())
    assert "Das Rennen" in race and "Punkte nach jedem Abend" in race and "Die Zahlen als Tabelle" in race
    svg = svg_of(race)
    assert svg.get("role") == "img" and svg.get("aria-labelledby") == "race-title race-desc"
    assert "Carl führt mit 5 Punkten nach 2 Abenden." in race  # Carl 1 + 4, Ben 2 + 3: equal, Carl has a win more
    names = [text.text for text in svg.iter("text") if text.get("class") == "name"]
    assert sorted(names) == ["Anna", "Ben", "Carl", "Dora"]
    lines = [line for line in svg.iter("polyline")]
    assert len(lines) == 4 and all(line.get("marker-end") for line in lines)
    # The table: a night a row, the standings' order a column (Carl, Ben, Anna, Dora), Dora not yet on night 1.
    header = re.findall(r"</svg> (\d+)\. ([^<]+)</th>", race)
    assert header == [("1", "Carl"), ("2", "Ben"), ("3", "Anna"), ("4", "Dora")]
    assert table_cells(race) == [["1", "2", "3", "–"], ["5", "5", "4", "2"]]
    assert "noch nicht gespielt" in race


def test_the_race_ends_where_the_standings_stand(client, organizer):
    season = build_season(organizer, players=20, nights=6, per_night=12)
    Season.objects.filter(pk=season.pk).update(best_nights=4)
    season.refresh_from_db()
    race = race_of(client.get(reverse("standings"), {"season": season.pk}, **GERMAN).content.decode())
    table = results.computed_season_standings(season)
    last = table_cells(race)[-1]
    top = table.rows[: race_chart.TOP_PLAYERS]
    assert len(last) == len(top) == 8
    assert last == [str(points_display(row.points)).replace(".", ",") for row in top]
    assert len(table_cells(race)) == 6


def test_a_season_without_results_says_the_race_comes_after_the_first_night(client, night):
    html = client.get(reverse("standings"), **GERMAN).content.decode()
    assert '<section class="race"' not in html
    assert "Das Rennen der Besten über die Saison erscheint hier nach dem ersten Abend." in html


def test_the_race_shows_on_the_first_page_only_and_not_beside_a_search(client, two_nights):
    season, _first, _second = two_nights
    assert (
        '<section class="race"'
        not in client.get(reverse("standings"), {"season": season.pk, "q": "Anna"}).content.decode()
    )


def test_the_race_is_figured_once_per_state_of_the_season_drawn_once_per_language_and_follows_a_correction(
    client, two_nights, monkeypatch
):
    season, _first, second = two_nights
    caches["default"].clear()
    figured, drawn = [], []
    context, render = race_chart.race_context, race_chart.render_to_string
    monkeypatch.setattr(race_chart, "race_context", lambda *a: figured.append(1) or context(*a))
    monkeypatch.setattr(race_chart, "render_to_string", lambda *a: drawn.append(1) or render(*a))
    url = reverse("standings") + f"?season={season.pk}"
    first = race_of(client.get(url, **GERMAN).content.decode())
    assert race_of(client.get(url, **GERMAN).content.decode()) == first and (len(figured), len(drawn)) == (1, 1)
    assert "The race" in race_of(client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert (len(figured), len(drawn)) == (1, 2)  # the figures are the same in English
    from tournaments.models import Placement

    Placement.objects.filter(table__night=second, place=1).update(place=5)  # a change of the rows: a new key
    race_of(client.get(url, **GERMAN).content.decode())
    assert (len(figured), len(drawn)) == (2, 3)


def test_one_night_draws_each_line_from_zero_and_ties_share_the_lead(client, organizer):
    from tests.results.test_pages import enter
    from tests.tournaments.conftest import table_of

    table = table_of({"Anna": 1500, "Ben": 1500, "Carl": 1500, "Dora": 1500}, organizer)
    enter(table, organizer, Anna=1, Ben=2, Carl=3, Dora=3)  # Carl and Dora tied for 3rd-4th: 1.5 each
    race = race_of(client.get(reverse("standings"), **GERMAN).content.decode())
    assert "Anna führt mit 4 Punkten nach 1 Abend." in race
    assert all(
        len(line.get("points").split()) == 2
        for line in svg_of(race).iter("polyline")
        if "leader" not in (line.get("class") or "")
    )
    assert table_cells(race) == [["4", "3", "1,5", "1,5"]]
