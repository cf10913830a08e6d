"""A dealer plays a whole three-player table through the tracker on a phone-sized Chromium."""
import re

import pytest
from playwright.sync_api import Page, expect

from tournaments import tracker
from tournaments.models import Placement, Table

from ..tournaments.conftest import table_of

pytestmark = pytest.mark.browser


@pytest.fixture
def table(transactional_db, organizer) -> Table:
    return table_of({"Anna": 1500, "Ben": 1500, "Carl": 300}, organizer)


def _to_act(page: Page, name: str) -> None:
    expect(page.locator(".act h2")).to_have_text(f"{name} to act")


def _tap(page: Page, label: str) -> None:
    page.locator(".act").get_by_role("button", name=re.compile(label)).click()


def _raise_to(page: Page, amount: int) -> None:
    page.locator(".act input[name=amount]").fill(str(amount))
    page.locator(".act button.wide").click()


def test_a_dealer_plays_a_table_with_a_side_pot_and_a_bust_out_to_its_finish(page: Page, live_server, table) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.context.set_extra_http_headers({"Accept-Language": "en"})
    page.goto(f"{live_server.url}/dealer/{table.dealer_token}/")

    page.get_by_role("button", name="Deal the first hand").click()
    expect(page.locator(".blinds")).to_have_text("Level 1: 25/50")
    _to_act(page, "Anna")
    _raise_to(page, 150)
    _to_act(page, "Ben")
    _tap(page, "^Call 125")
    _to_act(page, "Carl")
    _tap(page, "All-in")
    _to_act(page, "Anna")
    _tap(page, "^Call 150")
    _to_act(page, "Ben")
    _tap(page, "^Call 150")
    expect(page.locator(".street")).to_have_text("Flop")
    _to_act(page, "Ben")
    _tap(page, "^Check")
    _to_act(page, "Anna")
    _raise_to(page, 200)
    _to_act(page, "Ben")
    _tap(page, "^Call 200")
    expect(page.locator(".street")).to_have_text("Turn")
    for name in ("Ben", "Anna", "Ben", "Anna"):
        _to_act(page, name)
        _tap(page, "^Check")
    expect(page.locator(".showdown h2")).to_have_text("Showdown")
    expect(page.locator(".pot")).to_have_count(2)
    expect(page.locator(".pot").nth(0)).to_contain_text("Main pot: 900")
    expect(page.locator(".pot").nth(1)).to_contain_text("Side pot 1: 400")

    page.fill("input[name=board]", "Ah Kd 7h 2s 3c")
    page.fill("input[name='hole:Anna']", "Qs Qd")
    page.fill("input[name='hole:Ben']", "As Ad")
    page.fill("input[name='hole:Carl']", "Kh Kc")
    page.get_by_role("button", name="Save the cards").click()
    expect(page.locator("input[name=board]")).to_have_value("AhKd7h2s3c")
    page.get_by_role("button", name="Decide from the cards").click()
    expect(page.locator(".between h2")).to_have_text("Hand 1 is over")
    expect(page.locator(".seat", has_text="Carl")).to_contain_text("3. place")
    expect(page.locator(".seat", has_text="Ben").locator(".stack")).to_have_text("2300")

    page.get_by_role("button", name="Deal the next hand").click()
    _to_act(page, "Ben")  # heads-up: the button posts the small blind and acts first
    _tap(page, "All-in")
    _to_act(page, "Anna")
    _tap(page, "^Call")
    expect(page.locator(".showdown legend")).to_contain_text("Main pot (2000)")
    page.locator(".showdown label", has_text="Ben").click()
    page.get_by_role("button", name="Award the pots").click()
    expect(page.locator(".finished h2")).to_have_text("The table is finished")
    expect(page.locator(".placements li")).to_have_text(["Ben", "Anna", "Carl"])
    expect(page.locator(".tracker-foot")).to_contain_text("Chips in play: 3300")

    places = {p.seat.player.name: p.place for p in Placement.objects.select_related("seat__entry__player")}
    assert places == {"Ben": 1, "Anna": 2, "Carl": 3}
    table.refresh_from_db()
    assert table.status == "finished"
    assert tracker.chips_in_play(tracker.load_state(table)) == 3300
