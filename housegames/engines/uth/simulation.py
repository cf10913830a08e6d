"""Fast simulation of Ultimate Texas Hold'em under the basic strategy.

Pure Python, no Django import. ``uth_simulate`` and the benchmark
(``python -m tests.benchmarks.uth``) run :func:`simulate`.

Speed comes from staying on plain ints: a card is its index 0..51, a hand's
value comes straight from the evaluator's tables (one key sum for the board,
shared by player and dealer), the pre-flop strategy is a 52x52 lookup, and
the river's dealer outs are counted by rank (13 table lookups) unless the
board has four cards of one suit. Nothing here builds a
:class:`~housegames.engines.uth.rules.UthRound`; instead
tests/housegames/engines/uth/test_simulation.py plays thousands of seeded rounds
through both and requires identical decisions and settlements.

Units inside the loop: the Ante/Blind/Play result is counted in half antes
(so a 3:2 Blind is a whole number), the Trips result in Trips bets.

Dealing: one uniform random integer below 52*51*...*44 is split into nine
mixed-radix digits that drive nine steps of a Fisher-Yates shuffle on a
persistent deck list: the nine cards are a uniformly random ordered draw
whatever the list's current order.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TypeVar, cast

from housegames.engines.uth.rules import PayTable, RuleProfile, get_profile
from housegames.engines.uth.strategy import OUTS_LIMIT, raises_preflop
from tournaments.poker import evaluator as _ev
from tournaments.poker.cards import FULL_DECK
from tournaments.poker.evaluator import CATEGORIES, category_floor

__all__ = [
    "TRIPS_EXACT_COUNTS",
    "exact_trips_return",
    "make_round_function",
    "simulate",
    "SimulationResult",
    "Estimate",
]

_ev.build_tables()  # the loops below look the tables up themselves, without the evaluator's first-use check
_K = _ev._KEYS  # per card: 5 ** (rank - 2) << 16 | 1 << 4 * suit
_NF = _ev._NONFLUSH  # rank-key sum -> best non-flush value
_FLUSH = _ev._FLUSH  # 13-bit rank mask of one suit -> best flush value
_FLUSH_SUIT = _ev._FLUSH_SUIT
_POW5 = tuple(5**r for r in range(13))

_ROYAL = category_floor("royal_flush")
_TWO_PAIR = category_floor("two_pair")
_STRAIGHT = category_floor("straight")
_FULL_HOUSE = category_floor("full_house")
_DEAL_RANGE = math.prod(range(44, 53))  # ordered draws of 9 cards from 52
_DEAL_BITS = _DEAL_RANGE.bit_length()

# Category index for the statistics: value >> 20 (0 high card .. 8 straight
# flush), and 9 for the royal flush; CATEGORY_ORDER maps it to the names.
CATEGORY_ORDER = (
    "high_card",
    "one_pair",
    "two_pair",
    "three_of_a_kind",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
    "royal_flush",
)

TRIPS_EXACT_COUNTS: dict[str, int] = {
    "royal_flush": 4_324,
    "straight_flush": 37_260,
    "four_of_a_kind": 224_848,
    "full_house": 3_473_184,
    "flush": 4_047_644,
    "straight": 6_180_020,
    "three_of_a_kind": 6_461_620,
    "two_pair": 31_433_400,
    "one_pair": 58_627_800,
    "high_card": 23_294_460,
}
"""The number of 7-card hands (of C(52, 7) = 133,784,560) in each category by
their best five cards; tests/housegames/engines/uth/test_simulation.py derives
them again combinatorially."""


def exact_trips_return(rules: str | RuleProfile = "standard") -> Fraction:
    """The Trips bet's exact expected result per unit bet for a profile's Trips
    table: the player's seven cards are a uniformly random 7-card hand."""
    table = get_profile(rules).trips_table
    total = sum(TRIPS_EXACT_COUNTS.values())
    result = Fraction(0)
    for category, count in TRIPS_EXACT_COUNTS.items():
        odds = table.odds_for(category)
        result += count * (odds if odds is not None else -1)
    return result / total


def _half_units(odds: Fraction) -> int:
    doubled = odds * 2
    if doubled.denominator != 1:
        raise ValueError(f"odds {odds} are not a whole number of half units")
    return int(doubled)


_Pay = TypeVar("_Pay")


def _whole_or_fraction(odds: Fraction) -> int | Fraction:
    return int(odds) if odds.denominator == 1 else odds


def _category_table(table: PayTable, default: _Pay, scale: Callable[[Fraction], _Pay]) -> tuple[list[_Pay], _Pay]:
    """Pay per value >> 20 (0..8) and the royal flush's pay."""
    by_index: list[_Pay] = []
    for name in CATEGORY_ORDER[:9]:
        odds = table.odds_for(name)
        by_index.append(default if odds is None else scale(odds))
    royal = table.odds_for("royal_flush")
    return by_index, default if royal is None else scale(royal)


def _preflop_table() -> bytes:
    table = bytearray(52 * 52)
    deck = FULL_DECK
    for a in range(52):
        for b in range(52):
            if a != b and raises_preflop((deck[a], deck[b])):
                table[a * 52 + b] = 1
    return bytes(table)


def make_round_function(
    rules: str | RuleProfile = "standard",
) -> Callable[..., tuple[int, int, int, int | Fraction, int, int]]:
    """``play(p1, p2, d1, d2, b1, b2, b3, b4, b5)`` for one box against the
    dealer under the basic strategy; cards are ints 0..51. Returns
    ``(ante, blind, play, trips, player_value, play_multiple)``: the first
    three in half antes, ``trips`` per Trips bet, ``play_multiple`` 4, 2, 1,
    or 0 for a fold."""
    profile: RuleProfile = get_profile(rules)
    qualifying = profile.qualifying_value
    blind_pay, blind_royal = _category_table(profile.blind_table, 0, _half_units)
    trips_pay, trips_royal = _category_table(profile.trips_table, cast("int | Fraction", -1), _whole_or_fraction)
    preflop = _preflop_table()
    K, NF, FL, SUIT, POW5 = _K, _NF, _FLUSH, _FLUSH_SUIT, _POW5
    ROYAL, TWO_PAIR, STRAIGHT, FULL = _ROYAL, _TWO_PAIR, _STRAIGHT, _FULL_HOUSE
    LIMIT = OUTS_LIMIT
    hand_value = _ev.hand_value
    deck = tuple(range(52))

    def flush_value(cards: tuple[int, ...], v: int) -> int:
        suit = SUIT[(v + 0x3333) & 0x8888]
        mask = 0
        for c in cards:
            if c & 3 == suit:
                mask |= 1 << (c >> 2)
        return FL[mask]

    def slow_outs(hole: tuple[int, int], board_cards: tuple[int, ...], pv: int) -> int:
        seen = set(hole) | set(board_cards)
        return sum(1 for c in deck if c not in seen and hand_value(board_cards + (c,)) > pv)

    def play(
        p1: int, p2: int, d1: int, d2: int, b1: int, b2: int, b3: int, b4: int, b5: int
    ) -> tuple[int, int, int, int | Fraction, int, int]:
        flop = K[b1] + K[b2] + K[b3]
        board = flop + K[b4] + K[b5]
        hole = K[p1] + K[p2]
        pv = board + hole
        pv = flush_value((p1, p2, b1, b2, b3, b4, b5), pv) if (pv + 0x3333) & 0x8888 else NF[pv >> 16]
        if preflop[p1 * 52 + p2]:
            multiple = 4
        else:
            r1 = p1 >> 2
            r2 = p2 >> 2
            f1 = b1 >> 2
            f2 = b2 >> 2
            f3 = b3 >> 2
            # Flop: 2x with a hidden pair (not pocket deuces), two pair or
            # better with a hole card, or four to a flush with a hidden ten+.
            if r1 == r2 and r1:
                multiple = 2
            elif r1 == f1 or r1 == f2 or r1 == f3 or r2 == f1 or r2 == f2 or r2 == f3:
                multiple = 2
            else:
                five = flop + hole
                if (five + 0x3333) & 0x8888:
                    multiple = 2  # a flush
                else:
                    v5 = NF[five >> 16]
                    if v5 >= TWO_PAIR and not (f1 == f2 == f3 and v5 < FULL):
                        multiple = 2
                    else:
                        multiple = 0
                        four = (five + 0x4444) & 0x8888
                        if four:
                            suit = SUIT[four]
                            if (p1 & 3 == suit and p1 >= 32) or (p2 & 3 == suit and p2 >= 32):
                                multiple = 2
            if not multiple:
                # River: 1x with a hidden pair or better, or fewer than 21 dealer outs.
                t1 = b4 >> 2
                t2 = b5 >> 2
                if (
                    r1 == r2
                    or r1 == f1
                    or r1 == f2
                    or r1 == f3
                    or r1 == t1
                    or r1 == t2
                    or r2 == f1
                    or r2 == f2
                    or r2 == f3
                    or r2 == t1
                    or r2 == t2
                ):
                    multiple = 1
                elif pv >= STRAIGHT and pv > (
                    flush_value((b1, b2, b3, b4, b5), board) if (board + 0x3333) & 0x8888 else NF[board >> 16]
                ):
                    multiple = 1
                elif (board + 0x4444) & 0x8888:
                    multiple = 1 if slow_outs((p1, p2), (b1, b2, b3, b4, b5), pv) < LIMIT else 0
                else:
                    # Without four cards of a suit on the board, the dealer's
                    # six cards cannot make a flush: count outs by rank.
                    rk = board >> 16
                    outs = 0
                    for r in range(13):
                        p = POW5[r]
                        left = 4 - rk // p % 5 - (r1 == r) - (r2 == r)
                        if left and NF[rk + p] > pv:
                            outs += left
                    multiple = 1 if outs < LIMIT else 0
        if pv >= ROYAL:
            trips = trips_royal
        else:
            trips = trips_pay[pv >> 20]
        if not multiple:
            return -2, -2, 0, trips, pv, 0
        dv = board + K[d1] + K[d2]
        dv = flush_value((d1, d2, b1, b2, b3, b4, b5), dv) if (dv + 0x3333) & 0x8888 else NF[dv >> 16]
        if pv > dv:
            blind = blind_royal if pv >= ROYAL else blind_pay[pv >> 20]
            return (2 if dv >= qualifying else 0), blind, 2 * multiple, trips, pv, multiple
        if pv < dv:
            return (-2 if dv >= qualifying else 0), -2, -2 * multiple, trips, pv, multiple
        return 0, 0, 0, trips, pv, multiple

    return play


@dataclass(frozen=True)
class Estimate:
    """A simulated mean with its 95% confidence interval."""

    mean: float
    low: float
    high: float

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    def contains(self, value: float) -> bool:
        return self.low <= value <= self.high


_Z95 = 1.959963984540054


def _mean_estimate(total: int | Fraction, squares: int | Fraction, n: int, scale: float = 1.0) -> Estimate:
    mean = total / n
    variance = max(squares / n - mean * mean, 0.0) * n / max(n - 1, 1)
    half = _Z95 * math.sqrt(variance / n)
    return Estimate(mean * scale, (mean - half) * scale, (mean + half) * scale)


def _wilson(k: int, n: int) -> Estimate:
    """The Wilson score interval: sound for rare events (a royal flush)."""
    p = k / n
    z2 = _Z95 * _Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = _Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Estimate(p, max(centre - half, 0.0), min(centre + half, 1.0))


@dataclass
class SimulationResult:
    """Sums of a simulation run; the estimates are computed from them."""

    rounds: int
    seed: object
    rules: str
    seconds: float = 0.0
    game_total: int = 0  # Ante + Blind + Play, half antes
    game_squares: int = 0
    ante_total: int = 0
    blind_total: int = 0
    play_total: int = 0
    trips_total: int | Fraction = 0
    trips_squares: int | Fraction = 0
    categories: list[int] = field(default_factory=lambda: [0] * 10)
    multiples: dict[int, int] = field(default_factory=lambda: {4: 0, 2: 0, 1: 0, 0: 0})

    @property
    def rounds_per_second(self) -> float:
        return self.rounds / self.seconds if self.seconds else float("inf")

    def game_return(self) -> Estimate:
        """Ante + Blind + Play result per ante."""
        return _mean_estimate(self.game_total, self.game_squares, self.rounds, 0.5)

    def trips_return(self) -> Estimate:
        """Trips result per Trips bet."""
        return _mean_estimate(self.trips_total, self.trips_squares, self.rounds)

    def bet_return(self, bet: str) -> float:
        """The mean result of one bet (``ante``, ``blind``, ``play``) per ante."""
        total: int = getattr(self, f"{bet}_total")
        return total / self.rounds / 2

    def category_frequency(self, category: str) -> Estimate:
        return _wilson(self.categories[CATEGORY_ORDER.index(category)], self.rounds)

    def decision_frequency(self, multiple: int) -> float:
        return self.multiples[multiple] / self.rounds

    def average_wager(self) -> float:
        """Ante + Blind + Play staked per round, in antes."""
        played = sum(m * n for m, n in self.multiples.items())
        return 2 + played / self.rounds


def simulate(rounds: int, seed: int | None = None, rules: str = "standard") -> SimulationResult:
    """Play ``rounds`` rounds of one box against the dealer under the basic
    strategy, with Trips, from ``random.Random(seed)``."""
    if rounds < 1:
        raise ValueError("at least one round")
    play = make_round_function(rules)
    rng = random.Random(seed)
    getrandbits = rng.getrandbits
    limit = _DEAL_RANGE
    bits = _DEAL_BITS
    d = list(range(52))
    game_total = game_squares = ante_total = blind_total = play_total = 0
    trips_total: int | Fraction = 0  # a Trips table may pay a fraction (3:2)
    trips_squares: int | Fraction = 0
    categories = [0] * 10
    multiples = {4: 0, 2: 0, 1: 0, 0: 0}
    royal = _ROYAL
    started = time.perf_counter()
    for _ in range(rounds):
        x = getrandbits(bits)
        while x >= limit:
            x = getrandbits(bits)
        x, j = divmod(x, 52)
        c0 = d[j]
        d[j] = d[51]
        d[51] = c0  # noqa: E702
        x, j = divmod(x, 51)
        c1 = d[j]
        d[j] = d[50]
        d[50] = c1  # noqa: E702
        x, j = divmod(x, 50)
        c2 = d[j]
        d[j] = d[49]
        d[49] = c2  # noqa: E702
        x, j = divmod(x, 49)
        c3 = d[j]
        d[j] = d[48]
        d[48] = c3  # noqa: E702
        x, j = divmod(x, 48)
        c4 = d[j]
        d[j] = d[47]
        d[47] = c4  # noqa: E702
        x, j = divmod(x, 47)
        c5 = d[j]
        d[j] = d[46]
        d[46] = c5  # noqa: E702
        x, j = divmod(x, 46)
        c6 = d[j]
        d[j] = d[45]
        d[45] = c6  # noqa: E702
        x, j = divmod(x, 45)
        c7 = d[j]
        d[j] = d[44]
        d[44] = c7  # noqa: E702
        c8 = d[x]
        d[x] = d[43]
        d[43] = c8  # noqa: E702
        a, b, p, t, pv, m = play(c0, c1, c2, c3, c4, c5, c6, c7, c8)
        g = a + b + p
        game_total += g
        game_squares += g * g
        ante_total += a
        blind_total += b
        play_total += p
        trips_total += t
        trips_squares += t * t
        categories[9 if pv >= royal else pv >> 20] += 1
        multiples[m] += 1
    seconds = time.perf_counter() - started
    return SimulationResult(
        rounds=rounds,
        seed=seed,
        rules=get_profile(rules).name,
        seconds=seconds,
        game_total=game_total,
        game_squares=game_squares,
        ante_total=ante_total,
        blind_total=blind_total,
        play_total=play_total,
        trips_total=trips_total,
        trips_squares=trips_squares,
        categories=categories,
        multiples=multiples,
    )


def deal_nine(seed: int | None, rounds: int) -> Iterator[tuple[int, ...]]:
    """The nine cards of each round exactly as :func:`simulate` deals them
    (player, player, dealer, dealer, five board cards), for tests."""
    rng = random.Random(seed)
    d = list(range(52))
    for _ in range(rounds):
        x = rng.getrandbits(_DEAL_BITS)
        while x >= _DEAL_RANGE:
            x = rng.getrandbits(_DEAL_BITS)
        cards = []
        for k, size in enumerate(range(52, 44, -1)):
            x, j = divmod(x, size)
            top = 51 - k
            d[j], d[top] = d[top], d[j]
            cards.append(d[top])
        d[x], d[43] = d[43], d[x]
        cards.append(d[43])
        yield tuple(cards)


assert CATEGORY_ORDER[::-1] == CATEGORIES
