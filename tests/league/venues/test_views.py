"""The venues' pages: a league organizer lists, adds, edits and deletes venues (a venue with nights stays, with
the German reason), moves a night before its draw, and gives a new organizer his role; a device keeps its
venue; a venue organizer sees none of the league's links and only his venues' nights."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from league.models import Night, NightStatus, Venue, VenueRole, default_venue
from league.venues.device import COOKIE_NAME, SESSION_KEY
from tests.league.factories import make_night, make_season

pytestmark = pytest.mark.django_db
GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}
ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture
def two_venues():
    first = Venue.objects.get(pk=default_venue())
    first.name = "Zur Linde"
    first.save()
    return first, Venue.objects.create(name="Zum Anker", address="Hafenstraße 1")


def _landlord(django_user_model, *venues, name="wirt"):
    user = django_user_model.objects.create_user(username=name, password="x", is_staff=True)
    VenueRole.objects.create(user=user)
    for venue in venues:
        venue.organizers.add(user)
    client = Client()
    client.force_login(user)
    return user, client


def test_the_venues_page_lists_each_venue_with_its_nights_in_german_and_english(organizer_client, two_venues):
    first, anchor = two_venues
    make_night(venue=anchor)
    german = organizer_client.get(reverse("venue_list"), **GERMAN).content.decode()
    english = organizer_client.get(reverse("venue_list"), **ENGLISH).content.decode()
    assert "Spielorte" in german and "Zum Anker" in german and "1 Abend" in german and "Hafenstraße 1" in german
    assert "Venues" in english and "1 night" in english and "Add a venue" in english


def test_a_league_organizer_adds_a_venue_with_its_organizer(organizer_client, two_venues, django_user_model):
    landlord = django_user_model.objects.create_user(username="wirtin", is_staff=True)
    response = organizer_client.post(
        reverse("venue_create"),
        {"name": "  Zur   Post ", "address": "Markt 2", "weekday": "3", "organizers": [landlord.pk]},
        **GERMAN,
    )
    assert response.status_code == 302
    venue = Venue.objects.get(name="Zur Post")
    assert (venue.address, venue.weekday, list(venue.organizers.all())) == ("Markt 2", 3, [landlord])


def test_a_second_venue_of_the_same_name_is_refused_beside_the_field(organizer_client, two_venues):
    response = organizer_client.post(reverse("venue_create"), {"name": "zum anker"}, **GERMAN)
    assert response.status_code == 200
    assert "Es gibt schon einen Spielort namens zum anker." in response.content.decode()
    assert Venue.objects.count() == 2


def test_a_venue_organizer_is_not_taken_off_his_last_venue(organizer_client, two_venues, django_user_model):
    first, anchor = two_venues
    landlord, _ = _landlord(django_user_model, anchor)
    response = organizer_client.post(
        reverse("venue_edit", args=[anchor.pk]), {"name": "Anker", "organizers": []}, **GERMAN
    )
    assert "wirt hätte dann keinen Spielort mehr" in response.content.decode()
    anchor.refresh_from_db()
    assert anchor.name == "Zum Anker" and list(anchor.organizers.all()) == [landlord]


def test_a_venue_with_nights_is_not_deleted_and_says_why_in_german(organizer_client, two_venues):
    first, anchor = two_venues
    make_night(venue=anchor)
    response = organizer_client.post(reverse("venue_delete", args=[anchor.pk]), follow=True, **GERMAN)
    assert "Zum Anker hat Ligaabende (1)" in response.content.decode()
    assert Venue.objects.filter(pk=anchor.pk).exists()
    organizer_client.post(reverse("venue_delete", args=[first.pk]), **GERMAN)
    assert not Venue.objects.filter(pk=first.pk).exists()


def test_a_night_moves_to_another_venue_until_its_draw(organizer_client, two_venues):
    first, anchor = two_venues
    night = make_night(venue=first)
    organizer_client.post(reverse("night_venue", args=[night.pk]), {"venue": anchor.pk}, **GERMAN)
    assert Night.objects.get().venue == anchor
    Night.objects.filter(pk=night.pk).update(status=NightStatus.SEATED)
    response = organizer_client.post(reverse("night_venue", args=[night.pk]), {"venue": first.pk}, **GERMAN)
    assert "Die Sitzordnung dieses Abends ist ausgelost" in response.content.decode()
    assert Night.objects.get().venue == anchor


def test_a_new_organizer_of_chosen_venues_is_held_to_them(organizer_client, two_venues, django_user_model):
    first, anchor = two_venues
    form = {"username": "wirtin", "password1": "Kneipe-am-Hafen-77", "password2": "Kneipe-am-Hafen-77"}
    refused = organizer_client.post(reverse("organizer_add"), {**form, "role": "venue"}, **GERMAN)
    assert "Ein Organisator eines Spielorts braucht mindestens einen Spielort." in refused.content.decode()
    assert not django_user_model.objects.filter(username="wirtin").exists()
    organizer_client.post(reverse("organizer_add"), {**form, "role": "venue", "venues": [anchor.pk]}, **GERMAN)
    user = django_user_model.objects.get(username="wirtin")
    assert VenueRole.objects.filter(user=user).exists() and list(user.venues.all()) == [anchor]


@pytest.mark.parametrize("venue", ["9" * 26, "9" * 5_000, "-5", "x", "²"])
def test_a_new_organizers_venue_that_is_no_id_is_refused_beside_the_field(
    organizer_client, two_venues, django_user_model, venue
):
    form = {"username": "wirtin", "password1": "Kneipe-am-Hafen-77", "password2": "Kneipe-am-Hafen-77"}
    response = organizer_client.post(reverse("organizer_add"), {**form, "role": "venue", "venues": [venue]}, **GERMAN)
    assert response.status_code == 200 and 'class="error' in response.content.decode()
    assert not django_user_model.objects.filter(username="wirtin").exists()


def test_a_league_of_one_pub_asks_no_role_for_a_new_organizer(organizer_client, django_user_model):
    default_venue()
    page = organizer_client.get(reverse("organizer_add"), **GERMAN).content.decode()
    assert 'name="role"' not in page
    form = {"username": "aushilfe", "password1": "Kneipe-am-Hafen-77", "password2": "Kneipe-am-Hafen-77"}
    organizer_client.post(reverse("organizer_add"), form, **GERMAN)
    assert not VenueRole.objects.filter(user__username="aushilfe").exists()


def test_the_device_keeps_the_chosen_venue_and_the_night_form_starts_with_it(organizer_client, two_venues):
    first, anchor = two_venues
    season = make_season()
    organizer_client.post(reverse("choose_venue"), {"venue": first.pk, "next": "/organizer/"}, **GERMAN)
    assert organizer_client.session[SESSION_KEY] == first.pk
    form = organizer_client.get(reverse("night_create", args=[season.pk]), **GERMAN).content.decode()
    assert f'<option value="{first.pk}" selected>Zur Linde</option>' in form


def test_the_device_keeps_its_venue_after_signing_out_and_in_again(organizer, two_venues):
    first, anchor = two_venues
    device = Client()
    device.force_login(organizer)
    device.post(reverse("choose_venue"), {"venue": first.pk})
    device.post(reverse("logout"))  # the test client's own logout() would forget every cookie
    assert device.cookies[COOKIE_NAME].value == str(first.pk)
    device.force_login(organizer)
    page = device.get(reverse("organizer_home"), **GERMAN).content.decode()
    assert f'<option value="{first.pk}" selected>Zur Linde</option>' in page


def test_a_device_cookie_naming_a_venue_he_does_not_run_gives_a_venue_organizer_his_own(two_venues, django_user_model):
    first, anchor = two_venues
    _, client = _landlord(django_user_model, anchor)
    client.cookies[COOKIE_NAME] = str(first.pk)
    page = client.get(reverse("organizer_home"), **GERMAN).content.decode()
    assert '<span class="venue-here">Zum Anker</span>' in page and "Zur Linde" not in page


def test_a_venue_organizer_cannot_choose_another_venue_for_his_device(two_venues, django_user_model):
    first, anchor = two_venues
    _, client = _landlord(django_user_model, anchor)
    assert client.post(reverse("choose_venue"), {"venue": first.pk}).status_code == 404
    assert SESSION_KEY not in client.session


def test_the_header_names_the_device_venue_only_in_a_league_of_several(organizer_client, two_venues):
    first, anchor = two_venues
    page = organizer_client.get(reverse("organizer_home"), **GERMAN).content.decode()
    assert 'id="device-venue"' in page and "Zum Anker" in page
    anchor.delete()
    page = organizer_client.get(reverse("organizer_home"), **GERMAN).content.decode()
    assert 'id="device-venue"' not in page and "venue-here" not in page and first.name not in page


def test_a_venue_organizer_of_one_venue_sees_it_named_without_a_chooser(two_venues, django_user_model):
    first, anchor = two_venues
    _, client = _landlord(django_user_model, anchor)
    page = client.get(reverse("organizer_home"), **GERMAN).content.decode()
    assert '<span class="venue-here">Zum Anker</span>' in page and 'id="device-venue"' not in page


def test_a_venue_organizer_sees_his_nights_and_no_link_to_a_league_page(two_venues, django_user_model):
    first, anchor = two_venues
    season = make_season()
    mine = make_night(season=season, venue=anchor)
    other = make_night(season=season, venue=first)
    _, client = _landlord(django_user_model, anchor)
    page = client.get(reverse("organizer_home"), **GERMAN).content.decode()
    assert reverse("registration_desk", args=[mine.pk]) in page
    assert reverse("registration_desk", args=[other.pk]) not in page
    league_pages = [
        reverse("season_edit", args=[season.pk]),
        reverse("season_create"),
        reverse("points_scheme", args=[season.pk]),
        reverse("season_jackpot", args=[season.pk]),
        reverse("cash_book"),
        reverse("player_list"),
        reverse("organizer_add"),
        reverse("venue_list"),
        reverse("locked_logins"),
    ]
    assert [url for url in league_pages if f'href="{url}"' in page or f'href="{url}?' in page] == []
    assert reverse("password_change") in page


def test_the_public_night_page_names_the_venue_only_in_a_league_of_several(client, two_venues):
    first, anchor = two_venues
    night = make_night(venue=anchor)
    assert "Zum Anker" in client.get(reverse("night_results", args=[night.pk]), **GERMAN).content.decode()
    first.delete()
    assert "Zum Anker" not in client.get(reverse("night_results", args=[night.pk]), **GERMAN).content.decode()


def test_the_home_page_gives_a_venue_organizer_desk_links_for_his_venues_nights_only(two_venues, django_user_model):
    first, anchor = two_venues
    season = make_season()
    mine = make_night(season=season, venue=anchor)
    other = make_night(season=season, venue=first, date=mine.date.replace(day=mine.date.day + 1))
    _, client = _landlord(django_user_model, anchor)
    page = client.get(reverse("home"), **GERMAN).content.decode()
    assert reverse("registration_desk", args=[mine.pk]) in page
    assert reverse("registration_desk", args=[other.pk]) not in page


def test_the_public_seating_page_names_the_venue_only_in_a_league_of_several(client, two_venues):
    first, anchor = two_venues
    night = make_night(venue=anchor)
    assert "Zum Anker" in client.get(reverse("seating", args=[night.pk]), **GERMAN).content.decode()
    first.delete()
    assert "Zum Anker" not in client.get(reverse("seating", args=[night.pk]), **GERMAN).content.decode()
