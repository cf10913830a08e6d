"""At the pub: the venue server on two addresses, the dealer's link opened on the other one, a hand played.

`manage.py venue` (gunicorn, SQLite file) listens on 127.0.0.1 and 127.0.0.2
(a second loopback address stands in for the laptop's Wi-Fi address) with
PUBLIC_URL on 127.0.0.2. The organizer works through 127.0.0.1; the dealer
link on the table page must point at 127.0.0.2 all the same, and a phone-sized
Chromium plays a hand through it.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.benchmarks.venue import start_venue_server, venue_db

pytestmark = [pytest.mark.browser, pytest.mark.browser_language("en"), pytest.mark.server]


@pytest.fixture(scope="module")
def venue(tmp_path_factory):
    folder = tmp_path_factory.mktemp("venue-browser")
    db = str(folder / "night.sqlite3")
    night = venue_db("build", db, "--tables", "1")
    server = start_venue_server(db, hosts=("127.0.0.1", "127.0.0.2"), public_host="127.0.0.2", log_dir=str(folder))
    yield server, night, db
    server.stop()


def test_a_dealer_opens_the_link_through_the_network_address_and_plays_a_hand(page: Page, venue) -> None:
    server, night, db = venue
    table = night["tables"][0]
    page.goto(f"{server.url('127.0.0.1')}/accounts/login/?next=/tables/{table['id']}/")
    page.fill("input[name=username]", night["organizer"]["username"])
    page.fill("input[name=password]", night["organizer"]["password"])
    page.click("button.primary")
    expect(page.locator("h2", has_text="Dealer link")).to_be_visible()

    dealer_link = page.locator(".qr + p a").get_attribute("href")
    assert dealer_link == f"{server.url('127.0.0.2')}/dealer/{table['token']}/"

    page.set_viewport_size({"width": 390, "height": 844})
    response = page.goto(dealer_link)
    assert response.status == 200
    assert response.headers.get("content-encoding") == "gzip"
    page.get_by_role("button", name="Deal the first hand").click()
    expect(page.locator(".blinds")).to_have_text("Level 1: 25/50")
    for name in ("Dora 1", "Emil 1", "Fritz 1", "Anna 1", "Ben 1"):  # everyone folds round to the big blind
        expect(page.locator(".act h2")).to_have_text(f"{name} to act")
        page.locator(".act").get_by_role("button", name=re.compile("^Fold")).click()
    page.get_by_role("button", name="Award the pot to Carl 1").click()
    expect(page.locator(".between h2")).to_have_text("Hand 1 is over")
    expect(page.locator(".tracker-foot")).to_contain_text(re.compile(r"Chips in play: 60[.,\u202f\xa0]?000"))

    verdict = venue_db("check", db)["1"]
    assert verdict["problems"] == []
    assert verdict["chips_in_play"] == verdict["chips_expected"] == 60000
    assert verdict["inputs"][0] == ["next"] and verdict["inputs"][-1] == ["settle"]
    assert [entry[1] for entry in verdict["inputs"][1:-1]] == ["fold"] * 5
    # The organizer's console: after the pages and the hand, nothing but what the venue command said itself
    # (no browser asked for a missing /favicon.ico: each was an English "Not Found" line there).
    assert "Not Found" not in server.log() and "Traceback" not in server.log(), server.log()[-2000:]
