"""Many seven-card hands at once, with numpy: the evaluator for enumerations (all-in odds).

Pure Python and numpy, no Django import. The per-hand evaluator (:mod:`tournaments.poker.evaluator`)
costs a Python call per hand; an enumeration of every board of an all-in evaluates millions of hands
that share their board, so here they are valued as arrays, a whole column of boards per hole-card pair.

A seven-card hand's value depends on two things only, as in the per-hand evaluator: its multiset of
ranks, and, when five or more cards share a suit, the set of ranks of that suit (with seven cards a
flush rules out quads and a full house, so the better of the two readings is the hand's value).

- The ranks: each rank has a key (:data:`RANK_KEYS`) chosen so that the sums of the keys of any seven
  ranks (at most four alike) are all different; they lie below 7,825,760, so one flat array
  (:data:`RANK_TABLE`, 16 MB of int16) maps a sum straight to the strength, with no hashing. The keys are
  the ones of Kennith's SKPokerEval; :func:`_build` checks that no two multisets share a sum.
- The suits: a card is bit ``rank`` of its suit's 16-bit lane in a 64-bit mask. A 13-bit rank mask
  of one suit indexes :data:`FLUSH_TABLE` (8192 entries; 0 below five cards).

Values here are *strengths*: 1 (the worst five cards, 7-5-4-3-2) to 7462 (a royal flush), one for
each class of equal hands, ordered as :func:`~tournaments.poker.evaluator.hand_value` orders them
(``VALUES[strength]`` is that value). Both tables are built from the per-hand evaluator's own tables,
so the two cannot disagree on a rule; ``tests/tournaments/poker/odds/test_bulk.py`` checks every class of
the 133,784,560 seven-card hands against :func:`~tournaments.poker.evaluator.hand_value`.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

import numpy as np

from tournaments.poker import evaluator, table_cache

if TYPE_CHECKING:
    from numpy.typing import ArrayLike

__all__ = [
    "RANK_KEYS",
    "RANK_TABLE",
    "FLUSH_TABLE",
    "VALUES",
    "CARD_KEYS",
    "CARD_BITS",
    "strengths7",
    "values7",
    "strengths_on_boards",
    "Boards",
    "boards_from",
    "board_chunks",
    "CHUNK",
]

_t0 = time.perf_counter()

RANK_KEYS = np.array([0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181], dtype=np.int32)
"""Key of each rank, deuce first: the sums of any seven (at most four alike) are all different."""


_CACHE_KEY = table_cache.key_of("bulk", [__file__, evaluator.__file__])  # built here from evaluator's tables


def _tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The tables, from the file the first build wrote (:mod:`tournaments.poker.table_cache`) or built.

    The file holds the 49,205 filled entries of the rank table, not its 16 MB: as int32, the sums, their
    strengths, the flush table and the values."""
    payload = table_cache.load(_CACHE_KEY)
    if payload is not None:
        numbers = np.frombuffer(payload, dtype=np.int32)
        filled = (len(numbers) - 8192 - _CLASSES) // 2
        if filled > 0 and len(numbers) == 2 * filled + 8192 + _CLASSES:
            sums, strengths = numbers[:filled], numbers[filled : 2 * filled]
            rank_table = np.zeros(int(sums.max()) + 1, dtype=np.int16)
            rank_table[sums] = strengths
            flush_table = numbers[2 * filled : 2 * filled + 8192].astype(np.int16)
            return rank_table, flush_table, numbers[2 * filled + 8192 :].copy()
    rank_table, flush_table, values = _build()
    sums = np.flatnonzero(rank_table).astype(np.int32)
    table_cache.store(
        _CACHE_KEY, np.concatenate([sums, rank_table[sums].astype(np.int32), flush_table, values]).tobytes()
    )
    return rank_table, flush_table, values


_CLASSES = 7463
"""Entries of VALUES: the 7462 classes of equal hands, and 0 for strength 0."""


def _build() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    # Every distinct hand value there is: the flush values and the non-flush ones of 5..7 ranks.
    evaluator.build_tables()
    nonflush = evaluator._NONFLUSH  # base-5 rank multiset -> value, for 5, 6 and 7 ranks
    flush = np.array(evaluator._FLUSH, dtype=np.int64)
    multisets = np.fromiter(nonflush.keys(), dtype=np.int64, count=len(nonflush))
    values = np.fromiter(nonflush.values(), dtype=np.int64, count=len(nonflush))
    classes = np.unique(np.concatenate([values, flush[flush > 0]]))  # sorted, worst first
    # Decode the base-5 keys into counts per rank; keep the seven-card multisets.
    counts = (multisets[:, None] // 5 ** np.arange(13, dtype=np.int64)) % 5
    seven = counts.sum(axis=1) == 7
    sums = counts[seven] @ RANK_KEYS.astype(np.int64)
    if len(np.unique(sums)) != len(sums):  # never: the keys are checked at every build
        raise AssertionError("two rank multisets share a key sum")
    rank_table = np.zeros(int(sums.max()) + 1, dtype=np.int16)
    rank_table[sums] = np.searchsorted(classes, values[seven]) + 1
    flush_table = np.zeros(8192, dtype=np.int16)
    has_flush = flush > 0
    flush_table[has_flush] = np.searchsorted(classes, flush[has_flush]) + 1
    return rank_table, flush_table, np.concatenate([[0], classes]).astype(np.int32)


RANK_TABLE, FLUSH_TABLE, VALUES = _tables()
"""Rank-key sum -> strength; a suit's 13-bit rank mask -> flush strength (0: no flush); strength -> hand value."""

_ranks = np.arange(52) >> 2
_suits = np.arange(52) & 3
CARD_KEYS = RANK_KEYS[_ranks]
"""Each card's rank key, by card index (0 = 2c .. 51 = As)."""
CARD_BITS = (np.uint64(1) << (16 * _suits + _ranks).astype(np.uint64)).astype(np.uint64)
"""Each card's bit in a 64-bit suit mask: bit ``rank`` (0 = deuce) of its suit's 16-bit lane."""


def strengths7(cards: ArrayLike) -> np.ndarray:
    """Strengths (1..7462, higher is better) of any number of seven-card hands: an array of shape (n, 7)
    of distinct card indexes 0..51 per row. No validation: duplicates give a meaningless value."""
    cards = np.asarray(cards, dtype=np.intp)
    strength: np.ndarray = RANK_TABLE[CARD_KEYS[cards].sum(axis=1)]
    masks = CARD_BITS[cards].sum(axis=1)  # the bits are distinct: the sum is their OR
    five = (_CARD_SUIT_ONE[cards].sum(axis=1) + 0x3333) & 0x8888  # a 4-bit counter of 5 or more
    flush_suit = _SUIT_OF_BIT[five]
    np.maximum(
        strength, FLUSH_TABLE[((masks >> _SHIFT[flush_suit]) & _LANE_KEEP[flush_suit]).astype(np.intp)], out=strength
    )
    return strength


def values7(cards: ArrayLike) -> np.ndarray:
    """:func:`~tournaments.poker.evaluator.hand_value` of many seven-card hands (shape (n, 7)), as int32."""
    values: np.ndarray = VALUES[strengths7(cards)]
    return values


CHUNK = 32_768
"""Boards valued at a time: their arrays stay small (cache-sized, reused by the allocator) however many boards."""


def board_chunks(deck: Iterable[int], count: int, board: Iterable[int] = (), size: int = CHUNK) -> Iterator[Boards]:
    """Every way of adding ``count`` cards from ``deck`` to ``board``, each choice once, as :class:`Boards`
    of about ``size`` boards at a time.

    Built a card at a time without gathering: the choices of k cards are kept ordered by their last card,
    so those that end before card L are a prefix of the list, and the choices of k + 1 cards that end
    with L are that prefix plus L (contiguous copies only; the order differs from
    ``itertools.combinations``, the set is the same). The last card's blocks are handed out as they are
    made, never all at once: six hands before the flop never hold 658,008 boards in memory together.
    """
    deck = [int(card) for card in deck]
    base = [int(card) for card in board]
    keys = np.full(1, int(CARD_KEYS[base].sum()), dtype=np.int32)
    masks = np.full(1, int(np.bitwise_or.reduce(CARD_BITS[base])) if base else 0, dtype=np.uint64)
    suits = np.full(1, sum(_SUIT_ONE[card] for card in base), dtype=np.int32)
    if count == 0:
        yield Boards(keys, masks, suits)
        return
    ends = [1] * (len(deck) + 1)  # ends[L]: how many choices end before deck[L] (the empty choice: all)
    for k in range(count):
        last = k == count - 1
        blocks: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
        held = 0
        new_ends = [0]
        for at, card in enumerate(deck):
            prefix = ends[at]
            new_ends.append(new_ends[-1] + prefix)
            if not prefix:
                continue
            blocks.append(
                (keys[:prefix] + CARD_KEYS[card], masks[:prefix] | CARD_BITS[card], suits[:prefix] + _SUIT_ONE[card])
            )
            held += prefix
            if last and held >= size:
                yield _joined(blocks)
                blocks, held = [], 0
        if last:
            if blocks:
                yield _joined(blocks)
            return
        keys, masks, suits = (np.concatenate(parts) for parts in zip(*blocks))
        ends = new_ends


def _joined(blocks: list[tuple[np.ndarray, np.ndarray, np.ndarray]]) -> Boards:
    if len(blocks) == 1:
        return Boards(*blocks[0])
    return Boards(*(np.concatenate(parts) for parts in zip(*blocks)))


def boards_from(deck: Iterable[int], count: int, board: Iterable[int] = ()) -> Boards:
    """All of :func:`board_chunks` in one :class:`Boards` (for tests and small enumerations)."""
    chunks = list(board_chunks(deck, count, board))
    return Boards(*(np.concatenate(parts) for parts in zip(*((c.keys, c.masks, c.suits) for c in chunks))))


class Boards:
    """Many five-card boards, as arrays: the sum of their cards' rank keys, their 64-bit suit mask, and
    their four 4-bit suit counters (``1 << 4 * suit`` per card)."""

    __slots__ = ("keys", "masks", "suits")

    def __init__(self, keys: np.ndarray, masks: np.ndarray, suits: np.ndarray) -> None:
        self.keys, self.masks, self.suits = keys, masks, suits

    def __len__(self) -> int:
        return len(self.keys)


def strengths_on_boards(boards: Boards, holes: Sequence[tuple[int, int]]) -> np.ndarray:
    """The strength of each pair of hole cards on each of many five-card boards, shape (len(holes), boards).

    The work shared by all pairs is done once per board: a board of five cards has at most one suit with
    three or more cards, the only suit in which two hole cards can complete a flush; its rank mask is kept
    (0 for a board with no such suit: two hole cards then add at most two cards of any suit).
    """
    three = (boards.suits + 0x5555) & 0x8888  # a 4-bit counter of 3 or more overflows into its top bit
    flush_suit = _SUIT_OF_BIT[three]
    board_flush = ((boards.masks >> _SHIFT[flush_suit]) & _LANE_KEEP[flush_suit]).astype(np.intp)
    out = np.empty((len(holes), len(boards)), dtype=np.int16)
    for row, (a, b) in enumerate(holes):
        bits = int(CARD_BITS[a] | CARD_BITS[b])
        hole_lanes = np.array([bits >> 16 * suit & 0x1FFF for suit in range(4)] + [0], dtype=np.intp)
        strength = RANK_TABLE[boards.keys + int(CARD_KEYS[a] + CARD_KEYS[b])]
        np.maximum(strength, FLUSH_TABLE[board_flush | hole_lanes[flush_suit]], out=strength)
        out[row] = strength
    return out


_SUIT_ONE = [1 << 4 * (card & 3) for card in range(52)]
_CARD_SUIT_ONE = np.array(_SUIT_ONE, dtype=np.int32)
_SUIT_OF_BIT = np.full(0x8889, 4, dtype=np.intp)  # the suit whose counter overflowed, or 4 for none
for _suit in range(4):
    _SUIT_OF_BIT[0x8 << 4 * _suit] = _suit
_SHIFT = np.array([0, 16, 32, 48, 0], dtype=np.uint64)
_LANE_KEEP = np.array([0x1FFF] * 4 + [0], dtype=np.uint64)

BUILD_SECONDS = time.perf_counter() - _t0
