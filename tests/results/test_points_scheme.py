"""The points scheme: free to set before the first results, frozen after, changed only by a confirmed recomputation."""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from league.models import PointsSchemeChange, Season
from results import points as results_points
from results import standings as results
from tests.league.factories import make_season
from tests.tournaments.conftest import table_of
from tournaments.placements import paper as manual_results

pytestmark = pytest.mark.django_db


@pytest.fixture
def season_with_results(organizer) -> Season:
    table = table_of({"Anna": 1500, "Ben": 1500, "Carl": 1500}, organizer)
    seats = list(table.seats.order_by("position"))
    manual_results.record_paper_results(
        table=table,
        places=[(s.pk, k) for k, s in enumerate(seats, 1)],
        by=organizer,
        version=manual_results.results_version(table),
    )
    return table.night.season


def points(season: Season) -> dict[str, int]:
    return {row.name: row.points for row in results.season_standings(Season.objects.get(pk=season.pk)).rows}


def test_before_any_result_the_scheme_is_simply_set(organizer):
    season = make_season()
    results_points.change_points_scheme(season=season, scheme="fixed", fixed_points="10,7,5", by=organizer)
    season.refresh_from_db()
    assert (season.points_scheme, season.fixed_points) == ("fixed", "10,7,5")
    assert not PointsSchemeChange.objects.exists()


def test_after_the_first_results_a_change_needs_confirmation_and_changes_nothing_without(
    season_with_results, organizer
):
    with pytest.raises(results.ResultsError, match="Confirm the change"):
        results_points.change_points_scheme(
            season=season_with_results, scheme="fixed", fixed_points="10,7,5", by=organizer, reason="vote"
        )
    with pytest.raises(results.ResultsError, match="Give a reason"):
        results_points.change_points_scheme(
            season=season_with_results, scheme="fixed", fixed_points="10,7,5", by=organizer, confirm=True
        )
    assert points(season_with_results) == {"Anna": 3, "Ben": 2, "Carl": 1}
    assert not PointsSchemeChange.objects.exists()


def test_a_confirmed_change_recomputes_every_night_and_is_logged(season_with_results, organizer):
    results_points.change_points_scheme(
        season=season_with_results,
        scheme="fixed",
        fixed_points="10, 7, 5",
        by=organizer,
        confirm=True,
        reason="members' vote",
    )
    assert points(season_with_results) == {"Anna": 10, "Ben": 7, "Carl": 5}
    change = PointsSchemeChange.objects.get()
    assert (change.old_scheme, change.new_scheme, change.new_fixed_points) == ("field_size", "fixed", "10, 7, 5")
    assert change.changed_by == organizer and change.reason == "members' vote"


@pytest.mark.parametrize(
    ("scheme", "fixed", "message"),
    [
        ("fixed", "10,x", "not a whole number"),
        ("fixed", "5,7", "more points than the place before"),
        ("golf", "", "Unknown points scheme"),
        ("field_size", "", "already the season's points scheme"),
    ],
)
def test_a_bad_scheme_is_refused(season_with_results, organizer, scheme, fixed, message):
    with pytest.raises(results.ResultsError, match=message):
        results_points.change_points_scheme(
            season=season_with_results, scheme=scheme, fixed_points=fixed, by=organizer, confirm=True, reason="x"
        )
    assert points(season_with_results) == {"Anna": 3, "Ben": 2, "Carl": 1}


def test_the_page_previews_the_change_and_asks_first(organizer_client, season_with_results):
    url = reverse("points_scheme", args=[season_with_results.pk])
    page = organizer_client.get(url).content.decode()
    assert "its scheme is frozen" in page and 'name="confirm"' in page
    response = organizer_client.post(url, {"points_scheme": "fixed", "fixed_points": "10,7,5", "reason": "vote"})
    html = response.content.decode()
    assert "Confirm the change" in html and "What changes: 3 players" in html
    assert points(season_with_results)["Anna"] == 3
    response = organizer_client.post(
        url, {"points_scheme": "fixed", "fixed_points": "10,7,5", "reason": "vote", "confirm": "on"}
    )
    assert response.status_code == 302 and response.url == season_with_results.get_absolute_url()
    assert points(season_with_results)["Anna"] == 10
    assert "vote" in organizer_client.get(url).content.decode()


def test_the_admin_shows_a_frozen_scheme_read_only_with_the_way_to_change_it(admin_client, season_with_results):
    html = admin_client.get(reverse("admin:league_season_change", args=[season_with_results.pk])).content.decode()
    assert 'name="points_scheme"' not in html and reverse("points_scheme", args=[season_with_results.pk]) in html
    fresh = make_season(name="Saison 2027")
    html = admin_client.get(reverse("admin:league_season_change", args=[fresh.pk])).content.decode()
    assert 'name="points_scheme"' in html


def test_only_organizers_change_the_scheme(client, season_with_results):
    url = reverse("points_scheme", args=[season_with_results.pk])
    assert (
        client.post(url, {"points_scheme": "fixed", "fixed_points": "1", "confirm": "on", "reason": "x"}).status_code
        == 302
    )
    assert Season.objects.get().points_scheme == "field_size"


def test_a_season_s_points_list_and_payout_split_are_validated():
    season = Season(
        name="S", start_date="2026-09-01", end_date="2027-02-01", fixed_points="10,7,x", jackpot_payout_split="50,30"
    )
    with pytest.raises(ValidationError) as caught:
        season.full_clean()
    assert set(caught.value.message_dict) == {"fixed_points", "jackpot_payout_split"}
    season = Season(name="S", start_date="2026-09-01", end_date="2027-02-01", points_scheme="fixed", fixed_points="")
    with pytest.raises(ValidationError) as caught:
        season.full_clean()
    assert "fixed_points" in caught.value.message_dict


def test_a_broken_points_list_is_refused_even_with_the_field_size_scheme(organizer_client, season_with_results):
    url = reverse("points_scheme", args=[season_with_results.pk])
    data = {"points_scheme": "field_size", "fixed_points": "abc", "reason": "tidy", "confirm": "on"}
    response = organizer_client.post(url, data)
    assert "is not a whole number of points" in response.content.decode()
    season_with_results.refresh_from_db()
    assert season_with_results.fixed_points != "abc"


def test_the_live_preview_puts_the_formula_s_error_beside_its_field(organizer_client):
    season = make_season()
    data = {
        "points_scheme": "formula",
        "fixed_points": "",
        "points_formula": "r == 1 ? 5",
        "best_nights": "0",
        "knockout_points": "0",
    }
    html = organizer_client.post(reverse("points_scheme_preview", args=[season.pk]), data).content.decode()
    beside = re.search(r'<div id="formula-live-error"[^>]*hx-swap-oob="true">(.*?)</div>\s*$', html, re.S)
    assert beside and "The formula cannot be read" in beside.group(1)
    data["points_formula"] = "p-f+1+(f==1?5:0)"  # Blind Valet's, as it writes it
    html = organizer_client.post(reverse("points_scheme_preview", args=[season.pk]), data).content.decode()
    assert re.search(r'<div id="formula-live-error"[^>]*hx-swap-oob="true"></div>', html)
    assert '<td class="num">11</td>' in html  # the winner of 6: 6 - 1 + 1 + 5
    page = organizer_client.get(reverse("points_scheme", args=[season.pk])).content.decode()
    field = page.index('name="points_formula"')
    assert field < page.index('id="formula-live-error"') < page.index("What a formula may use")


def test_the_live_preview_shows_the_season_s_table_with_the_typed_formula(season_with_results, organizer_client):
    data = {
        "points_scheme": "formula",
        "fixed_points": "",
        "points_formula": "ln(c+1)/p*10",
        "best_nights": "0",
        "knockout_points": "0",
    }
    html = organizer_client.post(reverse("points_scheme_preview", args=[season_with_results.pk]), data).content.decode()
    # three at the table: ln 4 * 10 = 13.86, / 2 = 6.93, / 3 = 4.62; now the seed's 3, 2, 1
    rows = re.findall(
        r"<td>(\w+)</td><td class=\"num\">(\d)\. · ([\d.,]+)</td><td class=\"num\">(\d)\. · ([\d.,]+)</td>", html
    )
    assert rows == [("Anna", "1", "3", "1", "13.86"), ("Ben", "2", "2", "2", "6.93"), ("Carl", "3", "1", "3", "4.62")]
    assert "3 players change points or place." in html
    assert points(season_with_results) == {"Anna": 3, "Ben": 2, "Carl": 1}  # nothing saved
