"""Settling one box of Ultimate Texas Hold'em (docs/rules.md section 3), hands worked by hand.

Unless a test says otherwise: ante (= Blind) 10, standard rules (the dealer
qualifies with a pair).
"""

from decimal import Decimal

import pytest

from housegames.engines.uth.rules import UthError, settle_box


def nets(result):
    return {line.bet: line.net for line in result.lines}


def test_a_win_against_a_qualifying_dealer_pays_ante_and_play_and_pushes_the_blind_below_a_straight():
    # Aces against kings; nothing else on a dry board.
    result = settle_box(ante=10, play=40, player="AhAd", dealer="KcKd", board="2s7h9cJd4s")
    assert (result.player_hand, result.dealer_hand, result.dealer_qualifies) == ("one_pair", "one_pair", True)
    assert nets(result) == {"ante": 10, "blind": 0, "play": 40, "trips": 0}
    assert result.blind.reason == "push_below_straight"
    assert (result.outcome, result.net) == ("win", 50)


def test_a_loss_against_a_qualifying_dealer_loses_ante_blind_and_play():
    result = settle_box(ante=10, play=30, player="KcKd", dealer="AhAd", board="2s7h9cJd4s")
    assert nets(result) == {"ante": -10, "blind": -10, "play": -30, "trips": 0}
    assert (result.outcome, result.net) == ("lose", -50)


def test_a_dealer_who_does_not_qualify_pushes_the_ante_and_still_pays_play_and_blind():
    # Dealer K-Q high: no pair. The player's straight 5-9 pays the Blind 1:1.
    result = settle_box(ante=10, play=20, player="8h9d", dealer="KcQd", board="5c6s7dJh2c")
    assert (result.player_hand, result.dealer_hand, result.dealer_qualifies) == ("straight", "high_card", False)
    assert nets(result) == {"ante": 0, "blind": 10, "play": 20, "trips": 0}
    assert result.ante.reason == "push_not_qualified"


def test_a_dealer_who_does_not_qualify_but_holds_the_better_hand_wins_blind_and_play():
    # Board 2 4 7 9 J; player J-9-7-5-4, dealer A-K-J-9-7: no pair, but higher.
    result = settle_box(ante=10, play=10, player="3c5d", dealer="AcKd", board="2s4h7c9dJh")
    assert result.dealer_qualifies is False
    assert nets(result) == {"ante": 0, "blind": -10, "play": -10, "trips": 0}
    assert (result.outcome, result.net) == ("lose", -20)


def test_a_tie_pushes_ante_blind_and_play_while_trips_pays_on_the_players_own_straight():
    # The board is an ace-high straight: both play it.
    result = settle_box(ante=10, play=40, trips=5, player="2c3d", dealer="4h5s", board="AsKsQdJcTh")
    assert result.outcome == "push"
    assert nets(result) == {"ante": 0, "blind": 0, "play": 0, "trips": 20}
    assert {line.reason for line in result.lines[:3]} == {"push_tie"}


@pytest.mark.parametrize(
    "player, dealer, board, hand, blind",
    [
        ("8h9d", "KdKs", "5c6s7dKh2c", "straight", Decimal(10)),  # 1:1
        ("Ah2h", "KcKd", "9h6h3hKs4c", "flush", Decimal(15)),  # 3:2
        ("KsKh", "9c9d", "Kd7c7s2h3d", "full_house", Decimal(30)),  # 3:1
        ("7h7d", "KsKh", "7c7sKd2h3c", "four_of_a_kind", Decimal(100)),  # 10:1
        ("9s8s", "KhKc", "7s6s5sKd2c", "straight_flush", Decimal(500)),  # 50:1
        ("AsKs", "AhAd", "QsJsTs3d2c", "royal_flush", Decimal(5000)),  # 500:1
    ],
)
def test_the_blind_pays_its_table_on_a_win_with_a_straight_or_better(player, dealer, board, hand, blind):
    result = settle_box(ante=10, play=10, player=player, dealer=dealer, board=board)
    assert (result.player_hand, result.outcome, result.dealer_qualifies) == (hand, "win", True)
    assert result.blind.net == blind
    assert (result.ante.net, result.play.net) == (10, 10)


def test_an_odd_ante_with_a_flush_gets_a_blind_of_exactly_half_a_chip():
    result = settle_box(ante=5, play=5, player="Ah2h", dealer="QcJd", board="9h6h3hKs4c")
    assert result.blind.net == Decimal("7.5")
    assert result.dealer_qualifies is False and result.net == Decimal("12.5")


def test_a_payout_of_part_of_a_cent_is_rounded_down_to_the_cent():
    result = settle_box(ante="0.05", play="0.05", player="Ah2h", dealer="QcJd", board="9h6h3hKs4c")
    assert result.blind.net == Decimal("0.07")


@pytest.mark.parametrize(
    "player, dealer, board, hand, trips",
    [
        ("9c9d", "QsJd", "9hKs4d2c7h", "three_of_a_kind", 30),  # 3:1
        ("8h9d", "KdKs", "5c6s7dKh2c", "straight", 40),  # 4:1
        ("Ah2h", "KcKd", "9h6h3hKs4c", "flush", 70),  # 7:1
        ("KsKh", "9c9d", "Kd7c7s2h3d", "full_house", 80),  # 8:1
        ("7h7d", "KsKh", "7c7sKd2h3c", "four_of_a_kind", 300),  # 30:1
        ("9s8s", "KhKc", "7s6s5sKd2c", "straight_flush", 400),  # 40:1
        ("AsKs", "AhAd", "QsJsTs3d2c", "royal_flush", 500),  # 50:1
        ("AhKd", "QcQd", "AsKc7h2s3d", "two_pair", -10),  # below three of a kind: lost
    ],
)
def test_trips_pays_its_table_on_the_players_own_hand(player, dealer, board, hand, trips):
    result = settle_box(ante=10, play=10, trips=10, player=player, dealer=dealer, board=board)
    assert result.player_hand == hand
    assert result.trips.net == trips


def test_trips_pays_even_when_the_dealer_wins():
    # Player trips 9 (via the board), dealer a full house.
    result = settle_box(ante=10, play=40, trips=5, player="9cAd", dealer="KhKd", board="9h9sKs2c3d")
    assert (result.outcome, result.player_hand) == ("lose", "three_of_a_kind")
    assert nets(result) == {"ante": -10, "blind": -10, "play": -40, "trips": 15}


def test_a_fold_loses_ante_and_blind_and_trips_is_still_paid():
    result = settle_box(ante=10, play=0, trips=5, player="8c3d", dealer="AsJs", board="QhQdQc5s2h")
    assert result.outcome == "fold"
    assert nets(result) == {"ante": -10, "blind": -10, "play": 0, "trips": 15}
    assert result.net == -5


def test_a_fold_loses_even_when_the_folded_hand_would_have_won():
    result = settle_box(ante=10, play=0, player="AhAd", dealer="7c2d", board="3s5h9cJd4s")
    assert (result.outcome, result.net) == ("fold", -20)


@pytest.mark.parametrize(
    "dealer, board, standard, pair_of_fours",
    [
        ("3h3c", "2s7h9cJdKs", True, False),  # a pair of threes
        ("4h4c", "2s7h9cJdKs", True, True),  # a pair of fours
        ("2h3c", "2s3h9cJdKs", True, True),  # two pair, deuces and threes
        ("2h2c", "5s7h9cJdKs", True, False),  # a pair of deuces
        ("AhQc", "5s7h9cJdKs", False, False),  # ace high
    ],
)
def test_the_dealer_qualifies_with_a_pair_or_under_pair_of_fours_with_a_pair_of_fours(
    dealer, board, standard, pair_of_fours
):
    for rules, qualifies in (("standard", standard), ("pair_of_fours", pair_of_fours)):
        # The player's three kings beat every one of these dealer hands.
        result = settle_box(ante=10, play=10, player="KhKc", dealer=dealer, board=board, rules=rules)
        assert result.outcome == "win"
        assert result.dealer_qualifies is qualifies, rules
        assert result.ante.net == (10 if qualifies else 0)


def test_pair_of_fours_rules_push_the_ante_of_a_win_over_a_pair_of_threes():
    standard = settle_box(ante=10, play=30, player="JcJs", dealer="3h3c", board="2s7h9cQdKs")
    fours = settle_box(ante=10, play=30, player="JcJs", dealer="3h3c", board="2s7h9cQdKs", rules="pair_of_fours")
    assert nets(standard) == {"ante": 10, "blind": 0, "play": 30, "trips": 0}
    assert nets(fours) == {"ante": 0, "blind": 0, "play": 30, "trips": 0}


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"play": 25}, "play 25 must be 0 (fold) or 1, 2, 3 or 4 times the ante (10)"),
        ({"play": 50}, "play 50 must be 0 (fold) or 1, 2, 3 or 4 times the ante (10)"),
        ({"ante": 0}, "ante must be more than zero, got 0"),
        ({"trips": -5}, "trips must be zero or more, got -5"),
        ({"ante": "10.005"}, "ante must be a whole number of cents, got 10.005"),
        ({"player": "AsAs"}, "player: card As used twice"),
        ({"player": "AsKsQs"}, "player: 2 cards needed, got 3"),
        ({"board": "AhKd7c2s"}, "board: 5 cards needed, got 4"),
        ({"dealer": "QhXx"}, "dealer: unknown card 'Xx'"),
        ({"dealer": "AhQd"}, "card Ah used twice (dealer and board)"),
        ({"rules": "vegas"}, "unknown rules 'vegas' (known: standard, pair_of_fours)"),
    ],
)
def test_bad_input_is_refused_with_a_message_naming_what_and_where(changes, message):
    bets = {"ante": 10, "play": 40, "player": "AsKs", "dealer": "QhQd", "board": "AhKd7c2s2h"} | changes
    with pytest.raises(UthError) as error:
        settle_box(**bets)
    assert str(error.value) == message


def test_cards_may_be_written_as_a_list_with_tens_as_10_and_upper_case_suits():
    result = settle_box(ante=10, play=10, player=["10D", "9d"], dealer="Kc 4s", board="Ah,8s,7c,6h,2d")
    assert (result.player_hand, result.net) == ("straight", 20)


def test_the_pair_of_fours_profile_qualifies_from_the_value_of_4_4_5_3_2():
    from housegames.engines.uth.rules import PROFILES
    from tournaments.poker.cards import parse_cards
    from tournaments.poker.evaluator import hand_value

    assert PROFILES["pair_of_fours"].qualifying_value == hand_value(parse_cards("4c4d5h3s2c"))
