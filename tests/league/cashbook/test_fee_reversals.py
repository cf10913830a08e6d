"""A fee line reverses together with its entry or not at all (league/cashbook/book.py reverse_line,
league/desk/services.py reverse_fee): the player unpaid, the jackpot share gone, the book and the entries in
agreement afterwards; a seated player's fee and any refund are refused with words and nothing changes. The
confirmation page first, a reason required, in German as at the venue."""

from __future__ import annotations

import random
import re
from decimal import Decimal

import pytest
from django.urls import reverse

from league.cashbook import audit
from league.cashbook import book as cashbook
from league.desk import services as desk
from league.models import CashBox, CashLine, Entry, LineKind, NightStatus
from results import jackpot
from tests.league.factories import FEE, make_night, make_player
from tournaments.floor import late_entries
from tournaments.floor import services as night_services

pytestmark = pytest.mark.django_db
GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}
BOX = CashBox.ORGANIZER.value


@pytest.fixture
def desk_night(organizer):
    """Anna, Ben and Carla paid at the desk; Dora paid and went home (refunded). Registration still open."""
    night = make_night()
    for name in ("Anna Berger", "Ben Schuster", "Carla Wirt"):
        desk.register_player(night=night, player=make_player(name), by=organizer, fee=FEE)
    dora = desk.register_player(night=night, player=make_player("Dora Geht"), by=organizer, fee=FEE)
    desk.withdraw_entry(entry=dora, by=organizer, reason="krank")
    return night


def entry_of(night, name: str) -> Entry:
    return Entry.objects.get(night=night, player__name=name, withdrawn_at__isnull=True)


def book_and_entries_agree() -> bool:
    return list(audit.audit_cash_book(audit.Counts())) == []


def rows(night) -> list[tuple]:
    """Every entry and stored line as it stands, to show that a refusal changed nothing."""
    return [
        *Entry.objects.filter(night=night)
        .order_by("pk")
        .values_list("pk", "paid_at", "fee_paid", "jackpot_share", "withdrawn_at", "refund_amount"),
        *CashLine.objects.order_by("pk").values_list("pk", "amount", "reverses"),
    ]


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def said(response) -> list[str]:
    block = re.search(r'<div role="status"><ul class="messages">(.*?)</ul>', response.content.decode(), re.S)
    return re.findall(r"<li[^>]*>(.*?)</li>", block.group(1), re.S) if block else []


# --- the service -------------------------------------------------------------------------------


def test_a_reversed_fee_leaves_the_player_registered_unpaid_without_a_jackpot_share(desk_night, organizer):
    anna = entry_of(desk_night, "Anna Berger")
    before = cashbook.balances()[BOX]
    assert jackpot.night_jackpot_sum(desk_night) == Decimal("6.00") and book_and_entries_agree()

    reversal = cashbook.reverse_line(ref=f"fee-{anna.pk}", reason="falsche Person angetippt", by=organizer)

    assert (reversal.reverses, reversal.amount, reversal.reason) == (f"fee-{anna.pk}", -FEE, "falsche Person angetippt")
    assert cashbook.balances()[BOX] == before - FEE
    anna.refresh_from_db()
    assert anna.fee_reversed and anna.withdrawal_reason == "falsche Person angetippt" and anna.refund_amount is None
    again = entry_of(desk_night, "Anna Berger")
    assert again.pk != anna.pk and not again.is_paid and again.registered_at == anna.registered_at
    assert jackpot.night_jackpot_sum(desk_night) == Decimal("4.00")  # her share is gone
    assert desk.desk_totals(desk_night) == desk.DeskTotals(
        entries=3, paid=2, fees=2 * FEE, jackpot=Decimal("4.00"), refunds=FEE
    )
    assert book_and_entries_agree()

    desk.take_fee(entry=again, amount=FEE, by=organizer)  # she pays after all: a new fee line
    assert cashbook.balances()[BOX] == before and book_and_entries_agree()
    refs = (f"fee-{anna.pk}", reversal.ref, f"fee-{again.pk}")
    assert [line.kind for line in cashbook.all_lines() if line.ref in refs] == [
        LineKind.FEE,
        LineKind.REVERSAL,
        LineKind.FEE,
    ]


def test_the_seating_draw_leaves_out_a_player_whose_fee_was_reversed(desk_night, organizer):
    anna = entry_of(desk_night, "Anna Berger")
    cashbook.reverse_line(ref=f"fee-{anna.pk}", reason="nie bezahlt", by=organizer)
    tables = night_services.draw_seating(night=desk_night, rng=random.Random(1))
    seated = {seat.entry.player.name for table in tables for seat in table.seats.all()}
    assert seated == {"Ben Schuster", "Carla Wirt"}
    assert [e.player.name for e in late_entries.unseated_entries(desk_night)] == ["Anna Berger"]
    assert book_and_entries_agree()


def test_a_fee_reversed_on_a_finished_night_takes_the_entry_off_without_registering_again(desk_night, organizer):
    anna = entry_of(desk_night, "Anna Berger")
    type(desk_night).objects.filter(pk=desk_night.pk).update(status=NightStatus.FINISHED)
    cashbook.reverse_line(ref=f"fee-{anna.pk}", reason="nie bezahlt", by=organizer)
    assert not Entry.objects.active().filter(night=desk_night, player=anna.player).exists()
    assert book_and_entries_agree()


def test_a_seated_players_fee_is_refused_with_what_to_do_instead_and_nothing_changes(desk_night, organizer):
    night_services.draw_seating(night=desk_night, rng=random.Random(2))
    anna = entry_of(desk_night, "Anna Berger")
    table = anna.seat.table.number
    before, balances = rows(desk_night), cashbook.balances()
    with pytest.raises(cashbook.CashError) as refused:
        cashbook.reverse_line(ref=f"fee-{anna.pk}", reason="nie bezahlt", by=organizer)
    assert str(refused.value) == (
        f"Anna Berger has a seat at table {table}: the fee cannot be reversed while the seat stands, because the "
        "table's jackpot sum counts its share. If the fee was never received, collect it from the player; if money "
        "has to go back, book it as an expense with the reason."
    )
    assert rows(desk_night) == before and cashbook.balances() == balances and book_and_entries_agree()
    assert not cashbook.find_line(f"fee-{anna.pk}").reversible  # the book offers no link


def test_a_refund_and_a_refunded_fee_are_refused_and_nothing_changes(desk_night, organizer):
    dora = Entry.objects.get(night=desk_night, player__name="Dora Geht")
    before, balances = rows(desk_night), cashbook.balances()
    with pytest.raises(
        cashbook.CashError,
        match=r"^A refund is not reversed in the cash book: it belongs to the withdrawal of Dora Geht\. ",
    ):
        cashbook.reverse_line(ref=f"refund-{dora.pk}", reason="doch nicht ausgezahlt", by=organizer)
    with pytest.raises(
        cashbook.CashError, match="was refunded when the entry was withdrawn: the fee and its refund already cancel out"
    ):
        cashbook.reverse_line(ref=f"fee-{dora.pk}", reason="Irrtum", by=organizer)
    assert rows(desk_night) == before and cashbook.balances() == balances and book_and_entries_agree()


def test_a_fee_is_reversed_once(desk_night, organizer):
    anna = entry_of(desk_night, "Anna Berger")
    cashbook.reverse_line(ref=f"fee-{anna.pk}", reason="nie bezahlt", by=organizer)
    before = rows(desk_night)
    with pytest.raises(cashbook.CashError, match="already reversed"):
        cashbook.reverse_line(ref=f"fee-{anna.pk}", reason="nochmal", by=organizer)
    with pytest.raises(desk.LeagueError, match="The fee of Anna Berger was already reversed."):
        desk.reverse_fee(entry_id=anna.pk, by=organizer, reason="nochmal")  # another desk's stale page
    assert rows(desk_night) == before and book_and_entries_agree()


# --- the page --------------------------------------------------------------------------------------


def test_the_fee_page_asks_first_wants_a_reason_and_says_it_in_german(organizer_client, desk_night):
    anna = entry_of(desk_night, "Anna Berger")
    url = reverse("cash_line_reverse", args=[f"fee-{anna.pk}"])
    page = text(organizer_client.get(url, **GERMAN))
    assert "Anna Berger bleibt angemeldet, aber unbezahlt, und der Jackpotanteil zählt nicht mehr." in page
    assert "wird stattdessen am Anmeldetisch abgemeldet" in page and "Ja, Startgebühr stornieren" in page
    before = rows(desk_night)

    refused = text(organizer_client.post(url, {"reason": "   "}, **GERMAN))
    assert 'class="field invalid"' in refused and rows(desk_night) == before

    done = organizer_client.post(url, {"reason": "falsche Person angetippt"}, follow=True, **GERMAN)
    assert said(done) == [
        "Storniert: die Startgebühr von Anna Berger (10,00\xa0€). Anna Berger bleibt angemeldet, unbezahlt, und der "
        "Jackpotanteil zählt nicht mehr; kassieren Sie die Gebühr am Anmeldetisch, wenn sie bezahlt wird."
    ]
    assert not entry_of(desk_night, "Anna Berger").is_paid and book_and_entries_agree()
    desk_page = text(organizer_client.get(reverse("registration_desk", args=[desk_night.pk]), **GERMAN))
    assert "Startgebühr im Kassenbuch storniert 10,00 € · falsche Person angetippt" in desk_page


def test_a_seated_players_fee_page_says_why_not_in_german_and_offers_no_form(organizer_client, desk_night):
    night_services.draw_seating(night=desk_night, rng=random.Random(3))
    anna = entry_of(desk_night, "Anna Berger")
    url = reverse("cash_line_reverse", args=[f"fee-{anna.pk}"])
    page = text(organizer_client.get(url, **GERMAN))
    assert (
        f"Anna Berger hat einen Platz an Tisch {anna.seat.table.number}: die Startgebühr kann nicht storniert werden"
        in page
    )
    assert "<form" not in page.split("</h1>")[1]
    before = rows(desk_night)
    organizer_client.post(url, {"reason": "nie bezahlt"}, **GERMAN)
    assert rows(desk_night) == before
