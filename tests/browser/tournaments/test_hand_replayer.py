"""A visitor replays a hand with a side pot on a phone, in German: forward and back, no folded cards on the page."""

from __future__ import annotations

import os
import re

import pytest
from playwright.sync_api import Page, expect

from tests.tournaments.tracked_tables import NEVER_SHOWN, play_tracked_table
from tournaments.hands import figures as statistics
from tournaments.models import Seat

pytestmark = pytest.mark.browser

SIGNS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


def _signs(card: str) -> str:
    return ("10" if card[0] == "T" else card[0]) + SIGNS[card[1]]


def _no_folded_cards(page: Page) -> None:
    html = page.content()
    main = html[html.index("<main>") : html.index("</main>")]
    for card in NEVER_SHOWN:
        assert _signs(card) not in html, card
        assert card not in main, card


def _fits_the_phone(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def _shot(page: Page, name: str) -> None:
    folder = os.environ.get("SCREENSHOT_DIR")
    if folder:
        page.screenshot(path=os.path.join(folder, name), full_page=True)


def test_a_visitor_steps_through_a_side_pot_hand_forward_and_back_on_a_phone(
    german_phone: Page, live_server, transactional_db, organizer
):
    statistics.figures_cache.clear()
    table = play_tracked_table(organizer)
    page = german_phone
    page.goto(f"{live_server.url}/nights/{table.night_id}/results/")
    page.get_by_role("link", name="Die Hände dieses Tisches nachspielen").click()
    expect(page.locator("h1")).to_contain_text("Hände")
    page.get_by_role("link", name="Hand 2", exact=True).click()

    expect(page.locator(".step-count")).to_have_text("Schritt 1 von 9")
    expect(page.locator("#what")).to_contain_text("Small Blind 25")
    _no_folded_cards(page)
    _fits_the_phone(page)
    _shot(page, "replayer-start.png")

    forward = page.locator("#step-forward")
    forward.click()
    expect(page.locator(".step-count")).to_have_text("Schritt 2 von 9")
    expect(page.locator("#what")).to_contain_text("Anna")
    expect(page.locator("#what")).to_contain_text("erhöht auf 600")
    for step in range(3, 8):
        page.locator("#step-forward").click()
        expect(page.locator(".step-count")).to_have_text(f"Schritt {step} von 9")
        _no_folded_cards(page)
    expect(page.locator("#board .pcard")).to_have_count(3)  # the flop
    expect(page.locator("#what")).to_contain_text("alles gesetzt")
    page.locator("#step-forward").click()
    expect(page.locator(".step-count")).to_have_text("Schritt 8 von 9")
    expect(page.locator(".pots .pot")).to_have_count(2)  # main pot and side pot, before the settlement
    expect(page.locator(".pots")).to_contain_text("Nebenpot")
    page.locator("#step-forward").click()
    expect(page.locator(".step-count")).to_have_text("Schritt 9 von 9")
    expect(page.locator("#board .pcard")).to_have_count(5)
    expect(page.locator(".pots")).to_contain_text("Hauptpot 750 → Anna")
    expect(page.locator(".pots")).to_contain_text("Nebenpot 2.500 → Anna")
    anna = page.locator('.seat[data-name="Anna"] .hole')
    expect(anna).to_contain_text("A♠")
    expect(page.locator('.seat[data-name="Ben"] .hole .pcard')).to_have_count(0)  # Ben folded: no cards, not even backs
    expect(page.locator("#step-forward")).to_have_count(0)
    _no_folded_cards(page)
    _fits_the_phone(page)
    _shot(page, "replayer-showdown.png")

    page.locator("#step-back").click()
    expect(page.locator(".step-count")).to_have_text("Schritt 8 von 9")
    expect(page.locator('.seat[data-name="Anna"] .hole')).not_to_contain_text("A♠")  # not shown before the showdown
    assert re.search(r"step=7$", page.url)
    page.go_back()
    expect(page.locator(".step-count")).to_have_text("Schritt 9 von 9")
    _no_folded_cards(page)

    anna_id = Seat.objects.get(table=table, entry__player__name="Anna").entry.player_id
    page.goto(f"{live_server.url}/players/{anna_id}/?season={table.night.season_id}")
    expect(page.locator("#player-stats")).to_contain_text("Statistik aus den erfassten Händen")
    _fits_the_phone(page)
    _shot(page, "player-stats.png")
    page.locator("#knockouts a").first.click()
    expect(page.locator("h1")).to_contain_text("Hand")


def test_a_visitor_reads_the_awards_and_sorts_the_season_statistics_on_a_phone(
    german_phone: Page, live_server, transactional_db, organizer
):
    statistics.figures_cache.clear()
    table = play_tracked_table(organizer)
    page = german_phone
    page.goto(f"{live_server.url}/standings/?season={table.night.season_id}")
    expect(page.locator("#award-knockouts")).to_contain_text("Anna")
    expect(page.locator("#award-knockouts")).to_contain_text("3")
    expect(page.locator("#award-biggest_pot")).to_contain_text("3.250")
    _fits_the_phone(page)
    _shot(page, "standings-awards.png")
    page.get_by_role("link", name="Statistik", exact=True).click()
    expect(page.locator("h1")).to_contain_text("Statistik")
    page.get_by_role("link", name="Knockouts").click()
    expect(page.locator("#season-stats tbody tr").first).to_contain_text("Anna")
    expect(page.locator('#season-stats th[aria-sort="descending"]')).to_have_text("Knockouts")
    _fits_the_phone(page)
    _shot(page, "season-statistics.png")
