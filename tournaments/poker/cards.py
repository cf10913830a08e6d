"""Playing cards: parsing, formatting, decks.

Pure Python, no Django import (see tests/tournaments/poker/test_purity.py).

Notation (docs/contracts.md, "Common to all"): a card is two characters, rank then
suit. Ranks ``23456789TJQKA`` (case-insensitive, ``10`` also means ten),
suits ``c d h s`` (upper case accepted). A group of cards is a string
(``"AsKd"``, ``"As Kd"``, ``"As,Kd"``, ``"10d Js"``) or a list of card strings
(``["As", "Kd"]``).

A :class:`Card` is an ``int`` from 0 to 51, ``(rank - 2) * 4 + suit index``
with the suits in the order clubs, diamonds, hearts, spades. So comparing two
cards as integers compares rank first, then suit with spades > hearts >
diamonds > clubs: the order of the first-dealer draw (docs/rules.md section 1).
The 52 canonical instances are in :data:`FULL_DECK`; everything here that
produces cards returns those instances.
"""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Iterable, Sequence

__all__ = [
    "CardError",
    "Card",
    "RANKS",
    "SUITS",
    "FULL_DECK",
    "parse_card",
    "parse_cards",
    "ensure_distinct",
    "format_cards",
    "shuffled_deck",
    "seeded_rng",
    "Deck",
]

RANKS = "23456789TJQKA"
SUITS = "cdhs"


class CardError(ValueError):
    """A card or group of cards is malformed, unknown or used twice.

    The message names what is wrong, e.g. ``unknown card 'Xx'`` or
    ``card As used twice``.
    """


class Card(int):
    """One card, an ``int`` 0..51 (``(rank - 2) * 4 + suit index``).

    ``Card(51)`` and ``Card("As")`` both give the ace of spades.
    """

    __slots__ = ()

    def __new__(cls, value: int | str) -> Card:
        if isinstance(value, str):
            return parse_card(value)
        if isinstance(value, Card):
            return value
        if not isinstance(value, int) or isinstance(value, bool):
            raise CardError(f"a card is an index 0..51 or a string like 'As', got {value!r}")
        if not 0 <= value < 52:
            raise CardError(f"card index {value} out of range 0..51")
        return FULL_DECK[value]

    @property
    def rank(self) -> int:
        """2..14 (jack 11, queen 12, king 13, ace 14)."""
        return (self >> 2) + 2

    @property
    def suit(self) -> str:
        """One of ``'c'``, ``'d'``, ``'h'``, ``'s'``."""
        return SUITS[self & 3]

    @property
    def rank_char(self) -> str:
        return RANKS[self >> 2]

    def __str__(self) -> str:
        return _NAMES[self]

    def __repr__(self) -> str:
        return f"Card('{_NAMES[self]}')"

    def __format__(self, spec: str) -> str:
        return format(_NAMES[self], spec)

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


_NAMES = tuple(r + s for r in RANKS for s in SUITS)

FULL_DECK: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(52))
"""All 52 cards, 2c first, As last."""

_RANK_INDEX = {ch: i for i, ch in enumerate(RANKS)}
_RANK_INDEX.update({ch.lower(): i for ch, i in list(_RANK_INDEX.items()) if ch.isalpha()})
_RANK_INDEX["10"] = RANKS.index("T")
_SUIT_INDEX = {ch: i for i, ch in enumerate(SUITS)}
_SUIT_INDEX.update({ch.upper(): i for ch, i in list(_SUIT_INDEX.items())})

# Every accepted spelling of every card -> the card, e.g. "As", "aS", "AS", "10d".
_LOOKUP: dict[str, Card] = {
    r + s: FULL_DECK[ri * 4 + si] for r, ri in _RANK_INDEX.items() for s, si in _SUIT_INDEX.items()
}

# One card in a group: "10" or a rank character, then a suit character.
_CARD_RE = re.compile(r"(?:10|[2-9TJQKAtjqka])[cdhsCDHS]")
# What may stand between two cards of a string: nothing, white space, or one
# comma with optional white space around it.
_SEP_RE = re.compile(r"\s*,\s*|\s+")
_WORD_RE = re.compile(r"[0-9A-Za-z]+")


def parse_card(text: str) -> Card:
    """Parse one card (``"As"``, ``"td"``, ``"10D"``); raise :class:`CardError`."""
    if isinstance(text, Card):
        return FULL_DECK[text]
    if not isinstance(text, str):
        raise CardError(f"a card must be a string like 'As', got {text!r}")
    card = _LOOKUP.get(text.strip())
    if card is None:
        raise CardError(f"unknown card {text.strip()!r}")
    return card


def _unknown_at(text: str, pos: int) -> CardError:
    """The error for a string group of cards that stops parsing at ``pos``."""
    word = _WORD_RE.match(text, pos)
    if word is None:
        ch = text[pos]
        if ch == ",":
            return CardError(f"misplaced comma at position {pos} in {text!r}")
        return CardError(f"unexpected {ch!r} at position {pos} in {text!r} (separate cards by spaces or commas)")
    token = word.group()
    if len(token) > 3:  # several cards written together: name the bad one
        token = token[:3] if token.startswith("10") else token[:2]
    return CardError(f"unknown card {token!r}")


def _split_string(text: str) -> list[Card]:
    cards: list[Card] = []
    pos = 0
    end = len(text)
    while pos < end and text[pos].isspace():
        pos += 1
    while pos < end:
        m = _CARD_RE.match(text, pos)
        if m is None:
            raise _unknown_at(text, pos)
        cards.append(_LOOKUP[m.group()])
        pos = m.end()
        if pos == end:
            break
        sep = _SEP_RE.match(text, pos)
        if sep is not None:
            pos = sep.end()
            if pos == end:
                if "," in sep.group():
                    raise CardError(f"misplaced comma at position {sep.start() + sep.group().index(',')} in {text!r}")
                break
    return cards


CardsLike = str | Iterable[Card | str]
"""What the engines take for a group of cards: a string like ``"AsKd"``, or Cards or their names."""


def parse_cards(value: str | Sequence[Card | str]) -> tuple[Card, ...]:
    """Parse a group of cards: a string or a list/tuple of card strings (or Cards).

    ``""`` and ``[]`` give ``()``. Raises :class:`CardError` for an unknown
    card, a malformed separator, or a card repeated within ``value``.
    """
    if isinstance(value, str):
        cards = _split_string(value)
    elif isinstance(value, (list, tuple)):
        cards = []
        for i, item in enumerate(value):
            if isinstance(item, Card):
                cards.append(FULL_DECK[item])
            elif isinstance(item, str):
                card = _LOOKUP.get(item.strip())
                if card is None:
                    raise CardError(f"unknown card {item.strip()!r} (item {i})")
                cards.append(card)
            else:
                raise CardError(f"a card must be a string like 'As', got {item!r} (item {i})")
    else:
        raise CardError(f"cards must be a string like 'AsKd' or a list like ['As', 'Kd'], got {value!r}")
    seen = 0
    for card in cards:
        bit = 1 << card
        if seen & bit:
            raise CardError(f"card {card} used twice")
        seen |= bit
    return tuple(cards)


def ensure_distinct(*groups: Iterable[Card]) -> None:
    """Raise :class:`CardError` naming the first card used more than once.

    Groups are checked in order (e.g. each player's hole cards, then the
    board); the error names the first card that was already seen, in an
    earlier group or earlier in the same group: ``card As used twice``.
    """
    seen = 0
    for group in groups:
        for card in group:
            if not isinstance(card, Card):
                card = parse_card(card)
            bit = 1 << card
            if seen & bit:
                raise CardError(f"card {card} used twice")
            seen |= bit


def format_cards(cards: Iterable[Card], sep: str = "") -> str:
    """``(Card('As'), Card('Kd'))`` -> ``"AsKd"`` (or joined by ``sep``)."""
    names = _NAMES
    return sep.join(names[c] for c in cards)


def seeded_rng(seed: int | float | str | bytes | bytearray | None) -> random.Random:
    """A reproducible random source, for tests and simulations only."""
    return random.Random(seed)


def shuffled_deck(rng: random.Random | None = None) -> list[Card]:
    """A new shuffled list of the 52 cards.

    Without ``rng`` the shuffle uses ``secrets.SystemRandom()`` (the
    operating system's cryptographic source): use that for real deals.
    """
    if rng is None:
        rng = secrets.SystemRandom()
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    return deck


class Deck:
    """A shuffled deck to deal from, top card first.

    ``exclude`` removes known cards first (e.g. for simulations).
    """

    __slots__ = ("_cards", "_pos")

    def __init__(self, rng: random.Random | None = None, exclude: Iterable[Card] = ()) -> None:
        cards = shuffled_deck(rng)
        excluded = set(parse_cards(exclude if isinstance(exclude, str) else tuple(exclude)))
        if excluded:
            cards = [c for c in cards if c not in excluded]
        self._cards = cards
        self._pos = 0

    @property
    def remaining(self) -> int:
        """How many cards are left to draw."""
        return len(self._cards) - self._pos

    def __len__(self) -> int:
        return len(self._cards) - self._pos

    def draw(self, n: int = 1) -> tuple[Card, ...]:
        """Take the next ``n`` cards off the top; :class:`CardError` past the end."""
        if n < 0:
            raise CardError(f"cannot draw a negative number of cards ({n})")
        left = len(self._cards) - self._pos
        if n > left:
            raise CardError(f"cannot draw {n} card{'s' if n != 1 else ''}: only {left} left in the deck")
        start = self._pos
        self._pos = start + n
        return tuple(self._cards[start : start + n])

    def draw_one(self) -> Card:
        """Take the top card."""
        return self.draw(1)[0]

    def __repr__(self) -> str:
        return f"<Deck: {self.remaining} cards left>"
