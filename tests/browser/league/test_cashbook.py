"""The night's cash and the season payout, in German, on a phone.

The organizer books a deck of cards typed as 12,50, counts the box by notes and coins, is stopped by the 50-cent
difference until he gives a reason, closes the night's cash with it, finishes
the night and pays the first winner of the season jackpot in cash.
"""

from __future__ import annotations

import os
import re
from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from league.models import CashCount, CashLine, LineKind
from results import payout
from tests.browser.helpers import fits_the_phone, keep_screenshot, log_in
from tests.league.cashbook.test_cashbook import build_full_night

pytestmark = pytest.mark.browser

# Set CASHBOOK_SCREENSHOTS=/some/dir to keep a screenshot of every page on the way.
SCREENSHOTS = os.environ.get("CASHBOOK_SCREENSHOTS")


def _shot(page: Page, name: str) -> None:
    keep_screenshot(page, SCREENSHOTS, name)


def test_an_organizer_closes_the_night_s_cash_with_a_difference_and_pays_a_winner(
    german_phone: Page, live_server, transactional_db, organizer
) -> None:
    page = german_phone
    night = build_full_night(organizer)
    log_in(page, live_server, organizer, "/organizer/")

    # From the organizer's home to the night's cash: 162 € expected.
    page.locator(".organizer-nights li").first.get_by_role("link", name="Kasse", exact=True).click()
    expect(page.get_by_role("heading", name="Kasse des Abends")).to_be_visible()
    expect(page.locator("#cash-expected")).to_have_text("162,00 €")
    expect(page.locator("#cash-refunds")).to_have_text("10,00 €")
    fits_the_phone(page)
    _shot(page, "01-night-cash")

    # A deck of cards bought tonight, typed the German way: 12,50 € (a text box with a decimal keypad: the server
    # reads the comma; a number box would leave it to the browser's own locale, which here made 1250 of it).
    page.get_by_role("link", name="Einnahme oder Ausgabe für heute Abend buchen").click()
    expect(page.get_by_role("heading", name="Einnahme oder Ausgabe buchen")).to_be_visible()
    expect(page.get_by_label("Ausgabe (Geld raus)")).to_be_checked()
    page.get_by_label("Betrag").press_sequentially("12,50")
    page.get_by_label("Grund").fill("Kartenspiel gekauft")
    fits_the_phone(page)
    _shot(page, "01b-expense")
    page.get_by_role("button", name="Buchen", exact=True).click()
    expect(page.get_by_text("Gebucht: -12,50 €, Kartenspiel gekauft.")).to_be_visible()
    expect(page.locator("#cash-other")).to_have_text("37,50 €")
    expect(page.locator("#cash-expected")).to_have_text("149,50 €")

    # Counted by notes and coins: 149,00 €, half a euro short. Without a reason it is refused.
    page.get_by_text("Nach Scheinen und Münzen zählen (freiwillig)").click()
    for label, count in (("100,00 €", "1"), ("20,00 €", "2"), ("5,00 €", "1"), ("2,00 €", "2")):
        page.get_by_label(label, exact=True).fill(count)
    page.get_by_label("Zeuge").fill("Maria (Wirtin)")
    page.get_by_role("button", name="Kasse des Abends abschließen").click()
    expect(page.get_by_role("alert")).to_contain_text("weicht vom erwarteten Betrag 149,50 € um -0,50 € ab")
    assert not CashCount.objects.exists()
    _shot(page, "02-difference-refused")

    # With a reason it closes; the counted pieces were kept.
    expect(page.get_by_label("2,00 €", exact=True)).to_have_value("2")
    page.get_by_label("Grund für eine Differenz").fill("Wechselgeld falsch herausgegeben")
    page.get_by_role("button", name="Kasse des Abends abschließen").click()
    expect(page.get_by_text("Die Kasse des Abends ist mit einer Differenz von -0,50 € abgeschlossen.")).to_be_visible()
    expect(page.locator("#cash-counted")).to_have_text("149,00 €")
    expect(page.locator("#cash-difference")).to_have_text("-0,50 €")
    expect(page.locator("#cash-closed")).to_contain_text("Wechselgeld falsch herausgegeben")
    fits_the_phone(page)
    _shot(page, "03-night-closed")
    count = CashCount.objects.get()
    assert (count.counted, count.difference, count.witness) == (Decimal("149.00"), Decimal("-0.50"), "Maria (Wirtin)")
    assert count.denominations == {"100": 1, "20": 2, "5": 1, "2": 2}
    assert CashLine.objects.get(kind=LineKind.MANUAL, reason="Kartenspiel gekauft").amount == Decimal("-12.50")

    # The night ends; the season payout (the two winners of the tables of five tie for places 1-2).
    page.get_by_role("link", name="Anmeldetisch").click()
    page.get_by_role("link", name=re.compile("^Abend beenden")).click()
    page.get_by_role("button", name="Ja, Abend beenden").click()
    page.goto(f"/organizer/?season={night.season_id}")
    page.get_by_role("link", name="Auszahlung der Saison").click()
    expect(page.get_by_role("heading", name="Auszahlung der Saison · Saison 2026")).to_be_visible()
    expect(page.locator("#payout-owed")).to_have_text("28,00 €")
    expect(page.locator("#payout-rule")).to_contain_text("je einer an die gleichauf liegenden Spieler")
    fits_the_phone(page)
    _shot(page, "04-payout")

    first = payout.season_payout(night.season).shares[0]
    assert first.places == "1.–2." and first.share.amount == Decimal("11.20")
    page.get_by_label("Gewinner").select_option(str(first.share.key))
    page.get_by_label("Ausgezahlter Betrag").press_sequentially("11,20")
    page.get_by_label("Bar").check()
    expect(page.locator("#season-running")).to_contain_text("Die Saison läuft bis")
    page.get_by_label("Die Saison ist zu Ende").check()
    page.get_by_role("button", name="Auszahlung erfassen").click()
    expect(page.get_by_text(f"Auszahlung erfasst: 11,20 € an {first.share.name}.")).to_be_visible()
    expect(page.locator(f"#payout-{first.share.key}")).to_contain_text("✓")
    expect(page.locator("table.payout tbody tr").nth(1)).to_contain_text("offen: 11,20 €")
    expect(page.locator("#payout-paid")).to_have_text("11,20 €")
    expect(page.locator("#payout-owed")).to_have_text("16,80 €")
    fits_the_phone(page)
    _shot(page, "05-paid")
    line = CashLine.objects.get(kind=LineKind.PAYOUT)
    assert (line.amount, line.method, line.player_id) == (Decimal("-11.20"), "cash", first.share.key)

    # The cash book shows both boxes after all this.
    page.get_by_role("link", name="Kassenbuch").click()
    expect(page.locator("#balance-jackpot")).to_have_text("16,80 €")
    fits_the_phone(page)
    _shot(page, "06-cash-book")
