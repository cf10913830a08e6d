"""The qualifiers' final in Chromium, in German on a phone: two pubs with a player at both, the list follows
the rule (worked out by hand in tests/results/qualifiers/test_final.py), the final is made and its draw seats
exactly the qualified players."""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import Page, expect

from league.models import Night, Season, Venue
from tests.browser.helpers import fits_the_phone, log_in
from tests.league.factories import make_player, make_season
from tests.results.qualifiers.test_final import DAY, paper_night
from tournaments.models import Seat

pytestmark = pytest.mark.browser


@pytest.fixture
def two_pubs(transactional_db, organizer) -> Season:
    anker = Venue.objects.create(name="Anker")
    krone = Venue.objects.create(name="Krone")
    season = make_season(qualification_rule="venue", qualification_top=2, qualification_min_nights=1)
    people = {
        name: make_player(name, born=datetime.date(1980, 1, k + 1))
        for k, name in enumerate(("Anna", "Xaver", "Bert", "Carl", "Dora", "Emil"))
    }
    paper_night(season, anker, DAY, [people[n] for n in ("Anna", "Xaver", "Bert", "Carl")], organizer)
    paper_night(
        season, krone, DAY + datetime.timedelta(days=1), [people[n] for n in ("Xaver", "Dora", "Emil")], organizer
    )
    return season


def test_an_organizer_reads_the_list_creates_the_final_and_draws_exactly_the_qualifiers(
    german_phone: Page, live_server, organizer, two_pubs
):
    page = german_phone
    season = two_pubs
    log_in(page, live_server, organizer, f"/organizer/?season={season.pk}")
    page.get_by_role("link", name="Finale der Qualifizierten").click()
    expect(page.get_by_role("heading", name="4 Spieler qualifiziert")).to_be_visible()
    qualified = page.locator(".qualified-list li")
    expect(qualified).to_have_text(
        ["Anna Platz 1 in Anker", "Bert Platz 3 in Anker", "Xaver Platz 1 in Krone", "Dora Platz 2 in Krone"]
    )
    anker = page.locator(".qualifier-table", has=page.get_by_role("heading", name="Anker"))
    expect(anker.locator("li", has_text="Xaver")).to_contain_text("schon über Krone qualifiziert")
    expect(anker.locator("li", has_text="Carl")).to_contain_text("Platz 4, es kommen die ersten 2 weiter")
    fits_the_phone(page)

    page.get_by_label("Datum:").fill("2026-12-02")
    page.get_by_label("Spielort:").select_option(label="Krone")
    page.get_by_role("button", name="Finale anlegen").click()
    expect(page.get_by_role("status")).to_contain_text("Das Finale ist mit seinen 4 qualifizierten Spielern angelegt")
    final = Night.objects.get(is_final=True)
    assert final.venue.name == "Krone"
    expect(page.locator("#final")).to_contain_text("Das Finale ist am 02.12.2026 in Krone.")
    fits_the_phone(page)

    page.goto(f"{live_server.url}/nights/{final.pk}/seating/")
    page.get_by_role("link", name="Plätze auslosen").click()
    page.get_by_role("button", name="Jetzt auslosen").click()
    expect(page.get_by_role("status")).to_contain_text("Plätze ausgelost (Tische: 1)")
    seated = sorted(Seat.objects.filter(table__night=final).values_list("entry__player__name", flat=True))
    assert seated == ["Anna", "Bert", "Dora", "Xaver"]
    fits_the_phone(page)

    # Drawn: the rule no longer changes, and the season's page says why.
    page.goto(f"{live_server.url}/organizer/seasons/{season.pk}/")
    expect(page.locator("#qualification")).to_contain_text("fest: das Finale ist schon ausgelost")
