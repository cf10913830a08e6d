"""Issue 32, N7 in German on a phone: a closed night's line cannot be reversed until the count is reopened (the
refusal links to the reopening); reopening asks for a reason on a confirmation page and is recorded on the
night's cash page; then a jackpot deposit is reversed as a whole and the table owes its sum again.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from league.cashbook import book as cashbook
from league.models import CashLine, JackpotDeposit, LineKind
from tests.browser.helpers import fits_the_phone, log_in
from tests.league.cashbook.test_cashbook import build_full_night

pytestmark = pytest.mark.browser


def test_a_closed_night_is_reopened_with_a_reason_and_a_deposit_reversed_whole(
    german_phone: Page, live_server, transactional_db, organizer
) -> None:
    page = german_phone
    night = build_full_night(organizer)
    cashbook.close_night_cash(night=night, by=organizer, counted=Decimal("162.00"))
    float_ = CashLine.objects.get(kind=LineKind.MANUAL, reason="Wechselgeld")
    deposit = JackpotDeposit.objects.filter(table__night=night).order_by("pk").first()
    log_in(page, live_server, organizer, f"/organizer/cash/lines/{float_.ref}/reverse/")

    expect(page.get_by_text("zuerst die Zählung wieder öffnen (mit Begründung)")).to_be_visible()
    expect(page.get_by_role("button", name="Ja, diese Buchung stornieren")).to_have_count(0)
    fits_the_phone(page)
    page.get_by_role("link", name="Zählung wieder öffnen").click()

    expect(page.get_by_role("heading", name="Zählung wieder öffnen")).to_be_visible()
    fits_the_phone(page)
    page.get_by_role("button", name="Ja, Zählung wieder öffnen").click()  # no reason: refused, still closed
    expect(page.locator(".field.invalid, .error").first).to_be_visible()
    page.get_by_label("Grund für das Wiederöffnen der Zählung").fill("Freilos falsch kassiert")
    page.get_by_role("button", name="Ja, Zählung wieder öffnen").click()

    expect(page.get_by_text("Die Zählung ist wieder geöffnet")).to_be_visible()
    expect(page.locator("#reopened-counts")).to_contain_text("Freilos falsch kassiert")
    expect(page.locator("#reopened-counts")).to_contain_text("Wieder geöffnet von organizer am")
    expect(page.locator("#close-cash")).to_be_visible()
    fits_the_phone(page)

    page.goto(f"{live_server.url}/organizer/cash/lines/deposit-in-{deposit.pk}/reverse/")
    expect(page.get_by_text("beide Hälften werden zusammen storniert")).to_be_visible()
    fits_the_phone(page)
    page.get_by_label("Grund für das Storno").fill("falscher Tisch bestätigt")
    page.get_by_role("button", name="Ja, die ganze Einzahlung stornieren").click()
    expect(page.get_by_text("ist als Ganzes storniert")).to_be_visible()
    assert sorted(CashLine.objects.filter(kind=LineKind.REVERSAL).values_list("reverses", flat=True)) == [
        f"deposit-in-{deposit.pk}",
        f"deposit-out-{deposit.pk}",
    ]
    assert JackpotDeposit.objects.get(pk=deposit.pk).is_reversed
