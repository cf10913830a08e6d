"""The laptop's organizer pages: a finished night offers "An die Liga senden" with its state beside it (nicht
gesendet, gesendet, geändert seit dem Senden) once the laptop is joined; a laptop without a league link shows
nothing new; a changed night asks who corrected it and why before it goes."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from online.models import LeagueLink, NightCorrection, ReceivedNight
from tournaments.models import Placement

pytestmark = pytest.mark.django_db


@pytest.fixture
def web(organizer):
    web = Client(headers={"Accept-Language": "de"})
    web.force_login(organizer)
    return web


def test_a_laptop_without_a_league_link_shows_nothing_new(night, web):
    assert "An die Liga senden" not in web.get(reverse("registration_desk", args=[night.pk])).content.decode()
    assert "An die Liga senden" not in web.get(reverse("night_results", args=[night.pk])).content.decode()
    assert web.get(reverse("league_send_night", args=[night.pk])).status_code == 404


def test_the_night_is_sent_from_its_page_and_a_change_goes_as_a_correction(night, key, wire, web):
    desk = web.get(reverse("registration_desk", args=[night.pk])).content.decode()
    assert "An die Liga senden" in desk and "nicht gesendet" in desk
    assert "An die Liga senden" in web.get(reverse("night_results", args=[night.pk])).content.decode()
    url = reverse("league_send_night", args=[night.pk])
    response = web.post(url)
    assert response.status_code == 302 and ReceivedNight.objects.get().version == 1
    page = web.get(url).content.decode()
    assert "Der Abend wurde an die Liga gesendet." in page and "genau so" in page

    placement = Placement.objects.get(table__night=night, knockouts=1)
    placement.knockouts = 0
    placement.save()
    assert "geändert seit dem Senden" in web.get(reverse("registration_desk", args=[night.pk])).content.decode()
    refused = web.post(url, {"by": "", "why": ""})
    assert refused.status_code == 200 and "Dieses Feld ist zwingend erforderlich." in refused.content.decode()
    assert ReceivedNight.objects.get().version == 1
    web.post(url, {"by": "Paul", "why": "Knockout doppelt"})
    assert ReceivedNight.objects.get().version == 2 and NightCorrection.objects.get().by == "Paul"
    assert LeagueLink.objects.count() == 1
