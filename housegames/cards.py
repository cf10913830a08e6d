"""How a card looks on the house-game pages (both games use this one helper)."""

from __future__ import annotations

from collections.abc import Iterable

from tournaments.poker.cards import Card

SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


def card_view(card: Card | str | None) -> dict | None:
    """``{"code": "Ts", "rank": "10", "suit": "♠", "red": False, "label": "10♠"}``; ``None`` stays ``None`` (face down)."""
    if card is None:
        return None
    card = card if isinstance(card, Card) else Card(card)
    rank = "10" if card.rank_char == "T" else card.rank_char
    label = f"{rank}{SUIT_SYMBOLS[card.suit]}"
    return {
        "code": str(card),
        "rank": rank,
        "suit": SUIT_SYMBOLS[card.suit],
        "red": card.suit in "dh",
        "label": label,
        "text": label,
    }


def cards_view(cards: str | Iterable[Card | str]) -> list[dict | None]:
    """A group of cards, given as cards or as one string of two-character codes."""
    if isinstance(cards, str):
        cards = [cards[i : i + 2] for i in range(0, len(cards), 2)]
    return [card_view(c) for c in cards]
