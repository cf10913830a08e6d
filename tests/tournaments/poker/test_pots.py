"""Pots, side pots, showdowns and odd chips, worked out by hand."""

from __future__ import annotations

import pytest

from tests.tournaments.poker.helpers import play, table
from tournaments.poker.holdem import Hand


def _three_way_all_in() -> Hand:
    # Anna 100, Ben 300, Carl 500, all in pre-flop; Carl's last 200 are uncalled.
    return play(
        table("Anna 100", "Ben 300", "Carl 500", button="Anna", blinds=(5, 10)), "Anna allin, Ben allin, Carl allin"
    )


def test_it_splits_a_three_way_all_in_into_a_main_pot_and_a_side_pot() -> None:
    hand = _three_way_all_in()
    assert hand.street == "showdown"
    assert [(p.amount, p.eligible, p.level) for p in hand.pots()] == [
        (300, ("Anna", "Ben", "Carl"), 100),
        (400, ("Ben", "Carl"), 300),
    ]
    assert hand.uncalled == ("Carl", 200)


def test_each_player_wins_only_up_to_his_own_amount_from_each_opponent() -> None:
    hole = {"Anna": "AsAh", "Ben": "KsKh", "Carl": "QsQh"}
    result = _three_way_all_in().settle(hole, "2c7d9hJc3s")
    assert [(p.amount, p.winners) for p in result.pots] == [(300, ("Anna",)), (400, ("Ben",))]
    assert result.stacks == {"Anna": 300, "Ben": 400, "Carl": 200}
    assert result.busted == ()


def test_the_biggest_stack_winning_busts_both_others_bigger_stack_first() -> None:
    hole = {"Anna": "KsKh", "Ben": "QsQh", "Carl": "AsAh"}
    result = _three_way_all_in().settle(hole, "2c7d9hJc3s")
    assert result.stacks == {"Anna": 0, "Ben": 0, "Carl": 900}
    assert result.busted == ("Ben", "Anna")


def test_a_split_pot_gives_the_odd_chip_to_the_winner_closest_left_of_the_button() -> None:
    # Pot 25 (10 + 5 dead + 10); the board plays. Left of the button Anna:
    # Ben (folded), then Carl, so Carl takes 13 and Anna 12.
    hand = play(
        table("Anna 1000", "Ben 1000", "Carl 1000", button="Anna", blinds=(5, 10)),
        "Anna call, Ben fold, Carl check, Carl check, Anna check, Carl check, Anna check, Carl check, Anna check",
    )
    result = hand.settle({"Anna": "2c3d", "Carl": "2d3c"}, "AsKsQsJsTs")
    (pot,) = result.pots
    assert (pot.amount, pot.winners, pot.shares) == (25, ("Anna", "Carl"), (12, 13))
    assert result.stacks == {"Anna": 1002, "Ben": 995, "Carl": 1003}


def test_odd_chips_go_one_each_round_the_table_from_the_button() -> None:
    # Example 01: 110 among three is 36 each and 2 odd chips; left of the
    # button Rosa the winners come Gus, Fay, Xena.
    hand = play(
        table("Xena 21", "Rosa 97", "Nora 30", "Gus 83", "Yann 166", "Fay 1571", button="Rosa", blinds=(5, 10)),
        "Yann call, Fay allin, Xena call, Rosa allin, Nora fold, Gus allin, Yann allin",
    )
    result = hand.settle(pot_winners=[["Xena", "Fay", "Gus"], ["Gus", "Fay"], ["Fay"], ["Fay"]])
    first = result.pots[0]
    assert first.winners == ("Xena", "Gus", "Fay")  # in seating order, whatever order they were named
    assert first.shares == (36, 37, 37)


def test_dead_money_from_folded_players_goes_into_the_pots_at_their_level() -> None:
    # Sven's 50 big blind is dead: 11 into the main pot (Tara's level), 39 into the side pot.
    hand = play(
        table("Tara 11", "Sven 628 out", "Walt 1153", "Quinn 1985", "Pia 668", button="Pia"),
        "Walt raise 182, Quinn fold, Pia call, Walt check, Pia check, Walt check, Pia check, Walt check, Pia check",
    )
    assert [(p.amount, p.eligible) for p in hand.pots()] == [
        (44, ("Tara", "Walt", "Pia")),
        (39 + 2 * 171, ("Walt", "Pia")),
    ]


def test_a_pot_only_one_player_can_win_is_still_a_pot() -> None:
    # Example 09: Karl's 20 bet on the flop is returned, but the 90 that only
    # Karl can win (he, Gus and Walt put in 30 each above Emil's 10) is a pot.
    hand = play(
        table("Gus 3920", "Karl 3030", "Emil 10", "Walt 743", button="Karl", blinds=(10, 20)),
        "Gus raise 40, Karl call, Walt call, Walt check, Gus check, Karl bet 20, Walt fold, Gus fold",
    )
    assert [(p.amount, p.eligible) for p in hand.pots()] == [(40, ("Karl", "Emil")), (90, ("Karl",))]
    result = hand.settle({"Karl": "5s7s", "Emil": "6h4c"}, "As Ks Jc 5c 7d")
    assert result.returned == {"Karl": 20}
    assert result.stacks == {"Gus": 3880, "Karl": 3120, "Emil": 0, "Walt": 703}


def test_pots_during_a_betting_round_leave_out_the_bet_nobody_has_matched_yet() -> None:
    hand = play(table("Anna 1000", "Ben 1000", "Carl 1000", "Dora 100", button="Anna"), "Dora allin, Anna raise 300")
    assert hand.uncalled == ("Anna", 200)
    assert hand.pot_total == 25 + 50 + 100 + 300
    # Ben and Carl have chips and can still call, so they are in both pots.
    assert [(p.amount, p.eligible) for p in hand.pots()] == [
        (275, ("Anna", "Ben", "Carl", "Dora")),
    ]


def test_an_all_in_player_caps_the_pots_while_others_keep_betting() -> None:
    hand = play(
        table("Anna 1000", "Ben 1000", "Carl 1000", "Dora 100", button="Anna"),
        "Dora allin, Anna call, Ben call, Carl call, Ben bet 100, Carl call",
    )
    assert [(p.amount, p.eligible) for p in hand.pots()] == [
        (400, ("Anna", "Ben", "Carl", "Dora")),
        (200, ("Anna", "Ben", "Carl")),
    ]
    assert hand.uncalled is None


def test_a_hand_won_by_folds_needs_no_cards() -> None:
    hand = play(
        table("Rosa 26625", "Otto 3284", "Ivo 995", "Xena 5400", button="Otto", blinds=(75, 150)),
        "Rosa fold, Otto fold, Ivo fold",
    )
    assert hand.street == "complete" and hand.board_cards_needed == 0
    result = hand.settle({}, "")
    assert result.stacks == {"Rosa": 26625, "Otto": 3284, "Ivo": 920, "Xena": 5475}
    assert [(p.amount, p.eligible, p.winners) for p in result.pots] == [(150, ("Xena",), ("Xena",))]


def test_a_hand_won_by_folds_on_the_turn_reached_four_board_cards() -> None:
    hand = play(
        table("Anna 1000", "Ben 1000", button="Anna"),
        "Anna call, Ben check, Ben check, Anna check, Ben bet 50, Anna fold",
    )
    assert (hand.street, hand.board_cards_needed) == ("complete", 4)


def test_the_board_plays_and_everyone_splits() -> None:
    hand = play(table("Hana 19", "Karl 1088", "Tara 112", button="Hana"), "Hana fold, Karl raise 1088, Tara allin")
    result = hand.settle({"Karl": ["KH", "7S"], "Tara": ["9s", "8s"]}, "Kc Js TS AD Qh")
    assert [(p.amount, p.winners, p.shares) for p in result.pots] == [(224, ("Karl", "Tara"), (112, 112))]
    assert result.stacks == {"Hana": 19, "Karl": 1088, "Tara": 112}


def test_hand_values_are_reported_when_cards_decide() -> None:
    result = _three_way_all_in().settle({"Anna": "AsAh", "Ben": "KsKh", "Carl": "QsQh"}, "2c7d9hJc3s")
    assert result.hand_values["Anna"] > result.hand_values["Ben"] > result.hand_values["Carl"]


@pytest.mark.parametrize(
    "winners, stacks",
    [
        ([["Anna"], ["Ben"]], {"Anna": 300, "Ben": 400, "Carl": 200}),
        ([["Carl"], ["Carl"]], {"Anna": 0, "Ben": 0, "Carl": 900}),
        ([["Anna", "Ben", "Carl"], ["Ben", "Carl"]], {"Anna": 100, "Ben": 300, "Carl": 500}),
    ],
)
def test_the_dealer_can_name_the_winners_of_each_pot(winners, stacks) -> None:
    assert _three_way_all_in().settle(pot_winners=winners).stacks == stacks
