"""Imperial Poker hand reading: the leaflet's Table 1 and Table 2 (docs/rules.md section 4), comparison, qualification."""

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from housegames.engines.imperial.hands import (
    BET_ODDS,
    BONUS_ODDS,
    CATEGORIES,
    HandError,
    bonus_category,
    bonus_odds,
    compare_hands,
    dealer_qualifies,
    read_hand,
)
from tournaments.poker.cards import FULL_DECK, parse_cards

# Every example hand of the seed's Table 1, with suits chosen so that only the
# combinations the table names are there. The seed writes "AQ875; K" for a
# flush A-Q-8-7-5 and a sixth card K of another suit.
TABLE_1 = [
    # seed's notation, cards,              main,              second,            BET odds
    ("55AK8", "5s 5d Ac Kh 8d", "one_pair", "ace_king", 2),
    ("AAK96", "As Ad Kc 9h 6s", "one_pair", "ace_king", 2),
    ("AA77K", "As Ad 7c 7h Kd", "two_pair", "ace_king", 3),
    ("JJ66AK", "Js Jd 6c 6h Ac Kd", "two_pair", "ace_king", 3),
    ("QQ5533", "Qs Qd 5c 5h 3s 3d", "two_pair", "two_pair", 4),
    ("222AK", "2s 2d 2c Ah Kd", "three_of_a_kind", "ace_king", 4),
    ("KKKA4", "Ks Kd Kc Ah 4d", "three_of_a_kind", "ace_king", 4),
    ("5432AK", "5s 4d 3c 2h Ac Kd", "straight", "ace_king", 5),
    ("J109876", "Js Td 9c 8h 7s 6d", "straight", "straight", 8),
    ("J109879", "Js Td 9c 8h 7s 9d", "straight", "straight", 8),
    ("AQ875; K", "Ah Qh 8h 7h 5h Kc", "flush", "ace_king", 6),
    ("AQ875; 8", "Ah Qh 8h 7h 5h 8c", "flush", "one_pair", 6),
    ("AQJ109; K", "Ah Qh Jh Th 9h Kc", "flush", "straight", 9),
    ("AQ8752", "Ah Qh 8h 7h 5h 2h", "flush", "flush", 10),
    ("AAA99K", "As Ad Ac 9s 9h Kd", "full_house", "ace_king", 8),
    ("QQQ444", "Qs Qd Qc 4s 4h 4d", "full_house", "full_house", 14),
    ("KKKKA", "Ks Kd Kc Kh Ad", "four_of_a_kind", "ace_king", 21),
    ("9999JJ", "9s 9d 9c 9h Js Jd", "four_of_a_kind", "full_house", 27),
    ("5432A; K", "5h 4h 3h 2h Ah Kc", "straight_flush", "ace_king", 51),
    ("J10987; Q", "Jh Th 9h 8h 7h Qc", "straight_flush", "straight", 54),
    ("J10987; 9", "Jh Th 9h 8h 7h 9c", "straight_flush", "straight", 54),
    ("J10987A", "Jh Th 9h 8h 7h Ah", "straight_flush", "flush", 55),
    ("J109876", "Jh Th 9h 8h 7h 6h", "straight_flush", "straight_flush", 100),
    ("AKQJ10; 9", "Ah Kh Qh Jh Th 9c", "royal_flush", "straight", 104),
    ("AKQJ10; J", "Ah Kh Qh Jh Th Jc", "royal_flush", "straight", 104),
    ("AKQJ103", "Ah Kh Qh Jh Th 3h", "royal_flush", "flush", 105),
    ("AKQJ109", "Ah Kh Qh Jh Th 9h", "imperial_flush", None, 1000),
]


@pytest.mark.parametrize("notation, cards, main, second, odds", TABLE_1, ids=[f"{row[2]}:{row[0]}" for row in TABLE_1])
def test_every_example_hand_of_table_1_reads_as_the_seed_says(notation, cards, main, second, odds):
    reading = read_hand(cards)
    assert reading.category == main
    assert (reading.second.category if reading.second else None) == second
    assert reading.bet_odds == odds


def test_the_seed_text_pays_ak996_for_the_nines_and_ace_king_and_987665_for_two_straights():
    assert read_hand("Ah Kd 9s 9c 6h").as_contract() == {
        "main": "one_pair",
        "second": "ace_king",
        "bet_odds": 2,
        "dealer_qualifies": True,
    }
    reading = read_hand("9s 8d 7c 6h 6s 5d")
    assert (reading.category, reading.second.category, reading.bet_odds) == ("straight", "straight", 8)


def test_ace_king_is_no_second_combination_beside_aces_and_kings_up():
    reading = read_hand("As Ah Ks Kh 5c")
    assert reading.category == "two_pair" and reading.second is None and reading.bet_odds == 2


def test_the_second_combination_always_uses_a_card_the_main_one_does_not():
    for cards in ("As Ad Kc 9h 6s", "Js Td 9c 8h 7s 9d", "Qs Qd Qc 4s 4h 4d", "9s 9d 9c 9h Js Jd"):
        reading = read_hand(cards)
        assert set(reading.second.cards) - set(reading.main.cards)


def test_a_combination_uses_only_the_cards_that_form_it_so_kickers_are_free():
    assert len(read_hand("As Ad Kc 9h 6s").main.cards) == 2
    assert len(read_hand("As Ad 7c 7h Kd").main.cards) == 4
    assert len(read_hand("2s 2d 2c Ah Kd").main.cards) == 3
    assert len(read_hand("Ks Kd Kc Kh Ad").main.cards) == 4
    assert len(read_hand("Ac Kd 7h 5s 2c").main.cards) == 2
    assert len(read_hand("9h 9d 9c 4s 4d").main.cards) == 5
    assert len(read_hand("Ah Kh Qh Jh Th 9h").main.cards) == 6


def test_a_royal_flush_with_the_nine_of_its_suit_is_one_imperial_flush_not_two_combinations():
    reading = read_hand("9s Ts Js Qs Ks As")
    assert reading.category == "imperial_flush" and reading.second is None and reading.bet_odds == 1000


def test_six_suited_cards_from_eight_to_king_are_two_straight_flushes_not_an_imperial_flush():
    reading = read_hand("8d 9d Td Jd Qd Kd")
    assert (reading.category, reading.second.category, reading.bet_odds) == ("straight_flush", "straight_flush", 100)


# --- Table 2 ----------------------------------------------------------------

BET_LINES = [
    ("imperial_flush", "Ah Kh Qh Jh Th 9h", 1000),
    ("royal_flush", "Ah Kh Qh Jh Th", 100),
    ("straight_flush", "9c 8c 7c 6c 5c", 50),
    ("four_of_a_kind", "7s 7h 7d 7c 2d", 20),
    ("full_house", "Qs Qh Qd 4c 4d", 7),
    ("flush", "Ks 9s 7s 4s 2s", 5),
    ("straight", "9d 8c 7h 6s 5d", 4),
    ("three_of_a_kind", "7s 7h 7d Qc 2d", 3),
    ("two_pair", "8s 8d 4c 4h Jd", 2),
    ("one_pair", "Ts Td 8c 4h 2d", 1),
    ("ace_king", "Ac Kd 7h 5s 2c", 1),
    ("high_card", "Qc Jd 7h 5s 2c", 0),
]


@pytest.mark.parametrize("category, cards, odds", BET_LINES, ids=[row[0] for row in BET_LINES])
def test_each_bet_line_of_table_2_pays_its_odds(category, cards, odds):
    reading = read_hand(cards)
    assert reading.category == category and reading.second is None
    assert reading.bet_odds == odds == BET_ODDS[category]


BONUS_LINES = [
    ("royal_flush", "Ah Kh Qh Jh Th", 1000),
    ("straight_flush", "9c 8c 7c 6c 5c", 500),
    ("four_of_a_kind", "7s 7h 7d 7c 2d", 200),
    ("full_house", "Qs Qh Qd 4c 4d", 70),
    ("flush", "Ks 9s 7s 4s 2s", 50),
    ("straight", "9d 8c 7h 6s 5d", 40),
    ("three_of_a_kind", "7s 7h 7d Qc 2d", 25),
    ("two_pair", "8s 8d 4c 4h Jd", 0),
    ("one_pair", "Ts Td 8c 4h 2d", 0),
    ("ace_king", "Ac Kd 7h 5s 2c", 0),
    ("high_card", "Qc Jd 7h 5s 2c", 0),
]


@pytest.mark.parametrize("category, cards, odds", BONUS_LINES, ids=[row[0] for row in BONUS_LINES])
def test_each_bonus_line_of_table_2_pays_its_odds_and_nothing_below_three_of_a_kind(category, cards, odds):
    assert bonus_category(cards) == category
    assert bonus_odds(cards) == odds == BONUS_ODDS.get(category, 0)


def test_the_bonus_is_decided_on_five_cards_only():
    with pytest.raises(HandError):
        bonus_odds("Ah Kh Qh Jh Th 9h")


# --- comparing and qualifying ---------------------------------------------------


def test_the_dealer_qualifies_with_ace_king_or_better():
    assert dealer_qualifies("Ac Kd 4h 3s 2c")
    assert dealer_qualifies("2c 2d 7h 5s 3c")
    assert not dealer_qualifies("Ac Qd Jh 9s 7c")
    assert not dealer_qualifies("Kc Qd Jh 9s 7c")


def test_hands_compare_on_the_main_combination_with_kickers():
    assert compare_hands("As Ad Kc 9h 6s", "Ah Ac Qd 9s 6d") == 1
    assert compare_hands("As Ad Kc 9h 6s", "Ah Ac Kd 9s 6d") == 0
    assert compare_hands("Ac Kd 7h 5s 3c", "Ah Kc 7d 5h 4d") == -1
    assert compare_hands("Ac Kd 7h 5s 3c", "Qh Jc 9d 5h 4d") == 1


def test_a_six_card_hand_compares_with_its_best_five_and_the_second_combination_does_not_count():
    # Two straights (J-high and 10-high) against one J-high straight: a tie.
    assert compare_hands("Js Td 9c 8h 7s 6d", "Jd Tc 9h 8s 7d") == 0
    assert compare_hands("Js Td 9c 8h 7s 6d", "Qd Jc Th 9s 8d") == -1


def test_an_imperial_flush_beats_a_royal_flush():
    assert compare_hands("Ah Kh Qh Jh Th 9h", "As Ks Qs Js Ts") == 1


def test_ace_king_ranks_between_one_pair_and_high_card():
    assert CATEGORIES.index("one_pair") < CATEGORIES.index("ace_king") < CATEGORIES.index("high_card")
    assert compare_hands("Ac Kd 4h 3s 2c", "Ah Qc Jd Ts 8d") == 1
    assert compare_hands("Ac Kd 4h 3s 2c", "2h 2d 5c 4s 3h") == -1


@pytest.mark.parametrize("cards", ["As Kd", "As Kd 7h 5s 2c 3d 4d", "As Kd 7h 5s As", "As Kd 7h 5s Xx"])
def test_a_hand_of_the_wrong_size_or_with_a_bad_card_is_refused(cards):
    with pytest.raises(HandError):
        read_hand(cards)


# --- invariants over random hands --------------------------------------------------

hands = st.lists(st.sampled_from(FULL_DECK), min_size=5, max_size=6, unique=True)


@settings(max_examples=400, deadline=None)
@given(hands)
def test_with_five_cards_the_only_second_is_ace_king_beside_pairs_trips_or_quads(cards):
    reading = read_hand(cards)
    if len(cards) == 5 and reading.second is not None:
        assert reading.second.category == "ace_king"
        assert reading.category in ("one_pair", "two_pair", "three_of_a_kind", "four_of_a_kind")


@settings(max_examples=400, deadline=None)
@given(hands)
def test_the_second_never_pays_more_than_the_main_and_uses_a_card_of_its_own(cards):
    reading = read_hand(cards)
    assert reading.bet_odds == reading.main.bet_odds + (reading.second.bet_odds if reading.second else 0)
    if reading.second is not None:
        assert reading.second.bet_odds <= reading.main.bet_odds
        assert set(reading.second.cards) - set(reading.main.cards)
        assert set(reading.second.cards) <= set(cards)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(FULL_DECK), min_size=6, max_size=6, unique=True))
def test_a_sixth_card_never_makes_the_main_combination_worse(cards):
    six = read_hand(cards)
    for five in combinations(cards, 5):
        assert compare_hands(six, read_hand(five)) >= 0


def test_the_card_notation_of_the_contracts_is_accepted():
    assert read_hand("10h Jh Qh Kh Ah").category == "royal_flush"
    assert read_hand(["As", "Kd", "7h", "5s", "2c"]).category == "ace_king"
    assert read_hand(parse_cards("as,kd,7h,5s,2c")).category == "ace_king"


def test_when_a_pair_and_ace_king_would_both_pay_1_to_1_the_second_is_named_the_pair():
    reading = read_hand("Ah Kh 8h 7h 5h Ac")
    assert (reading.category, reading.second.category, reading.bet_odds) == ("flush", "one_pair", 6)


def test_the_reading_that_gives_the_better_second_is_chosen_among_equal_main_hands():
    # J-10-9-8-7 can be made with either nine: with the other nine the second is a second straight.
    reading = read_hand("Js Td 9c 8h 7s 9d")
    assert reading.main.cards != reading.second.cards
    assert {c for c in reading.second.cards if c.rank == 9} != {c for c in reading.main.cards if c.rank == 9}
