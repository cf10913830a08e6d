"""Poker hand evaluation: the best five of 5, 6 or 7 cards.

Pure Python, no Django import (see tests/tournaments/poker/test_purity.py).

Rankings (docs/rules.md section 2), high to low: royal flush, straight flush, four
of a kind, full house, flush, straight (A-2-3-4-5, the wheel, is the lowest),
three of a kind, two pair, one pair, high card; ties broken by kickers.

Hand values
-----------
:func:`hand_value` returns one ``int``; higher is better and equal values are
exact ties. The value is ``category << 20`` plus up to five rank nibbles
(2..14), most significant first::

    high card        0  r1 r2 r3 r4 r5     (the five ranks, high to low)
    one pair         1  pair k1 k2 k3
    two pair         2  high low kicker
    three of a kind  3  trips k1 k2
    straight         4  top                (the wheel has top 5)
    flush            5  r1 r2 r3 r4 r5
    full house       6  trips pair
    four of a kind   7  quads kicker
    straight flush   8  top                (a royal flush is top 14)

How the fast path works
-----------------------
Each card has one precomputed integer key: ``5 ** (rank - 2) << 16`` plus
``1 << 4 * suit``. Summing the keys of up to seven cards gives, in the high
part, the rank multiset as base-5 digits (a rank appears at most 4 times, so
the digits never carry) and, in the low 16 bits, four 4-bit suit counters.
``(sum + 0x3333) & 0x8888`` is non-zero exactly when a suit counter is 5 or
more: a flush. Without a flush the value is one dict lookup on the rank part.
With a flush (about 3% of 7-card hands) it is one list lookup on the 13-bit
rank mask of the flush suit's cards; with at most 7 cards a flush excludes a
full house or four of a kind, so nothing else needs checking.

Both tables (about 74,000 rank multisets of 5, 6 and 7 cards, and the 8192
flush masks) are made at the first hand valued (or by :func:`build_tables`): read
from the file the first build wrote (:mod:`tournaments.poker.table_cache`, a few
milliseconds) or built (about 0.15 s of CPU). Not at import: every process of the app imports this module
with the house games' rows, and most of them (a management command, a publish)
never value a hand. They are filled in place, so the functions keep them bound as
default arguments (no global lookup on the hot path); a lookup that misses builds
them and looks again, which costs nothing once they are built.
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from threading import Lock

from tournaments.poker import table_cache
from tournaments.poker.cards import FULL_DECK, Card, CardError, format_cards, parse_cards

__all__ = [
    "CATEGORIES",
    "HandRank",
    "hand_value",
    "hand_value7",
    "category_of",
    "category_floor",
    "evaluate",
    "build_tables",
]

CATEGORIES: tuple[str, ...] = (
    "royal_flush",
    "straight_flush",
    "four_of_a_kind",
    "full_house",
    "flush",
    "straight",
    "three_of_a_kind",
    "two_pair",
    "one_pair",
    "high_card",
)
"""Category names, high to low."""

# Category numbers inside a value (the royal flush is a straight flush).
HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT = 0, 1, 2, 3, 4
FLUSH, FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT_FLUSH = 5, 6, 7, 8
_CATEGORY_NAMES = (
    "high_card",
    "one_pair",
    "two_pair",
    "three_of_a_kind",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
)
_ROYAL_VALUE = STRAIGHT_FLUSH << 20 | 14 << 16

_FLUSH_TEST = 0x3333
_FLUSH_BITS = 0x8888
_FLUSH_SUIT = {0x8: 0, 0x80: 1, 0x800: 2, 0x8000: 3}


# --------------------------------------------------------------------------
# Table construction
# --------------------------------------------------------------------------


def _straight_top(mask: int) -> int:
    """Top rank of the best straight in a rank mask (bit r set for rank r, 2..14), else 0."""
    if mask & (1 << 14):
        mask |= 2  # the ace also plays low, as rank 1
    runs = mask & mask >> 1 & mask >> 2 & mask >> 3 & mask >> 4
    if runs:
        return runs.bit_length() + 3  # run from bit b..b+4 -> top b+4
    return 0


def _nibbles(ranks: Iterable[int]) -> int:
    v = 0
    shift = 16
    for r in ranks:
        v |= r << shift
        shift -= 4
    return v


def _nonflush_table(pow5: list[int]) -> dict[int, int]:
    """Best non-flush value of every multiset of 5, 6 or 7 ranks (each at most
    4 times), keyed by the sum of ``pow5[rank]``.

    Walks the multisets depth-first, choosing ranks high to low with a count
    of 1 to 4 each, so that the ranks held 4, 3, 2 and 1 times come out as
    tuples already sorted high to low: no counting or sorting at the leaves.
    """
    table: dict[int, int] = {}
    straight_top = _straight_top

    def visit(
        start: int,
        size: int,
        key: int,
        mask: int,
        quads: tuple[int, ...],
        trips: tuple[int, ...],
        pairs: tuple[int, ...],
        singles: tuple[int, ...],
    ) -> None:
        if size >= 5:
            if quads:
                kicker = max(trips[:1] + pairs[:1] + singles[:1])
                v = FOUR_OF_A_KIND << 20 | quads[0] << 16 | kicker << 12
            elif trips and (pairs or len(trips) > 1):
                v = FULL_HOUSE << 20 | trips[0] << 16 | max(trips[1:2] + pairs[:1]) << 12
            else:
                top = straight_top(mask)
                if top:
                    v = STRAIGHT << 20 | top << 16
                elif trips:
                    v = THREE_OF_A_KIND << 20 | trips[0] << 16 | singles[0] << 12 | singles[1] << 8
                elif len(pairs) > 1:  # the third pair's rank may be the kicker
                    kicker = max(pairs[2:3] + singles[:1])
                    v = TWO_PAIR << 20 | pairs[0] << 16 | pairs[1] << 12 | kicker << 8
                elif pairs:
                    v = ONE_PAIR << 20 | pairs[0] << 16 | singles[0] << 12 | singles[1] << 8 | singles[2] << 4
                else:
                    v = (
                        HIGH_CARD << 20
                        | singles[0] << 16
                        | singles[1] << 12
                        | singles[2] << 8
                        | singles[3] << 4
                        | singles[4]
                    )
            table[key] = v
            if size == 7:
                return
        room = 7 - size
        for r in range(start, 1, -1):
            p = pow5[r]
            m = mask | 1 << r
            rr = (r,)
            visit(r - 1, size + 1, key + p, m, quads, trips, pairs, singles + rr)
            if room >= 2:
                visit(r - 1, size + 2, key + 2 * p, m, quads, trips, pairs + rr, singles)
                if room >= 3:
                    visit(r - 1, size + 3, key + 3 * p, m, quads, trips + rr, pairs, singles)
                    if room >= 4:
                        visit(r - 1, size + 4, key + 4 * p, m, quads + rr, trips, pairs, singles)

    visit(14, 0, 0, 0, (), (), (), ())
    return table


def _flush_value(mask13: int) -> int:
    """Value of the best hand from one suit's cards (rank mask, bit 0 = deuce)."""
    mask = mask13 << 2
    top = _straight_top(mask)
    if top:
        return STRAIGHT_FLUSH << 20 | top << 16
    ranks = [r for r in range(14, 1, -1) if mask >> r & 1][:5]
    return FLUSH << 20 | _nibbles(ranks)


_POW5 = [0, 0] + [5 ** (r - 2) for r in range(2, 15)]
_KEYS = tuple((_POW5[c.rank] << 16) | (1 << 4 * (c & 3)) for c in FULL_DECK)  # per card, cheap: made at import
_NONFLUSH: dict[int, int] = {}  # rank-key sum -> best non-flush value: empty until build_tables()
_FLUSH: list[int] = [0] * 8192  # 13-bit rank mask of one suit -> best flush value: zeros until build_tables()
_BUILT = False
_BUILDING = Lock()  # two threads of the server valuing their first hand at once build the tables once

BUILD_SECONDS = 0.0
"""Time the last build_tables() took to build the tables (0 until they are built)."""


def build_tables() -> None:
    """Fill the tables, once (later calls return at once). A server calls it as it starts, so that the first
    all-in is not the one that waits for them."""
    global _BUILT, BUILD_SECONDS
    if _BUILT:
        return
    with _BUILDING:
        if _BUILT:
            return
        started = time.perf_counter()
        cached = _cached_tables()
        if cached is None:
            flush = [0] * 8192
            for mask in range(8192):
                if mask.bit_count() >= 5:
                    flush[mask] = _flush_value(mask)
            nonflush = _nonflush_table(_POW5)
            _store_tables(nonflush, flush)
        else:
            nonflush, flush = cached
        _NONFLUSH.update(nonflush)
        _FLUSH[:] = flush
        BUILD_SECONDS = time.perf_counter() - started
        _BUILT = True


def _cache_key() -> str | None:
    """The tables' file name: this file builds them, so any edit to it is a new file."""
    return table_cache.key_of("evaluator", [__file__])


def _cached_tables() -> tuple[dict[int, int], list[int]] | None:
    """The tables as the last build wrote them (see :mod:`tournaments.poker.table_cache`), or None."""
    payload = table_cache.load(_cache_key())
    if payload is None:
        return None
    numbers = array("q")
    numbers.frombytes(payload)
    if len(numbers) < 8192 or (len(numbers) - 8192) % 2:
        return None
    half = (len(numbers) - 8192) // 2
    return dict(zip(numbers[:half], numbers[half : 2 * half])), numbers[2 * half :].tolist()


def _store_tables(nonflush: dict[int, int], flush: list[int]) -> None:
    numbers = array("q", nonflush.keys())
    numbers.extend(nonflush.values())
    numbers.extend(flush)
    table_cache.store(_cache_key(), numbers.tobytes())


# --------------------------------------------------------------------------
# Fast path
# --------------------------------------------------------------------------


def _flush_hand(cards: Sequence[int], v: int, _suit: dict[int, int] = _FLUSH_SUIT, _flush: list[int] = _FLUSH) -> int:
    suit = _suit[(v + _FLUSH_TEST) & _FLUSH_BITS]
    mask = 0
    for c in cards:
        if c & 3 == suit:
            mask |= 1 << (c >> 2)
    value = _flush[mask]
    if not value and not _BUILT:  # every mask of five or more cards has a value once the table is built
        build_tables()
        value = _flush[mask]
    return value


def _nonflush_value(key: int) -> int:
    """The slow path of a non-flush lookup that missed: the table not built yet (or cards given twice, which
    miss again and raise KeyError as they always did)."""
    build_tables()
    return _NONFLUSH[key]


def hand_value(
    cards: Sequence[int],
    _k: tuple[int, ...] = _KEYS,
    _nf: dict[int, int] = _NONFLUSH,
    _flush_hand: Callable[[Sequence[int], int], int] = _flush_hand,
) -> int:
    """Value of the best five of 5, 6 or 7 cards; higher is better, equal ties.

    This is the fast path and does NOT validate: the cards must be distinct
    Cards (or plain ints 0..51). Duplicates give a meaningless value; fewer
    than 5 or more than 7 cards raise :class:`CardError`. Use
    :func:`evaluate` for checked input.
    """
    try:
        a, b, c, d, e, f, g = cards
    except ValueError:
        if not 5 <= len(cards) <= 6:
            raise CardError(f"a hand has 5 to 7 cards, got {len(cards)}") from None
        v = 0
        for x in cards:
            v += _k[x]
    else:
        v = _k[a] + _k[b] + _k[c] + _k[d] + _k[e] + _k[f] + _k[g]
    if (v + 0x3333) & 0x8888:
        return _flush_hand(cards, v)
    try:
        return _nf[v >> 16]
    except KeyError:
        return _nonflush_value(v >> 16)


def hand_value7(
    a: Card,
    b: Card,
    c: Card,
    d: Card,
    e: Card,
    f: Card,
    g: Card,
    _k: tuple[int, ...] = _KEYS,
    _nf: dict[int, int] = _NONFLUSH,
    _flush_hand: Callable[[Sequence[int], int], int] = _flush_hand,
) -> int:
    """:func:`hand_value` for exactly seven cards given as arguments (no validation)."""
    v = _k[a] + _k[b] + _k[c] + _k[d] + _k[e] + _k[f] + _k[g]
    if (v + 0x3333) & 0x8888:
        return _flush_hand((a, b, c, d, e, f, g), v)
    try:
        return _nf[v >> 16]
    except KeyError:
        return _nonflush_value(v >> 16)


def category_of(value: int) -> str:
    """Category name of a hand value (``royal_flush`` for the ace-high straight flush)."""
    if value >= _ROYAL_VALUE:
        return "royal_flush"
    return _CATEGORY_NAMES[value >> 20]


_FLOORS = {name: i << 20 for i, name in enumerate(_CATEGORY_NAMES)}
_FLOORS["royal_flush"] = _ROYAL_VALUE


def category_floor(category: str) -> int:
    """The lowest value in ``category``: ``value >= category_floor("straight")``
    means a straight or better."""
    try:
        return _FLOORS[category]
    except KeyError:
        raise ValueError(f"unknown hand category {category!r}") from None


# --------------------------------------------------------------------------
# Checked evaluation with the best five cards, for display
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class HandRank:
    """A hand's value, category name and best five cards.

    Compare hands by ``.value``. ``best_five`` lists the combination first,
    then the kickers, each part high to low (a wheel is 5-4-3-2-A).
    """

    value: int
    category: str
    best_five: tuple[Card, ...]

    def __str__(self) -> str:
        return f"{self.category} {format_cards(self.best_five)}"


def _order_five(five: tuple[Card, ...], value: int) -> tuple[Card, ...]:
    cat = value >> 20
    if cat == STRAIGHT or cat == STRAIGHT_FLUSH:
        ordered = sorted(five, reverse=True)
        if value >> 16 & 15 == 5:  # wheel: the ace plays low
            ordered = ordered[1:] + ordered[:1]
        return tuple(ordered)
    counts: dict[int, int] = {}
    for c in five:
        counts[c >> 2] = counts.get(c >> 2, 0) + 1
    return tuple(sorted(five, key=lambda c: (counts[c >> 2], c), reverse=True))


def evaluate(cards: str | Iterable[Card | str]) -> HandRank:
    """Evaluate 5, 6 or 7 distinct cards, with validation.

    ``cards`` is a sequence of Cards, or anything :func:`parse_cards`
    accepts (``"AsKsQsJsTs"``, ``["As", "Ks", ...]``). Raises
    :class:`CardError` for fewer than 5 or more than 7 cards, an unknown
    card or a duplicate. Slower than :func:`hand_value`.
    """
    if not isinstance(cards, (str, list, tuple)):
        try:
            cards = tuple(cards)
        except TypeError:
            raise CardError(f"a hand is a group of cards, got {cards!r}") from None
    cards = parse_cards(cards)  # also refuses duplicates
    if not 5 <= len(cards) <= 7:
        raise CardError(f"a hand has 5 to 7 cards, got {len(cards)}")
    value = hand_value(cards)
    best = None
    # High cards first, so that among equal fives the highest cards are shown.
    for five in combinations(sorted(cards, reverse=True), 5):
        if hand_value(five) == value:
            best = five
            break
    assert best is not None
    return HandRank(value, category_of(value), _order_five(best, value))
