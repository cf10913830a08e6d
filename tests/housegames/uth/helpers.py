"""Fixing the deck of the next Ultimate Texas Hold'em rounds in tests (never in production)."""

from __future__ import annotations

from housegames.engines.uth.rules import deck_order
from housegames.services import uth as uth_play


class StackedDeck:
    """Stands in for the random source: its "shuffle" lays out the next deck
    of a queue, each dealing the given cards (boxes, dealer, board)."""

    def __init__(self, *deals) -> None:
        self.decks = [deck_order(*deal) for deal in deals]

    def __call__(self) -> StackedDeck:
        return self

    def shuffle(self, cards: list) -> None:
        if not self.decks:
            raise AssertionError("the test dealt more rounds than it stacked decks for")
        cards[:] = self.decks.pop(0)


def stack_decks(monkeypatch, *deals) -> StackedDeck:
    """``stack_decks(monkeypatch, (["AsKs"], "QhQd", "AhKd7c2s2h"), ...)``: the
    next rounds deal these cards, in order."""
    stacked = StackedDeck(*deals)
    monkeypatch.setattr(uth_play, "rng_factory", stacked)
    return stacked
