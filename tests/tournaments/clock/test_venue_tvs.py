"""TVs of a venue: such a TV shows that venue's night tonight (else its next one, else the standings of the season
its venue played last, else the league's); a venue's organizer manages his venues' TVs only; a TV without a
venue behaves as before venues; a league of one pub is asked no venue for a TV."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from league.models import Night, NightStatus, Venue, VenueRole, default_venue
from league.venues import services as venues
from live import versions as live
from tests.league.factories import make_night, make_player, make_season
from tournaments.clock import displays
from tournaments.models import TvDisplay

pytestmark = pytest.mark.django_db

TODAY = datetime.date(2026, 12, 2)
GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}


@pytest.fixture
def two_venues():
    first = Venue.objects.get(pk=default_venue())
    first.name = "Zur Linde"
    first.save()
    return first, Venue.objects.create(name="Zum Anker")


def _landlord(django_user_model, *held):
    user = django_user_model.objects.create_user(username="wirt", password="x", is_staff=True)
    VenueRole.objects.create(user=user)
    for venue in held:
        venue.organizers.add(user)
    client = Client()
    client.force_login(user)
    return client


# --- which night a venue's TV shows ------------------------------------------------------------------------


def test_a_venues_tv_shows_its_own_night_tonight_then_its_next_and_a_league_tv_any(two_venues):
    linde, anker = two_venues
    season = make_season()
    linde_tonight = make_night(season, venue=linde, date=TODAY)
    anker_next = make_night(season, venue=anker, date=TODAY + datetime.timedelta(days=2))
    make_night(season, venue=anker, date=TODAY - datetime.timedelta(days=7), status=NightStatus.FINISHED)
    assert displays.night_on_tv(TODAY, venue_id=anker.pk) == anker_next
    assert displays.night_on_tv(TODAY, venue_id=linde.pk) == linde_tonight
    assert displays.night_on_tv(TODAY) == linde_tonight  # the league's TV: as before venues


def test_a_venue_without_open_nights_shows_its_last_season_else_the_leagues(two_venues):
    linde, anker = two_venues
    anker_season = make_season(name="Anker 2025", venue=anker)
    make_night(anker_season, venue=anker, date=datetime.date(2025, 11, 5), status=NightStatus.FINISHED)
    league_season = make_season(name="Liga 2026")
    make_night(league_season, venue=linde, date=TODAY, status=NightStatus.FINISHED)
    assert displays.night_on_tv(TODAY, venue_id=anker.pk) is None
    assert displays.season_on_tv(venue_id=anker.pk) == anker_season
    newcomer = Venue.objects.create(name="Zur Post")  # no night yet: the league's table
    assert displays.season_on_tv(venue_id=newcomer.pk) == league_season == displays.season_on_tv()


def test_each_tv_follows_its_venues_night_in_its_version(two_venues):
    linde, anker = two_venues
    season = make_season()
    linde_night = make_night(season, venue=linde, date=datetime.date.today())
    anker_night = make_night(season, venue=anker, date=datetime.date.today())
    bar = displays.add_display(name="Bar", venue=linde)
    deck = displays.add_display(name="Deck", venue=anker)
    pulses = live.display_pulses([bar.pk, deck.pk])
    assert live.night_of_display(pulses[bar.pk]) == str(linde_night.pk)
    assert live.night_of_display(pulses[deck.pk]) == str(anker_night.pk)


def test_a_venues_tv_page_shows_its_night_and_its_standings_when_none_is_open(client, two_venues):
    linde, anker = two_venues
    season = make_season()
    anker_night = make_night(season, venue=anker, date=datetime.date.today())
    make_night(season, venue=linde, date=datetime.date.today())
    deck = displays.add_display(name="Deck", venue=anker)
    assert client.get(reverse("display_tv", args=[deck.key])).context["night"] == anker_night
    anker_night.status = NightStatus.FINISHED
    anker_night.save()
    idle = client.get(reverse("display_tv", args=[deck.key]))
    assert "night" not in idle.context and idle.context["season"] == season


# --- who manages which TV ---------------------------------------------------------------------------------------


def test_a_league_of_one_pub_is_asked_no_venue_for_a_tv(organizer_client):
    night = make_night(date=TODAY)
    page = organizer_client.get(reverse("clock_control", args=[night.pk]), **GERMAN).content.decode()
    assert 'name="new-venue"' not in page
    organizer_client.post(
        reverse("display_add", args=[night.pk]),
        {"new-name": "Bar", "new-screen": "clock", "new-rotation": ["clock", "standings"], "new-seconds": "20"},
    )
    assert TvDisplay.objects.get().venue is None


def test_a_league_organizer_gives_a_tv_a_venue_or_the_league(organizer_client, two_venues):
    linde, anker = two_venues
    night = make_night(venue=anker, date=TODAY)
    page = organizer_client.get(reverse("clock_control", args=[night.pk]), **GERMAN).content.decode()
    assert f'<option value="{anker.pk}" selected>Zum Anker</option>' in page  # the night's, to start with
    assert "die Liga: die Abende aller Spielorte" in page
    form = {"new-name": "Bar", "new-screen": "clock", "new-rotation": ["clock", "standings"], "new-seconds": "20"}
    organizer_client.post(reverse("display_add", args=[night.pk]), {**form, "new-venue": anker.pk})
    organizer_client.post(reverse("display_add", args=[night.pk]), {**form, "new-name": "Tür", "new-venue": ""})
    assert dict(TvDisplay.objects.values_list("name", "venue_id")) == {"Bar": anker.pk, "Tür": None}
    bar = TvDisplay.objects.get(name="Bar")
    organizer_client.post(
        reverse("display_change", args=[night.pk, bar.pk]),
        {f"tv{bar.pk}-{key.removeprefix('new-')}": value for key, value in form.items()} | {f"tv{bar.pk}-venue": ""},
    )
    assert TvDisplay.objects.get(name="Bar").venue is None


def test_a_venue_organizer_sees_and_changes_only_his_venues_tvs(two_venues, django_user_model):
    linde, anker = two_venues
    night = make_night(venue=anker, date=TODAY)
    mine = displays.add_display(name="Deck", venue=anker)
    theirs = displays.add_display(name="Theke", venue=linde)
    league = displays.add_display(name="Saal")
    client = _landlord(django_user_model, anker)
    page = client.get(reverse("clock_control", args=[night.pk]), **GERMAN).content.decode()
    assert "Deck" in page and "Theke" not in page and "Saal" not in page
    assert f'name="tv{mine.pk}-venue"' not in page  # one venue of his: nothing to choose
    for other in (theirs, league):
        change = {f"tv{other.pk}-name": "Weg", f"tv{other.pk}-screen": "clock", f"tv{other.pk}-seconds": "20"}
        assert client.post(reverse("display_change", args=[night.pk, other.pk]), change).status_code == 403
        remove = client.post(reverse("display_remove", args=[night.pk, other.pk]), {"confirmed": "1"})
        assert remove.status_code == 403
    assert sorted(TvDisplay.objects.values_list("name", flat=True)) == ["Deck", "Saal", "Theke"]
    change = {f"tv{mine.pk}-name": "Deck 2", f"tv{mine.pk}-screen": "clock", f"tv{mine.pk}-seconds": "20"}
    assert client.post(reverse("display_change", args=[night.pk, mine.pk]), change).status_code == 302
    assert TvDisplay.objects.get(pk=mine.pk).venue == anker


def test_a_venue_organizers_new_tv_is_his_venues_and_never_the_leagues(two_venues, django_user_model):
    linde, anker = two_venues
    night = make_night(venue=anker, date=TODAY)
    client = _landlord(django_user_model, anker)
    form = {"new-name": "Deck", "new-screen": "clock", "new-rotation": ["clock", "standings"], "new-seconds": "20"}
    assert client.post(reverse("display_add", args=[night.pk]), {**form, "new-venue": ""}).status_code == 302
    assert TvDisplay.objects.get().venue == anker
    other = make_night(night.season, venue=linde, date=TODAY)
    assert client.post(reverse("display_add", args=[other.pk]), {**form, "new-name": "Theke"}).status_code == 403
    assert TvDisplay.objects.count() == 1


def test_a_venue_organizer_of_two_venues_chooses_one_of_his_and_no_other(two_venues, django_user_model):
    linde, anker = two_venues
    post = Venue.objects.create(name="Zur Post")
    night = make_night(venue=anker, date=TODAY)
    client = _landlord(django_user_model, anker, post)
    page = client.get(reverse("clock_control", args=[night.pk]), **GERMAN).content.decode()
    assert 'name="new-venue"' in page and "Zur Post" in page and "aller Spielorte" not in page
    form = {"new-name": "Deck", "new-screen": "clock", "new-rotation": ["clock", "standings"], "new-seconds": "20"}
    for wrong in (linde.pk, "", "9" * 26, "٣"):
        refused = client.post(reverse("display_add", args=[night.pk]), {**form, "new-venue": wrong}, **GERMAN)
        assert refused.status_code == 200 and 'class="error' in refused.content.decode()
    assert not TvDisplay.objects.exists()
    client.post(reverse("display_add", args=[night.pk]), {**form, "new-venue": post.pk})
    assert TvDisplay.objects.get().venue == post


def test_a_venue_with_tvs_is_not_deleted_and_says_why_in_german(organizer_client, two_venues):
    _, anker = two_venues
    displays.add_display(name="Deck", venue=anker)
    response = organizer_client.post(reverse("venue_delete", args=[anker.pk]), follow=True, **GERMAN)
    assert "Zum Anker hat Fernseher (Deck)" in response.content.decode()
    assert Venue.objects.filter(pk=anker.pk).exists() and TvDisplay.objects.get().venue == anker
    with pytest.raises(venues.VenueError):
        venues.delete_venue(venue=anker)


def test_a_venues_idle_tv_shows_its_venues_table_and_the_leagues_tv_the_league(client, organizer):
    from tests.results.venues.test_tables_and_jackpots import paper_night_at

    linde = Venue.objects.get(pk=default_venue())
    anker = Venue.objects.create(name="Zum Anker")
    season = make_season()
    people = [make_player(name, born=datetime.date(1980, 1, k + 1)) for k, name in enumerate(["Ada", "Bo", "Cy"])]
    paper_night_at(linde, season, datetime.date(2026, 9, 2), people[:2], organizer)
    tonight = paper_night_at(anker, season, datetime.date(2026, 9, 3), people[1:], organizer)
    deck = displays.add_display(name="Deck", venue=anker)
    # While the night is open its TV's standings screen shows the night's venue's table ...
    during = client.get(reverse("display_tv", args=[deck.key]), **GERMAN)
    assert during.context["night"] == tonight
    assert [row.name for row in during.context["leaderboard"]] == ["Bo", "Cy"]
    Night.objects.update(status=NightStatus.FINISHED)
    # ... and once every night is finished, the idle screen does.
    league_tv = displays.add_display(name="Saal")
    anker_page = client.get(reverse("display_tv", args=[deck.key]), **GERMAN)
    assert [row.name for row in anker_page.context["leaderboard"]] == ["Bo", "Cy"]
    assert "Zum Anker" in anker_page.content.decode()
    league_page = client.get(reverse("display_tv", args=[league_tv.key]), **GERMAN)
    assert sorted(row.name for row in league_page.context["leaderboard"]) == ["Ada", "Bo", "Cy"]
