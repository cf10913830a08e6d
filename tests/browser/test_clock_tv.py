"""The night's blind clock on the pub's TV, while an organizer runs it from a phone."""
import datetime
import re

import pytest
from playwright.sync_api import Browser, Page, expect

from league.models import Night, Season
from tournaments import clock_control

pytestmark = pytest.mark.browser


@pytest.fixture
def running_night(transactional_db) -> Night:
    today = datetime.date.today()
    season = Season.objects.create(
        name="Saison Test", start_date=today - datetime.timedelta(days=7), end_date=today + datetime.timedelta(days=90)
    )
    night = Night.objects.create(season=season, date=today)
    clock_control.start_clock(night=night)
    return night


def _seconds(countdown: str) -> int:
    minutes, seconds = countdown.split(":")
    return int(minutes) * 60 + int(seconds)


def test_the_tv_clock_counts_down_and_shows_the_next_level_after_an_organizer_skips_one(
    page: Page, browser: Browser, live_server, organizer, running_night
) -> None:
    page.context.set_extra_http_headers({"Accept-Language": "en"})
    page.goto(f"{live_server.url}/nights/{running_night.pk}/clock/?sync=1")
    clock = page.locator("#clock")
    countdown = page.locator("#clock [data-clock-field=countdown]")
    expect(page.locator(".clock-stage")).to_have_text(re.compile(r"Level\s+1"))
    expect(clock.locator("[data-clock-field=small]")).to_have_text("25")
    expect(clock.locator("[data-clock-field=big]")).to_have_text("50")
    expect(clock.locator("[data-clock-field=next-small]")).to_have_text("50")
    expect(page.get_by_role("button", name="Tap to enable sound")).to_be_visible()

    first = _seconds(countdown.inner_text())
    assert 880 <= first <= 900
    page.wait_for_timeout(2200)
    later = _seconds(countdown.inner_text())
    assert first - 4 <= later <= first - 1, (first, later)

    # The organizer, on his own phone, skips a level.
    phone = browser.new_context(extra_http_headers={"Accept-Language": "en"})
    controls = phone.new_page()
    controls.goto(f"{live_server.url}/accounts/login/?next=/nights/{running_night.pk}/clock/control/")
    controls.fill("input[name=username]", organizer.username)
    controls.fill("input[name=password]", organizer.raw_password)
    controls.click("button.primary")
    expect(controls.locator("h1")).to_have_text("Blind clock")
    controls.get_by_role("button", name="Next level").click()
    expect(controls.locator("#clock-panel .messages")).to_contain_text("On to the next level.")
    expect(controls.locator("#clock-panel [data-clock-field=level]")).to_have_text("2")
    phone.close()

    # The TV picks it up at its next re-sync, with the full level's time and a level-change signal.
    expect(page.locator(".clock-stage")).to_have_text(re.compile(r"Level\s+2"), timeout=5000)
    expect(clock.locator("[data-clock-field=small]")).to_have_text("50")
    expect(clock.locator("[data-clock-field=big]")).to_have_text("100")
    expect(clock.locator("[data-clock-field=next-small]")).to_have_text("100")
    expect(clock.locator("[data-clock-field=next-big]")).to_have_text("200")
    expect(clock).to_have_attribute("data-level-changes", "1")
    assert _seconds(countdown.inner_text()) >= 895


def test_a_paused_clock_stays_paused_on_the_tv(page: Page, live_server, running_night) -> None:
    clock_control.pause_clock(night=running_night)
    page.context.set_extra_http_headers({"Accept-Language": "en"})
    page.goto(f"{live_server.url}/nights/{running_night.pk}/clock/?sync=1")
    expect(page.locator("#clock")).to_have_class(re.compile(r"\bis-paused\b"))
    expect(page.locator(".clock-status")).to_contain_text("Paused")
    shown = page.locator("#clock [data-clock-field=countdown]").inner_text()
    page.wait_for_timeout(2200)
    expect(page.locator("#clock [data-clock-field=countdown]")).to_have_text(shown)
