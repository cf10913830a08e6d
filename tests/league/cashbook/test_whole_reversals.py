"""Issue 32, N7 through the pages, in German as at the venue: a jackpot deposit is reversed as a whole from
either half's link (the table then owes its sum again); a closed night's line is refused with a way to reopen
the count; reopening asks for a reason on a confirmation page and is recorded on the night's cash page.
"""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.urls import reverse

from league.cashbook import book as cashbook
from league.models import CashBox, CashCount, CashLine, JackpotDeposit, LineKind
from tests.league.cashbook.test_cashbook import full_night  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db
GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}
BOX, FUND = CashBox.ORGANIZER.value, CashBox.REGISTER.value


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def _messages(html: str) -> list[str]:
    block = re.search(r'<div role="status"><ul class="messages">(.*?)</ul>', html, re.S)
    return re.findall(r"<li[^>]*>(.*?)</li>", block.group(1), re.S) if block else []


def test_a_deposit_half_s_link_reverses_the_whole_deposit_in_german(organizer_client, full_night):
    deposit = JackpotDeposit.objects.filter(table__night=full_night).order_by("pk").first()
    url = reverse("cash_line_reverse", args=[f"deposit-in-{deposit.pk}"])
    page = text(organizer_client.get(url, **GERMAN))
    assert "beide Hälften werden zusammen storniert" in page and "Ja, die ganze Einzahlung stornieren" in page
    before = cashbook.balances()

    refused = text(organizer_client.post(url, {"reason": "  "}, **GERMAN))  # the reason is required: nothing booked
    assert 'class="error"' in refused and CashLine.objects.filter(kind=LineKind.REVERSAL).count() == 0

    done = organizer_client.post(url, {"reason": "falscher Tisch"}, follow=True, **GERMAN)
    said = _messages(done.content.decode())
    assert (
        len(said) == 1 and said[0].startswith("Die Jackpot-Einzahlung von Tisch ") and "als Ganzes storniert" in said[0]
    ), said
    assert cashbook.balances() == {BOX: before[BOX] + deposit.amount, FUND: before[FUND] - deposit.amount}
    assert JackpotDeposit.objects.get(pk=deposit.pk).is_reversed
    jackpot_page = text(organizer_client.get(reverse("night_jackpot", args=[full_night.pk]), **GERMAN))
    assert f'action="{reverse("confirm_deposit", args=[deposit.table_id])}"' in jackpot_page  # the table owes it again


def test_a_closed_night_s_line_offers_reopening_and_reopening_is_recorded(organizer_client, organizer, full_night):
    cashbook.close_night_cash(night=full_night, by=organizer, counted=Decimal("162.00"))
    float_ = CashLine.objects.get(kind=LineKind.MANUAL, reason="Wechselgeld")
    reverse_url = reverse("cash_line_reverse", args=[float_.ref])
    reopen_url = reverse("night_cash_reopen", args=[full_night.pk])
    page = text(organizer_client.get(reverse_url, **GERMAN))
    assert (
        "zuerst die Zählung wieder öffnen" in page
        and f'href="{reopen_url}"' in page
        and "<form" not in page.split("</h1>")[1]
    )
    organizer_client.post(reverse_url, {"reason": "Irrtum"}, **GERMAN)
    assert not CashLine.objects.filter(kind=LineKind.REVERSAL).exists()

    cash_page = text(organizer_client.get(reverse("night_cash", args=[full_night.pk]), **GERMAN))
    assert f'href="{reopen_url}"' in cash_page and "Zählung wieder öffnen" in cash_page
    confirm = text(organizer_client.get(reopen_url, **GERMAN))
    assert "Ja, Zählung wieder öffnen" in confirm and "Grund für das Wiederöffnen der Zählung" in confirm
    assert 'class="error"' in text(organizer_client.post(reopen_url, {"reason": ""}, **GERMAN))
    assert CashCount.objects.standing().filter(night=full_night).exists()  # no reason: still closed

    reopened = organizer_client.post(reopen_url, {"reason": "Freilos falsch kassiert"}, follow=True, **GERMAN)
    assert _messages(reopened.content.decode()) == [
        "Die Zählung ist wieder geöffnet: die Zeilen des Abends ändern, dann die Kasse zählen und wieder abschließen."
    ]
    record = text(reopened)
    assert (
        'id="reopened-counts"' in record
        and "Wieder geöffnet von organizer am " in record
        and "Freilos falsch kassiert" in record
    )
    assert 'id="close-cash"' in record  # the count form is back
    organizer_client.post(reverse_url, {"reason": "Wechselgeld gehörte der Wirtin"}, **GERMAN)
    assert CashLine.objects.filter(kind=LineKind.REVERSAL, reverses=float_.ref).exists()


def test_reopening_an_open_night_says_so_and_changes_nothing(organizer_client, full_night):
    url = reverse("night_cash_reopen", args=[full_night.pk])
    assert "es gibt keine Zählung zum Wiederöffnen" in text(organizer_client.get(url, **GERMAN))
    answer = organizer_client.post(url, {"reason": "x"}, follow=True, **GERMAN)
    assert _messages(answer.content.decode()) == [
        "Die Kasse dieses Abends ist nicht abgeschlossen: es gibt keine Zählung zum Wiederöffnen."
    ]
    assert not CashCount.objects.exists()
