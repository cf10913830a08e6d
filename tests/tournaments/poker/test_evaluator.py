"""Hand evaluation (docs/rules.md section 2), cross-checked against treys."""

import random
import re
from collections import Counter
from itertools import combinations, combinations_with_replacement
from math import comb, prod

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from treys import Card as TreysCard
from treys import Evaluator as TreysEvaluator

from tournaments.poker.cards import FULL_DECK, CardError, format_cards, parse_cards, seeded_rng
from tournaments.poker.evaluator import (
    CATEGORIES,
    HandRank,
    category_floor,
    category_of,
    evaluate,
    hand_value,
    hand_value7,
)


def value(text):
    return hand_value(parse_cards(text))


def category(text):
    return category_of(value(text))


# One hand-worked example per category, high to low.
EXAMPLES = [
    ("royal_flush", "AhKhQhJhTh"),
    ("straight_flush", "9c8c7c6c5c"),
    ("four_of_a_kind", "7s7h7d7cKd"),
    ("full_house", "QsQhQd4c4d"),
    ("flush", "Ad9d7d4d2d"),
    ("straight", "9h8s7d6c5h"),
    ("three_of_a_kind", "8s8h8dAc2d"),
    ("two_pair", "JsJdTcTh4s"),
    ("one_pair", "5s5dAhKc9d"),
    ("high_card", "AsJd9c6h3s"),
]


def test_the_category_names_are_listed_high_to_low():
    assert CATEGORIES == (
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
    assert [name for name, _ in EXAMPLES] == list(CATEGORIES)


@pytest.mark.parametrize("name, hand", EXAMPLES)
def test_each_category_is_recognised(name, hand):
    assert category(hand) == name
    result = evaluate(hand)
    assert result.category == name
    assert result.value == value(hand)


def test_each_category_beats_the_next_one():
    values = [value(hand) for _, hand in EXAMPLES]
    assert values == sorted(values, reverse=True)
    assert len(set(values)) == len(values)


def test_the_weakest_hand_of_a_category_beats_the_best_of_the_next():
    # six-high straight flush > four aces with a king
    assert value("2s3s4s5s6s") > value("AsAhAdAcKd")
    # four deuces > aces full of kings
    assert value("2s2h2d2c3d") > value("AsAhAdKcKd")
    # deuces full of threes > ace-high flush
    assert value("2s2h2d3c3d") > value("AhKhQhJh9h")
    # 7-high flush (the lowest) > ace-high straight
    assert value("7h5h4h3h2h") > value("AhKdQcJsTh")
    # the wheel > three aces
    assert value("5h4d3c2sAh") > value("AsAhAdKcQd")
    # three deuces > aces up
    assert value("2s2h2dAcKd") > value("AsAhKdKcQd")
    # threes and deuces > a pair of aces
    assert value("3s3h2d2cAd") > value("AsAhKdQcJd")
    # a pair of deuces > ace-king high
    assert value("2s2h3d4c5d") > value("AsKhQdJc9d")


def test_the_wheel_is_the_lowest_straight_and_still_beats_trips():
    wheel = value("Ah2d3c4s5h")
    assert category_of(wheel) == "straight"
    assert wheel < value("2h3d4c5s6h")
    assert wheel > value("AhAdAcKsQh")
    assert evaluate("Ah2d3c4s5h").best_five == parse_cards("5h4s3c2dAh")


def test_an_ace_only_plays_high_or_low_never_around_the_corner():
    assert category("QhKdAc2s3h") == "high_card"
    assert category("AhKdQcJsTh") == "straight"
    assert value("AhKdQcJsTh") > value("KhQdJcTs9h")


def test_the_steel_wheel_is_the_lowest_straight_flush():
    steel = evaluate("As2s3s4s5s")
    assert steel.category == "straight_flush"
    assert steel.best_five == parse_cards("5s4s3s2sAs")
    assert steel.value < value("2s3s4s5s6s")
    assert steel.value > value("AsAhAdAcKd")
    # in seven cards, with a higher plain straight and an ace-high flush available
    assert evaluate("As2s3s4s5s6d Ks").value == evaluate("As2s3s4s5s").value


def test_a_royal_flush_is_the_top_straight_flush():
    royal = value("TsJsQsKsAs")
    assert category_of(royal) == "royal_flush"
    assert category_of(value("9sTsJsQsKs")) == "straight_flush"
    assert royal > value("9sTsJsQsKs")
    assert royal == value("ThJhQhKhAh")  # suits never break ties
    assert royal == value("AhKhQhJhTh9h8h")
    rng = seeded_rng(5)
    assert all(hand_value(rng.sample(FULL_DECK, 7)) <= royal for _ in range(5000))


@pytest.mark.parametrize(
    "better, worse",
    [
        ("AsAdKc9h2s", "AcAhQs9d2c"),  # pair of aces: king kicker beats queen
        ("AsAdKc9h3s", "AcAhKs9d2c"),  # down to the last kicker
        ("KsKd9c9hAs", "KcKh9s9dQc"),  # two pair: kicker
        ("KsKd9c9h2s", "KcKh8s8dAc"),  # two pair: second pair first
        ("8s8h8dAc3d", "8s8h8dAc2d"),  # trips: second kicker
        ("7s7h7d7cKd", "7s7h7d7cQd"),  # quads: kicker
        ("QsQhQd5c5d", "QsQhQd4c4d"),  # full house: the pair
        ("KsKhKd2c2d", "QsQhQdAcAd"),  # full house: the trips first
        ("AdJd7d4d2d", "AcTc9c8c6c"),  # flush: second card
        ("Ad9d7d4d3d", "Ac9c7c4c2c"),  # flush: last card
        ("AsJd9c6h3s", "AsJd9c6h2s"),  # high card: last card
        ("6h5d4c3s2h", "5h4d3c2sAh"),  # six-high straight beats the wheel
    ],
)
def test_kickers_decide_between_hands_of_one_category(better, worse):
    assert category(better) == category(worse)
    assert value(better) > value(worse)


def test_same_ranks_in_other_suits_tie_exactly():
    assert value("AsAdKc9h2s") == value("AcAhKs9d2c")
    assert value("AsJd9c6h3s") == value("AhJc9d6s3h")


def test_two_pair_with_a_third_pair_plays_the_best_two_and_the_best_kicker():
    with_ace = evaluate("KsKd9c9h4s4dAc")
    assert with_ace.category == "two_pair"
    assert with_ace.best_five == parse_cards("KsKd9h9cAc")
    # the third pair's rank can be the kicker
    low = evaluate("KsKd9c9h4s4d2c")
    assert low.best_five == parse_cards("KsKd9h9c4s")
    assert low.value == value("KcKh9s9d4h") > value("KcKh9s9d3h")
    assert with_ace.value > low.value


def test_two_sets_of_trips_make_the_best_full_house():
    result = evaluate("9s9h9dKcKdKs2c")
    assert result.category == "full_house"
    assert result.best_five == parse_cards("KsKdKc9s9h")
    assert result.value == value("KsKdKc9s9h")


def test_a_full_house_takes_the_higher_pair():
    assert evaluate("5s5h5dQcQd3s3c").best_five == parse_cards("5s5h5dQdQc")


def test_four_of_a_kind_takes_the_best_kicker_even_from_a_pair_or_trips():
    assert evaluate("7s7h7d7cKdKs2c").best_five == parse_cards("7s7h7d7cKs")
    assert evaluate("7s7h7d7c3d3s3c").best_five == parse_cards("7s7h7d7c3s")


def test_a_flush_beats_a_straight_in_the_same_seven_cards():
    result = evaluate("9h8h7d6h5s2hKh")
    assert result.category == "flush"
    assert result.best_five == parse_cards("Kh9h8h6h2h")


def test_six_or_seven_suited_cards_play_their_best_five():
    assert evaluate("AhKh9h7h5h3h2h").best_five == parse_cards("AhKh9h7h5h")
    assert value("AhKh9h7h5h3h2h") == value("AhKh9h7h5h")


def test_a_straight_flush_beats_a_higher_plain_straight():
    result = evaluate("9s8s7s6s5sThJd")
    assert result.category == "straight_flush"
    assert result.best_five == parse_cards("9s8s7s6s5s")


def test_the_best_straight_of_six_or_seven_connected_cards_counts():
    assert evaluate("4d5c6h7s8d9cTh").best_five == parse_cards("Th9c8d7s6h")
    assert evaluate("Ad2c3h4s5d6c").best_five == parse_cards("6c5d4s3h2c")


def test_a_player_who_plays_the_board_ties_with_the_other():
    board = "9h8s7d6c5h"
    anna = value(board + "2c3d")
    ben = value(board + "2d3h")
    assert anna == ben == value(board)
    assert value(board + "Td2s") > anna  # ten-high straight wins
    royal_board = "AsKsQsJsTs"
    assert value(royal_board + "2c3d") == value(royal_board + "AhAd")


def test_five_and_six_card_hands_are_evaluated():
    assert category("AsAdAhKcKd") == "full_house"
    assert category("AsAdAhKcKd2c") == "full_house"
    assert value("AsAdAhKcKd2c") == value("AsAdAhKcKd")
    assert evaluate("Ah2d3c4s5h9c").category == "straight"
    assert evaluate("AsKsQsJs9s").category == "flush"
    assert evaluate("AsKsQsJs9s9d").category == "flush"


def test_hand_value7_matches_hand_value():
    rng = seeded_rng(11)
    for _ in range(2000):
        hand = rng.sample(FULL_DECK, 7)
        assert hand_value7(*hand) == hand_value(hand) == hand_value(tuple(hand))


def test_hand_value_accepts_plain_ints_lists_and_tuples():
    hand = parse_cards("AsKsQsJsTs2d3c")
    assert hand_value([int(c) for c in hand]) == hand_value(hand) == hand_value(list(hand))
    assert hand_value(hand[:5]) == hand_value([int(c) for c in hand[:5]])


def test_best_five_lists_the_combination_then_the_kickers():
    cases = {
        "2c8s8h8dAcKd3h": "8s8h8dAcKd",
        "5s5dAhKc9d2c3h": "5s5dAhKc9d",
        "JsJdTcTh4s2c3d": "JsJdThTc4s",
        "QsQhQd4c4d": "QsQhQd4d4c",
        "3c7s7h7d7cKd": "7s7h7d7cKd",
        "AsJd9c6h3s2d4c": "AsJd9c6h4c",
        "9h8s7d6c5hKhQh": "9h8s7d6c5h",
        "2dAhKhQhJhThKd": "AhKhQhJhTh",
    }
    for hand, five in cases.items():
        result = evaluate(hand)
        assert format_cards(result.best_five) == five, hand
        assert set(result.best_five) <= set(parse_cards(hand))
        assert hand_value(result.best_five) == result.value


def test_evaluate_returns_a_frozen_hand_rank():
    result = evaluate(parse_cards("AhKhQhJhTh"))
    assert isinstance(result, HandRank)
    assert (result.value, result.category) == (value("AhKhQhJhTh"), "royal_flush")
    assert str(result) == "royal_flush AhKhQhJhTh"
    with pytest.raises(AttributeError):
        result.value = 0
    assert evaluate(["Ah", "Kh", "Qh", "Jh", "Th"]) == result


@pytest.mark.parametrize(
    "hand, message",
    [
        ("AsKsQsJs", "a hand has 5 to 7 cards, got 4"),
        ("AsKsQsJsTs9s8s7s", "a hand has 5 to 7 cards, got 8"),
        ("", "a hand has 5 to 7 cards, got 0"),
        ("AsKsQsJsAs", "card As used twice"),
        ("AsKsQsJsXx", "unknown card 'Xx'"),
    ],
)
def test_evaluate_refuses_bad_hands(hand, message):
    with pytest.raises(CardError, match=f"^{message}$"):
        evaluate(hand)
    # as a list, an unknown card is also located by its index
    with pytest.raises(CardError, match=f"^{re.escape(message)}( \\(item \\d\\))?$"):
        evaluate([hand[i : i + 2] for i in range(0, len(hand), 2)])


def test_evaluate_refuses_duplicate_card_objects():
    hand = parse_cards("AsKsQsJs2c")
    with pytest.raises(CardError, match="card As used twice"):
        evaluate(hand + hand[:1])


def test_hand_value_refuses_fewer_than_five_or_more_than_seven_cards():
    for n in (0, 1, 4, 8):
        with pytest.raises(CardError, match=f"a hand has 5 to 7 cards, got {n}"):
            hand_value(FULL_DECK[:n])


def test_category_of_names_values_and_category_floor_bounds_them():
    for name, hand in EXAMPLES:
        v = value(hand)
        assert category_of(v) == name
        assert v >= category_floor(name)
        index = CATEGORIES.index(name)
        if index > 0:
            assert v < category_floor(CATEGORIES[index - 1])
    assert category_floor("straight") > value("AsAhAdKcQd")
    assert category_floor("straight") <= value("5h4d3c2sAh")
    with pytest.raises(ValueError):
        category_floor("five_of_a_kind")


# --- consistency and cross-checks -----------------------------------------------


@settings(max_examples=300, derandomize=True, deadline=None)
@given(st.lists(st.sampled_from(FULL_DECK), min_size=5, max_size=7, unique=True))
def test_the_value_of_any_hand_is_that_of_its_best_five(hand):
    best = max(hand_value(five) for five in combinations(hand, 5))
    assert hand_value(hand) == best
    result = evaluate(hand)
    assert result.value == best
    assert hand_value(result.best_five) == best
    assert category_of(best) == result.category


TREYS = TreysEvaluator()


def _treys_score(hand):
    cards = [TreysCard.new(str(c)) for c in hand]
    return TREYS.evaluate(cards[:2], cards[2:])


@pytest.mark.parametrize("size", [5, 6, 7])
def test_order_and_categories_agree_with_treys_on_20000_random_hands(size):
    rng = random.Random(20240 + size)
    hands = [rng.sample(FULL_DECK, size) for _ in range(20000)]
    ours = [hand_value(h) for h in hands]
    theirs = []
    for h in hands:
        t = [TreysCard.new(str(c)) for c in h]
        theirs.append(TREYS.evaluate(t[:2], t[2:]))
    # categories: treys' rank classes 0..9 are royal flush .. high card
    for v, score in zip(ours, theirs):
        assert category_of(v) == CATEGORIES[TREYS.get_rank_class(score)]
    # order: for every pair of hands, same comparison (treys: lower is better)
    sign = lambda x: (x > 0) - (x < 0)  # noqa: E731
    for i in range(len(hands) - 1):
        assert sign(ours[i] - ours[i + 1]) == sign(theirs[i + 1] - theirs[i])
    # and globally: our values map one-to-one and order-reversing onto theirs
    pairs = sorted(set(zip(ours, theirs)))
    assert len({v for v, _ in pairs}) == len(pairs) == len({s for _, s in pairs})
    scores = [s for _, s in pairs]
    assert scores == sorted(scores, reverse=True)


def test_all_2598960_five_card_hands_have_the_known_category_counts_and_treys_order():
    values = Counter(map(hand_value, combinations(FULL_DECK, 5)))
    assert sum(values.values()) == comb(52, 5) == 2_598_960
    counts = Counter()
    for v, n in values.items():
        counts[category_of(v)] += n
    assert counts == {
        "royal_flush": 4,
        "straight_flush": 36,
        "four_of_a_kind": 624,
        "full_house": 3744,
        "flush": 5108,
        "straight": 10200,
        "three_of_a_kind": 54912,
        "two_pair": 123552,
        "one_pair": 1098240,
        "high_card": 1302540,
    }
    # 7462 classes of equal hands, exactly treys' 1 (best) .. 7462 (worst)
    assert len(values) == 7462
    representative = {}
    for five in combinations(FULL_DECK, 5):
        representative.setdefault(hand_value(five), five)
        if len(representative) == 7462:
            break
    ordered = sorted(representative, reverse=True)
    assert [_treys_score(representative[v]) for v in ordered] == list(range(1, 7463))


def test_all_133784560_seven_card_hands_have_the_known_category_counts():
    """Counted by combinatorics, one representative hand per class.

    Non-flush hands: every multiset of seven ranks, weighted by its suit
    assignments without five of a suit. Flush hands (with seven cards a flush
    rules out a full house or quads): every set of 5, 6 or 7 ranks in one suit,
    times 4 suits, times the ways to pick the other cards from the 39 others.
    """
    counts = Counter()
    for ranks in combinations_with_replacement(range(13), 7):
        per_rank = Counter(ranks)
        if max(per_rank.values()) > 4:
            continue
        total = prod(comb(4, n) for n in per_rank.values())
        flushes = 0
        distinct = list(per_rank)
        for k in range(5, len(distinct) + 1):
            for suited in combinations(distinct, k):
                flushes += 4 * prod(comb(3, n - 1) if r in suited else comb(3, n) for r, n in per_rank.items())
        if total == flushes:
            continue
        hand, suit = [], 0
        for r, n in per_rank.items():  # suits in rotation: at most two of a suit
            hand += [FULL_DECK[r * 4 + (suit + i) % 4] for i in range(n)]
            suit += n
        counts[category_of(hand_value(hand))] += total - flushes
    others = [c for c in FULL_DECK if c.suit != "s"]
    for k in (5, 6, 7):
        for suited in combinations(range(13), k):
            hand = [FULL_DECK[r * 4 + 3] for r in suited] + others[: 7 - k]
            counts[category_of(hand_value(hand))] += 4 * comb(39, 7 - k)
    assert sum(counts.values()) == comb(52, 7) == 133_784_560
    assert counts == {
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


FIRST_HAND = """
import json, sys
from tournaments.poker import evaluator
from tournaments.poker.cards import parse_cards
built_at_import = evaluator._BUILT
values = [evaluator.hand_value7(*parse_cards(text)) if len(text) == 14 else evaluator.hand_value(parse_cards(text))
          for text in sys.argv[1:]]
print(json.dumps([built_at_import, values]))
"""


@pytest.mark.subprocess
@pytest.mark.parametrize("first", ["AsKsQsJs9s2d3c", "AhAdKcKs7d", "2c3c4c5c6c", "9h9d9s4c4d2h"])
def test_importing_the_evaluator_builds_no_tables_and_the_first_hand_is_valued_right(first):
    """A management command or a publish imports the evaluator with the house games' rows and never values a
    hand: the tables are built at the first hand, which, a flush or not, gets the value it always had."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    others = ["AsKsQsJs9s2d3c", "7h7d2c3s4dQhKc", "2c3c4c5c6c"]
    done = subprocess.run(
        [sys.executable, "-c", FIRST_HAND, first, *others],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[3],
        check=True,
    )
    built_at_import, values = json.loads(done.stdout)
    assert built_at_import is False
    assert values == [value(text) for text in (first, *others)]
