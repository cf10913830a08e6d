"""The run of nights in the points is an award from two nights in a row: after the first night nobody holds it
(every player in the points would), after the second the players in the points both times do."""
import datetime
import re

import pytest
from django.urls import reverse

from results import standings as results
from results import statistics
from tests.league.factories import make_player, make_season
from tests.results.test_league_rules import paper_night

pytestmark = pytest.mark.django_db

NOTE = {"de": "eine Serie zählt ab zwei Abenden in Folge", "en": "a run counts from two nights in a row"}


def _award_html(client, season, language) -> str:
    page = client.get(reverse("standings"), {"season": season.pk}, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    return re.search(r'<div id="award-points_run">.*?</div>', page, re.S).group(0)


@pytest.mark.parametrize("language", ["de", "en"])
def test_after_one_night_nobody_holds_the_run_and_the_page_says_why(client, organizer, language):
    season = make_season()
    players = [make_player(f"Player {k}") for k in range(12)]
    paper_night(season, datetime.date(2026, 9, 2), players, list(range(1, 13)), [0] * 12, organizer)
    awards = {a.key: a for a in statistics.season_awards(season, results.season_standings(season))}
    assert awards["points_run"].holders == []
    html = _award_html(client, season, language)
    assert "player_detail" not in html and "/players/" not in html and NOTE[language] in html


@pytest.mark.parametrize("language", ["de", "en"])
def test_two_nights_in_the_points_make_a_run(client, organizer, language):
    season = make_season()
    players = [make_player(name) for name in ("Anna", "Ben", "Carl", "Dora")]
    paper_night(season, datetime.date(2026, 9, 2), players, [1, 2, 3, 4], [0] * 4, organizer)
    paper_night(season, datetime.date(2026, 9, 9), players, [4, 3, 2, 1], [0] * 4, organizer)
    awards = {a.key: a for a in statistics.season_awards(season, results.season_standings(season))}
    in_points_twice = [name for _, name in awards["points_run"].holders]
    assert awards["points_run"].value == 2 and in_points_twice
    html = _award_html(client, season, language)
    assert all(name in html for name in in_points_twice) and NOTE[language] not in html
