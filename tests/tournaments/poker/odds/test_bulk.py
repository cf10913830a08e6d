"""The bulk evaluator agrees with the per-hand evaluator on every seven-card hand.

Both value a seven-card hand from two things only: its multiset of ranks and, with five or more cards of
one suit, the ranks of that suit. So checking one hand of every such class checks all 133,784,560 hands:
the classes are counted here, weighted by how many hands each stands for, and the weights add up to
C(52, 7). ``python -m tests.benchmarks.evaluator --exhaustive`` runs every single hand as well.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement
from math import comb, prod

import numpy as np

from tournaments.poker import bulk
from tournaments.poker.cards import FULL_DECK
from tournaments.poker.evaluator import hand_value


def _non_flush_classes():
    """One hand without a flush for every multiset of seven ranks that has one, with its number of hands."""
    for ranks in combinations_with_replacement(range(13), 7):
        per_rank = Counter(ranks)
        if max(per_rank.values()) > 4:
            continue
        total = prod(comb(4, n) for n in per_rank.values())
        flushes = 0
        for k in range(5, len(per_rank) + 1):
            for suited in combinations(per_rank, k):
                flushes += 4 * prod(comb(3, n - 1) if r in suited else comb(3, n) for r, n in per_rank.items())
        if total == flushes:
            continue
        hand, suit = [], 0
        for r, n in per_rank.items():  # suits in rotation: at most two of a suit
            hand += [r * 4 + (suit + i) % 4 for i in range(n)]
            suit += n
        yield hand, total - flushes


def _flush_classes():
    """One hand for every flush class: the ranks of the suited cards (5, 6 or 7 of spades) and the multiset
    of the ranks of the others (clubs, diamonds, hearts), with its number of hands in all four suits."""
    for k in (5, 6, 7):
        for suited in combinations(range(13), k):
            for others in combinations_with_replacement(range(13), 7 - k):
                per_rank = Counter(others)
                if max(per_rank.values(), default=0) > 3:
                    continue
                hand = [r * 4 + 3 for r in suited] + [r * 4 + i for r, n in per_rank.items() for i in range(n)]
                yield hand, 4 * prod(comb(3, n) for n in per_rank.values())


def test_every_class_of_seven_card_hands_gets_the_per_hand_evaluators_value():
    hands, weights = [], []
    for source in (_non_flush_classes(), _flush_classes()):
        for hand, weight in source:
            hands.append(hand)
            weights.append(weight)
    assert sum(weights) == comb(52, 7) == 133_784_560
    ours = bulk.values7(np.array(hands))
    expected = np.array([hand_value(hand) for hand in hands])
    wrong = np.flatnonzero(ours != expected)
    assert wrong.size == 0, [(hands[i], int(ours[i]), int(expected[i])) for i in wrong[:5]]


def test_strengths_order_hands_as_the_values_do_and_have_7462_classes():
    assert len(bulk.VALUES) == 7463 and bulk.VALUES[0] == 0
    assert (np.diff(bulk.VALUES[1:]) > 0).all()
    assert bulk.RANK_TABLE.max() < bulk.FLUSH_TABLE.max() == 7462  # the royal flush is the best hand


def test_random_hands_in_bulk_equal_the_per_hand_values():
    rng = random.Random(30)
    hands = [rng.sample(range(52), 7) for _ in range(50_000)]
    assert bulk.values7(np.array(hands)).tolist() == [hand_value(h) for h in hands]


def test_boards_from_makes_every_completion_once():
    deck = [0, 5, 9, 17, 22, 30, 33, 41, 47, 51]
    board = (12, 13)
    boards = bulk.boards_from(deck, 3, board)
    expected = sorted(
        (int(bulk.CARD_KEYS[list(c + board)].sum()), int(np.bitwise_or.reduce(bulk.CARD_BITS[list(c + board)])))
        for c in combinations(deck, 3)
    )
    assert sorted(zip(boards.keys.tolist(), boards.masks.tolist())) == expected
    assert len(boards) == comb(10, 3)
    assert len(bulk.boards_from(deck, 0, (1, 2, 3, 4, 5))) == 1


def test_the_boards_path_equals_the_seven_card_path_on_every_five_card_board():
    """Every one of the 2,598,960 five-card boards, with hole cards of several suit patterns (the boards path
    finds a flush through the board's suit of three or more cards)."""
    boards = bulk.boards_from(range(52), 5)
    assert len(boards) == comb(52, 5)
    seven = _boards_as_cards(boards)
    for a, b in ((48, 51), (51, 47), (0, 4), (50, 49), (20, 22)):  # AcAs, AsKs, 2c3c, AhAd, 7c7h
        playable = ~((seven == a) | (seven == b)).any(axis=1)  # a board that holds a hole card is no hand
        some = bulk.Boards(boards.keys[playable], boards.masks[playable], boards.suits[playable])
        with_hole = bulk.strengths_on_boards(some, [(a, b)])[0]
        hands = np.concatenate([seven[playable], np.tile([a, b], (int(playable.sum()), 1))], axis=1)
        assert (with_hole == bulk.strengths7(hands)).all()


def _boards_as_cards(boards: bulk.Boards) -> np.ndarray:
    """The five cards of each board, read back from its suit mask (bit 16 * suit + rank)."""
    bits = np.unpackbits(boards.masks.astype("<u8").view(np.uint8).reshape(-1, 8), axis=1, bitorder="little")
    rows, positions = np.nonzero(bits)
    assert (np.bincount(rows, minlength=len(boards)) == 5).all()
    return ((positions % 16) * 4 + positions // 16).reshape(-1, 5)


def test_the_deck_is_the_one_the_cards_module_deals():
    assert [int(c) for c in FULL_DECK] == list(range(52))
    assert bulk.CARD_KEYS[51] == bulk.RANK_KEYS[12] and int(bulk.CARD_BITS[51]) == 1 << (48 + 12)
