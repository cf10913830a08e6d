"""A new season like the last (its settings and blind structure copied, each changeable), the tie rule, and
the warning when a season's dates overlap another's."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

from league.models import Season
from tests.league.factories import make_season
from tests.league.seasons.test_seasons_and_nights import SEASON_POST

pytestmark = pytest.mark.django_db

STRUCTURE = (
    '{"levels":[[100,200,0,20],[100,200,25,20],[150,300,25,20]],"breaks":[],"after_last":"repeat","ante_by":"each"}'
)


def _last() -> Season:
    return make_season(
        name="Herbst 2026",
        start_date=datetime.date(2026, 9, 1),
        end_date=datetime.date(2026, 12, 31),
        entry_fee=Decimal("15.00"),
        jackpot_share=Decimal("3.00"),
        starting_stack=3000,
        points_scheme="fixed",
        fixed_points="12,8,5,3",
        best_nights=8,
        knockout_points=Decimal("1.5"),
        jackpot_payout_split="60,40",
        blind_structure=STRUCTURE,
        start_small_blind=100,
        start_big_blind=200,
        level_minutes=20,
        tie_rule="best",
    )


def _form_values(page: str, names: list[str]) -> dict[str, str]:
    import re

    values = {}
    for name in names:
        found = re.search(rf'name="{name}"[^>]*value="([^"]*)"', page) or re.search(
            rf'value="([^"]*)"[^>]*name="{name}"', page
        )
        values[name] = found.group(1) if found else None
    return values


def test_the_organizer_home_offers_a_new_season_like_the_last(organizer_client):
    last = _last()
    page = organizer_client.get("/organizer/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert f"/organizer/seasons/new/?like={last.pk}" in page
    assert "Neue Saison wie die letzte" in page


def test_the_form_like_the_last_holds_its_settings_and_dates_after_it(organizer_client):
    last = _last()
    page = organizer_client.get(f"/organizer/seasons/new/?like={last.pk}", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    values = _form_values(
        page,
        [
            "entry_fee",
            "jackpot_share",
            "starting_stack",
            "fixed_points",
            "best_nights",
            "jackpot_payout_split",
            "start_date",
            "end_date",
        ],
    )
    assert values == {
        "entry_fee": "15,00",
        "jackpot_share": "3,00",
        "starting_stack": "3000",
        "fixed_points": "12,8,5,3",
        "best_nights": "8",
        "jackpot_payout_split": "60,40",
        "start_date": "2027-01-01",
        "end_date": "2027-05-02",
    }
    assert "Blindstruktur von „Herbst 2026“" in page


def test_a_season_made_like_the_last_keeps_its_structure_and_rules_with_a_change_made_before_saving(organizer_client):
    last = _last()
    post = {
        **SEASON_POST,
        "name": "Frühjahr 2027",
        "start_date": "2027-01-01",
        "end_date": "2027-05-01",
        "entry_fee": "15.00",
        "jackpot_share": "4",
        "starting_stack": "3000",
        "points_scheme": "fixed",
        "fixed_points": "12,8,5,3",
        "best_nights": "8",
        "knockout_points": "1,5",
        "jackpot_payout_split": "60,40",
        "tie_rule": "best",
        "copy_structure": "on",
    }
    response = organizer_client.post(f"/organizer/seasons/new/?like={last.pk}", post, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 302
    new = Season.objects.get(name="Frühjahr 2027")
    assert new.blind_structure == last.blind_structure
    assert (new.start_small_blind, new.start_big_blind, new.level_minutes) == (100, 200, 20)
    assert (new.entry_fee, new.jackpot_share, new.best_nights, new.knockout_points) == (
        Decimal("15.00"),
        Decimal("4.00"),
        8,
        Decimal("1.5"),
    )
    assert (new.points_scheme, new.fixed_points, new.tie_rule, new.jackpot_payout_split) == (
        "fixed",
        "12,8,5,3",
        "best",
        "60,40",
    )


def test_without_the_box_the_new_season_plays_the_doubling_blinds(organizer_client):
    last = _last()
    post = {**SEASON_POST, "name": "Frühjahr 2027", "start_date": "2027-01-01", "end_date": "2027-05-01"}
    assert organizer_client.post(f"/organizer/seasons/new/?like={last.pk}", post).status_code == 302
    assert Season.objects.get(name="Frühjahr 2027").blind_structure == ""


def test_overlapping_dates_are_warned_about_and_saved_only_once_confirmed(organizer_client):
    _last()
    post = {**SEASON_POST, "name": "Winter 2026", "start_date": "2026-12-01", "end_date": "2027-03-31"}
    response = organizer_client.post("/organizer/seasons/new/", post, HTTP_ACCEPT_LANGUAGE="de")
    page = response.content.decode()
    assert response.status_code == 200
    assert "überschneiden sich mit der Saison „Herbst 2026“ (01.09.2026–31.12.2026)" in page
    assert 'name="confirm_overlap"' in page
    assert not Season.objects.filter(name="Winter 2026").exists()
    response = organizer_client.post("/organizer/seasons/new/", {**post, "confirm_overlap": "on"})
    assert response.status_code == 302
    assert Season.objects.filter(name="Winter 2026").exists()


def test_a_season_s_own_dates_are_no_overlap_when_it_is_edited(organizer_client):
    last = _last()
    from tests.league.seasons.test_seasons_and_nights import _season_post

    response = organizer_client.post(f"/organizer/seasons/{last.pk}/", _season_post(last, name="Herbst 26"))
    assert response.status_code == 302


def test_a_like_that_is_not_a_number_gives_the_plain_form(organizer_client):
    assert organizer_client.get("/organizer/seasons/new/?like=x1").status_code == 200
    assert organizer_client.get("/organizer/seasons/new/?like=999").status_code == 404


@pytest.mark.parametrize(
    ("points", "german", "english"),
    [
        (Decimal("1"), "1 Punkt pro Knockout.", "1 point per knockout."),
        (Decimal("1.5"), "1,5 Punkte pro Knockout.", "1.5 points per knockout."),
    ],
)
def test_points_per_knockout_are_singular_or_plural(organizer_client, points, german, english):
    season = make_season(knockout_points=points)
    assert (
        german in organizer_client.get(f"/organizer/seasons/{season.pk}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    )
    assert (
        english in organizer_client.get(f"/organizer/seasons/{season.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    )
