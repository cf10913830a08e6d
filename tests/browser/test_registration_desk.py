"""An organizer works the registration desk in Chromium, as on the night."""
import datetime

import pytest
from playwright.sync_api import Page, expect

from league.models import Entry, Night, Player, Season

from .helpers import log_in

pytestmark = pytest.mark.browser


@pytest.fixture
def coming_night(transactional_db) -> Night:
    today = datetime.date.today()
    season = Season.objects.create(
        name="Saison Test", start_date=today - datetime.timedelta(days=7), end_date=today + datetime.timedelta(days=90)
    )
    return Night.objects.create(season=season, date=today + datetime.timedelta(days=2))



def test_an_organizer_refuses_a_minor_and_registers_and_takes_the_fee_of_an_adult(
    page: Page, live_server, organizer, coming_night
) -> None:
    page.context.set_extra_http_headers({"Accept-Language": "en"})
    desk = f"/nights/{coming_night.pk}/desk/"
    log_in(page, live_server, organizer, desk)
    expect(page.locator("h1")).to_have_text("Registration desk")
    expect(page.locator("#entry-count")).to_have_text("0")

    too_young = (coming_night.date - datetime.timedelta(days=17 * 365)).isoformat()
    page.locator("#new-player summary").click()
    page.fill("#id_name", "Young Kid")
    page.fill("#id_date_of_birth", too_young)
    page.click("#new-player button.primary")
    expect(page.locator("#new-player .error")).to_contain_text("Under 18")
    expect(page.locator("#entry-count")).to_have_text("0")
    assert not Player.objects.filter(name="Young Kid").exists()

    page.fill("#id_name", "Nina Neu")
    page.fill("#id_date_of_birth", "1995-04-12")
    page.uncheck("#id_pay_now")
    page.click("#new-player button.primary")
    expect(page.locator(".messages .success")).to_contain_text("Nina Neu is registered")
    expect(page.locator("#entry-count")).to_have_text("1")
    expect(page.locator("#paid-count")).to_have_text("0")

    page.locator(".entry", has_text="Nina Neu").get_by_role("button", name="Fee received").click()
    expect(page.locator("#paid-count")).to_have_text("1")
    expect(page.locator("#fees-total")).to_have_text("€10.00")
    expect(page.locator("#jackpot-total")).to_have_text("€2.00")
    entry = Entry.objects.get(player__name="Nina Neu")
    assert entry.fee_paid == 10 and entry.received_by == organizer


def test_the_search_registers_an_existing_player_as_you_type(page: Page, live_server, organizer, coming_night) -> None:
    Player.objects.create(name="Ben Schuster", nickname="Benny", date_of_birth=datetime.date(1980, 1, 1))
    page.context.set_extra_http_headers({"Accept-Language": "en"})
    log_in(page, live_server, organizer, f"/nights/{coming_night.pk}/desk/")
    page.locator("#q").press_sequentially("benn")
    result = page.locator(".result", has_text="Ben Schuster")
    expect(result).to_be_visible()
    result.get_by_role("button", name="Register + €10.00 paid").click()
    expect(page.locator("#entry-count")).to_have_text("1")
    expect(page.locator("#q")).to_have_value("")
    assert Entry.objects.get().fee_paid == 10
