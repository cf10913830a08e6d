"""Everything the engine refuses, each with a reason that says what is wrong."""

from __future__ import annotations

import pytest

from tests.tournaments.poker.helpers import play, table
from tournaments.poker.holdem import Action, Hand, HandSetup, IllegalAction, Seat, SettlementError, SetupError

FOUR = ("Anna 1000", "Ben 1000", "Carl 1000", "Dora 1000")
ON_FLOP = "Dora call, Anna call, Ben call, Carl check"  # flop, Ben to act, 50 each in


@pytest.mark.parametrize(
    "done, action, message",
    [
        # whose turn it is
        ("", "Anna call", "out of turn: it is Dora's turn"),
        ("", "Zed call", "'Zed' is not a player at this table"),
        ("Dora fold", "Dora call", "Dora has folded"),
        ("Dora allin", "Dora call", "Dora is all-in"),
        # verbs that do not fit the situation
        ("", "Dora check", "cannot check facing a bet of 50: call 50, raise or fold"),
        ("", "Dora bet 100", "cannot bet facing a bet of 50: call, raise or fold"),
        (ON_FLOP, "Ben raise 100", "there is no bet to raise (bet instead)"),
        (ON_FLOP, "Ben call", "there is no bet to call (check instead)"),
        (ON_FLOP + ", Ben bet 50", "Carl check", "cannot check facing a bet of 50"),
        (ON_FLOP + ", Ben bet 50", "Carl bet 200", "cannot bet facing a bet of 50"),
        # amounts
        ("", "Dora raise 99", "a raise to 99 is below the minimum raise to 100"),
        (ON_FLOP, "Ben bet 49", "a bet to 49 is below the minimum bet of 50"),
        (ON_FLOP, "Ben bet 0", "a bet to 0 is below the minimum bet of 50"),
        ("", "Dora raise 1001", "raise to 1001 is more than Dora has: at most to 1000 (1000 behind)"),
        (ON_FLOP, "Ben bet 951", "bet to 951 is more than Ben has: at most to 950 (950 behind)"),
        ("", "Dora raise 50", "a raise to 50 does not raise the bet of 50"),
        ("Dora raise 200", "Anna raise 300", "a raise to 300 is below the minimum raise to 350"),
        ("", "Dora raise", "raise needs the amount 'to'"),
        (ON_FLOP, "Ben bet", "bet needs the amount 'to'"),
        ("", "Dora fold 50", "fold takes no amount (got to=50)"),
        ("", "Dora check 50", "check takes no amount"),
        ("", "Dora call 60", "a call is to 50, not to 60"),
        ("", "Dora allin 500", "all-in is to 1000 (1000 behind), not to 500"),
        ("", "Dora shove", "unknown action 'shove'"),
    ],
)
def test_it_refuses_an_illegal_action_naming_index_player_verb_and_reason(done, action, message) -> None:
    hand = play(table(*FOUR, button="Anna"), done)
    name, verb, *amount = action.split()
    index = len(hand.actions)
    with pytest.raises(IllegalAction) as caught:
        hand.apply(Action(name, verb, int(amount[0]) if amount else None))
    error = caught.value
    assert str(error).startswith(f"action {index} ({name} {verb}): ")
    assert message in error.reason
    assert (error.index, error.player, error.verb) == (index, name, verb)
    assert "\n" not in str(error)


def test_nothing_is_changed_by_a_refused_action() -> None:
    hand = play(table(*FOUR, button="Anna"), "Dora call")
    before = (hand.stacks, hand.committed, hand.to_act, len(hand.history))
    with pytest.raises(IllegalAction):
        hand.apply(Action("Anna", "raise", 60))
    assert (hand.stacks, hand.committed, hand.to_act, len(hand.history)) == before
    assert hand.actions == [Action("Dora", "call")]


def test_it_refuses_any_action_after_the_hand_is_over() -> None:
    won = play(table(*FOUR, button="Anna"), "Dora fold, Anna fold, Ben fold")
    with pytest.raises(IllegalAction, match=r"action 3 \(Carl check\): the hand is over: everyone else folded"):
        won.apply(Action("Carl", "check"))
    all_in = play(table("Anna 1000", "Ben 1000", button="Anna"), "Anna allin, Ben call")
    with pytest.raises(IllegalAction, match=r"action 2 \(Ben check\): the hand is over: the betting has ended"):
        all_in.apply(Action("Ben", "check"))


def test_a_covered_player_cannot_raise_only_call_all_in() -> None:
    hand = play(table("Anna 1000", "Ben 1000", "Carl 300", button="Anna"), "Anna raise 500, Ben fold")
    with pytest.raises(IllegalAction, match="cannot raise: Carl has 250 behind, not more than the 450 to call"):
        hand.apply(Action("Carl", "raise", 300))
    assert hand.legal_actions().verbs == ("fold", "call", "allin")


def test_below_the_minimum_says_when_only_all_in_is_left() -> None:
    hand = play(table("Anna 1000", "Ben 1000", "Carl 1000", "Dora 90", button="Anna"))
    with pytest.raises(IllegalAction, match=r"below the minimum raise to 100 \(Dora can only go all-in, to 90\)"):
        hand.apply(Action("Dora", "raise", 80))
    assert hand.legal_actions().min_to == hand.legal_actions().max_to == 90
    hand.apply(Action("Dora", "raise", 90))  # all-in for less than a full raise is fine


# -- setup --------------------------------------------------------------------


@pytest.mark.parametrize(
    "players, button, blinds, rule, message",
    [
        ((Seat("Anna", 100),), "Anna", (1, 2), "league", "at least 2 players"),
        ((Seat("Anna", 100), Seat("Anna", 100)), "Anna", (1, 2), "league", "the name 'Anna' is used twice"),
        ((Seat("Anna", 100), Seat("", 100)), "Anna", (1, 2), "league", "non-empty string"),
        ((Seat("Anna", 100), Seat("Ben", -1)), "Anna", (1, 2), "league", "stack of Ben must be a whole number"),
        ((Seat("Anna", 100), Seat("Ben", 1.5)), "Anna", (1, 2), "league", "stack of Ben must be a whole number"),
        ((Seat("Anna", 100), Seat("Ben", 0)), "Anna", (1, 2), "league", "at least 2 players with chips"),
        ((Seat("Anna", 100), Seat("Ben", 100)), "Zed", (1, 2), "league", "button: 'Zed' is not one of the players"),
        ((Seat("Anna", 100), Seat("Ben", 100)), "Anna", (0, 2), "league", "small blind must be"),
        ((Seat("Anna", 100), Seat("Ben", 100)), "Anna", (1, True), "league", "big blind must be"),
        ((Seat("Anna", 100), Seat("Ben", 100)), "Anna", (3, 2), "league", "larger than the big blind"),
        ((Seat("Anna", 100), Seat("Ben", 100)), "Anna", (1, 2), "pot", "min_bet_rule: must be 'league' or 'standard'"),
    ],
)
def test_it_refuses_a_bad_setup(players, button, blinds, rule, message) -> None:
    with pytest.raises(SetupError, match=message):
        HandSetup(players, button, blinds[0], blinds[1], rule)


# -- settlement -----------------------------------------------------------------


def _showdown() -> Hand:
    # Anna 100 all-in, Ben and Carl 300 each: pots 300 (all) and 400 (Ben, Carl).
    return play(
        table("Anna 100", "Ben 300", "Carl 300", button="Anna", blinds=(5, 10)), "Anna allin, Ben allin, Carl call"
    )


HOLE = {"Anna": "AsAh", "Ben": "KsKh", "Carl": "QsQh"}
BOARD = "2c7d9hJc3s"


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (
            {"hole_cards": HOLE, "board": BOARD, "pot_winners": [["Anna"], ["Ben"]]},
            r"give either showdown cards \(hole_cards\) or pot_winners, not both",
        ),
        (
            {"pot_winners": [["Anna"], ["Anna"]]},
            r"pot_winners\[1\]: Anna is not eligible for this pot \(eligible: Ben, Carl\)",
        ),
        ({"pot_winners": [["Anna"]]}, "pot_winners has 1 entries but the hand has 2 pots"),
        ({"pot_winners": [["Zed"], ["Ben"]]}, r"pot_winners\[0\]: 'Zed' is not a player at this table"),
        ({"pot_winners": [[], ["Ben"]]}, r"pot_winners\[0\]: must be a non-empty list"),
        ({"pot_winners": [["Ben", "Ben"], ["Ben"]]}, r"pot_winners\[0\]: Ben is named twice"),
        ({}, "the showdown needs hole cards of Anna, Ben, Carl and a 5-card board \\(got 0\\), or pot_winners"),
        (
            {"hole_cards": {"Anna": "AsAh", "Ben": "KsKh"}, "board": BOARD},
            "the showdown needs hole cards of Carl, or pot_winners",
        ),
        ({"hole_cards": HOLE, "board": "2c7d9h"}, "a 5-card board \\(got 3\\)"),
        ({"hole_cards": HOLE, "board": "2c7d9hJc"}, "a 5-card board \\(got 4\\)"),
        ({"hole_cards": HOLE, "board": "2c7d"}, "board: a board has 0, 3, 4 or 5 cards, got 2"),
        ({"hole_cards": HOLE, "board": "2c7d9hJc3s4s"}, "board: a board has 0, 3, 4 or 5 cards, got 6"),
        ({"hole_cards": {**HOLE, "Carl": "QsXx"}, "board": BOARD}, "hole cards of Carl: unknown card 'Xx'"),
        (
            {"hole_cards": {**HOLE, "Carl": "QsQhQd"}, "board": BOARD},
            "hole cards of Carl: a player has 2 hole cards, got 3",
        ),
        ({"hole_cards": {**HOLE, "Carl": "QsQs"}, "board": BOARD}, "hole cards of Carl: card Qs used twice"),
        (
            {"hole_cards": {**HOLE, "Carl": "QsAs"}, "board": BOARD},
            r"card As used twice \(the hole cards of Anna and the hole cards of Carl\)",
        ),
        ({"hole_cards": HOLE, "board": "2c7d9hJcAs"}, r"card As used twice \(the hole cards of Anna and the board\)"),
        ({"hole_cards": {**HOLE, "Zed": "2h2d"}, "board": BOARD}, "hole_cards: 'Zed' is not a player at this table"),
        ({"hole_cards": HOLE, "board": "2c 7d 9h Jc Zz"}, "board: unknown card 'Zz'"),
    ],
)
def test_it_refuses_showdown_input_that_cannot_settle_the_hand(kwargs, message) -> None:
    with pytest.raises(SettlementError, match=message):
        _showdown().settle(**kwargs)


def test_it_refuses_to_settle_a_hand_that_is_still_being_bet() -> None:
    with pytest.raises(SettlementError, match="the hand is not finished: it is Dora's turn to act"):
        Hand(table(*FOUR, button="Anna")).settle(pot_winners=[["Anna"]])


def test_hole_cards_of_folded_players_are_accepted_but_checked() -> None:
    hand = play(table(*FOUR, button="Anna"), "Dora fold, Anna allin, Ben fold, Carl call")
    cards = {"Anna": "AsAh", "Carl": "KsKh", "Dora": "4c4d"}
    assert hand.settle(cards, BOARD).stacks["Anna"] == 2025
    with pytest.raises(SettlementError, match="card 2c used twice"):
        hand.settle({**cards, "Dora": "2c3d"}, BOARD)


def test_a_board_may_come_with_pot_winners() -> None:
    assert _showdown().settle(board=BOARD, pot_winners=[["Anna"], ["Ben"]]).stacks == {
        "Anna": 300,
        "Ben": 400,
        "Carl": 0,
    }
