"""The night's clock on the dealer's phone, in a phone-sized Chromium in German: the level, the blinds and the time
left show above the table and count down; a pause on the organizer's clock page stops the countdown within a
second, a resume starts it again; the dealer's taps leave the clock alone."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import PHONE, axe_or_skip, fits_the_phone, log_in, serious_violations
from tests.tournaments.conftest import table_of
from tournaments.clock import services as clock_control

pytestmark = pytest.mark.browser

_SECONDS_LEFT = """() => {
  const [m, s] = document.querySelector('.tracker-clock [data-clock-field="countdown"]').textContent.split(':');
  return Number(m) * 60 + Number(s);
}"""


def test_the_dealers_phone_shows_the_clock_and_a_pause_stops_its_countdown_within_a_second(
    new_context, live_server, transactional_db, organizer
) -> None:
    axe_or_skip()
    table = table_of({"Anna": 1500, "Ben": 1500, "Carl": 1500}, organizer)
    clock_control.start_clock(night=table.night)
    phone = new_context(viewport=PHONE, has_touch=True, is_mobile=True, bypass_csp=True).new_page()
    phone.goto(f"{live_server.url}/dealer/{table.dealer_token}/")
    clock = phone.locator(".tracker-clock")
    expect(clock).to_contain_text("Stufe 1")
    expect(clock).to_contain_text(re.compile(r"Blinds \d[\d.]*/\d"))
    expect(clock).to_have_class(re.compile(r"\bis-running\b"))
    countdown = clock.locator('[data-clock-field="countdown"]')
    expect(countdown).to_have_text(re.compile(r"^\d+:\d\d$"))
    first = phone.evaluate(_SECONDS_LEFT)
    phone.wait_for_timeout(2100)
    assert phone.evaluate(_SECONDS_LEFT) <= first - 1, "the time left counts down"
    fits_the_phone(phone)
    assert serious_violations(phone) == []

    # A tap swaps the table, not the clock: it keeps counting from the server's time, not the page's load.
    phone.get_by_role("button", name="Erste Hand geben").tap()
    expect(phone.locator("#actionbar h2")).to_contain_text("ist am Zug")
    assert phone.evaluate(_SECONDS_LEFT) <= first - 2

    controls = new_context(viewport=PHONE).new_page()
    log_in(controls, live_server, organizer, f"/nights/{table.night.pk}/clock/control/")
    panel = controls.locator("#clock-panel")
    expect(panel).to_have_class(re.compile(r"\bis-running\b"))
    delays = []
    for button, state in (("Anhalten", "is-paused"), ("Fortsetzen", "is-running"), ("Anhalten", "is-paused")):
        clicked = time.perf_counter()
        panel.get_by_role("button", name=button, exact=True).click()
        expect(clock).to_have_class(re.compile(rf"\b{state}\b"), timeout=1000)  # within a second of the click
        delays.append(time.perf_counter() - clicked)
    print(f"\norganizer's tap -> dealer's phone: {', '.join(f'{d * 1000:.0f} ms' for d in delays)}")
    expect(clock).to_contain_text("Angehalten")
    stopped = phone.evaluate(_SECONDS_LEFT)
    phone.wait_for_timeout(2100)
    assert phone.evaluate(_SECONDS_LEFT) == stopped, "a paused clock stands still"
    controls.context.close()
