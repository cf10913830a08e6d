"""The named TVs: which night a TV shows, the organizer's list of TVs and its refusals, on the clock's page."""

import datetime

import pytest
from django.urls import reverse

from league.models import NightStatus
from tests.league.factories import make_night, make_season
from tournaments.clock import displays
from tournaments.models import TvDisplay, TvScreen

pytestmark = pytest.mark.django_db

TODAY = datetime.date(2026, 12, 2)


@pytest.fixture(autouse=True)
def english_client(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


@pytest.fixture
def night():
    return make_night(date=TODAY)


# --- which night -------------------------------------------------------------------------


def test_a_tv_shows_tonights_night_then_the_next_one_once_it_is_finished():
    season = make_season()
    tonight = make_night(season, date=TODAY)
    next_week = make_night(season, date=TODAY + datetime.timedelta(days=7))
    make_night(season, date=TODAY - datetime.timedelta(days=7), status=NightStatus.FINISHED)
    assert displays.night_on_tv(TODAY) == tonight
    tonight.status = NightStatus.FINISHED
    tonight.save()
    assert displays.night_on_tv(TODAY) == next_week


def test_a_tv_shows_no_night_when_every_night_is_finished_and_the_latest_season_then():
    old = make_season(name="Saison 2025")
    make_night(old, date=datetime.date(2025, 11, 5), status=NightStatus.FINISHED)
    season = make_season()
    make_night(season, date=TODAY, status=NightStatus.FINISHED)
    assert displays.night_on_tv(TODAY) is None
    assert displays.season_on_tv() == season


# --- the service ----------------------------------------------------------------------------


def test_a_new_tv_gets_an_address_of_its_own_that_a_change_keeps():
    bar = displays.add_display(name="  Bar ", screen=TvScreen.CLOCK)
    door = displays.add_display(name="Tür", screen=TvScreen.STANDINGS)
    assert bar.name == "Bar" and bar.key != door.key and len(bar.key) == 8
    changed = displays.change_display(
        display_id=bar.pk, name="Bar", screen=TvScreen.ROTATE, rotation=["standings", "clock"], seconds=15
    )
    assert changed.key == bar.key
    assert changed.rotation_screens == ["clock", "standings"] and changed.seconds == 15


@pytest.mark.parametrize(
    ("values", "field"),
    [
        ({"name": "   "}, "name"),
        ({"name": "x" * 41}, "name"),
        ({"screen": "aquarium"}, "screen"),
        ({"screen": TvScreen.ROTATE, "rotation": ["clock"]}, "rotation"),
        ({"seconds": 4}, "seconds"),
        ({"seconds": 601}, "seconds"),
    ],
)
def test_a_tv_setting_out_of_bounds_is_refused_beside_its_field_and_changes_nothing(values, field):
    bar = displays.add_display(name="Bar")
    before = TvDisplay.objects.values().get()
    arguments = {"name": "Bar", "screen": TvScreen.CLOCK, "rotation": [], "seconds": 20, **values}
    with pytest.raises(displays.DisplayError) as refused:
        displays.change_display(display_id=bar.pk, **arguments)
    assert refused.value.field == field
    assert TvDisplay.objects.values().get() == before


def test_two_tvs_cannot_have_one_name_nor_the_list_grow_without_bound(monkeypatch):
    displays.add_display(name="Bar")
    with pytest.raises(displays.DisplayError, match="already"):
        displays.add_display(name="BAR")
    monkeypatch.setattr(displays, "MAX_DISPLAYS", 2)
    displays.add_display(name="Tür")
    with pytest.raises(displays.DisplayError, match="At most 2"):
        displays.add_display(name="Küche")
    assert TvDisplay.objects.count() == 2


# --- the clock's page ---------------------------------------------------------------------------


def _fields(prefix: str, **values) -> dict:
    data = {"name": "Bar", "screen": "clock", "rotation": [], "seconds": "20", **values}
    return {f"{prefix}-{name}": value for name, value in data.items()}


def test_the_clock_page_lists_each_tv_with_its_address_and_qr_code(organizer_client, night):
    bar = displays.add_display(name="Bar")
    html = organizer_client.get(reverse("clock_control", args=[night.pk])).content.decode()
    assert f"/tv/{bar.key}/" in html and reverse("clock_tv", args=[night.pk]) in html
    assert html.count("<svg") >= 2  # the night's TV's code and the Bar's


def test_an_organizer_adds_changes_and_after_confirming_removes_a_tv(organizer_client, night):
    control = reverse("clock_control", args=[night.pk])
    response = organizer_client.post(reverse("display_add", args=[night.pk]), _fields("new", name="Bar"))
    assert response.status_code == 302 and response.url == control + "#tvs"
    bar = TvDisplay.objects.get()
    response = organizer_client.post(
        reverse("display_change", args=[night.pk, bar.pk]),
        _fields(f"tv{bar.pk}", screen="rotate", rotation=["clock", "tables"], seconds="30"),
    )
    assert response.status_code == 302
    bar.refresh_from_db()
    assert (bar.screen, bar.rotation, bar.seconds) == ("rotate", "clock,tables", 30)

    remove = reverse("display_remove", args=[night.pk, bar.pk])
    asked = organizer_client.post(remove)
    assert asked.status_code == 200 and "Remove the TV “Bar”?" in asked.content.decode()
    assert TvDisplay.objects.exists()
    assert organizer_client.post(remove, {"confirmed": "1"}).status_code == 302
    assert not TvDisplay.objects.exists()


def test_a_refused_change_shows_its_words_beside_the_field_and_keeps_the_tv(organizer_client, night):
    bar = displays.add_display(name="Bar", screen=TvScreen.STANDINGS)
    displays.add_display(name="Tür")
    url = reverse("display_change", args=[night.pk, bar.pk])
    response = organizer_client.post(url, _fields(f"tv{bar.pk}", screen="rotate", rotation=["clock"]))
    assert response.status_code == 200
    assert "Choose at least two screens to take turns." in response.content.decode()
    response = organizer_client.post(url, _fields(f"tv{bar.pk}", name="tür", seconds="x"))
    html = response.content.decode()
    assert "Type the number with the digits 0–9." in html
    response = organizer_client.post(url, _fields(f"tv{bar.pk}", name="tür"))
    assert "There is a TV of that name already." in response.content.decode()
    bar.refresh_from_db()
    assert (bar.name, bar.screen) == ("Bar", "standings")


def test_the_refusal_is_german_on_a_german_page(organizer_client, night):
    response = organizer_client.post(
        reverse("display_add", args=[night.pk]),
        _fields("new", name="Bar", screen="rotate", rotation=["clock"]),
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert "Wählen Sie mindestens zwei Bildschirme, die sich abwechseln." in response.content.decode()
    assert not TvDisplay.objects.exists()


def test_only_an_organizer_changes_the_tvs(client, night, django_user_model):
    bar = displays.add_display(name="Bar")
    for url in (
        reverse("display_add", args=[night.pk]),
        reverse("display_change", args=[night.pk, bar.pk]),
        reverse("display_remove", args=[night.pk, bar.pk]),
    ):
        response = client.post(url, {**_fields("new", name="Tür"), "confirmed": "1"})
        assert response.status_code == 302 and response.url.startswith(reverse("login"))
    client.force_login(django_user_model.objects.create_user("guest", password="x"))
    assert client.post(reverse("display_remove", args=[night.pk, bar.pk]), {"confirmed": "1"}).status_code == 403
    assert list(TvDisplay.objects.values_list("name", flat=True)) == ["Bar"]
