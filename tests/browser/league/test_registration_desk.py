"""An organizer works the registration desk and draws the seating in Chromium, as on the night: in German, and once in English."""

import datetime

import pytest
from playwright.sync_api import Page, expect

from league.models import Entry, Night, Player, Season
from tests.browser.helpers import log_in, search_settled
from tournaments.models import Seat

pytestmark = pytest.mark.browser

# What a person reads on the screen, in each language.
TEXT = {
    "de": {
        "desk": "Anmeldetisch",
        "new player": "Neuer Spieler",
        "name": "Name:",
        "born": "Geburtsdatum:",
        "pay now": "Gebühr jetzt erhalten:",
        "save": "Speichern und anmelden",
        "under 18": "Unter 18",
        "registered": "Nina Neu ist angemeldet.",
        "fee received": "Gebühr erhalten",
        "fee": "Gebühr",
        "ten": "10,00\xa0€",
        "typed fee": "10,00",
        "two": "2,00\xa0€",
        "find": "Spieler suchen",
        "register paid": "Anmelden + 10,00\xa0€ bezahlt",
        "register later": "Anmelden, später bezahlen",
        "draw": "Platzverlosung",
        "draw the seating": "Plätze auslosen",
        "draw now": "Jetzt auslosen",
        "drawn": "Plätze ausgelost (Tische: 1). Die Anmeldung ist geschlossen.",
        "closed": "Anmeldung geschlossen: Die Plätze sind ausgelost.",
        "by table": "Nach Tisch",
        "player": "Spieler",
        "late entry": "Nachzügler setzen",
        "joins": "Lena Spät kommt an Tisch 1, Sitz 4.",
        "date": "Mittwoch, 25.11.2026",
    },
    "en": {
        "desk": "Registration desk",
        "new player": "New player",
        "name": "Name:",
        "born": "Date of birth:",
        "pay now": "Fee received now:",
        "save": "Save and register",
        "under 18": "Under 18",
        "registered": "Nina Neu is registered.",
        "fee received": "Fee received",
        "fee": "Fee",
        "ten": "€10.00",
        "typed fee": "10.00",
        "two": "€2.00",
        "find": "Find a player",
        "register paid": "Register + €10.00 paid",
        "register later": "Register, pay later",
        "draw": "Seating draw",
        "draw the seating": "Draw the seating",
        "draw now": "Draw now",
        "drawn": "Seating drawn: 1 tables. Registration is closed.",
        "closed": "Registration is closed: the seating has been drawn.",
        "by table": "By table",
        "player": "Player",
        "late entry": "Seat the late entry",
        "joins": "Lena Spät joins table 1, seat 4.",
        "date": "Wednesday, 25 Nov 2026",
    },
}
NIGHT_DATE = datetime.date(2026, 11, 25)


@pytest.fixture
def coming_night(transactional_db) -> Night:
    season = Season.objects.create(
        name="Saison Test",
        start_date=NIGHT_DATE - datetime.timedelta(days=60),
        end_date=NIGHT_DATE + datetime.timedelta(days=90),
    )
    return Night.objects.create(season=season, date=NIGHT_DATE)


@pytest.mark.parametrize("browser_language", ["de", "en"])
def test_an_organizer_registers_players_takes_a_fee_draws_the_seating_and_seats_a_late_entry(
    page: Page, live_server, organizer, coming_night, browser_language
) -> None:
    t = TEXT[browser_language]
    Player.objects.create(name="Ben Schuster", nickname="Benny", date_of_birth=datetime.date(1980, 1, 1))
    Player.objects.create(name="Carla Wolf", date_of_birth=datetime.date(1985, 3, 3))
    Player.objects.create(name="Lena Spät", date_of_birth=datetime.date(1999, 9, 9))
    page.set_viewport_size({"width": 390, "height": 844})
    desk = f"/nights/{coming_night.pk}/desk/"
    log_in(page, live_server, organizer, desk, browser_language)
    expect(page.get_by_role("heading", name=t["desk"])).to_be_visible()
    expect(page.get_by_text(t["date"])).to_be_visible()
    expect(page.locator("#entry-count")).to_have_text("0")

    # A 17-year-old is refused and nothing is saved.
    page.get_by_text(t["new player"], exact=True).click()
    page.get_by_label(t["name"], exact=True).fill("Young Kid")
    page.get_by_label(t["born"]).fill((NIGHT_DATE - datetime.timedelta(days=17 * 365)).isoformat())
    page.get_by_role("button", name=t["save"]).click()
    expect(page.locator("#new-player .error")).to_contain_text(t["under 18"])
    expect(page.locator("#entry-count")).to_have_text("0")
    assert not Player.objects.filter(name="Young Kid").exists()

    # A new adult who pays later, then pays.
    page.get_by_label(t["name"], exact=True).fill("Nina Neu")
    page.get_by_label(t["born"]).fill("1995-04-12")
    page.get_by_label(t["pay now"]).uncheck()
    page.get_by_role("button", name=t["save"]).click()
    expect(page.locator(".messages .success")).to_contain_text(t["registered"])
    expect(page.locator("#entry-count")).to_have_text("1")
    expect(page.locator("#paid-count")).to_have_text("0")
    nina = page.locator(".entry", has_text="Nina Neu")
    expect(nina.get_by_label(t["fee"])).to_have_value(t["typed fee"])
    nina.get_by_role("button", name=t["fee received"]).click()
    expect(page.locator("#paid-count")).to_have_text("1")
    expect(page.locator("#fees-total")).to_have_text(t["ten"])
    expect(page.locator("#jackpot-total")).to_have_text(t["two"])
    entry = Entry.objects.get(player__name="Nina Neu")
    assert entry.fee_paid == 10 and entry.received_by == organizer

    # Existing players found as you type: one pays now, one later.
    search = page.get_by_role("searchbox", name=t["find"])
    search.press_sequentially("benn")
    search_settled(page)
    page.locator(".result", has_text="Ben Schuster").get_by_role("button", name=t["register paid"]).click()
    expect(page.locator("#entry-count")).to_have_text("2")
    expect(search).to_have_value("")
    search.press_sequentially("carla")
    search_settled(page)
    page.locator(".result", has_text="Carla Wolf").get_by_role("button", name=t["register later"]).click()
    expect(page.locator("#entry-count")).to_have_text("3")
    assert Entry.objects.get(player__name="Ben Schuster").fee_paid == 10
    assert Entry.objects.get(player__name="Carla Wolf").fee_paid is None
    # The fee typed as each language writes it (a number field would turn "10,00" into 1000).
    search_settled(page)  # the list is swapped in after the registration: type into the new one
    carla = page.locator(".entry", has_text="Carla Wolf")
    carla.get_by_label(t["fee"]).fill("")
    carla.get_by_label(t["fee"]).press_sequentially(t["typed fee"])
    expect(carla.get_by_label(t["fee"])).to_have_value(t["typed fee"])
    carla.get_by_role("button", name=t["fee received"]).click()
    expect(page.locator("#paid-count")).to_have_text("3")
    assert Entry.objects.get(player__name="Carla Wolf").fee_paid == 10

    # The draw closes registration; a late arrival pays and gets the free seat.
    page.get_by_role("link", name=t["draw"]).click()
    page.get_by_role("link", name=t["draw the seating"]).click()
    page.get_by_role("button", name=t["draw now"]).click()
    expect(page.locator(".messages")).to_contain_text(t["drawn"])
    expect(page.get_by_role("heading", name=t["by table"])).to_be_visible()
    page.get_by_label(t["player"], exact=True).select_option(label="Lena Spät")
    expect(page.get_by_label(t["fee"], exact=True)).to_have_value(t["typed fee"])
    page.get_by_role("button", name=t["late entry"]).click()
    expect(page.locator(".messages")).to_contain_text(t["joins"])
    seat = Seat.objects.get(entry__player__name="Lena Spät")
    assert seat.late_entry and seat.entry.fee_paid == 10 and Seat.objects.filter(table=seat.table).count() == 4

    page.goto(f"{live_server.url}{desk}")
    expect(page.get_by_text(t["closed"])).to_be_visible()
