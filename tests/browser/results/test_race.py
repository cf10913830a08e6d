"""The season's race on a phone (390x844): the chart fits the width, the players' names at the lines' ends do
not overlap, its figures open as a table, and axe finds no serious violation."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Page, expect

from results import standings as results
from tests.benchmarks.standings import build_season
from tests.browser.helpers import PHONE, axe_or_skip, fits_the_phone, keep_screenshot, serious_violations

pytestmark = pytest.mark.browser

# Set RACE_SCREENSHOTS=/some/dir to keep a screenshot of the chart.
SCREENSHOTS = os.environ.get("RACE_SCREENSHOTS")


@pytest.fixture
def german_phone(new_context) -> Page:
    """The suite's German browser on a phone, the page's Content-Security-Policy bypassed for axe-core's script."""
    axe_or_skip()
    return new_context(bypass_csp=True, viewport=PHONE).new_page()


@pytest.fixture
def long_season(transactional_db, organizer):
    """40 nights of 14 drawn from 30 players: the top eight came on different nights, some late."""
    return build_season(organizer, players=30, nights=40, per_night=14, seed=5)


OVERLAPS = """() => {
    const boxes = [...document.querySelectorAll('.race-chart text.name')].map(t => t.getBoundingClientRect());
    let overlapping = 0;
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i], b = boxes[j];
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) overlapping++;
    }
    return [boxes.length, overlapping];
}"""


def test_the_race_of_forty_nights_fits_a_phone_and_reads_as_a_table(german_phone: Page, live_server, long_season):
    page = german_phone
    table = results.season_standings(long_season)
    page.goto(f"{live_server.url}/standings/?season={long_season.pk}")
    chart = page.locator("svg.race-chart")
    expect(chart).to_have_attribute("role", "img")
    box = chart.bounding_box()
    assert box is not None and 0 <= box["x"] and box["x"] + box["width"] <= PHONE["width"]
    assert box["width"] > 300  # drawn at the page's width, not shrunk to a stamp
    fits_the_phone(page)
    names, overlapping = page.evaluate(OVERLAPS)
    assert (names, overlapping) == (8, 0)
    assert (
        min(
            page.evaluate(
                "[...document.querySelectorAll('.race-chart text.name')].map(t => t.getBoundingClientRect().height)"
            )
        )
        >= 10
    )
    # Every name stands whole inside the drawing (the right edge of the phone cuts none).
    right = page.evaluate(
        "Math.max(...[...document.querySelectorAll('.race-chart text')].map(t => t.getBoundingClientRect().right))"
    )
    assert right <= box["x"] + box["width"] + 0.5
    chart.scroll_into_view_if_needed()
    keep_screenshot(page, SCREENSHOTS, "race-chart")

    page.get_by_text("Die Zahlen als Tabelle").click()
    figures = page.locator("table.race-table")
    expect(figures.locator("caption")).to_have_text("Punkte nach jedem Abend")
    expect(figures.locator("tbody tr")).to_have_count(40)
    expect(figures.locator("thead th").nth(1)).to_contain_text(table.rows[0].name)
    keep_screenshot(page, SCREENSHOTS, "race-table")
    fits_the_phone(page)  # the table scrolls sideways in its own box, the page does not
    assert serious_violations(page) == []


@pytest.fixture
def two_pubs_season(transactional_db, organizer):
    """Ten weeks of a Wednesday at the Krone and a Friday at the Linde, six of twelve players a night."""
    import datetime
    import random

    from league.models import Venue
    from tests.league.factories import make_player, make_season
    from tests.results.venues.test_tables_and_jackpots import paper_night_at

    rng = random.Random(3)
    season = make_season()
    krone, linde = Venue.objects.create(name="Krone"), Venue.objects.create(name="Linde")
    players = [make_player(f"Spieler {k:02d}") for k in range(12)]
    for week in range(10):
        monday = datetime.date(2026, 8, 31) + datetime.timedelta(weeks=week)
        for venue, day in ((krone, 2), (linde, 4)):
            here = rng.sample(players, 6)
            paper_night_at(venue, season, monday + datetime.timedelta(days=day), here, organizer)
    return season


def test_the_race_of_two_pubs_goes_by_week_on_a_phone(german_phone: Page, live_server, two_pubs_season):
    page = german_phone
    page.goto(f"{live_server.url}/standings/?season={two_pubs_season.pk}&venue=all")
    expect(page.locator("svg.race-chart desc")).to_contain_text("nach 10 Wochen")
    names, overlapping = page.evaluate(OVERLAPS)
    assert (names, overlapping) == (8, 0)
    fits_the_phone(page)
    page.get_by_text("Die Zahlen als Tabelle").click()
    figures = page.locator("table.race-table")
    expect(figures.locator("caption")).to_have_text("Punkte nach jeder Woche")
    expect(figures.locator("tbody tr")).to_have_count(10)
    expect(figures.locator("tbody th").first).to_have_text("KW 36 (04.09.2026)")
    keep_screenshot(page, SCREENSHOTS, "race-weeks-table")
    fits_the_phone(page)
    assert serious_violations(page) == []
