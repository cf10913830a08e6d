"""A visitor with a phone finds his place in a big season's standings: page 2, a name search, the jump to his row."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Page, expect

from results import standings as results
from tests.benchmarks.standings import build_season
from tests.browser.helpers import fits_the_phone, keep_screenshot

pytestmark = pytest.mark.browser

# Set STANDINGS_SCREENSHOTS=/some/dir to keep a screenshot of the pages on the way.
SCREENSHOTS = os.environ.get("STANDINGS_SCREENSHOTS")


@pytest.fixture
def big_season(transactional_db, organizer):
    """130 players over 5 nights: three pages of standings."""
    return build_season(organizer, players=130, nights=5, per_night=60, seed=11)


def in_view(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    return box is not None and 0 <= box["y"] and box["y"] + box["height"] <= page.viewport_size["height"]


def test_a_visitor_pages_searches_and_jumps_to_his_place_on_a_phone(german_phone: Page, live_server, big_season):
    page = german_phone
    table = results.season_standings(big_season)
    page.goto(f"{live_server.url}/standings/?season={big_season.pk}")
    rows = page.locator("#standings tbody tr")
    expect(rows).to_have_count(50)
    expect(page.locator(".pager").first).to_contain_text("Seite 1 von 3 (Plätze 1–50)")
    fits_the_phone(page)
    # Position, player, points and nights fit the phone held upright: no sideways scrolling inside the table either.
    assert page.evaluate(
        "[...document.querySelectorAll('.table-scroll:has(#standings)')].map(box => box.scrollWidth - box.clientWidth)"
    ) == [0]
    keep_screenshot(page, SCREENSHOTS, "standings-page-1")

    page.get_by_role("link", name="Weiter ›").first.click()
    expect(page.locator(".pager").first).to_contain_text("Seite 2 von 3 (Plätze 51–100)")
    expect(rows.first.locator("td.pos")).to_have_text("51.")
    fits_the_phone(page)

    # He types his name as a keyboard without umlauts makes him: "oe" for "ö", "ae" for "ä".
    me = next(row for row in table.rows[100:] if any(u in row.name.split()[1] for u in "äöü"))
    first_name, last_name, number = me.name.split()
    search = page.get_by_label("Spieler suchen")
    search.fill(f"{last_name.replace('ö', 'oe').replace('ü', 'ue').replace('ä', 'ae').lower()} {number}")
    search.press("Enter")
    found = page.locator("#standings-found tbody tr")
    expect(found).to_have_count(1)
    expect(found.first).to_contain_text(me.name)
    fits_the_phone(page)
    keep_screenshot(page, SCREENSHOTS, "standings-search")

    found.first.get_by_role("link", name="In der Tabelle zeigen").click()
    mine = page.locator("#standings tr.me")
    expect(mine).to_have_count(1)
    expect(mine.locator("td.pos")).to_have_text(
        f"{me.position}." + (" =" if me.tied > 1 else "")
    )  # a shared place: "100. ="
    expect(page.locator(".pager").first).to_contain_text("Seite 3 von 3")
    assert in_view(page, "#standings tr.me")
    fits_the_phone(page)
    keep_screenshot(page, SCREENSHOTS, "standings-my-place")


def test_his_player_page_links_to_his_row_in_the_standings(german_phone: Page, live_server, big_season):
    page = german_phone
    me = results.season_standings(big_season).rows[77]
    page.goto(f"{live_server.url}/players/{me.player_id}/?season={big_season.pk}")
    page.get_by_role("link", name="Platz in der Tabelle zeigen").click()
    expect(page.locator("#standings tr.me td.pos")).to_have_text(f"{me.position}." + (" =" if me.tied > 1 else ""))
    assert in_view(page, "#standings tr.me")
    fits_the_phone(page)
