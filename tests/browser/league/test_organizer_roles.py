"""An organizer's role changed in German on a 390x844 phone: the league organizer makes a colleague the
organizer of one pub (the page asks first and names what he loses, "Behalten" keeps everything), confirms it,
and the colleague then sees only that pub's pages; his own row has no button. axe finds no serious violation."""

import datetime
import types

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from league.access import venue_ids
from league.models import Night, Season, Venue, default_venue
from tests.browser.helpers import PHONE, axe_or_skip, fits_the_phone, log_in, serious_violations

pytestmark = pytest.mark.browser

PASSWORD = "Anker-am-Hafen-2026"


def _role(user):
    return venue_ids(type(user).objects.get(pk=user.pk))


def test_a_league_organizer_takes_the_league_from_a_colleague_after_a_question(
    new_context, live_server, organizer, transactional_db, django_user_model
) -> None:
    linde = Venue.objects.get(pk=default_venue())
    linde.name = "Zur Linde"
    linde.save()
    anker = Venue.objects.create(name="Zum Anker")
    season = Season.objects.create(
        name="Herbst 2026", start_date=datetime.date(2026, 9, 1), end_date=datetime.date(2026, 12, 31)
    )
    linde_night = Night.objects.create(season=season, venue=linde, date=datetime.date(2026, 9, 3))
    colleague = django_user_model.objects.create_user(username="kollege", password=PASSWORD, is_staff=True)
    axe_or_skip()
    page = new_context(bypass_csp=True, viewport=PHONE).new_page()
    log_in(page, live_server, organizer, reverse("venue_list"))
    roles = page.locator(".organizer-roles")
    expect(roles.locator("li", has_text="organizer")).to_contain_text("(Sie)")
    expect(roles.locator("li", has_text="organizer").get_by_role("link", name="Rolle ändern")).to_have_count(0)
    fits_the_phone(page)
    roles.locator("li", has_text="kollege").get_by_role("link", name="Rolle ändern").click()

    page.get_by_label("Organisator dieser Spielorte").check()
    page.get_by_label("Zum Anker").check()
    fits_the_phone(page)
    assert serious_violations(page) == []
    page.get_by_role("button", name="Rolle speichern").click()
    expect(page.get_by_role("heading", name="kollege Rechte wegnehmen?")).to_be_visible()
    expect(page.locator("main")).to_contain_text("Zum Anker")
    fits_the_phone(page)
    assert serious_violations(page) == []
    page.get_by_role("link", name="Behalten").click()
    assert _role(colleague) is None

    page.get_by_label("Organisator dieser Spielorte").check()
    page.get_by_label("Zum Anker").check()
    page.get_by_role("button", name="Rolle speichern").click()
    page.get_by_role("button", name="Ja, Rolle ändern").click()
    expect(page.locator(".messages")).to_contain_text("Die Rolle von kollege ist geändert.")
    expect(roles.locator("li", has_text="kollege")).to_contain_text("Organisator von Zum Anker")
    assert _role(colleague) == {anker.pk}

    # The colleague, signed in elsewhere, now runs Zum Anker only.
    other = new_context(viewport=PHONE).new_page()
    log_in(
        other, live_server, types.SimpleNamespace(username="kollege", raw_password=PASSWORD), reverse("organizer_home")
    )
    expect(other.locator(".venue-here")).to_have_text("Zum Anker")
    expect(other.get_by_role("link", name="Spielorte")).to_have_count(0)
    response = other.goto(live_server.url + reverse("registration_desk", args=[linde_night.pk]))
    assert response is not None and response.status == 403
