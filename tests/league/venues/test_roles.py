"""An organizer's role changed on the venues page: a league organizer makes another a venue's organizer (asked
first, as it takes rights away) or a league organizer again; nobody changes his own role, and the league keeps
its last league organizer. Each refusal is German, beside the field, and changes nothing."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from league.access import venue_ids
from league.models import Venue, VenueRole, default_venue
from league.venues import services

pytestmark = pytest.mark.django_db
GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}


@pytest.fixture
def two_venues():
    first = Venue.objects.get(pk=default_venue())
    first.name = "Zur Linde"
    first.save()
    return first, Venue.objects.create(name="Zum Anker")


@pytest.fixture
def colleague(django_user_model):
    return django_user_model.objects.create_user(username="kollege", password="x", is_staff=True)


def _role(user) -> frozenset[int] | None:
    return venue_ids(type(user).objects.get(pk=user.pk))


def test_the_venues_page_lists_every_organizer_with_his_role(organizer_client, two_venues, colleague):
    _, anchor = two_venues
    services.hold_to_venues(user=colleague, venues=[anchor])
    page = organizer_client.get(reverse("venue_list"), **GERMAN).content.decode()
    assert "Organisator von Zum Anker" in page
    assert reverse("organizer_role", args=[colleague.pk]) in page
    assert "(Sie)" in page


def test_taking_the_league_away_asks_first_and_changes_nothing_until_confirmed(organizer_client, two_venues, colleague):
    _, anchor = two_venues
    url = reverse("organizer_role", args=[colleague.pk])
    asked = organizer_client.post(url, {"role": "venue", "venues": [anchor.pk]}, **GERMAN)
    page = asked.content.decode()
    assert asked.status_code == 200 and "Rechte wegnehmen" in page and "Zum Anker" in page
    assert 'name="confirmed" value="1"' in page
    assert _role(colleague) is None
    done = organizer_client.post(url, {"role": "venue", "venues": [anchor.pk], "confirmed": "1"}, **GERMAN)
    assert done.status_code == 302
    assert _role(colleague) == {anchor.pk}


def test_a_venue_losing_one_of_his_venues_is_asked_about_and_one_gaining_is_not(
    organizer_client, two_venues, colleague
):
    first, anchor = two_venues
    services.hold_to_venues(user=colleague, venues=[anchor])
    url = reverse("organizer_role", args=[colleague.pk])
    gained = organizer_client.post(url, {"role": "venue", "venues": [first.pk, anchor.pk]}, **GERMAN)
    assert gained.status_code == 302 and _role(colleague) == {first.pk, anchor.pk}
    asked = organizer_client.post(url, {"role": "venue", "venues": [first.pk]}, **GERMAN)
    assert asked.status_code == 200 and "Zum Anker" in asked.content.decode()
    assert _role(colleague) == {first.pk, anchor.pk}
    league = organizer_client.post(url, {"role": "league"}, **GERMAN)
    assert league.status_code == 302 and _role(colleague) is None


def test_nobody_changes_his_own_role(organizer_client, organizer, two_venues):
    _, anchor = two_venues
    url = reverse("organizer_role", args=[organizer.pk])
    page = organizer_client.get(url, **GERMAN).content.decode()
    assert "Sie können Ihre eigene Rolle nicht ändern" in page and 'id="role-form"' not in page
    refused = organizer_client.post(url, {"role": "venue", "venues": [anchor.pk], "confirmed": "1"}, **GERMAN)
    assert refused.status_code == 200 and "Sie können Ihre eigene Rolle nicht ändern" in refused.content.decode()
    assert not VenueRole.objects.exists()


def test_a_venue_organizer_without_a_venue_is_refused_beside_the_field(organizer_client, two_venues, colleague):
    url = reverse("organizer_role", args=[colleague.pk])
    response = organizer_client.post(url, {"role": "venue", "confirmed": "1"}, **GERMAN)
    assert "Ein Organisator eines Spielorts braucht mindestens einen Spielort." in response.content.decode()
    assert _role(colleague) is None


@pytest.mark.parametrize("venue", ["9" * 26, "-5", "x"])
def test_a_venue_that_is_no_id_is_refused(organizer_client, two_venues, colleague, venue):
    url = reverse("organizer_role", args=[colleague.pk])
    response = organizer_client.post(url, {"role": "venue", "venues": [venue], "confirmed": "1"}, **GERMAN)
    assert response.status_code == 200 and 'class="error' in response.content.decode()
    assert _role(colleague) is None


def test_the_last_league_organizer_keeps_his_role(organizer, two_venues, colleague):
    """Only a league organizer opens the page, and not for himself: the last one is reached when a second
    changed him at the same moment as he the second (the rows are locked, so one goes first)."""
    _, anchor = two_venues
    services.change_role(by=organizer, user=colleague, venues=[anchor])
    with translation.override("de"), pytest.raises(services.VenueError, match="letzte Organisator der Liga"):
        services.change_role(by=colleague, user=organizer, venues=[anchor])
    assert _role(organizer) is None and _role(colleague) == {anchor.pk}


def test_a_venue_organizer_and_a_visitor_cannot_open_the_role_page(client, two_venues, colleague, organizer):
    _, anchor = two_venues
    services.hold_to_venues(user=colleague, venues=[anchor])
    landlord = Client()
    landlord.force_login(colleague)
    url = reverse("organizer_role", args=[organizer.pk])
    assert landlord.post(url, {"role": "venue", "venues": [anchor.pk], "confirmed": "1"}).status_code == 403
    assert client.get(url).status_code == 302
    assert _role(organizer) is None


def test_a_player_or_unknown_account_has_no_role_page(organizer_client, django_user_model):
    player = django_user_model.objects.create_user(username="gast", password="x")
    assert organizer_client.get(reverse("organizer_role", args=[player.pk])).status_code == 404
    assert organizer_client.get(reverse("organizer_role", args=[99999])).status_code == 404
