"""A season whose nights are at two venues, with nights of both in the same weeks: the league's race steps by
calendar week (a row per week with nights, "KW 37 (11.09.2026)") and the run in the points counts weeks (a week
without nights breaks no run); each venue's own table still steps by night (docs/league-rules.md, "Venues")."""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse

from league.models import Night, Venue
from results import standings as results
from results import statistics
from tests.league.factories import make_player, make_season
from tests.results.race.test_chart import GERMAN, race_of, table_cells
from tests.results.venues.test_tables_and_jackpots import paper_night_at

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_pubs(organizer):
    """Krone plays Wednesdays, Linde Thursdays or Fridays; week 38 has no night at all.

    KW 36: Krone 2.9. (Anna 2, Carl 1), Linde 3.9. (Ben 2, Dora 1)
    KW 37: Krone 9.9. (Carl 2, Anna 1), Linde 11.9. (Dora 2, Ben 1)
    KW 39: Krone 23.9. (Anna 2, Emil 1)
    Points are the field's size: the winner of two gets 2, the second 1. By week, Anna is in the points in weeks
    36, 37 and 39: a run of 3 (week 38 had no night); by night she never played two of the league's nights in a
    row (Linde's came between)."""
    season = make_season()
    krone, linde = Venue.objects.create(name="Krone"), Venue.objects.create(name="Linde")
    anna, ben, carl, dora, emil = (make_player(name) for name in ("Anna", "Ben", "Carl", "Dora", "Emil"))
    week36 = datetime.date(2026, 8, 31)  # a Monday
    week37, week39 = week36 + datetime.timedelta(weeks=1), week36 + datetime.timedelta(weeks=3)
    paper_night_at(krone, season, week36 + datetime.timedelta(days=2), [anna, carl], organizer)
    paper_night_at(linde, season, week36 + datetime.timedelta(days=3), [ben, dora], organizer)
    paper_night_at(krone, season, week37 + datetime.timedelta(days=2), [carl, anna], organizer)
    paper_night_at(linde, season, week37 + datetime.timedelta(days=4), [dora, ben], organizer)
    paper_night_at(krone, season, week39 + datetime.timedelta(days=2), [anna, emil], organizer)
    return season, krone


def test_the_leagues_race_lists_weeks_with_the_date_of_their_last_night(client, two_pubs):
    season, _krone = two_pubs
    race = race_of(client.get(reverse("standings"), {"season": season.pk, "venue": "all"}, **GERMAN).content.decode())
    assert "nach jeder Kalenderwoche" in race and "Punkte nach jeder Woche" in race
    assert re.findall(r'<th scope="row">([^<]*)</th>', race) == [
        "KW 36 (03.09.2026)",
        "KW 37 (11.09.2026)",
        "KW 39 (23.09.2026)",
    ]
    assert "Anna führt mit 5 Punkten nach 3 Wochen." in race
    assert [cells[0] for cells in table_cells(race)] == ["2", "3", "5"]  # Anna: 2, then 1 more in week 37, 2
    assert re.search(r"</svg> 1\. Anna</th>", race)
    english = race_of(client.get(reverse("standings"), {"season": season.pk, "venue": "all"}).content.decode())
    assert "Week 37 (" in english and "Anna leads with 5 points after 3 weeks." in english


def test_a_venues_own_race_steps_by_night(client, two_pubs):
    season, krone = two_pubs
    race = race_of(
        client.get(reverse("standings"), {"season": season.pk, "venue": krone.pk}, **GERMAN).content.decode()
    )
    assert re.findall(r'<th scope="row">([^<]*)</th>', race) == ["02.09.2026", "09.09.2026", "23.09.2026"]
    assert "nach 3 Abenden" in race and "KW" not in race


def test_the_run_in_the_points_counts_weeks_with_nights(client, two_pubs):
    season, _krone = two_pubs
    awards = {a.key: a for a in statistics.season_awards(season, results.season_standings(season))}
    run = awards["points_run"]
    assert (run.value, [name for _pid, name in run.holders], run.by_week) == (3, ["Anna"], True)
    # With the table at hand the awards take its names and nights, and come out the same; computed in the request
    # (nothing kept), the table also brings each player's nights in the points.
    from django.core.cache import cache

    cache.clear()
    table = results.season_standings(season)
    assert table.current is not None
    figures = statistics.season_statistics(season.pk)
    scored = results.season_results(season)
    assert statistics.compute_awards(season.pk, figures, scored, table) == statistics.compute_awards(
        season.pk, figures, scored
    )
    page = client.get(reverse("standings"), {"season": season.pk, "venue": "all"}, **GERMAN).content.decode()
    award = re.search(r'<div id="award-points_run">.*?</div>', page, re.S).group(0)
    assert "Längste Serie von Wochen mit Punkten" in award and "3 Wochen" in award and "Anna" in award
    assert "nur für die Serie der Wochen mit Punkten" in page and "Serie der Abende" not in page


def test_a_night_at_a_second_venue_without_results_leaves_the_race_by_night(client, organizer):
    """The nights the table counts decide (those with results), not every night of the season."""
    season = make_season()
    krone, linde = Venue.objects.create(name="Krone"), Venue.objects.create(name="Linde")
    anna, ben = make_player("Anna"), make_player("Ben")
    paper_night_at(krone, season, datetime.date(2026, 9, 2), [anna, ben], organizer)
    paper_night_at(krone, season, datetime.date(2026, 9, 9), [ben, anna], organizer)
    Night.objects.create(season=season, venue=linde, date=datetime.date(2026, 9, 10))  # registration open
    race = race_of(client.get(reverse("standings"), {"season": season.pk, "venue": "all"}, **GERMAN).content.decode())
    assert re.findall(r'<th scope="row">([^<]*)</th>', race) == ["02.09.2026", "09.09.2026"]
    awards = {a.key: a for a in statistics.season_awards(season, results.season_standings(season))}
    assert (awards["points_run"].value, awards["points_run"].by_week) == (2, False)


def test_the_race_from_the_runners_rows_is_the_race_from_every_result(two_pubs):
    """A table computed in the request hands the race its first players' rows and whether the nights are at
    several venues (results.kept.ledger); a table computed straight has only every result. Same race."""
    from django.core.cache import cache

    from results.race import chart

    season, krone = two_pubs
    for venue in (None, krone):
        cache.clear()
        fresh = results.season_standings(season, venue=venue)
        assert fresh.current is not None and fresh.current.several_venues is (venue is None)
        straight = results.computed_season_standings(season, venue=venue)
        assert straight.current is None
        ours, theirs = chart.race_context(season, fresh), chart.race_context(season, straight)
        assert (ours["rows"], ours["by_week"], ours["nights"]) == (theirs["rows"], theirs["by_week"], theirs["nights"])
        assert ours["chart"] == theirs["chart"]
