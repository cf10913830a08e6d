"""All-in odds by exact enumeration, and the ``equity`` contract (docs/contracts.md).

Pure Python and numpy, no Django import. Once no more betting can change a hand, every way of
completing the board from the cards left is one equally likely outcome; in each, every hand is valued
by its best five of seven cards and the best hand wins (hands that tie share). :func:`equity` counts every
completion: the few of a flop or a turn hand by hand with the per-hand evaluator; the whole board to come
(before the flop: 1,712,304 boards for two hands) by classes of boards that value alike, each weighted by
how many boards it stands for (:func:`_by_pot_before_the_flop`), with numpy and the bulk evaluator's
tables, which are loaded only for those. The counts are exact either way: a few milliseconds instead of
valuing every board, which was most of a ``manage.py equity`` run before the flop.

:func:`equity_contract` reads the contract's input object and builds its output object; every problem
raises :class:`EquityError`, whose message is the one line the command prints.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Any

from tournaments.poker import evaluator
from tournaments.poker.cards import Card, CardError, parse_cards

__all__ = ["EquityError", "Odds", "equity", "equity_by_pot", "parse_json", "equity_contract", "contract_text"]

MIN_HANDS, MAX_HANDS = 2, 10
ONE_BY_ONE = 5_000
"""Up to this many hands to value (boards times hands: every spot after the flop), the per-hand evaluator
values them one by one: numpy and the bulk evaluator's tables take longer to load than that loop to run."""
BOARD_SIZES = (0, 3, 4, 5)


class EquityError(ValueError):
    """Bad input for ``equity``; ``str()`` is one line naming what is wrong and where."""


@dataclass(frozen=True)
class Odds:
    """One hand's result over all ``boards`` completions: ``ties_by_size[k]`` counts the boards on which it
    shares the best hand with ``k - 1`` others."""

    boards: int
    wins: int
    ties_by_size: tuple[int, ...]

    @property
    def ties(self) -> int:
        return sum(self.ties_by_size)

    @property
    def equity(self) -> Fraction:
        """Its expected share of the pot: a win counts 1, a k-way tie 1/k."""
        shares = self.wins + sum(Fraction(count, size) for size, count in enumerate(self.ties_by_size) if count)
        return Fraction(shares, self.boards)

    @property
    def win_chance(self) -> Fraction:
        return Fraction(self.wins, self.boards)

    @property
    def split_chance(self) -> Fraction:
        return Fraction(self.ties, self.boards)


def equity(hands: Sequence[Sequence[Card]], board: Sequence[Card] = (), dead: Sequence[Card] = ()) -> list[Odds]:
    """Each hand's wins and ties over every completion of ``board`` (0 to 5 cards) from the cards that are
    in no hand, not on the board and not ``dead``. The cards must be distinct (unchecked here)."""
    return equity_by_pot(hands, [range(len(hands))], board, dead)[0]


def equity_by_pot(
    hands: Sequence[Sequence[Card]],
    pots: Sequence[Sequence[int]],
    board: Sequence[Card] = (),
    dead: Sequence[Card] = (),
) -> list[list[Odds]]:
    """For each pot (the indexes into ``hands`` of the hands that can win it), those hands' wins and ties in
    that pot, in the pot's order: with side pots a short stack's hand competes for the main pot only, so the
    bigger stacks' chances in a side pot are counted among themselves. Every board is valued once for all
    the pots. The cards must be distinct (unchecked here)."""
    used = {int(card) for hand in hands for card in hand} | {int(c) for c in board} | {int(c) for c in dead}
    deck = [card for card in range(52) if card not in used]
    missing = 5 - len(board)
    if missing > len(deck):
        raise EquityError(f"not enough cards left to complete the board: {missing} needed, {len(deck)} left")
    holes = [(int(a), int(b)) for a, b in hands]
    members = [list(pot) for pot in pots]
    for pot in members:
        if not pot or len(set(pot)) != len(pot) or not all(0 <= k < len(holes) for k in pot):
            raise EquityError(f"a pot must name distinct hands among 0 to {len(holes) - 1}, got {pot}")
    if comb(len(deck), missing) * len(holes) <= ONE_BY_ONE:
        return _by_pot_one_by_one(holes, members, [int(c) for c in board], deck, missing)
    if not board:
        return _by_pot_before_the_flop(holes, members, deck)
    import numpy as np

    from tournaments.poker import bulk

    # Row r of a pot counts its ties in bins r*(n+1) + sharers (n: the pot's hands).
    offsets = [(len(pot) + 1) * np.arange(len(pot))[:, None] for pot in members]
    tallies = [np.zeros(len(pot) * (len(pot) + 1), dtype=np.int64) for pot in members]
    boards = 0
    for chunk in bulk.board_chunks(deck, missing, board):
        strengths = bulk.strengths_on_boards(chunk, holes)
        for pot, offset, tally in zip(members, offsets, tallies):
            in_pot = strengths[pot]
            on_top = in_pot == in_pot.max(axis=0)
            sharing = on_top.sum(axis=0)
            tally += np.bincount((sharing + offset)[on_top], minlength=len(tally))
        boards += len(chunk)
    return [
        [Odds(boards, int(row[1]), (0, 0, *(int(n) for n in row[2:]))) for row in tally.reshape(len(pot), len(pot) + 1)]
        for pot, tally in zip(members, tallies)
    ]


def _by_pot_before_the_flop(
    holes: list[tuple[int, int]], members: list[list[int]], deck: list[int]
) -> list[list[Odds]]:
    """`equity_by_pot` for the whole board to come, by classes of boards instead of board by board.

    Without three cards of one suit on the board nobody can hold a flush, and every hand's value depends on
    the board's ranks alone: so every board is first counted by its multiset of five ranks (6,175 at most),
    weighted by how many boards of the deck have those ranks, as if none made a flush. Then the boards on
    which someone can hold a flush are counted again: those with k cards of one suit (k >= 3, and k plus
    some hand's cards of that suit at least 5), by their suited ranks and the multiset of their one or two
    other ranks (weighted again); each counts as it really is and takes back what the first count gave it.
    Two hands before the flop are about 6,000 and 40,000 classes instead of 1,712,304 boards; the counts
    are exactly those of every board valued one by one (tests/tournaments/poker/odds/test_equity.py)."""
    import numpy as np

    from tournaments.poker import bulk

    left = np.zeros(52, dtype=np.intp)
    left[deck] = 1
    by_rank = left.reshape(13, 4)  # card = 4 * rank + suit
    per_rank = by_rank.sum(axis=1)
    hole_keys = np.array([int(bulk.CARD_KEYS[a] + bulk.CARD_KEYS[b]) for a, b in holes], dtype=np.int64)[:, None]
    tallies = [np.zeros(len(pot) * (len(pot) + 1)) for pot in members]

    def count(strengths: Any, weights: Any) -> None:
        # Row r of a pot counts its ties in bins r*(n+1) + sharers (n: the pot's hands), each class by its weight.
        for pot, tally in zip(members, tallies):
            in_pot = strengths[pot]
            on_top = in_pot == in_pot.max(axis=0)
            bins = on_top.sum(axis=0) + (len(pot) + 1) * np.arange(len(pot))[:, None]
            tally += np.bincount(bins[on_top], np.broadcast_to(weights, on_top.shape)[on_top], len(tally))

    keys, weights = _rank_multisets(per_rank, 5)
    count(bulk.RANK_TABLE[keys + hole_keys], weights)  # every board, as if none made a flush
    boards = int(weights.sum())
    for suit in range(4):
        in_suit = [sum(card & 3 == suit for card in hole) for hole in holes]
        hole_masks = np.array([sum(1 << (c >> 2) for c in hole if c & 3 == suit) for hole in holes])[:, None]
        suited = [rank for rank in range(13) if by_rank[rank, suit]]
        others = per_rank - by_rank[:, suit]
        for k in range(max(3, 5 - max(in_suit)), 6):
            chosen = np.array(list(combinations(suited, k)), dtype=np.intp).reshape(-1, k)
            rest_keys, rest_weights = _other_ranks(others, 5 - k)
            keys = (bulk.RANK_KEYS[chosen].sum(axis=1, dtype=np.int64)[:, None] + rest_keys).ravel()
            masks = np.repeat((1 << chosen).sum(axis=1), len(rest_keys))
            weights = np.tile(rest_weights, len(chosen))
            plain = bulk.RANK_TABLE[keys + hole_keys]
            count(np.maximum(plain, bulk.FLUSH_TABLE[masks | hole_masks]), weights)  # as they are
            count(plain, -weights)  # less what the first count gave them
    exact = [np.rint(tally).astype(np.int64).reshape(len(pot), -1) for pot, tally in zip(members, tallies)]
    return [[Odds(boards, int(row[1]), (0, 0, *(int(n) for n in row[2:]))) for row in rows] for rows in exact]


def _rank_multisets(left: Any, size: int) -> tuple[Any, Any]:
    """Every multiset of `size` ranks that the cards `left` (a count for each of the 13 ranks) can make: the
    sum of its ranks' keys (:data:`~tournaments.poker.bulk.RANK_KEYS`) and how many ways the cards give it
    (the product over its ranks of C(cards left, count)). Built a rank at a time, as the coefficients of a
    product of polynomials."""
    import numpy as np

    from tournaments.poker import bulk

    sizes, keys, weights = np.zeros(1, dtype=np.intp), np.zeros(1, dtype=np.int64), np.ones(1, dtype=np.int64)
    for rank in range(13):
        most = min(int(left[rank]), size)
        key = int(bulk.RANK_KEYS[rank])
        grown = [(sizes + k, keys + k * key, weights * comb(int(left[rank]), k)) for k in range(most + 1)]
        sizes, keys, weights = (np.concatenate(parts) for parts in zip(*grown))
        fits = sizes <= size
        sizes, keys, weights = sizes[fits], keys[fits], weights[fits]
    whole = sizes == size
    return keys[whole], weights[whole]


def _other_ranks(left: Any, size: int) -> tuple[Any, Any]:
    """`_rank_multisets` for the one or two cards of a board beside its suited ones (`size` 0 to 2)."""
    import numpy as np

    from tournaments.poker import bulk

    if size == 0:
        return np.zeros(1, dtype=np.int64), np.ones(1, dtype=np.int64)
    keys = bulk.RANK_KEYS.astype(np.int64)
    if size == 1:
        return keys[left > 0], left[left > 0].astype(np.int64)
    first, second = np.triu_indices(13)
    weights = np.where(first == second, left[first] * (left[first] - 1) // 2, left[first] * left[second])
    return (keys[first] + keys[second])[weights > 0], weights[weights > 0].astype(np.int64)


def _by_pot_one_by_one(
    holes: list[tuple[int, int]], members: list[list[int]], board: list[int], deck: list[int], missing: int
) -> list[list[Odds]]:
    """`equity_by_pot` for a few boards (the turn or the river to come): each hand valued on each board with the
    per-hand evaluator, whose tables the bulk one is built from, so both count the same."""
    tallies = [[[0] * (len(pot) + 1) for _ in pot] for pot in members]
    boards = 0
    for extra in combinations(deck, missing):
        full = (*board, *extra)
        values = [evaluator.hand_value((a, b, *full)) for a, b in holes]
        for pot, tally in zip(members, tallies):
            best = max(values[k] for k in pot)
            on_top = [r for r, k in enumerate(pot) if values[k] == best]
            for r in on_top:
                tally[r][len(on_top)] += 1
        boards += 1
    return [[Odds(boards, row[1], (0, 0, *row[2:])) for row in tally] for tally in tallies]


# --- the contract ----------------------------------------------------------------------------------------


def parse_json(text: str) -> Any:
    """``json.loads`` with one-line errors; a name given twice in ``hands`` is refused, not silently merged."""
    try:
        return json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_reject_constant)
    except json.JSONDecodeError as error:
        raise EquityError(f"malformed JSON: {error.msg} (line {error.lineno}, column {error.colno})") from None


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise EquityError(f"{key!r} given twice in one object (names must be unique)")
        seen[key] = value
    return seen


def _reject_constant(name: str) -> None:
    raise EquityError(f"malformed JSON: {name} is not a number")


def _cards(value: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(value, (str, list)):
        raise EquityError(f'{where}: cards must be a string like "AsKd" or a list like ["As", "Kd"]')
    try:
        return parse_cards(value)
    except CardError as error:
        raise EquityError(f"{where}: {error}") from None


def _parse(data: Any) -> tuple[list[str], list[tuple[Card, ...]], tuple[Card, ...], tuple[Card, ...]]:
    if not isinstance(data, Mapping):
        raise EquityError("the input must be a JSON object")
    for field in ("hands", "board"):
        if field not in data:
            raise EquityError(f"missing field {field!r}")
    hands = data["hands"]
    if not isinstance(hands, Mapping):
        raise EquityError('hands must be an object like {"Anna": "AsAh", "Ben": "KdKc"}')
    if not MIN_HANDS <= len(hands) <= MAX_HANDS:
        raise EquityError(f"hands: {MIN_HANDS} to {MAX_HANDS} hands are needed, got {len(hands)}")
    names: list[str] = []
    holes: list[tuple[Card, ...]] = []
    for name, cards in hands.items():
        if not name.strip():
            raise EquityError("hands: a name must not be empty")
        hole = _cards(cards, f"hands: {name}")
        if len(hole) != 2:
            raise EquityError(f"hands: {name} must have exactly two cards, got {len(hole)}")
        names.append(name)
        holes.append(hole)
    board = _cards(data["board"], "board")
    if len(board) not in BOARD_SIZES:
        raise EquityError(f"board: must have 0, 3, 4 or 5 cards, got {len(board)}")
    dead = data.get("dead")
    dead = () if dead is None else _cards(dead, "dead")
    seen: dict[int, str] = {}
    for where, cards in [*((f"hands: {n}", h) for n, h in zip(names, holes)), ("board", board), ("dead", dead)]:
        for card in cards:
            if card in seen:
                raise EquityError(f"card {card} used twice ({seen[card]} and {where})")
            seen[card] = where
    return names, holes, board, dead


def _fraction_text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def _rounded(value: Fraction) -> float | int:
    """Six decimal places, rounded from the exact fraction; whole numbers (also a share below 0.0000005,
    which rounds to 0) as whole numbers, printed without a decimal point as the contract says."""
    rounded = round(value, 6)
    return rounded.numerator if rounded.denominator == 1 else float(rounded)


# Python writes a float below 0.0001 in exponent form (9.7e-05); the contract's equities are plain decimals.
_EXPONENT_EQUITY = re.compile(r'^(\s*"equity": )([0-9.]+e-[0-9]+)(?=,?$)', re.M)


def contract_text(result: dict[str, Any]) -> str:
    """The command's output for :func:`equity_contract`'s object: indented JSON, every equity as a plain
    decimal of at most six places (``0.000097``, never ``9.7e-05``). Only an ``"equity"`` line can match:
    a name is a key whose line ends in ``{``, and any quote in it is escaped."""
    text = json.dumps(result, indent=2, ensure_ascii=False)
    return _EXPONENT_EQUITY.sub(lambda m: m.group(1) + format(float(m.group(2)), ".6f").rstrip("0"), text)


def equity_contract(data: Any) -> dict[str, Any]:
    """The contract's output object for its input object (:class:`EquityError` on bad input)."""
    names, holes, board, dead = _parse(data)
    odds = equity(holes, board, dead)
    return {
        "boards": odds[0].boards,
        "players": {
            name: {
                "wins": o.wins,
                "ties": o.ties,
                "equity": _rounded(o.equity),
                "equity_exact": _fraction_text(o.equity),
            }
            for name, o in zip(names, odds)
        },
    }
