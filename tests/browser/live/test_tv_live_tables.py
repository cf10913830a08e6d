"""The TV's live tables, in Chromium and German: up to six tables of six with the odds of an all-in fit a 1080p
and a 720p TV whole, without paging; fewer tables get larger type; more than six are paged by rows."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from league.models import Night
from tests.browser.helpers import axe_or_skip, serious_violations
from tests.tournaments.conftest import Dealer, table_of
from tournaments.clock import services as clock_control

pytestmark = pytest.mark.browser

TV_SIZES = [(1920, 1080), (1280, 720)]
FIRST = ["Anna", "Ben", "Carla", "Dominik", "Emilia", "Friedrich"]
LAST = ["Berger", "Schuster", "Weißenborn", "Krämer", "Lang", "Oberhuber", "Rau", "Sommerfeld"]
# The first to act (seats 4 to 6; the first seat deals) go all-in with different stacks, the others fold: with
# three of them a side pot (odds in the main pot and the side pot) and the big stack's uncalled part back.
HOLES = ["2c 2d", "Qh Jh", "9c 8c", "As Ah", "Kd Kc", "7s 7h"]
STACKS = [1500, 1500, 1500, 1000, 600, 12500]


@pytest.fixture
def tv(new_context) -> Page:
    """The suite's German browser; it bypasses the page's Content-Security-Policy (script-src 'self'), which
    would refuse axe-core injected as an inline script."""
    axe_or_skip()
    return new_context(bypass_csp=True).new_page()


def _all_in_tables(organizer, count: int, *, side_pots: int = 1, night=None):
    """`count` tables of six on one night, each with an all-in and its odds up: at the first `side_pots` tables
    three players with a side pot, the uncalled part of the biggest stack going back; at the others two."""
    for number in range(count):
        seated = 0 if night is None else night.tables.count()
        names = [f"{first} {LAST[seated % len(LAST)]}" for first in FIRST]
        table = table_of(dict(zip(names, STACKS)), organizer, night=night)
        night = table.night
        dealer = Dealer(table)
        dealer.next_hand()
        dealer.cards("", **{name.replace(" ", "_"): cards for name, cards in zip(names, HOLES)})
        movers = 0
        while not (engine := dealer.state.engine).is_betting_over:
            dealer.act(engine.to_act, "allin" if movers < (3 if number < side_pots else 2) else "fold")
            movers += 1
    clock_control.start_clock(night=night)
    clock_control.set_tv(night=night, screen="tables", announcement="", spoken=False)
    return night


# Each seat and its parts, with its card's and the viewport's boxes: a part outside its card is clipped.
_SEATS = """() => [...document.querySelectorAll('.tv-tables-live .rail-seat')].map(seat => {
  const card = seat.closest('.rail-table').getBoundingClientRect();
  const parts = [seat, ...seat.querySelectorAll('.seat-no, .seat-cards, .seat-odds, .seat-stack, .seat-name')];
  const outside = parts.filter(part => {
    const box = part.getBoundingClientRect();
    return box.top < card.top - 1 || box.bottom > card.bottom + 1 || box.left < card.left - 1
      || box.right > card.right + 1 || box.bottom > window.innerHeight || box.right > window.innerWidth;
  }).map(part => part.className);
  return {name: seat.querySelector('.seat-name').firstChild.textContent.trim(), outside};
})"""

_FONT_PX = "el => parseFloat(getComputedStyle(el).fontSize)"
_SMALLEST_PX = """cards => Math.min(...[...document.querySelectorAll(cards + ' *')]
  .filter(el => el.offsetParent !== null && [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
  .map(el => parseFloat(getComputedStyle(el).fontSize)))"""


def _show_tables(page: Page, live_server, night, width: int, height: int, seats: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{live_server.url}/nights/{night.pk}/clock/")
    expect(page.locator("#clock")).to_have_class(re.compile(r"\bshow-tables\b"))
    expect(page.locator(".tv-tables-live .rail-seat")).to_have_count(seats, timeout=15_000)
    page.wait_for_timeout(300)  # rail.js fits the cards after the swap


def six_live_tables_picture(page: Page, live_server, organizer, season, folder: Path, sources) -> None:
    """The handbook's picture of six live tables at 1920x1080 (the TV walk of tests/docs/make_pictures.py), on
    a night of its own in `season`."""
    night = _all_in_tables(organizer, 6, night=Night.objects.create(season=season, date=datetime.date(2026, 12, 2)))
    _show_tables(page, live_server, night, 1920, 1080, 36)
    page.screenshot(path=str(folder / "tv-tables-six-1920x1080.png"))
    sources.page(page, "tv-tables-six-1920x1080")


def test_six_tables_of_six_with_the_odds_of_all_ins_fit_a_1080p_and_a_720p_tv_without_paging(
    tv: Page, live_server, transactional_db, organizer, tmp_path
) -> None:
    night = _all_in_tables(organizer, 6)
    for width, height in TV_SIZES:
        _show_tables(tv, live_server, night, width, height, 36)
        live_tables = tv.locator(".tv-tables-live")
        expect(live_tables.locator(".seat-odds")).to_have_count(3 + 5 * 2)
        tv.screenshot(path=str(tmp_path / f"tv-tables-six-{width}x{height}.png"))
        seats = tv.evaluate(_SEATS)
        assert len(seats) == 36
        assert [seat for seat in seats if seat["outside"]] == [], f"{width}x{height}"
        pages = live_tables.locator("[data-tv-pages]")
        assert pages.evaluate("el => el.scrollHeight <= el.clientHeight + 2"), f"{width}x{height} overflows"
        tv.wait_for_timeout(8500)  # a page turns every 8 s: none here
        assert pages.evaluate("el => el.scrollTop") == 0
        expect(live_tables.locator("[data-tv-page]")).to_have_text("")
        # Readable from across the pub: no text below 24 px on a 1080p TV (16 px on a 720p one); the table with
        # a side pot has lines to spare for it, its type at least 70 % of that.
        px = 24 * height / 1080 - 0.5
        smallest = tv.evaluate(_SMALLEST_PX, ".tv-tables-live .rail-table:not(:first-child)")
        assert smallest >= px, f"{width}x{height}: {smallest:.1f} px"
        smallest = tv.evaluate(_SMALLEST_PX, ".tv-tables-live .rail-table:first-child")
        assert smallest >= 0.7 * px, f"{width}x{height}, the side pot's table: {smallest:.1f} px"
    assert serious_violations(tv) == []


def test_three_tables_get_larger_type_than_six(tv: Page, live_server, transactional_db, organizer) -> None:
    night = _all_in_tables(organizer, 3, side_pots=0)
    _show_tables(tv, live_server, night, 1920, 1080, 18)
    assert [seat for seat in tv.evaluate(_SEATS) if seat["outside"]] == []
    assert serious_violations(tv) == []
    at_three = tv.locator(".tv-tables-live .seat-stack").first.evaluate(_FONT_PX)
    _all_in_tables(organizer, 3, side_pots=0, night=night)
    _show_tables(tv, live_server, night, 1920, 1080, 36)
    at_six = tv.locator(".tv-tables-live .seat-stack").first.evaluate(_FONT_PX)
    print(f"\nseat type at 1920x1080: three tables {at_three:.0f} px, six {at_six:.0f} px")
    assert at_three >= 1.3 * at_six, (at_three, at_six)


def test_more_than_six_tables_are_paged_by_rows_of_whole_tables(
    page: Page, live_server, transactional_db, organizer
) -> None:
    night = _all_in_tables(organizer, 7)
    _show_tables(page, live_server, night, 1280, 720, 42)
    label = page.locator(".tv-tables-live [data-tv-page]")
    expect(label).to_have_text("1/2", timeout=12_000)
    expect(label).to_have_text("2/2", timeout=12_000)
    seventh = page.locator(".tv-tables-live .rail-table").nth(6).bounding_box()
    pages = page.locator(".tv-tables-live [data-tv-pages]").bounding_box()
    assert pages["y"] - 1 <= seventh["y"] and seventh["y"] + seventh["height"] <= pages["y"] + pages["height"] + 1
