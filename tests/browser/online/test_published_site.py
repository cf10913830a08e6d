"""The published site in Chromium from a folder on disk (file://, no server, offline), on a phone, German first:
the standings with the season's own points rules (best nights, knockout bonus), a player's page with his
knockouts, a season's download, the language switch to the same page in English, a replay."""

from __future__ import annotations

import io
import os
from decimal import Decimal

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from results import points
from tests.browser.helpers import PHONE, fits_the_phone, keep_screenshot
from tests.evening import build_evening
from tests.tournaments.tracked_tables import play_tracked_table

pytestmark = pytest.mark.browser

# Set PUBLISH_SCREENSHOTS=/some/dir to keep a screenshot of the pages on the way.
SCREENSHOTS = os.environ.get("PUBLISH_SCREENSHOTS")


@pytest.fixture
def published(db, organizer, tmp_path, settings):
    settings.DATA_DIR = (
        tmp_path / "data"
    )  # the publishing lock and the record of each page's reads: never the checkout's
    settings.DATA_DIR.mkdir()
    evening = build_evening(organizer)
    tracked = play_tracked_table(
        organizer, night=evening.tonight, names=("Anna Tracked", "Ben Tracked", "Carl Tracked", "Dora Tracked")
    )
    points.change_points_scheme(
        season=evening.season,
        scheme="field_size",
        fixed_points="",
        by=organizer,
        confirm=True,
        reason="Knockouts zählen",
        best_nights=1,
        knockout_points=Decimal("2"),
    )
    call_command("publish", to=str(tmp_path / "site"), stdout=io.StringIO(), jobs=1)
    return tmp_path / "site", evening, tracked


def test_a_visitor_reads_the_published_site_from_a_folder_on_a_phone(page: Page, published):
    site, evening, tracked = published
    page.set_viewport_size(PHONE)
    page.context.set_offline(True)
    page.goto((site / "index.html").as_uri())
    expect(page.locator("html")).to_have_attribute("lang", "de")

    page.get_by_role("link", name="Tabelle").first.click()
    expect(page.locator("h1")).to_contain_text("Tabelle")
    if page.get_by_role("link", name=evening.season.name).count():
        page.get_by_role("link", name=evening.season.name).first.click()
    expect(page.get_by_text("Jeder rausgeworfene Spieler bringt 2 Punkte mehr.")).to_be_visible()
    expect(page.get_by_text("Nur der beste Abend jedes Spielers zählt.")).to_be_visible()
    fits_the_phone(page)
    keep_screenshot(page, SCREENSHOTS, "1-tabelle")
    with page.expect_download() as download:
        page.get_by_role("link", name="CSV").first.click()
    assert download.value.suggested_filename == "standings.csv"

    page.get_by_role("link", name="Anna Tracked").first.click()
    expect(page.locator("h1")).to_contain_text("Anna Tracked")
    expect(page.locator("#knockouts")).to_contain_text("Ben Tracked")
    expect(page.get_by_role("columnheader", name="KOs")).to_be_visible()
    fits_the_phone(page)
    keep_screenshot(page, SCREENSHOTS, "2-spieler")

    page.locator('a[hreflang="en"]').first.click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("h1")).to_contain_text("Anna Tracked")
    assert "/en/players/" in page.url
    page.get_by_role("link", name="Ben Tracked").first.click()  # his knockout: the hand's replay
    expect(page.locator("h1")).to_contain_text("Hand")
    expect(page.locator("body")).to_contain_text("Step")
    keep_screenshot(page, SCREENSHOTS, "3-replay-en")
    page.get_by_role("link", name="Standings").first.click()
    expect(page.locator("h1")).to_contain_text("Standings")
