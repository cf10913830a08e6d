"""The venues' use cases refuse with a German message and change nothing: a venue with nights deleted, a
drawn night moved, an organizer held to no venue."""

from __future__ import annotations

import datetime

import pytest
from django.utils import translation

from league.access import venue_ids
from league.models import Night, NightStatus, Venue, VenueRole, default_venue
from league.venues import services
from tests.league.factories import make_night, make_season

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def german():
    with translation.override("de"):
        yield


@pytest.fixture
def venues():
    return Venue.objects.get(pk=default_venue()), Venue.objects.create(name="Zum Anker")


def test_a_venue_with_nights_is_not_deleted(venues):
    first, anchor = venues
    make_night(venue=anchor)
    with pytest.raises(services.VenueError, match="Zum Anker hat Ligaabende"):
        services.delete_venue(venue=anchor)
    assert Venue.objects.filter(pk=anchor.pk).exists()
    services.delete_venue(venue=first)
    assert not Venue.objects.filter(pk=first.pk).exists()


def test_a_venue_whose_organizer_has_no_other_is_not_deleted(venues, django_user_model):
    _, anchor = venues
    landlord = django_user_model.objects.create_user(username="wirt", is_staff=True)
    services.hold_to_venues(user=landlord, venues=[anchor])
    with pytest.raises(services.VenueError, match="wirt"):
        services.delete_venue(venue=anchor)
    assert Venue.objects.filter(pk=anchor.pk).exists()


def test_a_night_moves_to_another_venue_until_its_seating_is_drawn(venues):
    first, anchor = venues
    night = make_night(venue=first)
    services.move_night(night=night, venue=anchor)
    assert Night.objects.get().venue == anchor
    Night.objects.filter(pk=night.pk).update(status=NightStatus.SEATED)
    with pytest.raises(services.VenueError, match="ausgelost"):
        services.move_night(night=night, venue=first)
    assert Night.objects.get().venue == anchor


def test_a_night_does_not_move_onto_a_day_its_new_venue_plays_already(venues):
    first, anchor = venues
    season = make_season()
    night = make_night(season, venue=first)
    make_night(season, venue=anchor)
    with pytest.raises(services.VenueError):
        services.move_night(night=night, venue=anchor)
    assert Night.objects.get(pk=night.pk).venue == first


def test_an_organizer_held_to_no_venue_is_refused_and_stays_as_he_was(django_user_model):
    landlord = django_user_model.objects.create_user(username="wirt", is_staff=True)
    with pytest.raises(services.VenueError, match="mindestens einen Spielort"):
        services.hold_to_venues(user=landlord, venues=[])
    assert not VenueRole.objects.exists()
    assert venue_ids(django_user_model.objects.get(pk=landlord.pk)) is None


def test_an_organizer_held_to_venues_runs_those_and_a_league_organizer_again_every_venue(venues, django_user_model):
    _, anchor = venues
    landlord = django_user_model.objects.create_user(username="wirt", is_staff=True)
    services.hold_to_venues(user=landlord, venues=[anchor])
    assert venue_ids(django_user_model.objects.get(pk=landlord.pk)) == {anchor.pk}
    services.make_league_organizer(user=landlord)
    assert venue_ids(django_user_model.objects.get(pk=landlord.pk)) is None


def test_a_date_in_the_message_is_written_the_german_way(venues):
    first, anchor = venues
    season = make_season()
    night = make_night(season, venue=first, date=datetime.date(2026, 11, 25))
    make_night(season, venue=anchor, date=datetime.date(2026, 11, 25))
    with pytest.raises(services.VenueError, match="25.11.2026"):
        services.move_night(night=night, venue=anchor)
