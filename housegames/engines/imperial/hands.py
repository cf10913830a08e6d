"""Imperial Poker hand reading: main and second combination, odds, comparison.

Pure Python, no Django import (tests/tournaments/poker/test_purity.py).

docs/rules.md section 4 digests the Imperial Poker leaflet; the readings this module makes of the
leaflet's garbled Table 1 are written down in docs/housegames/imperial.md.

A hand has 5 or 6 cards (six after a bought sixth card). Its *main*
combination is the best five-card poker hand, with two additions:

* ``imperial_flush``: six cards of one suit from 9 to A (a royal flush and a
  9-to-K straight flush that count as one combination), above a royal flush;
* ``ace_king``: a high-card hand holding an ace and a king, just above
  ``high_card``.

A combination *uses* only the cards that form it (Table 1's notes): a pair 2,
two pair 4, three of a kind 3, four of a kind 4, Ace-King the A and the K,
straight / flush / full house / straight flush / royal flush 5, the Imperial
Flush all 6. Kickers are free. The *second* combination is the highest-paying
combination that uses at least one card the main combination does not use
(so AAK96 is a pair of aces and Ace-King, AAKKx is two pair only). When the
same best main hand can be formed from different cards (J-10-9-8-7 with two
nines), the player is paid for the reading that gives the better second.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from tournaments.poker.cards import Card, CardError, CardsLike, format_cards, parse_cards
from tournaments.poker.evaluator import category_of, hand_value

__all__ = [
    "CATEGORIES",
    "BET_ODDS",
    "BONUS_ODDS",
    "HandError",
    "Combination",
    "HandReading",
    "read_hand",
    "hand_strength",
    "compare_hands",
    "dealer_qualifies",
    "bonus_odds",
    "bonus_category",
]

CATEGORIES: tuple[str, ...] = (
    "imperial_flush",
    "royal_flush",
    "straight_flush",
    "four_of_a_kind",
    "full_house",
    "flush",
    "straight",
    "three_of_a_kind",
    "two_pair",
    "one_pair",
    "ace_king",
    "high_card",
)
"""Categories of a main combination, high to low (docs/contracts.md, imperial_hand)."""

_RANK_OF_CATEGORY = {name: len(CATEGORIES) - i for i, name in enumerate(CATEGORIES)}

BET_ODDS: dict[str, int] = {
    "imperial_flush": 1000,
    "royal_flush": 100,
    "straight_flush": 50,
    "four_of_a_kind": 20,
    "full_house": 7,
    "flush": 5,
    "straight": 4,
    "three_of_a_kind": 3,
    "two_pair": 2,
    "one_pair": 1,
    "ace_king": 1,
    "high_card": 0,
}
"""Table 2, BET column: what the BET is paid to 1 for each combination."""

BONUS_ODDS: dict[str, int] = {
    "royal_flush": 1000,
    "straight_flush": 500,
    "four_of_a_kind": 200,
    "full_house": 70,
    "flush": 50,
    "straight": 40,
    "three_of_a_kind": 25,
}
"""Table 2, bonus column: the bonus pays on the original five cards, three of a kind or better."""


class HandError(CardError):
    """A hand that cannot be read: not 5 or 6 cards, an unknown or repeated card."""


@dataclass(frozen=True)
class Combination:
    """One combination in a hand: its category and the cards that form it."""

    category: str
    cards: tuple[Card, ...]

    @property
    def bet_odds(self) -> int:
        return BET_ODDS[self.category]

    def __str__(self) -> str:
        return f"{self.category} {format_cards(self.cards)}"


@dataclass(frozen=True)
class HandReading:
    """What a 5- or 6-card hand is worth at the Imperial Poker table."""

    cards: tuple[Card, ...]
    main: Combination
    second: Combination | None
    strength: tuple[int, int]
    """Compare hands by this (higher wins, equal ties): the Imperial Flush
    first, then the best five cards with their kickers."""

    @property
    def category(self) -> str:
        return self.main.category

    @property
    def bet_odds(self) -> int:
        """Table 2 odds of the main combination plus those of the second."""
        return self.main.bet_odds + (self.second.bet_odds if self.second else 0)

    @property
    def dealer_qualifies(self) -> bool:
        """Ace-King or better."""
        return self.main.category != "high_card"

    def at_least(self, category: str) -> bool:
        """``reading.at_least("three_of_a_kind")``: that category or better."""
        return _RANK_OF_CATEGORY[self.main.category] >= _RANK_OF_CATEGORY[category]

    def as_contract(self) -> dict[str, object]:
        """The output of ``manage.py imperial_hand`` (docs/contracts.md)."""
        return {
            "main": self.main.category,
            "second": self.second.category if self.second else None,
            "bet_odds": self.bet_odds,
            "dealer_qualifies": self.dealer_qualifies,
        }


# --------------------------------------------------------------------------
# Reading a hand
# --------------------------------------------------------------------------

_IMPERIAL_RANKS = frozenset(range(9, 15))


def _parse_hand(cards: CardsLike) -> tuple[Card, ...]:
    try:
        parsed = parse_cards(cards if isinstance(cards, (str, list, tuple)) else tuple(cards))
    except CardError as error:
        raise HandError(str(error)) from None
    if len(parsed) not in (5, 6):
        raise HandError(f"a hand has 5 or 6 cards, got {len(parsed)}")
    return parsed


def _is_imperial(cards: Sequence[Card]) -> bool:
    return len(cards) == 6 and len({c.suit for c in cards}) == 1 and {c.rank for c in cards} == _IMPERIAL_RANKS


def _is_straight(ranks: Sequence[int]) -> bool:
    distinct = set(ranks)
    if len(distinct) != 5:
        return False
    if max(distinct) - min(distinct) == 4:
        return True
    return distinct == {14, 2, 3, 4, 5}


def _five_card_category(five: Sequence[Card]) -> str | None:
    """The category of five cards that *all* take part in it, else None."""
    ranks = [c.rank for c in five]
    flush = len({c.suit for c in five}) == 1
    straight = _is_straight(ranks)
    if flush and straight:
        return "royal_flush" if min(ranks) == 10 else "straight_flush"
    if flush:
        return "flush"
    if straight:
        return "straight"
    counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    if counts == [3, 2]:
        return "full_house"
    return None


def _all_combinations(cards: Sequence[Card]) -> list[Combination]:
    """Every combination that can be formed in ``cards``, by the cards it uses."""
    by_rank: dict[int, list[Card]] = defaultdict(list)
    for card in cards:
        by_rank[card.rank].append(card)
    found: list[Combination] = []
    pairs: list[tuple[int, tuple[Card, ...]]] = []
    trips: list[tuple[int, tuple[Card, ...]]] = []
    for rank, group in by_rank.items():
        for pair in combinations(group, 2):
            pairs.append((rank, pair))
            found.append(Combination("one_pair", pair))
        for three in combinations(group, 3):
            trips.append((rank, three))
            found.append(Combination("three_of_a_kind", three))
        if len(group) == 4:
            found.append(Combination("four_of_a_kind", tuple(group)))
    for (r1, p1), (r2, p2) in combinations(pairs, 2):
        if r1 != r2:
            found.append(Combination("two_pair", p1 + p2))
    for r3, trio in trips:
        for r2, two in pairs:
            if r2 != r3:
                found.append(Combination("full_house", trio + two))
    for five in combinations(cards, 5):
        category = _five_card_category(five)
        if category is not None and category != "full_house":  # full houses are above
            found.append(Combination(category, tuple(five)))
    for ace in by_rank.get(14, ()):
        for king in by_rank.get(13, ()):
            found.append(Combination("ace_king", (ace, king)))
    return found


def _main_category(value: int) -> str:
    category = category_of(value)
    if category == "high_card" and value >> 16 & 15 == 14 and value >> 12 & 15 == 13:
        return "ace_king"
    return category


def _used_cards(five: Sequence[Card], category: str) -> tuple[Card, ...]:
    """The cards of a best five that form its combination (kickers excluded)."""
    if category in ("one_pair", "two_pair", "three_of_a_kind", "four_of_a_kind"):
        counts: dict[int, int] = defaultdict(int)
        for card in five:
            counts[card.rank] += 1
        return tuple(c for c in five if counts[c.rank] >= 2)
    if category == "ace_king":
        return tuple(c for c in five if c.rank in (14, 13))
    if category == "high_card":
        return ()
    return tuple(five)


def _second_key(combo: Combination) -> tuple[int, int, list[int]]:
    ranks = sorted((c.rank for c in combo.cards), reverse=True)
    return (combo.bet_odds, _RANK_OF_CATEGORY[combo.category], ranks)


def _ordered(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (c.rank, c), reverse=True))


def read_hand(cards: CardsLike) -> HandReading:
    """Read 5 or 6 cards (Cards, or anything ``parse_cards`` accepts).

    Raises :class:`HandError` for a wrong number of cards or a bad card.
    """
    hand = _parse_hand(cards)
    if _is_imperial(hand):
        main = Combination("imperial_flush", _ordered(hand))
        return HandReading(hand, main, None, hand_strength(hand))
    value = hand_value(hand)
    category = _main_category(value)
    fives = [hand] if len(hand) == 5 else list(combinations(hand, 5))
    candidates = _all_combinations(hand) if category != "high_card" else []
    best_main: tuple[Card, ...] | None = None
    best_second: Combination | None = None
    best_key: tuple[int, int, list[int]] | None = None
    for five in fives:
        if hand_value(five) != value:
            continue
        used = _used_cards(five, category)
        if best_main is None:
            best_main = used
        used_set = set(used)
        for combo in candidates:
            if used_set.issuperset(combo.cards):
                continue
            key = _second_key(combo)
            if best_key is None or key > best_key:
                best_main, best_second, best_key = used, combo, key
    assert best_main is not None
    main = Combination(category, _ordered(best_main))
    second = Combination(best_second.category, _ordered(best_second.cards)) if best_second else None
    return HandReading(hand, main, second, (0, value))


def hand_strength(cards: Sequence[Card]) -> tuple[int, int]:
    """A comparable strength of 5 or 6 distinct cards (no validation)."""
    if _is_imperial(cards):
        return (1, hand_value(cards))
    return (0, hand_value(cards))


def compare_hands(player: CardsLike | HandReading, dealer: CardsLike | HandReading) -> int:
    """1 if the player's main combination (kickers included) beats the dealer's,
    -1 if it loses, 0 for a tie. Each side is 5 or 6 cards or a HandReading."""
    p = player.strength if isinstance(player, HandReading) else hand_strength(_parse_hand(player))
    d = dealer.strength if isinstance(dealer, HandReading) else hand_strength(_parse_hand(dealer))
    return (p > d) - (p < d)


def dealer_qualifies(cards: CardsLike) -> bool:
    """The dealer plays with Ace-King or better."""
    return read_hand(cards).dealer_qualifies


def bonus_category(five: CardsLike) -> str:
    """The category of the original five cards as the bonus bet sees it."""
    hand = _parse_hand(five)
    if len(hand) != 5:
        raise HandError(f"the bonus is decided on the original five cards, got {len(hand)}")
    return _main_category(hand_value(hand))


def bonus_odds(five: CardsLike) -> int:
    """Table 2 bonus odds of the original five cards; 0 below three of a kind."""
    return BONUS_ODDS.get(bonus_category(five), 0)
