"""A second pub, in German on a 390x844 phone: a league organizer adds the venue and its organizer on the venues
page; that organizer signs in, sees only his venue's nights, the header names his venue, and no link to a league
page is shown to him; axe finds no serious violation on the pages he and the league organizer use."""

import datetime
import re
import types

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from league.models import Night, Season, Venue, VenueRole, default_venue
from tests.browser.helpers import PHONE, axe_or_skip, fits_the_phone, log_in, serious_violations

pytestmark = pytest.mark.browser

PASSWORD = "Anker-am-Hafen-2026"


@pytest.fixture
def season(transactional_db) -> Season:
    return Season.objects.create(
        name="Herbst 2026", start_date=datetime.date(2026, 9, 1), end_date=datetime.date(2026, 12, 31)
    )


def test_a_second_pub_with_its_own_organizer(new_context, live_server, organizer, season) -> None:
    first = Venue.objects.get(pk=default_venue())
    first.name = "Zur Linde"
    first.save()
    linde_night = Night.objects.create(season=season, venue=first, date=datetime.date(2026, 9, 3))
    axe_or_skip()
    # axe is injected as a script the site's Content-Security-Policy would refuse.
    page = new_context(bypass_csp=True, viewport=PHONE).new_page()
    log_in(page, live_server, organizer, reverse("organizer_home"))
    # A league of one pub: no venue in the header.
    expect(page.locator("#device-venue")).to_have_count(0)
    expect(page.locator(".venue-here")).to_have_count(0)

    page.get_by_role("link", name="Spielorte").click()
    page.get_by_role("link", name="Spielort hinzufügen").click()
    page.get_by_label("Name").fill("Zum Anker")
    page.get_by_label("Adresse").fill("Hafenstraße 1")
    page.get_by_label("Wochentag seiner Abende").select_option(label="Freitag")
    assert serious_violations(page) == []
    page.get_by_role("button", name="Spielort speichern").click()
    expect(page.locator(".venue-list")).to_contain_text("Zum Anker")
    assert serious_violations(page) == []

    page.get_by_role("link", name="Organisator hinzufügen").click()
    page.get_by_label("Benutzername").fill("wirtin")
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD)
    page.get_by_label("Organisator dieser Spielorte").check()
    page.get_by_label("Zum Anker").check()
    assert serious_violations(page) == []
    fits_the_phone(page)
    page.get_by_role("button", name="Organisator hinzufügen").click()
    expect(page.locator(".messages")).to_contain_text("wirtin kann sich jetzt als Organisator anmelden")
    landlady = VenueRole.objects.get(user__username="wirtin").user
    anchor = Venue.objects.get(name="Zum Anker")
    assert list(landlady.venues.all()) == [anchor]
    # Two venues now: the league organizer's header offers them.
    expect(page.locator("#device-venue")).to_be_visible()
    anchor_night = Night.objects.create(season=season, venue=anchor, date=datetime.date(2026, 9, 4))

    page.get_by_role("button", name="Ausloggen").click()
    log_in(
        page, live_server, types.SimpleNamespace(username="wirtin", raw_password=PASSWORD), reverse("organizer_home")
    )
    expect(page.locator(".venue-here")).to_have_text("Zum Anker")
    nights = page.locator(".organizer-nights")
    expect(nights.locator(f'a[href="{reverse("registration_desk", args=[anchor_night.pk])}"]')).to_have_count(1)
    expect(nights.locator(f'a[href="{reverse("registration_desk", args=[linde_night.pk])}"]')).to_have_count(0)
    expect(page.get_by_role("link", name="Saison-Einstellungen")).to_have_count(0)
    expect(page.get_by_role("link", name=re.compile("Spielerliste"))).to_have_count(0)
    expect(page.get_by_role("link", name="Spielorte")).to_have_count(0)
    fits_the_phone(page)
    assert serious_violations(page) == []
