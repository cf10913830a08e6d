"""Stacked decks for Imperial Poker tests: known cards on top, the rest in a fixed order."""

from __future__ import annotations

from tournaments.poker.cards import FULL_DECK, Card, parse_cards


def stacked_deck(*boxes: str, dealer: str, draws: str = "") -> list[Card]:
    """The deck a round deals from: each box's five cards in box order, then
    the dealer's five (the last one face up), then the cards that buys,
    exchanges and dealer-card exchanges draw, in that order."""
    top = [card for group in (*boxes, dealer, draws) for card in parse_cards(group)]
    if len(set(top)) != len(top):
        raise ValueError("a stacked deck repeats a card")
    return top + [card for card in FULL_DECK if card not in set(top)]


def stacked_deck_names(*boxes: str, dealer: str, draws: str = "") -> list[str]:
    return [str(card) for card in stacked_deck(*boxes, dealer=dealer, draws=draws)]
