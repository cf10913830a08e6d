"""Finding a guest's play-money bankroll and booking stakes and payouts on it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from decimal import Decimal

from django.db import transaction
from django.http import HttpRequest
from django.utils import timezone

from housegames.models import STARTING_PLAY_MONEY, Bankroll, BankrollEntry, ImperialRound, UthRound


class InsufficientPlayMoney(Exception):
    pass


@transaction.atomic
def bankroll_for(request: HttpRequest) -> Bankroll:
    """The visitor's bankroll, created with the starting play money on his first bet (not on a look)."""
    if not request.session.session_key:
        request.session.save()
    bankroll, created = Bankroll.objects.get_or_create(session_key=request.session.session_key)
    if created:
        BankrollEntry.objects.create(bankroll=bankroll, amount=STARTING_PLAY_MONEY, reason="starting play money")
    return bankroll


def existing_bankroll(request: HttpRequest) -> Bankroll | None:
    """The visitor's bankroll if he has bet before; never writes anything."""
    key = request.session.session_key
    return Bankroll.objects.filter(session_key=key).first() if key else None


@contextmanager
def bankroll_to_look_at(request: HttpRequest) -> Iterator[Bankroll]:
    """The visitor's bankroll, or for a visitor who has not bet yet a fresh one that is never kept.

    A look at a table (a guest, a crawler) must write no row: the page is rendered inside a
    transaction that is rolled back, from a bankroll with the starting play money.
    """
    bankroll = existing_bankroll(request)
    if bankroll is not None:
        yield bankroll
        return
    with transaction.atomic():
        bankroll = Bankroll.objects.create(session_key=None)
        BankrollEntry.objects.create(bankroll=bankroll, amount=STARTING_PLAY_MONEY, reason="starting play money")
        yield bankroll
        transaction.set_rollback(True)


@transaction.atomic
def delete_stale_guests(*, idle_days: int, now: datetime | None = None) -> int:
    """Guests' bankrolls (with their rounds and ledgers) untouched for `idle_days` and not in play; how many.

    A player's own bankroll is kept; a round still in play keeps its guest.
    """
    cutoff = (now or timezone.now()) - timedelta(days=idle_days)
    recent = BankrollEntry.objects.filter(created_at__gte=cutoff).values("bankroll_id")
    stale = (
        Bankroll.objects.filter(player__isnull=True, created_at__lt=cutoff)
        .exclude(pk__in=recent)
        .exclude(uth_rounds__status=UthRound.Status.IN_PLAY)
        .exclude(imperial_rounds__status=ImperialRound.Status.ACTIVE)
    )
    ids = list(stale.values_list("pk", flat=True))
    Bankroll.objects.filter(pk__in=ids).delete()
    return len(ids)


def lock_bankroll(bankroll: Bankroll) -> None:
    """Every change of one guest's play money goes one at a time."""
    Bankroll.objects.select_for_update().filter(pk=bankroll.pk).get()


def has_round_in_play(bankroll: Bankroll) -> bool:
    """A round of either house game still holds stakes of this bankroll."""
    return (
        UthRound.objects.filter(bankroll=bankroll, status=UthRound.Status.IN_PLAY).exists()
        or ImperialRound.objects.filter(bankroll=bankroll, status=ImperialRound.Status.ACTIVE).exists()
    )


@transaction.atomic
def book(*, bankroll: Bankroll, amount: Decimal, reason: str, game: str = "", round_id: int | None = None) -> Decimal:
    """Add one ledger row (negative for a stake); refuses to take the balance below zero. Returns the new balance."""
    lock_bankroll(bankroll)
    balance = bankroll.balance()
    if balance + amount < 0:
        raise InsufficientPlayMoney(balance)
    BankrollEntry.objects.create(bankroll=bankroll, amount=amount, reason=reason, game=game, round_id=round_id)
    return balance + amount
