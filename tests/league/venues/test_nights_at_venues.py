"""Nights are planned at a venue: the night form asks which only when there is more than one (starting with
the device's venue), a season of one venue takes only its nights, a venue organizer plans at his venues only."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from league.models import Night, Venue, VenueRole, default_venue
from league.seasons import services as seasons
from league.venues.device import SESSION_KEY
from tests.league.factories import make_night, make_season

pytestmark = pytest.mark.django_db

WEDNESDAY = datetime.date(2026, 11, 25)


def _night_post(**fields) -> dict:
    return {"date": WEDNESDAY.isoformat(), "starts_at": "19:30", **fields}


def test_a_league_of_one_pub_is_never_asked_for_a_venue_and_plays_at_its_one(organizer_client):
    season = make_season()
    page = organizer_client.get(reverse("night_create", args=[season.pk])).content.decode()
    assert 'name="venue"' not in page
    assert 'name="venue"' not in organizer_client.get(reverse("season_edit", args=[season.pk])).content.decode()
    organizer_client.post(reverse("night_create", args=[season.pk]), _night_post())
    assert Night.objects.get().venue_id == default_venue() == Venue.objects.get().pk


def test_with_two_venues_the_night_form_starts_with_the_devices_venue_and_two_pubs_may_play_the_same_day(
    organizer_client,
):
    season = make_season()
    first = Venue.objects.get(pk=default_venue())
    anchor = Venue.objects.create(name="Zum Anker")
    session = organizer_client.session
    session[SESSION_KEY] = anchor.pk
    session.save()
    page = organizer_client.get(reverse("night_create", args=[season.pk])).content.decode()
    assert f'<option value="{anchor.pk}" selected>Zum Anker</option>' in page
    for venue in (first, anchor):
        response = organizer_client.post(reverse("night_create", args=[season.pk]), _night_post(venue=venue.pk))
        assert response.status_code == 302
    assert sorted(Night.objects.values_list("venue__name", flat=True)) == sorted([first.name, "Zum Anker"])


def test_a_season_of_one_venue_refuses_a_night_elsewhere_and_keeps_nothing():
    season = make_season(venue=Venue.objects.get(pk=default_venue()))
    anchor = Venue.objects.create(name="Zum Anker")
    with pytest.raises(seasons.SeasonError, match="Zum Anker|only the nights at"):
        seasons.create_night(season=season, date=WEDNESDAY, venue=anchor)
    assert not Night.objects.exists()


def test_a_season_cannot_count_one_venue_while_it_holds_a_night_of_another():
    first = Venue.objects.get(pk=default_venue())
    anchor = Venue.objects.create(name="Zum Anker")
    season = make_season()
    make_night(season, venue=anchor)
    with pytest.raises(seasons.SeasonError) as refused:
        seasons.update_season(season=season, changes={"venue": first})
    assert refused.value.field == "venue" and "Zum Anker" in str(refused.value)
    season.refresh_from_db()
    assert season.venue is None


def test_a_venue_organizer_plans_nights_at_his_venue_only(client, django_user_model):
    season = make_season()
    default_venue()  # the league's first venue, not his
    anchor = Venue.objects.create(name="Zum Anker")
    landlord = django_user_model.objects.create_user(username="wirt", password="x", is_staff=True)
    VenueRole.objects.create(user=landlord)
    anchor.organizers.add(landlord)
    client.force_login(landlord)
    page = client.get(reverse("night_create", args=[season.pk])).content.decode()
    assert 'name="venue"' not in page  # one venue to choose from: his
    assert client.post(reverse("night_create", args=[season.pk]), _night_post()).status_code == 302
    assert Night.objects.get().venue == anchor


def test_a_venue_organizer_without_a_venue_is_told_so_and_plans_nothing(client, django_user_model):
    season = make_season()
    landlord = django_user_model.objects.create_user(username="wirt", password="x", is_staff=True)
    VenueRole.objects.create(user=landlord)
    client.force_login(landlord)
    response = client.post(reverse("night_create", args=[season.pk]), _night_post(), HTTP_ACCEPT_LANGUAGE="de")
    assert "Sie leiten keinen Spielort" in response.content.decode()
    assert not Night.objects.exists()
