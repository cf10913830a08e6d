"""The odds at an all-in, in Chromium: on the rail (a phone, German) and on the TV's live tables.

A three-way all-in with a side pot: none of the cards or odds show while a player still has a decision
(the dealer typed every hand early), all three hands and their odds show within a second of the call
that ends the betting, and they follow the flop. Dora's folded hand never shows and never counts.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import PHONE, fits_the_phone
from tests.browser.live.test_tv_and_rail import _smallest_text_vh
from tests.tournaments.conftest import Dealer, table_of
from tournaments.clock import services as clock_control
from tournaments.poker.cards import parse_cards
from tournaments.poker.equity import equity

pytestmark = pytest.mark.browser

HOLES = {"Anna": "As Ah", "Ben": "Kd Kc", "Carl": "7s 7h", "Dora": "2c 2d"}
ALL_IN = ("Anna", "Ben", "Carl")


def seat_of(scope, name: str):
    """A seat by its player's name (not by any text: "Nebenpot" holds "ben")."""
    return scope.locator(".rail-seat").filter(
        has=scope.page.locator(".seat-name", has_text=re.compile(rf"^\s*{name}\b"))
    )


def percent(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)} %"


def test_the_odds_of_a_three_way_all_in_with_a_side_pot_show_on_the_rail_and_the_tv_once_the_cards_are_public(
    page: Page, live_server, transactional_db, organizer, tmp_path
) -> None:
    shots = Path(os.environ.get("ODDS_SCREENSHOTS") or tmp_path)  # docs/screenshots on demand
    shots.mkdir(parents=True, exist_ok=True)
    table = table_of({"Anna": 1000, "Ben": 600, "Carl": 300, "Dora": 1500}, organizer)
    clock_control.start_clock(night=table.night)
    dealer = Dealer(table)
    dealer.next_hand()
    dealer.cards("", **HOLES)  # typed early: the table has not seen them
    dealer.act("Dora", "fold")
    dealer.act("Anna", "allin")
    dealer.act("Ben", "allin")

    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/tables/{table.pk}/rail/")
    rail = page.locator("#rail")
    expect(rail).to_have_attribute("data-live", "stream")
    expect(rail.locator(".rail-seat.to-act")).to_contain_text("Carl")
    assert rail.locator(".seat-odds").count() == 0 and rail.locator(".seat-cards .card-face").count() == 0
    assert "Gewinnchance" not in page.content()

    tapped = time.perf_counter()
    dealer.act("Carl", "call")
    expect(rail.locator(".seat-odds")).to_have_count(3, timeout=15_000)  # a wait, not a timing: the benchmark times it
    print(f"\nthe call that ends the betting -> odds on the rail: {(time.perf_counter() - tapped) * 1000:.0f} ms")
    expect(rail.locator(".rail-pot")).to_contain_text("Nebenpot 1")  # the side pot for Anna and Ben
    odds = equity([parse_cards(HOLES[name]) for name in ALL_IN])
    for name, o in zip(ALL_IN, odds):
        seat = seat_of(rail, name)
        expect(seat.locator(".seat-odds")).to_contain_text(f"Gewinnchance {percent(o.wins, o.boards)}")
        expect(seat.locator(".seat-odds")).to_have_attribute("data-boards", str(o.boards))
    expect(seat_of(rail, "Anna").locator(".seat-odds")).to_contain_text("Split <1 %")
    # In the side pot Anna and Ben play alone, Carl's sevens out of the deck: Ben's chance there is its own.
    side = equity([parse_cards(HOLES[name]) for name in ALL_IN[:2]], dead=parse_cards(HOLES[ALL_IN[2]]))
    expect(seat_of(rail, "Ben").locator(".seat-odds")).to_contain_text(
        f"Nebenpot 1: Gewinnchance {percent(side[1].wins, side[1].boards)}"
    )
    expect(rail.locator('[data-card="2c"]')).to_have_count(0)  # Dora folded: her hand stays hidden
    expect(seat_of(rail, "Dora").locator(".seat-odds")).to_have_count(0)
    fits_the_phone(page)
    page.screenshot(path=str(shots / "rail-odds-390x844.png"), full_page=True)

    dealer.cards("Kh 7d 3c", **HOLES)  # the flop
    flop = equity([parse_cards(HOLES[name]) for name in ALL_IN], parse_cards("Kh 7d 3c"))
    expect(rail.locator(".seat-odds").first).to_have_attribute("data-boards", "903", timeout=15_000)
    for name, o in zip(ALL_IN, flop):
        expect(seat_of(rail, name).locator(".seat-odds")).to_contain_text(f"Gewinnchance {percent(o.wins, o.boards)}")

    # The TV's live tables: the same card with the same odds, big enough to read across the pub.
    clock_control.set_tv(night=table.night, screen="tables", announcement="", spoken=False)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/nights/{table.night.pk}/clock/")
    expect(page.locator("#clock")).to_have_class(re.compile(r"\bshow-tables\b"))
    live_tables = page.locator(".tv-tables-live")
    expect(live_tables.locator(".seat-odds")).to_have_count(3, timeout=15_000)
    expect(seat_of(live_tables, "Ben").locator(".seat-odds")).to_contain_text(
        f"Gewinnchance {percent(flop[1].wins, flop[1].boards)}"
    )
    smallest, where = _smallest_text_vh(page)
    assert smallest >= 3.99, f"{where!r} is {smallest:.2f} vh"
    page.screenshot(path=str(shots / "tv-tables-odds-1920x1080.png"))
    dealer.cards("Kh 7d 3c 9s Ks", **HOLES)  # the river: four kings, the TV follows by itself
    expect(seat_of(live_tables, "Ben").locator(".seat-odds")).to_contain_text("Gewinnchance 100 %", timeout=15_000)
