"""A guest plays Ultimate Texas Hold'em against the house in Chromium: three
rounds with stacked decks, one folded at the river, and after each the
bankroll moves by exactly the settlement the page shows."""

from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from tests.housegames.uth.helpers import stack_decks

pytestmark = [pytest.mark.browser, pytest.mark.browser_language("en")]


def amount(page: Page, selector: str) -> Decimal:
    return Decimal(page.locator(selector).get_attribute("data-amount"))


def settled_lines_add_up(page: Page) -> Decimal:
    """The net of each settlement table's lines, checked against its total; returns the round's net."""
    total = Decimal(0)
    for table in page.locator("#uth-last-round table.settlement").all():
        lines = [
            Decimal(text.replace(" play chips", "").replace(" play chip", "").replace(",", "").replace("+", ""))
            for text in table.locator("tbody td.net").all_inner_texts()
        ]
        box_net = Decimal(table.locator("tfoot td.net").get_attribute("data-amount"))
        assert sum(lines) == box_net
        total += box_net
    return total


def test_a_guest_plays_three_rounds_and_the_bankroll_follows_every_settlement(page: Page, live_server, monkeypatch):
    stack_decks(
        monkeypatch,
        (["AsKs"], "QhQd", "AhKd7c2s2h"),  # two pair beats queens and deuces
        (["8c3d"], "AsJs", "QhQdQc5s2h"),  # folded at the river; Trips paid on the board's queens
        (["9s8s", "KhKc"], "2d3c", "7s6s5sKd2c"),  # a straight flush, and a blind box with three kings
    )
    page.goto(f"{live_server.url}/uth/")
    expect(page.locator("h1")).to_have_text("Ultimate Texas Hold'em")
    balance = amount(page, "#uth-balance")
    assert balance == 1000

    # Round 1: 25 on the ante with chips, 5 on Trips, raise 4x before the flop.
    page.get_by_role("button", name="Add 25 to the ante").click()
    expect(page.locator("#slip-ante")).to_have_text("25 play chips")
    page.get_by_role("button", name="Add 5 to Trips").click()
    expect(page.locator("#slip-total")).to_have_text("55 play chips")
    page.get_by_role("button", name="Deal").click()
    expect(page.locator("#uth-box-1 [data-card]")).to_have_count(2)
    expect(page.locator("#uth-balance")).to_have_attribute("data-amount", "945.00")
    expect(page.locator(".dealer .playing-card.back")).to_have_count(2)
    page.get_by_role("button", name="Raise 4x").click()
    expect(page.locator("#uth-last-round")).to_be_visible()
    expect(page.locator("#uth-dealer-hand")).to_have_text("two pair")
    net = settled_lines_add_up(page)
    assert net == amount(page, "#uth-round-net") == 25 + 0 + 100 - 5
    balance += net
    assert amount(page, "#uth-balance") == balance

    # Round 2: the same bets again; check, check, fold at the river.
    page.get_by_role("button", name="Deal again · 55 play chips").click()
    expect(page.locator("#uth-round")).to_have_attribute("data-phase", "preflop")
    page.reload()  # a reload in the middle of the round continues it
    expect(page.locator("#uth-box-1 [data-card]")).to_have_count(2)
    assert page.locator("#uth-box-1 [data-card]").evaluate_all("cards => cards.map(c => c.dataset.card)") == [
        "8c",
        "3d",
    ]
    page.get_by_role("button", name="Check").click()
    expect(page.locator("#uth-round")).to_have_attribute("data-phase", "flop")
    expect(page.locator(".board [data-card]")).to_have_count(3)
    page.get_by_role("button", name="Check").click()
    expect(page.locator("#uth-round")).to_have_attribute("data-phase", "river")
    page.get_by_role("button", name="Fold").click()
    expect(page.locator("#uth-last-round .outcome")).to_have_text("Folded")
    settlement = page.locator("#uth-settlement-1")
    expect(settlement.locator("tr", has_text="Trips")).to_contain_text("+15 play chips")
    net = settled_lines_add_up(page)
    assert net == amount(page, "#uth-round-net") == -25 - 25 + 15
    balance += net
    assert amount(page, "#uth-balance") == balance

    # Round 3: a jackpot bet and an extra blind box playing 2x; check, then raise 2x on the flop.
    page.get_by_role("button", name="Bet on the jackpot").click()
    expect(page.locator("#slip-jackpot")).to_have_text("on")
    page.get_by_role("button", name="+ box 2x").click()
    expect(page.locator("#slip-total")).to_have_text("165 play chips")  # 25 + 25 + 5 + 5, and 25 + 25 + 50 + 5
    page.get_by_role("button", name="Deal", exact=True).click()
    expect(page.locator("#uth-box-2 .playing-card.back")).to_have_count(2)  # a blind box is seen at the showdown
    page.get_by_role("button", name="Check").click()
    page.get_by_role("button", name="Raise 2x").click()
    expect(page.locator("#uth-last-round")).to_be_visible()
    expect(page.locator("#uth-box-2 [data-card]")).to_have_count(2)
    box1 = page.locator("#uth-settlement-1")
    expect(box1.locator("tr", has_text="Blind")).to_contain_text("+1,250 play chips")
    expect(box1.locator("tr", has_text="Jackpot")).to_contain_text("+1,495 play chips")
    net = settled_lines_add_up(page)
    assert net == amount(page, "#uth-round-net")
    balance += net
    assert amount(page, "#uth-balance") == balance

    expect(page.locator("#uth-history li")).to_have_count(3)
