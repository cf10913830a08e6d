"""The blind clock's pages, its JSON state and its service, against the database."""

import datetime
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from league.models import Entry
from tests.league.factories import make_night, make_player, make_season
from tournaments.clock import services as clock_control
from tournaments.models import ClockState, Placement, Seat, Table
from tournaments.qr.codes import qr_svg

pytestmark = pytest.mark.django_db

ACTIONS = ["start", "pause", "resume", "next", "previous", "plus-minute", "minus-minute"]


@pytest.fixture(autouse=True)
def english_client(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


@pytest.fixture
def night():
    return make_night()


def _state(client, night) -> dict:
    response = client.get(reverse("clock_state", args=[night.pk]))
    assert response.status_code == 200
    return response.json()


def _minutes_ago(minutes: float) -> datetime.datetime:
    return timezone.now() - timedelta(minutes=minutes)


# --- who may do what ---------------------------------------------------------------------


@pytest.mark.parametrize("action", ACTIONS)
def test_an_anonymous_visitor_cannot_press_any_clock_button(client, night, action):
    clock_control.start_clock(night=night, now=_minutes_ago(2))
    before = ClockState.objects.values().get(night=night)
    response = client.post(reverse("clock_act", args=[night.pk, action]))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))
    assert ClockState.objects.values().get(night=night) == before


def test_an_anonymous_visitor_cannot_change_the_breaks_or_see_the_controls(client, night):
    response = client.post(reverse("clock_breaks", args=[night.pk]), {"every_levels": 4, "minutes": 10})
    assert response.status_code == 302 and response.url.startswith(reverse("login"))
    assert not ClockState.objects.exists()
    response = client.get(reverse("clock_control", args=[night.pk]))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


def test_a_logged_in_player_who_is_not_an_organizer_is_refused(client, night, django_user_model):
    client.force_login(django_user_model.objects.create_user("guest", password="x"))
    assert client.post(reverse("clock_act", args=[night.pk, "start"])).status_code == 403
    assert not ClockState.objects.exists()


def test_the_tv_page_and_its_state_are_public_and_write_nothing(client, night):
    response = client.get(reverse("clock_tv", args=[night.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Level" in html and "15:00" in html and "<svg" in html
    assert _state(client, night)["started"] is False
    assert not ClockState.objects.exists()


def test_an_unknown_night_or_button_is_not_found(organizer_client, night):
    assert organizer_client.get(reverse("clock_tv", args=[night.pk + 1])).status_code == 404
    assert organizer_client.post(reverse("clock_act", args=[night.pk, "explode"])).status_code == 404


# --- the TV page ---------------------------------------------------------------------------


def test_the_tv_page_shows_the_running_level_without_javascript(client, night):
    clock_control.start_clock(night=night, now=_minutes_ago(20))  # level 2, about 10 minutes left
    html = client.get(reverse("clock_tv", args=[night.pk])).content.decode()
    assert 'data-clock-field="level">2<' in html
    assert 'data-clock-field="small">50<' in html and 'data-clock-field="big">100<' in html
    assert 'data-clock-field="next-small">100<' in html and 'data-clock-field="next-big">200<' in html
    assert any(
        f'data-clock-field="countdown" role="timer" aria-label="Time left in this level">{t}<' in html
        for t in ("10:00", "9:59")
    )
    assert 'class="clock is-running is-seated' not in html  # no seating drawn yet
    assert "is-running" in html


def test_the_qr_code_leads_to_the_rail_at_the_public_address(client, night, settings):
    settings.PUBLIC_URL = "http://192.168.178.23:8000"
    response = client.get(reverse("clock_tv", args=[night.pk]))
    assert response.context["rail_url"] == f"http://192.168.178.23:8000/nights/{night.pk}/rail/"
    assert str(qr_svg(response.context["rail_url"], border=2, fixed_size=False)) in response.content.decode()


def test_the_resync_interval_can_be_shortened_by_a_query_parameter(client, night):
    assert client.get(reverse("clock_tv", args=[night.pk]), {"sync": "1"}).context["sync_seconds"] == 1
    assert client.get(reverse("clock_tv", args=[night.pk]), {"sync": "0"}).context["sync_seconds"] == 1
    assert client.get(reverse("clock_tv", args=[night.pk]), {"sync": "x"}).context["sync_seconds"] == 12
    # Without it the TV re-reads everything every 30 s: the half-second pulse brings every change sooner.
    assert client.get(reverse("clock_tv", args=[night.pk])).context["sync_seconds"] == 30


def test_before_the_seating_the_players_are_the_paid_entries(client, night, organizer):
    for name in ("Anna", "Ben", "Cem"):
        Entry.objects.create(night=night, player=make_player(name), registered_by=organizer)
    Entry.objects.filter(player__name__in=["Anna", "Ben"]).update(
        paid_at=timezone.now(), fee_paid=10, jackpot_share=2, received_by=organizer
    )
    state = _state(client, night)
    assert (state["players_left"], state["tables_playing"]) == (2, None)


def test_after_the_seating_the_players_left_are_the_seats_without_a_placement(client, night, organizer):
    tables = [Table.objects.create(night=night, number=number) for number in (1, 2)]
    seats = []
    for index, name in enumerate(["Anna", "Ben", "Cem", "Dora", "Emil"]):
        entry = Entry.objects.create(
            night=night,
            player=make_player(name),
            registered_by=organizer,
            paid_at=timezone.now(),
            fee_paid=10,
            jackpot_share=2,
        )
        seats.append(
            Seat.objects.create(table=tables[index % 2], entry=entry, position=index // 2 + 1, starting_stack=1500)
        )
    Placement.objects.create(table=tables[1], seat=seats[1], place=2, reason="busted")
    Placement.objects.create(table=tables[1], seat=seats[3], place=1, reason="winner")
    Table.objects.filter(pk=tables[1].pk).update(status="finished")
    state = _state(client, night)
    assert (state["players_left"], state["tables_playing"]) == (3, 1)
    assert "is-seated" in client.get(reverse("clock_tv", args=[night.pk])).content.decode()


# --- the state after the organizers' buttons -------------------------------------------------


def test_the_state_after_start_pause_next_and_adjust(organizer_client, night):
    client = organizer_client
    client.post(reverse("clock_act", args=[night.pk, "start"]))
    state = _state(client, night)
    assert (state["level"], state["running"], state["started"], state["small_blind"], state["big_blind"]) == (
        1,
        True,
        True,
        25,
        50,
    )
    assert 898 <= state["seconds_left"] <= 900
    assert state["upcoming"][0] == {"level": 2, "is_break": False, "small_blind": 50, "big_blind": 100, "seconds": 900}
    assert datetime.datetime.fromisoformat(state["server_time"]) <= timezone.now()

    client.post(reverse("clock_act", args=[night.pk, "pause"]))
    paused = _state(client, night)
    assert (paused["running"], paused["paused"]) == (False, True)

    client.post(reverse("clock_act", args=[night.pk, "next"]))
    state = _state(client, night)
    assert (state["level"], state["small_blind"], state["big_blind"], state["seconds_left"], state["paused"]) == (
        2,
        50,
        100,
        900,
        True,
    )

    client.post(reverse("clock_act", args=[night.pk, "minus-minute"]))
    assert _state(client, night)["seconds_left"] == 840
    client.post(reverse("clock_act", args=[night.pk, "plus-minute"]))
    client.post(reverse("clock_act", args=[night.pk, "plus-minute"]))
    assert _state(client, night)["seconds_left"] == 960

    client.post(reverse("clock_act", args=[night.pk, "previous"]))
    assert (_state(client, night)["level"], _state(client, night)["seconds_left"]) == (1, 900)

    client.post(reverse("clock_act", args=[night.pk, "resume"]))
    assert _state(client, night)["running"] is True


def test_a_plain_form_post_comes_back_to_the_control_page_with_a_message(organizer_client, night):
    response = organizer_client.post(reverse("clock_act", args=[night.pk, "start"]), follow=True)
    assert response.redirect_chain == [(reverse("clock_control", args=[night.pk]), 302)]
    html = response.content.decode()
    assert "The clock is running." in html
    assert "Pause" in html and reverse("clock_tv", args=[night.pk]) in html


def test_an_htmx_post_gets_the_panel_back(organizer_client, night):
    response = organizer_client.post(reverse("clock_act", args=[night.pk, "next"]), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="clock-panel"')
    assert "On to the next level." in html and 'data-clock-field="level">2<' in html
    assert "<html" not in html


def test_previous_level_asks_first_on_the_htmx_path(organizer_client, night):
    html = organizer_client.get(reverse("clock_control", args=[night.pk])).content.decode()
    assert 'hx-confirm="Go back to the previous level?' in html


def test_the_breaks_are_set_on_the_control_page(organizer_client, night):
    response = organizer_client.post(
        reverse("clock_breaks", args=[night.pk]), {"every_levels": 4, "minutes": 10}, follow=True
    )
    assert "Breaks saved." in response.content.decode()
    assert "10 min after every 4 levels" in response.content.decode()
    assert ClockState.objects.values_list("break_every_levels", "break_minutes").get(night=night) == (4, 10)
    clock_control.start_clock(night=night, now=_minutes_ago(62))
    state = _state(organizer_client, night)
    assert (state["level"], state["is_break"], state["small_blind"]) == (5, True, 400)
    assert 470 <= state["seconds_left"] <= 480


def test_wrong_break_settings_are_refused_with_the_form(organizer_client, night):
    response = organizer_client.post(reverse("clock_breaks", args=[night.pk]), {"every_levels": -1, "minutes": ""})
    assert response.status_code == 200
    assert "The breaks were not changed" in response.content.decode()
    assert not ClockState.objects.exists()


# --- time comes from the server ------------------------------------------------------------------


def test_a_restarted_server_shows_the_same_time(client, night):
    clock_control.start_clock(night=night, now=_minutes_ago(40))
    first = _state(client, night)
    # A fresh request reads nothing but the stored row: as a restarted server or a second screen would.
    second = _state(client, night)
    assert (first["level"], second["level"]) == (3, 3)
    assert abs(first["seconds_left"] - 300) < 2 and abs(second["seconds_left"] - first["seconds_left"]) < 2


def test_a_paused_clock_stays_paused(client, night):
    now = timezone.now()
    clock_control.start_clock(night=night, now=now - timedelta(minutes=40))
    clock_control.pause_clock(night=night, now=now - timedelta(minutes=5))  # paused 5 minutes into level 3
    for _ in range(2):
        state = _state(client, night)
        assert (state["level"], state["seconds_left"], state["running"], state["paused"]) == (3, 600, False, True)
    later = clock_control.reading_for(night, timezone.now() + timedelta(hours=3))
    assert (later.level, later.seconds_left) == (3, 600)


def test_the_season_sets_the_level_length_and_the_start_blinds(client):
    season = make_season(level_minutes=20, start_small_blind=100, start_big_blind=200)
    night = make_night(season)
    clock_control.start_clock(night=night, now=_minutes_ago(25))
    state = _state(client, night)
    assert (state["level"], state["small_blind"], state["big_blind"], state["level_seconds"]) == (2, 200, 400, 1200)
    assert abs(state["seconds_left"] - 900) < 2


# --- the blinds a hand takes -------------------------------------------------------------------------


def test_blinds_now_before_the_clock_is_started_are_the_first_level(night):
    assert clock_control.blinds_now(night) == (1, 25, 50)
    assert not ClockState.objects.exists()


def test_blinds_now_follow_the_running_level(night):
    start = timezone.now()
    clock_control.start_clock(night=night, now=start)
    assert clock_control.blinds_now(night, start + timedelta(minutes=14, seconds=59)) == (1, 25, 50)
    assert clock_control.blinds_now(night, start + timedelta(minutes=15)) == (2, 50, 100)
    assert clock_control.blinds_now(night, start + timedelta(minutes=47)) == (4, 200, 400)


def test_blinds_now_during_a_break_are_those_of_the_level_after_it(night):
    start = timezone.now()
    clock_control.set_breaks(night=night, every_levels=2, minutes=10, now=start)
    clock_control.start_clock(night=night, now=start)
    assert clock_control.blinds_now(night, start + timedelta(minutes=35)) == (3, 100, 200)
    assert clock_control.reading_for(night, start + timedelta(minutes=35)).is_break


def test_blinds_now_after_an_organizer_skips_a_level(night):
    clock_control.start_clock(night=night)
    clock_control.next_level(night=night)
    clock_control.next_level(night=night)
    assert clock_control.blinds_now(night) == (3, 100, 200)


def test_clock_for_creates_the_row_once(night):
    first = clock_control.clock_for(night)
    assert clock_control.clock_for(night) == first
    assert (first.level, first.started_at, first.running_since) == (1, None, None)


# --- bounded queries -------------------------------------------------------------------------------


def test_the_pages_take_a_bounded_number_of_queries(
    client, organizer, organizer_client, night, django_assert_max_num_queries
):
    clock_control.start_clock(night=night)
    table = Table.objects.create(night=night, number=1)
    for position, name in enumerate(["Anna", "Ben", "Cem", "Dora"], start=1):
        entry = Entry.objects.create(night=night, player=make_player(name), registered_by=organizer)
        Seat.objects.create(table=table, entry=entry, position=position, starting_stack=1500)
    # The state is fetched only when the pulse (one query) changed; it adds the night's figures
    # (tables, seats, tonight's jackpot shares and the season's deposits before tonight; three more per table
    # played on the tracker), and the club's clock (one row: a new look makes the TV load its page again).
    with django_assert_max_num_queries(8):
        client.get(reverse("clock_state", args=[night.pk]))
    with django_assert_max_num_queries(1):
        client.get(reverse("clock_pulse", args=[night.pk]))
    with django_assert_max_num_queries(17):  # the season's table: one for its nights' stamps (results.kept.ledger)
        client.get(reverse("clock_tv", args=[night.pk]))
    with django_assert_max_num_queries(8):  # the named TVs' list is one more, the venues the header may name another
        organizer_client.get(reverse("clock_control", args=[night.pk]))
    with django_assert_max_num_queries(10):
        organizer_client.post(reverse("clock_act", args=[night.pk, "next"]), HTTP_HX_REQUEST="true")
