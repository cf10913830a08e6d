"""A named TV's pages: the night it shows with its own screen, the standings when no night is open, its version,
and its event stream following the night and the organizer's change of its screen."""

from __future__ import annotations

import datetime
import json

import pytest
from django.urls import reverse

from league.models import NightStatus
from live import versions as live
from tests.league.factories import make_night, make_season
from tests.live.test_events import THREADED, Reader, close_streams, quick_streams  # noqa: F401
from tournaments.clock import displays
from tournaments.clock import services as clock_control
from tournaments.models import TvScreen


@pytest.fixture
def tonight(db):
    return make_night(make_season(), date=datetime.date.today())


@pytest.mark.django_db
def test_a_named_tv_shows_tonights_night_with_its_own_screen_and_no_login(client, tonight):
    clock_control.set_tv(night=tonight, screen=TvScreen.CLOCK, announcement="", spoken=False)
    door = displays.add_display(name="Tür", screen=TvScreen.STANDINGS)
    response = client.get(reverse("display_tv", args=[door.key]))
    assert response.status_code == 200
    assert response.context["night"] == tonight
    html = response.content.decode()
    assert "show-standings" in html and f'data-display="{door.key}"' in html
    assert f'data-events-url="/tv/{door.key}/events"' in html
    state = client.get(reverse("display_state", args=[door.key])).json()
    assert state["screen"] == "standings" and state["pulse"] == live.display_pulse(door.pk)
    assert client.get(reverse("clock_state", args=[tonight.pk])).json()["screen"] == "clock"  # the night's TV


@pytest.mark.django_db
def test_the_nights_own_tv_looks_as_it_did_without_named_tvs(client, tonight):
    html = client.get(reverse("clock_tv", args=[tonight.pk])).content.decode()
    assert "data-display" not in html
    assert f'data-events-url="/nights/{tonight.pk}/clock/events"' in html
    assert "show-clock" in html


@pytest.mark.django_db
def test_a_rotation_sends_the_chosen_screens_with_their_seconds(client, tonight):
    bar = displays.add_display(name="Bar", screen=TvScreen.ROTATE, rotation=["tables", "clock"], seconds=12)
    state = client.get(reverse("display_state", args=[bar.key])).json()
    assert state["screen"] == "rotate" and state["rotation"] == [["clock", 12], ["tables", 12]]


@pytest.mark.django_db
def test_a_tv_whose_night_ended_shows_the_next_night_or_else_the_standings(client, tonight):
    bar = displays.add_display(name="Bar")
    tonight.status = NightStatus.FINISHED
    tonight.save()
    response = client.get(reverse("display_tv", args=[bar.key]))
    assert response.status_code == 200
    assert response.templates[0].name == "live/tv/idle.html"
    assert "Saison 2026" in response.content.decode()
    assert client.get(reverse("display_state", args=[bar.key])).status_code == 404  # the page reloads instead
    assert live.night_of_display(client.get(reverse("display_pulse", args=[bar.key])).content.decode()) == ""

    later = make_night(tonight.season, date=tonight.date + datetime.timedelta(days=7))
    response = client.get(reverse("display_tv", args=[bar.key]))
    assert response.status_code == 200 and response.context["night"] == later


@pytest.mark.django_db
def test_a_tv_shows_a_page_even_before_the_league_has_a_season(client):
    bar = displays.add_display(name="Bar")
    response = client.get(reverse("display_tv", args=[bar.key]))
    assert response.status_code == 200 and response.templates[0].name == "live/tv/idle.html"


@pytest.mark.django_db
def test_an_unknown_or_removed_tv_is_not_found(client, tonight):
    bar = displays.add_display(name="Bar")
    displays.remove_display(display_id=bar.pk)
    for name in ("display_tv", "display_state", "display_pulse", "display_events"):
        assert client.get(reverse(name, args=[bar.key])).status_code == 404


@pytest.mark.django_db
def test_the_tvs_version_changes_with_its_settings_and_with_the_night_but_not_with_another_tv(tonight):
    bar = displays.add_display(name="Bar")
    door = displays.add_display(name="Tür")
    before = live.display_pulse(bar.pk)
    assert live.night_of_display(before) == str(tonight.pk)
    displays.change_display(display_id=door.pk, name="Tür", screen="seating", rotation=[], seconds=20)
    assert live.display_pulse(bar.pk) == before
    displays.change_display(display_id=bar.pk, name="Bar", screen="seating", rotation=[], seconds=20)
    changed = live.display_pulse(bar.pk)
    assert live.clock_part(changed) != live.clock_part(before)
    clock_control.start_clock(night=tonight)
    assert live.clock_part(live.display_pulse(bar.pk)) != live.clock_part(changed)


@pytest.mark.django_db(transaction=True)
def test_the_tvs_stream_sends_its_new_screen_and_the_nights_pause_and_says_when_the_night_ends(client, tonight):
    bar = displays.add_display(name="Bar")
    clock_control.start_clock(night=tonight)
    url = reverse("display_events", args=[bar.key])
    stream = Reader(client.get(url, {"seen": live.display_pulse(bar.pk)}, **THREADED))
    stream.until(lambda text: text.startswith(": keep-alive"))

    displays.change_display(display_id=bar.pk, name="Bar", screen="eliminations", rotation=[], seconds=20)
    stream.until(lambda text: "event: state" in text, seconds=2)
    assert json.loads(stream.events("state")[-1])["screen"] == "eliminations"

    clock_control.pause_clock(night=tonight)
    stream.until(lambda text: '"running": false' in text, seconds=2)

    tonight.status = NightStatus.FINISHED
    tonight.save()
    stream.until(lambda text: "event: night" in text, seconds=2)
    stream.close()


@pytest.mark.django_db
def test_the_watcher_reads_every_named_tvs_version_in_a_fixed_number_of_queries(tonight, django_assert_max_num_queries):
    tvs = [displays.add_display(name=name) for name in ("Bar", "Tür", "Küche", "Terrasse")]
    with django_assert_max_num_queries(3):  # the TVs' rows, the night they show, that night's version
        pulses = live.display_pulses([tv.pk for tv in tvs])
    assert pulses == {tv.pk: live.display_pulse(tv.pk) for tv in tvs}
    assert live.display_pulses([tvs[0].pk + 100]) == {}
