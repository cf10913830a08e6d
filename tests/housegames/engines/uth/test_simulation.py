"""The simulation's fast path and the basic strategy, held to the engine, and
the exact 7-card category counts behind the Trips return."""

from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from housegames.engines.uth import simulation as uth_sim
from housegames.engines.uth.rules import UthRound, deck_order
from housegames.engines.uth.simulation import (
    TRIPS_EXACT_COUNTS,
    deal_nine,
    exact_trips_return,
    make_round_function,
    simulate,
)
from housegames.engines.uth.strategy import dealer_outs, decide, raises_flop, raises_preflop, raises_river
from tournaments.poker.cards import FULL_DECK, parse_cards


def _has_straight(ranks) -> bool:
    ranks = set(ranks)
    if 14 in ranks:
        ranks.add(1)
    return any(all(r + k in ranks for k in range(5)) for r in range(1, 11))


def _nonflush_category(counts: dict[int, int]) -> str:
    values = sorted(counts.values(), reverse=True)
    if values[0] == 4:
        return "four_of_a_kind"
    if values[0] == 3 and values[1] >= 2:
        return "full_house"
    if _has_straight(counts):
        return "straight"
    if values[0] == 3:
        return "three_of_a_kind"
    if values[0] == 2 and values[1] == 2:
        return "two_pair"
    if values[0] == 2:
        return "one_pair"
    return "high_card"


def seven_card_category_counts() -> Counter:
    """All C(52, 7) hands counted by category without the evaluator: each
    multiset of seven ranks has prod C(4, count) suit assignments; those with
    five or more cards of one suit (the set S of its ranks, at most one such
    suit in seven cards) are a flush, straight flush or royal flush by S, the
    rest take the multiset's own category."""
    counts: Counter = Counter()

    def walk(rank, left, chosen):
        if rank > 14:
            if left == 0:
                classify(dict(chosen))
            return
        for n in range(min(4, left) + 1):
            if n:
                chosen.append((rank, n))
            walk(rank + 1, left - n, chosen)
            if n:
                chosen.pop()

    def classify(multiset):
        ways = 1
        for n in multiset.values():
            ways *= comb(4, n)
        ranks = list(multiset)
        flush_ways = 0
        for size in range(5, len(ranks) + 1):
            for suited in combinations(ranks, size):
                w = 4  # the flush suit
                for r, n in multiset.items():
                    w *= comb(3, n - 1) if r in suited else comb(3, n)
                if not w:
                    continue
                flush_ways += w
                if all(r in suited for r in (10, 11, 12, 13, 14)):
                    counts["royal_flush"] += w
                elif _has_straight(suited):
                    counts["straight_flush"] += w
                else:
                    counts["flush"] += w
        counts[_nonflush_category(multiset)] += ways - flush_ways

    walk(2, 7, [])
    return counts


def test_the_hard_coded_7_card_category_counts_match_a_combinatorial_count():
    counts = seven_card_category_counts()
    assert sum(counts.values()) == comb(52, 7) == 133_784_560
    assert dict(counts) == TRIPS_EXACT_COUNTS


def test_the_exact_trips_return_of_the_3_4_7_8_30_40_50_table_is_minus_3_50_percent():
    expected = Fraction(
        3 * 6_461_620
        + 4 * 6_180_020
        + 7 * 4_047_644
        + 8 * 3_473_184
        + 30 * 224_848
        + 40 * 37_260
        + 50 * 4_324
        - (133_784_560 - 20_428_900),
        133_784_560,
    )
    assert exact_trips_return() == expected == exact_trips_return("pair_of_fours")
    assert round(float(expected) * 100, 2) == -3.50


def test_the_pre_flop_strategy_raises_500_of_the_1326_starting_hands():
    hands = list(combinations(FULL_DECK, 2))
    assert len(hands) == 1326
    assert sum(raises_preflop(h) for h in hands) == 72 + 192 + 140 + 72 + 24


@pytest.mark.parametrize(
    "hole, raises",
    [
        ("3c3d", True),
        ("2c2d", False),
        ("Ac2d", True),
        ("Ks2s", True),
        ("Kc4d", False),
        ("Kc5d", True),
        ("Qs6s", True),
        ("Qs5s", False),
        ("Qc8d", True),
        ("Qc7d", False),
        ("Js8s", True),
        ("Js7s", False),
        ("JcTd", True),
        ("Jc9d", False),
        ("Ts9s", False),
    ],
)
def test_the_pre_flop_strategy_follows_the_published_list(hole, raises):
    assert raises_preflop(parse_cards(hole)) is raises


@pytest.mark.parametrize(
    "hole, flop, raises",
    [
        ("8c3d", "8hKs2d", True),  # hidden pair
        ("2c2d", "9hKs5d", False),  # pocket deuces alone
        ("2c2d", "9h9s5d", True),  # pocket deuces and a pair on the flop: two pair
        ("6c7d", "9h9s9d", False),  # three of a kind lying on the flop
        ("6c7d", "8h9sTd", True),  # a straight
        ("Th3h", "5h8h2c", True),  # four to a flush with a hidden ten
        ("9h3h", "5h8h2c", False),  # four to a flush, hidden card below ten
        ("Qc3d", "5h8hKh", False),
    ],
)
def test_the_flop_strategy(hole, flop, raises):
    assert raises_flop(parse_cards(hole), parse_cards(flop)) is raises


def test_dealer_outs_are_the_unseen_cards_that_beat_the_player():
    # T3 on A-Q-8-6-4: pairing the board (15), a king or a jack (8); a ten only ties.
    assert dealer_outs(parse_cards("Td3c"), parse_cards("AsQh8d6c4s")) == 23
    assert raises_river(parse_cards("Td3c"), parse_cards("AsQh8d6c4s")) is False
    # Q6 on J-8-2-9-2: a pair of deuces with Q-J-9; outs are J, 8, 9 (9), the last two deuces (2), K and A (8).
    assert dealer_outs(parse_cards("Qc6s"), parse_cards("Jc8s2s9d2c")) == 19
    assert raises_river(parse_cards("Qc6s"), parse_cards("Jc8s2s9d2c")) is True
    assert raises_river(parse_cards("2c2d"), parse_cards("AsKhQd9c7s")) is True  # a hidden pair


def engine_play(cards, rules="standard"):
    """One box with Trips through UthRound and the readable strategy."""
    p1, p2, d1, d2, *board = (FULL_DECK[c] for c in cards)
    rnd = UthRound(rules)
    rnd.add_box(ante=2, trips=1)
    rnd.deal(deck_order([(p1, p2)], (d1, d2), board))
    while not rnd.is_over:
        rnd.decide(0, decide(rnd, 0))
    box = rnd.settle().boxes[0].result
    multiple = rnd.boxes[0].play_multiple
    return box.ante.net, box.blind.net, box.play.net, box.trips.net, box.player_value, multiple


@pytest.mark.parametrize("rules", ["standard", "pair_of_fours"])
def test_the_fast_path_settles_thousands_of_seeded_rounds_exactly_like_the_engine(rules):
    fast = make_round_function(rules)
    seen = Counter()
    for cards in deal_nine(20240601, 4000):
        expected = engine_play(cards, rules)
        assert fast(*cards) == expected, cards
        seen[expected[5]] += 1
    assert all(seen[m] > 300 for m in (4, 2, 1, 0)), seen  # every decision was exercised


def test_the_fast_path_handles_a_four_flush_board_and_rare_hands_like_the_engine():
    fast = make_round_function()
    rare = [
        "AsKs2c3dQsJsTs4h5h",  # royal flush
        "9s8sKhKc7s6s5sKd2c",  # straight flush
        "2h3cKhKc9h8h7h6hAd",  # river decision on a board with five hearts
        "2d3cKhQc9h8h7h6hAd",
        "Td3cKhQcAsQh8d6c4s",
    ]
    for text in rare:
        cards = tuple(int(c) for c in parse_cards(text))
        assert fast(*cards) == engine_play(cards), text


def test_the_deal_draws_nine_distinct_cards_and_every_card_about_equally_often():
    counts = Counter()
    for cards in deal_nine(7, 20000):
        assert len(set(cards)) == 9
        counts.update(cards)
    assert len(counts) == 52
    expected = 20000 * 9 / 52
    assert all(abs(n - expected) < 6 * expected**0.5 for n in counts.values())


def test_a_simulation_is_reproducible_from_its_seed_and_consistent_with_its_parts():
    a = simulate(20000, seed=11)
    b = simulate(20000, seed=11)
    assert (a.game_total, a.trips_total, a.categories) == (b.game_total, b.trips_total, b.categories)
    assert a.game_total == a.ante_total + a.blind_total + a.play_total
    assert sum(a.categories) == sum(a.multiples.values()) == 20000
    # The simulate loop's own deal is deal_nine's: replaying it through the
    # round function gives the same sums.
    play = make_round_function()
    total = sum(sum(play(*cards)[:3]) for cards in deal_nine(11, 20000))
    assert total == a.game_total
    est = a.game_return()
    assert est.low < est.mean < est.high


def test_the_confidence_intervals_cover_the_exact_category_frequencies_on_a_modest_run():
    result = simulate(50000, seed=5)
    total = sum(TRIPS_EXACT_COUNTS.values())
    missed = [
        name
        for name, count in TRIPS_EXACT_COUNTS.items()
        if not result.category_frequency(name).contains(count / total)
    ]
    assert len(missed) <= 1, missed  # 95% intervals: one miss in ten is possible
    assert result.trips_return().contains(float(exact_trips_return()))


def test_the_simulations_categories_are_the_evaluators_low_to_high():
    assert uth_sim.CATEGORY_ORDER[-1] == "royal_flush" and uth_sim.CATEGORY_ORDER[0] == "high_card"
