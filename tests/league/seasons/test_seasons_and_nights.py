"""Seasons and nights run from the organizer pages: frozen settings, the next night, registration, finishing."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

from league.desk import services
from league.models import Night, NightStatus, Season
from league.seasons import services as seasons
from tests.league.factories import make_night, make_player, make_season
from tournaments.clock import services as clock_control
from tournaments.floor import services as night_services
from tournaments.models import ClockState, Table, TableStatus

pytestmark = pytest.mark.django_db

SEASON_POST = {
    "name": "Herbst 2026",
    "start_date": "2026-09-01",
    "end_date": "2027-01-31",
    "weekday": "2",
    "entry_fee": "10.00",
    "jackpot_share": "2",
    "jackpot_payout_split": "50,30,20",
    "starting_stack": "2000",
    "start_small_blind": "25",
    "start_big_blind": "50",
    "level_minutes": "20",
    "min_bet_rule": "league",
    "break_every_levels": "4",
    "break_minutes": "15",
    "points_scheme": "field_size",
    "fixed_points": "10,7,5,3,2,1",
}


def _season_post(season: Season, **changes) -> dict:
    data = {
        "name": season.name,
        "start_date": season.start_date.isoformat(),
        "end_date": season.end_date.isoformat(),
        "weekday": str(season.weekday),
        "entry_fee": str(season.entry_fee),
        "jackpot_share": str(season.jackpot_share),
        "jackpot_payout_split": season.jackpot_payout_split,
        "starting_stack": str(season.starting_stack),
        "start_small_blind": str(season.start_small_blind),
        "start_big_blind": str(season.start_big_blind),
        "level_minutes": str(season.level_minutes),
        "min_bet_rule": season.min_bet_rule,
        "break_every_levels": str(season.break_every_levels),
        "break_minutes": str(season.break_minutes),
    }
    data.update(changes)
    return data


# --- seasons ----------------------------------------------------------------------


def test_an_organizer_creates_a_season_with_a_german_fee_and_is_sent_to_its_first_night(organizer_client):
    german = {**SEASON_POST, "entry_fee": "10,00"}
    response = organizer_client.post("/organizer/seasons/new/", german, HTTP_ACCEPT_LANGUAGE="de")
    season = Season.objects.get(name="Herbst 2026")
    assert response.status_code == 302 and response.url == f"/organizer/seasons/{season.pk}/nights/new/"
    assert season.entry_fee == Decimal("10.00") and season.jackpot_share == Decimal("2.00")
    assert (season.starting_stack, season.level_minutes, season.break_every_levels, season.break_minutes) == (
        2000,
        20,
        4,
        15,
    )


def test_a_season_whose_jackpot_share_exceeds_the_fee_is_refused_and_not_saved(organizer_client):
    response = organizer_client.post("/organizer/seasons/new/", {**SEASON_POST, "jackpot_share": "12"})
    assert response.status_code == 200
    assert "The jackpot share cannot be more than the entry fee." in response.content.decode()
    assert not Season.objects.exists()


def test_the_season_form_renders_chips_plain_and_money_the_german_way_never_grouped(organizer_client, settings):
    settings.USE_THOUSAND_SEPARATOR = True
    season = make_season(starting_stack=15000, entry_fee=Decimal("1250.50"))
    page = organizer_client.get(f"/organizer/seasons/{season.pk}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert 'name="starting_stack" value="15000"' in page
    assert 'name="entry_fee" value="1250,50"' in page  # a text field the server reads as typed


def test_settings_are_free_to_change_before_any_fee_or_draw(organizer):
    season = make_season()
    seasons.update_season(season=season, changes={"entry_fee": Decimal("12.00"), "starting_stack": 2000})
    season.refresh_from_db()
    assert season.entry_fee == Decimal("12.00") and season.starting_stack == 2000


def test_the_fee_and_jackpot_share_freeze_once_a_fee_was_taken(organizer):
    night = make_night()
    services.register_player(night=night, player=make_player(), by=organizer, fee=Decimal("10.00"))
    season = night.season
    # The pot the shares went into too: pooled, or each venue's own.
    assert set(seasons.frozen_fields(season)) == {"entry_fee", "jackpot_share", "jackpot_per_venue"}
    with pytest.raises(seasons.SeasonError, match="“a jackpot per venue” can no longer change"):
        seasons.update_season(season=season, changes={"jackpot_per_venue": True})
    with pytest.raises(seasons.SeasonError, match="“entry fee” can no longer change") as refused:
        seasons.update_season(season=season, changes={"name": "Renamed", "entry_fee": Decimal("12.00")})
    assert refused.value.field == "entry_fee"
    season.refresh_from_db()
    assert season.name == "Saison 2026" and season.entry_fee == Decimal("10.00")
    # Unchanged frozen values pass: the form always sends every field.
    seasons.update_season(season=season, changes={"name": "Renamed", "entry_fee": Decimal("10.00")})
    assert Season.objects.get().name == "Renamed"


def test_chips_and_blinds_freeze_once_a_seating_was_drawn_and_the_page_names_the_field(organizer_client, organizer):
    night = make_night()
    for name in ("Anna", "Ben"):
        services.register_player(night=night, player=make_player(name), by=organizer, fee=Decimal("10.00"))
    night_services.draw_seating(night=night)
    season = night.season
    assert {"starting_stack", "start_small_blind", "start_big_blind", "level_minutes", "min_bet_rule"} <= set(
        seasons.frozen_fields(season)
    )
    page = organizer_client.get(f"/organizer/seasons/{season.pk}/").content.decode()
    assert "frozen: a seating has been drawn this season" in page and "readonly" in page
    response = organizer_client.post(f"/organizer/seasons/{season.pk}/", _season_post(season, starting_stack="3000"))
    assert response.status_code == 200
    assert "“starting chips” can no longer change" in response.content.decode()
    season.refresh_from_db()
    assert season.starting_stack == 1500
    # The weekday and the breaks stay free.
    response = organizer_client.post(
        f"/organizer/seasons/{season.pk}/", _season_post(season, weekday="3", break_minutes="5")
    )
    assert response.status_code == 302
    season.refresh_from_db()
    assert (season.weekday, season.break_minutes) == (3, 5)


def test_the_season_dates_cannot_leave_a_night_outside(organizer):
    night = make_night()
    with pytest.raises(seasons.SeasonError, match="would lie outside the season"):
        seasons.update_season(season=night.season, changes={"end_date": datetime.date(2026, 11, 1)})
    assert Season.objects.get().end_date == datetime.date(2027, 2, 28)


def test_a_nights_clock_starts_with_the_seasons_breaks(organizer):
    night = make_night(season=make_season(break_every_levels=4, break_minutes=12))
    assert clock_control.stored_clock(night).break_every_levels == 4
    clock_control.start_clock(night=night)
    stored = ClockState.objects.get(night=night)
    assert (stored.break_every_levels, stored.break_minutes) == (4, 12)


# --- nights -------------------------------------------------------------------------


def test_the_next_night_defaults_to_the_league_weekday_after_the_last_night():
    season = make_season(weekday=2)  # Wednesday
    make_night(season=season, date=datetime.date(2026, 11, 25))  # a Wednesday
    assert seasons.suggest_night_date(season) == datetime.date(2026, 12, 2)


def test_the_first_night_defaults_to_the_next_league_weekday_from_today():
    season = make_season(weekday=2)
    assert seasons.suggest_night_date(season, today=datetime.date(2026, 11, 23)) == datetime.date(2026, 11, 25)
    assert seasons.suggest_night_date(season, today=datetime.date(2026, 11, 25)) == datetime.date(2026, 11, 25)


def test_another_weekday_asks_for_a_confirmation_first(organizer_client):
    season = make_season(weekday=2)
    thursday = {"date": "2026-11-26", "starts_at": "19:30"}
    response = organizer_client.post(f"/organizer/seasons/{season.pk}/nights/new/", thursday)
    assert response.status_code == 200
    page = response.content.decode()
    assert "is not a Wednesday" in page and 'name="confirm_weekday" value="1"' in page
    assert not Night.objects.exists()
    response = organizer_client.post(
        f"/organizer/seasons/{season.pk}/nights/new/", {**thursday, "confirm_weekday": "1"}
    )
    night = Night.objects.get()
    assert response.status_code == 302 and night.date == datetime.date(2026, 11, 26)
    assert night.status == NightStatus.REGISTRATION


def test_a_night_outside_the_season_or_twice_on_one_day_is_refused():
    season = make_season()
    with pytest.raises(seasons.SeasonError, match="outside the season"):
        seasons.create_night(season=season, date=datetime.date(2027, 3, 3))
    seasons.create_night(season=season, date=datetime.date(2026, 11, 25))
    with pytest.raises(seasons.SeasonError, match="already has a night"):
        seasons.create_night(season=season, date=datetime.date(2026, 11, 25))
    assert Night.objects.count() == 1


def test_closing_registration_stops_the_desk_until_it_opens_again(organizer_client, organizer):
    night = make_night()
    response = organizer_client.post(f"/organizer/nights/{night.pk}/registration/", {"action": "close"})
    assert response.status_code == 302
    night.refresh_from_db()
    assert night.status == NightStatus.CLOSED
    with pytest.raises(services.LeagueError, match="closed"):
        services.register_player(night=night, player=make_player(), by=organizer)
    organizer_client.post(f"/organizer/nights/{night.pk}/registration/", {"action": "open"})
    night.refresh_from_db()
    assert night.status == NightStatus.REGISTRATION


def test_the_seating_can_be_drawn_from_closed_registration_and_then_registration_stays_shut(organizer):
    night = make_night()
    for name in ("Anna", "Ben"):
        services.register_player(night=night, player=make_player(name), by=organizer, fee=Decimal("10.00"))
    seasons.close_registration(night=night)
    night_services.draw_seating(night=night)
    with pytest.raises(seasons.SeasonError, match="cannot open again"):
        seasons.open_registration(night=night)


def _seated_night(organizer) -> Night:
    night = make_night()
    for name in ("Anna", "Ben", "Carl"):
        services.register_player(night=night, player=make_player(name), by=organizer, fee=Decimal("10.00"))
    night_services.draw_seating(night=night)
    return night


def test_finishing_refuses_while_a_table_has_no_winner_unless_confirmed(organizer_client, organizer):
    night = _seated_night(organizer)
    page = organizer_client.get(f"/organizer/nights/{night.pk}/finish/").content.decode()
    assert "These tables have no winner yet" in page
    response = organizer_client.post(f"/organizer/nights/{night.pk}/finish/", {})
    assert "Not finished yet: Table 1" in response.content.decode()
    night.refresh_from_db()
    assert night.status == NightStatus.SEATED
    response = organizer_client.post(f"/organizer/nights/{night.pk}/finish/", {"confirm_unfinished": "on"})
    assert response.status_code == 302
    night.refresh_from_db()
    assert night.status == NightStatus.FINISHED


def test_a_night_whose_tables_all_finished_is_finished_without_more_questions(organizer):
    night = _seated_night(organizer)
    Table.objects.filter(night=night).update(status=TableStatus.FINISHED)
    night_services.finish_night(night=night)
    night.refresh_from_db()
    assert night.status == NightStatus.FINISHED
    with pytest.raises(night_services.NightError, match="already finished"):
        night_services.finish_night(night=night)


def test_a_night_without_a_draw_cannot_be_finished():
    night = make_night()
    with pytest.raises(night_services.NightError, match="Draw the seating"):
        night_services.finish_night(night=night, confirm_unfinished=True)


# --- the home page -------------------------------------------------------------------


def test_a_fresh_install_leads_the_organizer_to_the_first_season_then_the_first_night(organizer_client):
    page = organizer_client.get("/").content.decode()
    assert "Create the first season" in page and "/organizer/seasons/new/" in page
    season = make_season(start_date=datetime.date(2020, 1, 1), end_date=datetime.date(2099, 1, 1))
    page = organizer_client.get("/").content.decode()
    assert "Plan the first night" in page and f"/organizer/seasons/{season.pk}/nights/new/" in page
    make_night(season=season)
    assert "getting-started" not in organizer_client.get("/").content.decode()


def test_a_visitor_of_a_fresh_install_sees_a_friendly_note_and_the_login_link(client):
    page = client.get("/").content.decode()
    assert "has not started its first season yet" in page
    assert "/accounts/login/?next=/" in page and "/organizer/seasons/new/" not in page


# --- permissions ---------------------------------------------------------------------

ORGANIZER_PAGES = [
    ("get", "/organizer/"),
    ("get", "/organizer/seasons/new/"),
    ("get", "/organizer/seasons/{season}/"),
    ("get", "/organizer/seasons/{season}/nights/new/"),
    ("post", "/organizer/nights/{night}/registration/"),
    ("get", "/organizer/nights/{night}/finish/"),
    ("get", "/organizer/accounts/new/"),
    ("get", "/organizer/password/"),
    ("post", "/nights/{night}/walk-in/"),
    ("post", "/entries/{entry}/pay-and-seat/"),
    ("get", "/entries/{entry}/withdraw-unseated/"),
]


@pytest.mark.parametrize(("method", "url"), ORGANIZER_PAGES)
def test_anonymous_visitors_go_to_the_login_and_players_are_refused(client, django_user_model, organizer, method, url):
    night = make_night()
    entry = services.register_player(night=night, player=make_player(), by=organizer)
    url = url.format(season=night.season_id, night=night.pk, entry=entry.pk)
    response = getattr(client, method)(url)
    assert response.status_code == 302 and response.url.startswith("/accounts/login/")
    client.force_login(django_user_model.objects.create_user(username="player", password="x-secret-42"))
    assert getattr(client, method)(url).status_code == 403
    night.refresh_from_db()
    assert night.status == NightStatus.REGISTRATION and Season.objects.count() == 1


def test_the_organizer_pages_render_in_german(organizer_client):
    season = make_season()
    night = make_night(season=season)
    for url in (
        "/organizer/",
        f"/organizer/seasons/{season.pk}/",
        f"/organizer/seasons/{season.pk}/nights/new/",
        "/organizer/seasons/new/",
        "/organizer/accounts/new/",
        "/organizer/password/",
    ):
        page = organizer_client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
        assert "Organisator" in page, url
    page = organizer_client.get(f"/nights/{night.pk}/desk/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Anmeldung schließen" in page


def test_a_visitor_sees_no_empty_getting_started_card_once_a_season_exists(client):
    make_season(start_date=datetime.date(2020, 1, 1), end_date=datetime.date(2099, 1, 1))
    assert "getting-started" not in client.get("/").content.decode()


@pytest.mark.parametrize("language", ["de", "en"])
def test_every_number_input_of_the_organizer_pages_holds_a_number(organizer_client, organizer, settings, language):
    import re

    settings.USE_THOUSAND_SEPARATOR = True
    season = make_season(starting_stack=15000, entry_fee=Decimal("1250.50"), jackpot_share=Decimal("2.50"))
    night = make_night(season=season)
    for name in ("Anna", "Ben"):
        services.register_player(night=night, player=make_player(name), by=organizer, fee=Decimal("1250.50"))
    services.register_player(night=night, player=make_player("Uwe"), by=organizer)
    night_services.draw_seating(night=night)
    pages = [
        f"/organizer/seasons/{season.pk}/",
        "/organizer/seasons/new/",
        f"/nights/{night.pk}/seating/",
        f"/nights/{night.pk}/walk-in/",
    ]
    seen = 0
    for url in pages:
        page = organizer_client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        for tag in re.findall(r"<input[^>]*(?:type=\"number\"|inputmode=\"decimal\")[^>]*>", page):
            value = re.search(r'value="([^"]*)"', tag)
            if value:
                if 'inputmode="decimal"' in tag and 'type="number"' not in tag:
                    # A money text field: the language's decimal mark ("1250,50" in German), never grouped.
                    assert re.fullmatch(r"\d+([.,]\d\d)?", value.group(1)), tag
                    seen += 1
                    continue
                float(value.group(1))  # what a browser accepts in <input type=number>
                if 'step="1"' in tag:  # whole numbers: "15.000" would read as fifteen
                    assert value.group(1).isdigit(), tag
                seen += 1
    assert seen >= 12


def test_favicon_ico_leads_to_the_app_s_icon(client):
    """A tool that asks for /favicon.ico without reading the page is sent to the icon, not given a 404."""
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"].endswith(".svg") and "favicon" in response["Location"]
    assert client.post("/favicon.ico").status_code == 405
