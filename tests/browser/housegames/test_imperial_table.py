"""A guest plays Imperial Poker against the house in Chromium, with known decks."""

import re
from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from housegames.models import Bankroll
from tests.housegames.imperial.fixtures import deal  # noqa: F401  (fixture: the decks of the next rounds)

pytestmark = [pytest.mark.browser, pytest.mark.browser_language("en")]

DEALER_AK = "Ad Kc Tc 3h 4d"


def _amount(locator) -> Decimal:
    return Decimal(locator.get_attribute("data-amount"))


def _shown_lines(page: Page) -> list[Decimal]:
    """Every amount of the settlement, line by line, as shown."""
    cells = page.locator("#settlement tbody td.num").all_inner_texts()
    return [
        Decimal(
            text.replace(" play chips", "")
            .replace(" play chip", "")
            .replace("−", "-")
            .replace("+", "")
            .replace(",", "")
        )
        for text in cells
    ]


def _pick(page: Page, card: str) -> None:
    page.locator("#box-1 label.pick-card").filter(has=page.locator(f'input[value="{card}"]')).click()


def _settle_and_check_the_bankroll(page: Page, before: Decimal) -> Decimal:
    expect(page.locator("#settlement")).to_be_visible()
    net = _amount(page.locator("#round-net"))
    assert sum(_shown_lines(page)) == net
    after = _amount(page.locator("#bankroll"))
    assert after == before + net
    return after


def test_a_guest_buys_a_sixth_card_then_exchanges_one_card_twice_and_the_bankroll_follows_the_settlement(
    page: Page, live_server, deal, transactional_db
) -> None:
    deal("9s 8d 7c 6h 2s", dealer=DEALER_AK, draws="5c")
    deal("Qs Qd 7c 4h 2s", dealer=DEALER_AK, draws="3d Qc")
    page.goto(live_server.url + "/imperial/")
    expect(page.locator("h1")).to_have_text("Imperial Poker")
    start = _amount(page.locator("#bankroll"))
    assert start == Decimal(1000)

    # Round 1: a five-chip ante, a bought sixth card makes a straight.
    page.locator("label.chip-5").click()
    page.locator("#ante-1").click()
    expect(page.locator("#ante-1")).to_contain_text("5")
    expect(page.locator("#deal")).to_have_text("Deal · stakes 5 play chips")
    page.locator("#deal").click()
    expect(page.locator("#buy")).to_have_text("Buy a sixth card · 5")
    expect(page.locator("#dealer .pcard.back")).to_have_count(4)
    page.locator("#buy").click()
    expect(page.locator("#box-1 .pcard")).to_have_count(6)
    expect(page.locator("#buy")).to_have_count(0)
    expect(page.locator("#box-1 .imp-hand")).to_contain_text("Straight")
    page.locator("#bet").click()
    expect(page.locator("#settlement")).to_contain_text("Sixth card bought (1 ante)")
    expect(page.locator("#settlement")).to_contain_text("Bet paid 4:1 (Straight)")
    expect(page.locator("#round-net")).to_have_text("+35 play chips")
    after_first = _settle_and_check_the_bankroll(page, start)
    assert after_first == Decimal(1035)

    # Round 2: the bet slip kept its bets; then two single-card exchanges at 1 and 2 antes.
    expect(page.locator("#deal")).to_have_text("Deal · stakes 5 play chips")
    page.locator("#deal").click()
    expect(page.locator("#exchange")).to_have_text("Exchange the ticked cards · 5")
    _pick(page, "2s")
    page.locator("#exchange").click()
    expect(page.locator("#exchange")).to_have_text("Exchange one more card · 10 (2 antes)")
    expect(page.locator("#bankroll")).to_have_text("1,025 play chips")
    _pick(page, "3d")
    page.locator("#exchange").click()
    expect(page.locator("#box-1 .imp-hand")).to_contain_text("Three of a Kind")
    expect(page.locator("#exchange")).to_have_text("Exchange one more card · 15 (3 antes)")
    page.locator("#bet").click()
    settlement = page.locator("#settlement")
    expect(settlement).to_contain_text("Exchange no. 1 (1 × ante)")
    expect(settlement).to_contain_text("Exchange no. 2 (2 × ante)")
    expect(settlement).to_contain_text("Bet paid 3:1 (Three of a Kind)")
    expect(page.locator("#round-net")).to_have_text("+15 play chips")
    after_second = _settle_and_check_the_bankroll(page, after_first)
    assert after_second == Decimal(1050)

    # The history lists both rounds; the ledger agrees with the page.
    expect(page.locator("#history li")).to_have_count(2)
    assert Bankroll.objects.get().balance() == after_second


def test_a_reload_in_the_middle_of_a_round_shows_the_same_cards_and_the_round_goes_on(
    page: Page, live_server, deal, transactional_db
) -> None:
    deal("Qs Qd 7c 4h 2s", dealer=DEALER_AK, draws="3d Qc")
    page.goto(live_server.url + "/imperial/")
    page.locator("label.chip-25").click()
    page.locator("#ante-1").click()
    expect(page.locator("#deal")).to_have_text("Deal · stakes 25 play chips")
    page.locator("#deal").click()
    _pick(page, "2s")
    page.locator("#exchange").click()
    expect(page.locator("#exchange")).to_contain_text("2 antes")
    cards = page.locator("#box-1 .pcard").all_inner_texts()
    page.reload()
    assert page.locator("#box-1 .pcard").all_inner_texts() == cards
    expect(page.locator("#exchange")).to_contain_text("2 antes")
    page.locator("#fold").click()
    expect(page.locator("#round-net")).to_have_text(re.compile(r"^−50 play chips$"))
