"""A basic strategy for Ultimate Texas Hold'em: the Wizard of Odds' simple strategy.

Pure Python, no Django import. This is the readable version: it works on
Cards and the checked evaluator, and :func:`decide` plays a box of a
:class:`~housegames.engines.uth.rules.UthRound`. ``simulation`` has the same rules
inlined for speed; a test holds the two to the same decisions and
settlements.

Source: Michael Shackleford, "Ultimate Texas Hold 'Em", section "Strategy"
(the simple strategy for the three decision points),
https://wizardofodds.com/games/ultimate-texas-hold-em/ . The pre-flop list is
the same as the pre-flop part of his "advanced" strategy
(https://wizardofodds.com/games/ultimate-texas-hold-em/strategy/).

Pre-flop (raise 4x, never 3x, otherwise check):
  - any pair of threes or better;
  - any ace;
  - king with any card when suited, with a five or better unsuited (K2s+, K5o+);
  - queen with a six or better suited, an eight or better unsuited (Q6s+, Q8o+);
  - jack with an eight or better suited, a ten unsuited (J8s+, JTo).

Flop (raise 2x, otherwise check), with the two hole cards and the flop:
  - two pair or better, made with at least one hole card (three of a kind
    lying on the flop alone does not count);
  - a hidden pair, except pocket deuces: a pocket pair, or a hole card that
    pairs a flop card;
  - four to a flush with a hole card of that suit of ten or higher.

River (raise 1x, otherwise fold), with the whole board:
  - a hidden pair or better: a pocket pair, a hole card that pairs a board
    card, or a straight or better that beats the board's own five cards;
  - fewer than 21 dealer outs "that beat you": an out is one of the 45
    unseen cards with which the dealer's six cards (the board and that card)
    would beat the player's hand; a card that would only tie is not an out.
    (Counting ties as outs too, as some secondary sources do, costs about
    1.4% of the ante per round: see docs/housegames/uth.md.)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tournaments.poker.cards import FULL_DECK, Card
from tournaments.poker.evaluator import category_floor, hand_value

if TYPE_CHECKING:
    from housegames.engines.uth.rules import UthRound

__all__ = [
    "STRATEGY_NAME",
    "STRATEGY_SOURCE",
    "raises_preflop",
    "raises_flop",
    "raises_river",
    "dealer_outs",
    "decide",
]

STRATEGY_NAME = "Wizard of Odds simple strategy"
STRATEGY_SOURCE = (
    "Michael Shackleford, Wizard of Odds, https://wizardofodds.com/games/ultimate-texas-hold-em/, section Strategy"
)

_TWO_PAIR = category_floor("two_pair")
_STRAIGHT = category_floor("straight")
_FULL_HOUSE = category_floor("full_house")
_TEN = 10
OUTS_LIMIT = 21


def _rank(card: Card) -> int:
    return (card >> 2) + 2


def raises_preflop(hole: Sequence[Card]) -> bool:
    """Raise 4x before the flop?"""
    a, b = sorted((_rank(hole[0]), _rank(hole[1])), reverse=True)
    suited = hole[0] & 3 == hole[1] & 3
    if a == b:
        return a >= 3
    if a == 14:
        return True
    if a == 13:
        return b >= (2 if suited else 5)
    if a == 12:
        return b >= (6 if suited else 8)
    if a == 11:
        return b >= (8 if suited else 10)
    return False


def _hidden_pair(hole: Sequence[Card], board: Sequence[Card]) -> bool:
    board_ranks = {_rank(c) for c in board}
    r1, r2 = _rank(hole[0]), _rank(hole[1])
    return r1 == r2 or r1 in board_ranks or r2 in board_ranks


def raises_flop(hole: Sequence[Card], flop: Sequence[Card]) -> bool:
    """Raise 2x on the flop (after checking before it)?"""
    r1, r2 = _rank(hole[0]), _rank(hole[1])
    if r1 == r2 and r1 >= 3:
        return True
    flop_ranks = [_rank(c) for c in flop]
    if r1 in flop_ranks or r2 in flop_ranks:
        return True
    value = hand_value(tuple(hole) + tuple(flop))
    flop_trips = flop_ranks[0] == flop_ranks[1] == flop_ranks[2]
    if value >= _TWO_PAIR and not (flop_trips and value < _FULL_HOUSE):
        return True
    for suit in range(4):
        if sum(1 for c in (*hole, *flop) if c & 3 == suit) == 4:
            return any(c & 3 == suit and _rank(c) >= _TEN for c in hole)
    return False


def dealer_outs(hole: Sequence[Card], board: Sequence[Card]) -> int:
    """How many of the unseen cards would give the dealer (with the board) a
    hand that beats the player's."""
    player = hand_value(tuple(hole) + tuple(board))
    seen = set(hole) | set(board)
    board = tuple(board)
    return sum(1 for c in FULL_DECK if c not in seen and hand_value(board + (c,)) > player)


def raises_river(hole: Sequence[Card], board: Sequence[Card]) -> bool:
    """Raise 1x after the river (after checking twice)? Otherwise fold."""
    if _hidden_pair(hole, board):
        return True
    value = hand_value(tuple(hole) + tuple(board))
    if value >= _STRAIGHT and value > hand_value(tuple(board)):
        return True
    return dealer_outs(hole, board) < OUTS_LIMIT


def decide(round_: UthRound, box: int) -> str:
    """The strategy's decision for ``box`` of a
    :class:`~housegames.engines.uth.rules.UthRound` whose turn it is."""
    hole = round_.boxes[box].hole
    if round_.phase == "preflop":
        return "4x" if raises_preflop(hole) else "check"
    if round_.phase == "flop":
        return "2x" if raises_flop(hole, round_.visible_board) else "check"
    if round_.phase == "river":
        return "1x" if raises_river(hole, round_.visible_board) else "fold"
    raise ValueError(f"no decision in phase {round_.phase!r}")
