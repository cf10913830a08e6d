"""league/cashbook/audit.py: what `check_league` asks of the cash book. A real night (fees, a refund, a late
payer, deposits, a float, a count with a difference, a reversal) balances; each kind of damage is named."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.utils import timezone

from league.cashbook import audit
from league.cashbook import book as cashbook
from league.models import CashBox, CashCount, CashLine, LineKind
from tests.league.cashbook.test_cashbook import build_full_night

pytestmark = pytest.mark.django_db


@pytest.fixture
def closed_night(organizer, english):
    night = build_full_night(organizer)
    line = cashbook.book_line(
        season=night.season, night=night, box=CashBox.ORGANIZER, amount=Decimal("-3.00"), reason="Kreide", by=organizer
    )
    cashbook.reverse_line(ref=line.ref, reason="doch nicht", by=organizer)
    cashbook.close_night_cash(night=night, by=organizer, counted=Decimal("161.50"), reason="Wechselgeld falsch")
    return night


@pytest.fixture
def english():
    from django.utils import translation

    with translation.override("en"):
        yield


def findings() -> list[str]:
    return [finding.text for finding in audit.audit_cash_book(audit.Counts())]


def test_a_real_night_balances(closed_night):
    counts = audit.Counts()
    assert list(audit.audit_cash_book(counts)) == []
    assert counts.counts == 1 and counts.lines > 15


def test_a_count_that_no_longer_adds_up_with_the_book_is_named(closed_night):
    CashCount.objects.update(expected=Decimal("150.00"), counted=Decimal("149.50"))  # difference -0.50 still
    assert findings() == [
        "The count expected €150.00, but the book held €162.00 in the organizer's box at that moment."
    ]


def test_a_line_booked_back_into_a_closed_night_is_named(closed_night, organizer):
    count = CashCount.objects.get()
    CashLine.objects.create(
        box=CashBox.ORGANIZER,
        kind=LineKind.MANUAL,
        amount=Decimal("20.00"),
        season=closed_night.season,
        night=closed_night,
        booked_by=organizer,
        reason="nachgetragen",
        booked_at=count.counted_at - datetime.timedelta(minutes=5),
    )
    assert findings() == [
        "The count expected €162.00, but the book held €182.00 in the organizer's box at that moment."
    ]


def test_a_difference_line_of_another_amount_is_named(closed_night):
    CashLine.objects.filter(kind=LineKind.DIFFERENCE).update(amount=Decimal("-5.00"))
    assert findings() == ["The counting difference of -€0.50 is not booked as one line of that amount on that night."]


def test_a_reversal_of_another_amount_is_named(closed_night, organizer):
    float_ = next(line for line in cashbook.all_lines() if line.kind == LineKind.MANUAL and line.text == "Wechselgeld")
    CashLine.objects.create(
        box=CashBox.ORGANIZER,
        kind=LineKind.REVERSAL,
        amount=Decimal("-1.00"),
        season=closed_night.season,
        booked_by=organizer,
        reason="falsch",
        reverses=float_.ref,
        booked_at=timezone.now(),
    )
    texts = findings()
    assert (
        len(texts) == 1
        and texts[0].startswith("Line line-")
        and texts[0].endswith(f"does not reverse {float_.ref}: another box, another amount, or a reversal.")
    )


def test_a_whole_deposit_reversal_balances_but_half_of_one_is_named(closed_night, organizer):
    from league.models import JackpotDeposit

    cashbook.reopen_night_cash(night=closed_night, by=organizer, reason="Einzahlung falsch bestätigt")
    whole, half = JackpotDeposit.objects.filter(table__night=closed_night).order_by("pk")[:2]
    cashbook.reverse_line(ref=f"deposit-out-{whole.pk}", reason="falscher Tisch", by=organizer)
    assert findings() == []  # the reopened count still adds up at its moment; the deposit went whole
    CashLine.objects.create(  # half a deposit reversed behind the book's back (a hand-edited restore, a shell)
        box=CashBox.REGISTER,
        kind=LineKind.REVERSAL,
        amount=-half.amount,
        season=closed_night.season,
        booked_by=organizer,
        reason="halb",
        reverses=f"deposit-in-{half.pk}",
        booked_at=timezone.now(),
    )
    assert findings() == [
        f"The jackpot deposit of €{half.amount:.2f} (deposit-out-{half.pk}, deposit-in-{half.pk}) is reversed in one box only, "
        "or its reversal and its mark disagree."
    ]


@pytest.mark.parametrize("kind", [LineKind.DIFFERENCE])  # half a deposit: the test above
def test_a_reversal_of_a_counting_difference_is_named(closed_night, organizer, kind):
    # The book refuses it (CashLine.reversible); an older or hand-edited database may hold one.
    target = next(line for line in cashbook.all_lines() if line.kind == kind and line.box == CashBox.ORGANIZER)
    assert not target.reversible
    CashLine.objects.create(
        box=target.box,
        kind=LineKind.REVERSAL,
        amount=-target.amount,
        season=closed_night.season,
        booked_by=organizer,
        reason="Irrtum",
        reverses=target.ref,
        booked_at=timezone.now(),
    )
    texts = findings()
    assert (
        len(texts) == 1
        and texts[0].startswith("Line line-")
        and texts[0].endswith(
            f"reverses {target.ref}, which cannot be reversed alone: a jackpot deposit goes only as a whole, a counting "
            "difference belongs to its night's count."
        )
    ), texts


# --- fee and refund lines against their entries (a book and entries made to disagree in the database) --------


def _seated(night):
    from league.models import Entry

    return (
        Entry.objects.filter(night=night, seat__isnull=False)
        .select_related("player", "seat__table")
        .order_by("pk")
        .first()
    )


def test_a_fee_reversed_while_the_player_keeps_his_seat_is_named_with_player_and_night(closed_night, organizer):
    entry = _seated(closed_night)
    CashLine.objects.create(  # what the book allowed before: the fee reversed, the entry left paid and seated
        box=CashBox.ORGANIZER,
        kind=LineKind.REVERSAL,
        amount=-entry.fee_paid,
        season=closed_night.season,
        booked_by=organizer,
        reason="Irrtum",
        reverses=f"fee-{entry.pk}",
        booked_at=timezone.now(),
    )
    assert [(f.where, f.text) for f in audit.audit_cash_book(audit.Counts())] == [
        (
            "Cash book, night of 25 Nov 2026",
            f"{entry.player.name}: the fee line fee-{entry.pk} is reversed, but the player still has a seat at table "
            f"{entry.seat.table.number}, whose jackpot sum counts the share.",
        )
    ]


def test_a_fee_reversed_for_an_entry_still_paid_is_named(organizer, english):
    from league.desk import services as desk
    from tests.league.factories import FEE, make_night, make_player

    night = make_night()
    entry = desk.register_player(night=night, player=make_player("Anna Berger"), by=organizer, fee=FEE)
    CashLine.objects.create(
        box=CashBox.ORGANIZER,
        kind=LineKind.REVERSAL,
        amount=-FEE,
        season=night.season,
        night=night,
        booked_by=organizer,
        reason="Irrtum",
        reverses=f"fee-{entry.pk}",
        booked_at=timezone.now(),
    )
    assert findings() == [
        f"Anna Berger: the fee line fee-{entry.pk} is reversed, but the entry still counts as paid, with its jackpot share."
    ]


def test_an_entry_closed_without_refund_while_its_fee_stands_is_named(organizer, english):
    from league.desk import services as desk
    from league.models import Entry
    from tests.league.factories import FEE, make_night, make_player

    night = make_night()
    entry = desk.register_player(night=night, player=make_player("Anna Berger"), by=organizer, fee=FEE)
    Entry.objects.filter(pk=entry.pk).update(withdrawn_at=timezone.now(), withdrawn_by=organizer)
    assert findings() == [
        f"Anna Berger: the entry was closed without a refund (its fee reversed), but the fee line fee-{entry.pk} stands."
    ]


def test_a_reversed_refund_and_a_fee_that_went_back_twice_are_named(organizer, english):
    from league.desk import services as desk
    from tests.league.factories import FEE, make_night, make_player

    night = make_night()
    entry = desk.register_player(night=night, player=make_player("Dora Geht"), by=organizer, fee=FEE)
    desk.withdraw_entry(entry=entry, by=organizer, reason="krank")
    assert findings() == []
    for ref, amount in ((f"refund-{entry.pk}", FEE), (f"fee-{entry.pk}", -FEE)):
        CashLine.objects.create(
            box=CashBox.ORGANIZER,
            kind=LineKind.REVERSAL,
            amount=amount,
            season=night.season,
            night=night,
            booked_by=organizer,
            reason="Irrtum",
            reverses=ref,
            booked_at=timezone.now(),
        )
    assert findings() == [
        f"Dora Geht: the refund line refund-{entry.pk} is reversed, but the entry stays withdrawn with its refund.",
        f"Dora Geht: the fee line fee-{entry.pk} is reversed and the entry refunded as well: the fee went back twice.",
    ]
