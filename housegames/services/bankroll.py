"""Finding a guest's play-money bankroll and booking stakes and payouts on it."""
from __future__ import annotations

from decimal import Decimal

from django.db import transaction
from django.http import HttpRequest

from housegames.models import STARTING_PLAY_MONEY, Bankroll, BankrollEntry, ImperialRound, UthRound


class InsufficientPlayMoney(Exception):
    pass


@transaction.atomic
def bankroll_for(request: HttpRequest) -> Bankroll:
    """The visitor's bankroll, created with the starting play money on the first visit."""
    if not request.session.session_key:
        request.session.save()
    bankroll, created = Bankroll.objects.get_or_create(session_key=request.session.session_key)
    if created:
        BankrollEntry.objects.create(bankroll=bankroll, amount=STARTING_PLAY_MONEY, reason="starting play money")
    return bankroll


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
