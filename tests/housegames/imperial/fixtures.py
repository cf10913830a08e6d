"""Fixtures for the Imperial Poker table's Django and browser tests (import them into a test module)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from housegames.models import STARTING_PLAY_MONEY, Bankroll, BankrollEntry
from housegames.services import imperial as imperial_play
from tests.housegames.engines.imperial.decks import stacked_deck


@pytest.fixture
def deal(monkeypatch):
    """``deal("Qs Qd 7c 4h 2s", dealer="...", draws="...")`` queues the deck of the next round
    the service shuffles; rounds beyond the queued ones get a fixed, ordinary deck."""
    queued: list = []

    def next_deck():
        return queued.pop(0) if queued else stacked_deck(dealer="")

    monkeypatch.setattr(imperial_play, "new_deck", next_deck)

    def queue(*boxes: str, dealer: str, draws: str = "") -> None:
        queued.append(stacked_deck(*boxes, dealer=dealer, draws=draws))

    return queue


@pytest.fixture
def bankroll(db) -> Bankroll:
    """A guest's bankroll with the starting play money."""
    bankroll = Bankroll.objects.create(session_key="guest-session-1")
    BankrollEntry.objects.create(bankroll=bankroll, amount=STARTING_PLAY_MONEY, reason="starting play money")
    return bankroll


def top_up(bankroll: Bankroll, amount: int) -> None:
    BankrollEntry.objects.create(bankroll=bankroll, amount=Decimal(amount), reason="test top-up")
