"""The clock's list of levels keeps to its own box on a 720p and a 1080p TV: before the clock starts (a line more
at the top, "Noch nicht gestartet") it once ran down over the QR code of the live tables."""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import Page, expect

from league.models import Night
from tests.league.factories import make_season

pytestmark = pytest.mark.browser

BOXES = """() => {
  const box = s => document.querySelector(s).getBoundingClientRect();
  const rows = [...document.querySelectorAll('[data-tv-levels] li')].map(li => li.getBoundingClientRect().bottom);
  return {levels: box('.tv-levels').bottom, rows: Math.max(...rows), qr: box('.clock-qr').top};
}"""


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_levels_before_the_start_stay_above_the_qr_code(page: Page, live_server, transactional_db, size) -> None:
    night = Night.objects.create(season=make_season(name="Saison 2026"), date=datetime.date(2026, 12, 9))
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{live_server.url}/nights/{night.pk}/clock/")
    expect(page.locator("[data-tv-levels] li.current")).to_be_visible()
    page.wait_for_timeout(500)  # tv.js fits the list after its first tick
    boxes = page.evaluate(BOXES)
    assert boxes["rows"] <= boxes["levels"] + 1 and boxes["levels"] <= boxes["qr"], boxes
