"""A round of Ultimate Texas Hold'em as a state machine: bets, deal, the three
decisions, the showdown, several boxes, blind boxes, limits, and the round as
plain JSON data."""

import json
from decimal import Decimal

import pytest

from housegames.engines.uth.rules import TableLimits, UthError, UthRound, deck_order
from tournaments.poker.cards import seeded_rng, shuffled_deck


def dealt(*holes, dealer="QhQd", board="AhKd7c2s2h", limits=None, boxes=None, rules="standard"):
    """A round with one box per hole (ante 10, unless ``boxes`` gives the bets), dealt."""
    rnd = UthRound(rules, limits or TableLimits())
    for i, _hole in enumerate(holes):
        rnd.add_box(**((boxes or [{}] * len(holes))[i] or {"ante": 10}))
    rnd.deal(deck_order(holes, dealer, board))
    return rnd


def reloaded(rnd):
    return UthRound.from_dict(json.loads(json.dumps(rnd.to_dict())))


def test_a_round_goes_from_the_bets_through_three_streets_to_the_showdown():
    rnd = UthRound()
    assert rnd.phase == "betting"
    rnd.add_box(ante=10, trips=5)
    rnd.deal(deck_order(["AsKs"], "QhQd", "AhKd7c2s2h"))
    assert (rnd.phase, rnd.to_act(), rnd.legal_decisions(), rnd.visible_board) == (
        "preflop",
        0,
        ("4x", "3x", "check"),
        (),
    )
    rnd.decide(0, "check")
    assert (rnd.phase, rnd.legal_decisions(), [str(c) for c in rnd.visible_board]) == (
        "flop",
        ("2x", "check"),
        ["Ah", "Kd", "7c"],
    )
    rnd.decide(0, "check")
    assert (rnd.phase, rnd.legal_decisions(), len(rnd.visible_board)) == ("river", ("1x", "fold"), 5)
    decision = rnd.decide(0, "1x")
    assert (decision.index, decision.street, decision.verb, decision.play) == (2, "river", "1x", 10)
    assert rnd.phase == "showdown" and rnd.to_act() is None
    box = rnd.settle().boxes[0]
    assert {line.bet: line.net for line in box.result.lines} == {"ante": 10, "blind": 0, "play": 10, "trips": -5}
    assert (box.staked, box.returned, box.net) == (35, 50, 15)


def test_a_raise_before_the_flop_goes_straight_to_the_showdown():
    rnd = dealt("AsKs")
    rnd.decide(0, "4x")
    assert rnd.phase == "showdown"
    assert rnd.boxes[0].play == 40 and rnd.settle().boxes[0].result.play.net == 40


def test_the_play_is_3x_2x_or_1x_the_ante_by_when_it_is_made():
    three = dealt("AsKs")
    three.decide(0, "3x")
    two = dealt("AsKs")
    two.decide(0, "check")
    two.decide(0, "2x")
    assert (three.boxes[0].play, two.boxes[0].play) == (30, 20)


def test_a_2x_after_play_was_already_made_is_refused():
    rnd = dealt("AsKs", "8c8d")
    rnd.decide(0, "4x")
    rnd.decide(1, "check")
    assert rnd.phase == "flop"
    with pytest.raises(UthError, match=r"^box 1: 2x is not allowed: Play was already made \(4x before the flop\)$"):
        rnd.decide(0, "2x")
    single = dealt("AsKs")
    single.decide(0, "4x")
    with pytest.raises(UthError, match="Play was already made"):
        single.decide(0, "2x")


@pytest.mark.parametrize(
    "before, verb, message",
    [
        ([], "2x", "box 1: 2x is not allowed before the flop: the choices are 4x, 3x or check"),
        ([], "1x", "box 1: 1x is not allowed before the flop: the choices are 4x, 3x or check"),
        ([], "fold", "box 1: fold is not allowed before the flop: the choices are 4x, 3x or check"),
        (["check"], "4x", "box 1: 4x is not allowed on the flop: the choices are 2x or check"),
        (["check"], "fold", "box 1: fold is not allowed on the flop: the choices are 2x or check"),
        (["check", "check"], "check", "box 1: check is not allowed after the river: the choices are 1x or fold"),
        (["check", "check"], "2x", "box 1: 2x is not allowed after the river: the choices are 1x or fold"),
        ([], "raise", "box 1: unknown decision 'raise' (one of 4x, 3x, 2x, 1x, check, fold)"),
    ],
)
def test_a_decision_out_of_its_street_is_refused_with_the_choices(before, verb, message):
    rnd = dealt("AsKs")
    for earlier in before:
        rnd.decide(0, earlier)
    with pytest.raises(UthError) as error:
        rnd.decide(0, verb)
    assert str(error.value) == message
    assert len(rnd.decisions) == len(before)


def test_boxes_decide_in_box_order_on_each_street():
    rnd = dealt("AsKs", "8c8d", "5h6h")
    with pytest.raises(UthError, match=r"^box 2: check out of turn: box 1 decides first$") as error:
        rnd.decide(1, "check")
    assert error.value.code == "out_of_turn"
    rnd.decide(0, "check")
    rnd.decide(1, "4x")
    rnd.decide(2, "check")
    assert rnd.phase == "flop" and rnd.to_act() == 0  # box 2 made Play: skipped from now on
    rnd.decide(0, "2x")
    assert rnd.to_act() == 2
    rnd.decide(2, "check")
    assert rnd.phase == "river" and rnd.to_act() == 2
    rnd.decide(2, "fold")
    assert rnd.phase == "showdown"
    assert [b.result.outcome for b in rnd.settle().boxes] == ["win", "lose", "fold"]


def test_decisions_before_the_deal_after_the_showdown_or_for_a_missing_box_are_refused():
    rnd = UthRound()
    rnd.add_box(ante=10)
    with pytest.raises(UthError, match="^box 1: 4x before the deal: the cards are not dealt yet$"):
        rnd.decide(0, "4x")
    rnd.deal(deck_order(["AsKs"], "QhQd", "AhKd7c2s2h"))
    with pytest.raises(UthError, match=r"^there is no box 3 \(the table has 1\)$"):
        rnd.decide(2, "4x")
    rnd.decide(0, "check")
    rnd.decide(0, "check")
    rnd.decide(0, "fold")
    with pytest.raises(UthError, match="^box 1: 1x is not allowed: the box has folded$"):
        rnd.decide(0, "1x")
    with pytest.raises(UthError, match="not over"):
        UthRound().settle()


def test_bets_close_with_the_deal_and_the_deck_is_dealt_once():
    rnd = dealt("AsKs")
    with pytest.raises(UthError, match="^box 2: bets are closed: the cards are dealt$"):
        rnd.add_box(ante=10)
    with pytest.raises(UthError, match="already dealt"):
        rnd.deal(deck_order(["AsKs"], "QhQd", "AhKd7c2s2h"))
    with pytest.raises(UthError, match="no box has a bet"):
        UthRound().deal(deck_order([], "QhQd", "AhKd7c2s2h"))


@pytest.mark.parametrize(
    "bets, code, message",
    [
        ({"ante": 4}, "ante_below_min", "box 1: ante 4 is below the table minimum of 5"),
        ({"ante": 101}, "ante_above_max", "box 1: ante 101 is above the table maximum of 100"),
        ({"ante": 10, "trips": 2}, "trips_below_min", "box 1: trips 2 is below the table minimum of 5"),
        ({"ante": 10, "trips": 60}, "trips_above_max", "box 1: trips 60 is above the table maximum of 50"),
        (
            {"ante": 10, "blind_play": 5},
            "bad_blind_play",
            "box 1: a blind box's Play is 4, 3, 2 or 1 times the ante, got 5",
        ),
        ({"ante": -10}, "bad_amount", "box 1: ante must be more than zero, got -10"),
    ],
)
def test_bets_outside_the_table_limits_are_refused(bets, code, message):
    rnd = UthRound(
        limits=TableLimits(min_ante=Decimal(5), max_ante=Decimal(100), min_trips=Decimal(5), max_trips=Decimal(50))
    )
    with pytest.raises(UthError) as error:
        rnd.add_box(**bets)
    assert (error.value.code, str(error.value)) == (code, message)
    assert rnd.boxes == []


def test_bets_at_the_limits_are_taken_and_trips_may_be_left_out():
    rnd = UthRound(
        limits=TableLimits(min_ante=Decimal(5), max_ante=Decimal(100), min_trips=Decimal(5), max_trips=Decimal(50))
    )
    rnd.add_box(ante=5)
    rnd.add_box(ante=100, trips=50)
    rnd.add_box(ante=5, trips=5)
    assert [b.trips for b in rnd.boxes] == [0, 50, 5]


def test_a_table_has_at_most_seven_boxes_unless_its_limits_say_otherwise():
    rnd = UthRound()
    for _ in range(7):
        rnd.add_box(ante=10)
    with pytest.raises(UthError, match="^box 8: the table has only 7 boxes$"):
        rnd.add_box(ante=10)
    live = UthRound(limits=TableLimits(max_boxes=None))
    for _ in range(20):
        live.add_box(ante=10)
    assert len(live.boxes) == 20


def test_an_extra_blind_box_has_its_play_placed_before_the_deal_and_never_decides():
    rnd = UthRound()
    rnd.add_box(ante=10, player="Anna")
    rnd.add_box(ante=10, blind_play=2, player="Anna")
    assert rnd.stake_before_deal(1) == 10 + 10 + 20
    rnd.deal(deck_order(["AsKs", "2c3d"], "QhQd", "AhKd7c2s2h"))
    assert rnd.boxes[1].play == 20
    with pytest.raises(
        UthError, match=r"^box 2: check is not allowed: a blind box's Play \(2x\) was fixed before the deal$"
    ):
        rnd.decide(1, "check")
    rnd.decide(0, "4x")  # the only open box has played: showdown
    assert rnd.phase == "showdown"
    blind = rnd.settle().boxes[1].result
    assert (blind.player_hand, blind.outcome, blind.play.net) == ("three_of_a_kind", "win", 20)


def test_an_extra_blind_box_needs_an_open_box_of_its_player():
    rnd = UthRound()
    rnd.add_box(ante=10, player="Anna")
    rnd.add_box(ante=10, blind_play=4, player="Ben")
    with pytest.raises(UthError, match="^box 2 plays blind: an extra blind box needs an open box of its player$"):
        rnd.deal(deck_order(["AsKs", "2c3d"], "QhQd", "AhKd7c2s2h"))


def test_cards_are_dealt_two_to_each_box_then_two_to_the_dealer_then_the_board():
    rnd = UthRound()
    rnd.add_box(ante=10)
    rnd.add_box(ante=10)
    deck = ["As", "Ks", "2c", "3d", "Qh", "Qd", "Ah", "Kd", "7c", "2s", "2h"]
    rnd.deal(deck)
    assert [str(c) for c in rnd.boxes[0].hole + rnd.boxes[1].hole + rnd.dealer_hole + rnd.board] == deck
    with pytest.raises(UthError, match="^deck: card As used twice$"):
        other = UthRound()
        other.add_box(ante=10)
        other.deal(["As", "As"] + deck[2:])
    short = UthRound()
    short.add_box(ante=10)
    short.add_box(ante=10)
    with pytest.raises(UthError, match="^deck: 11 cards needed for 2 boxes, got 9$"):
        short.deal(deck[:9])


def test_the_round_round_trips_through_json_at_every_step_without_changing_anything():
    rnd = UthRound(limits=TableLimits(min_ante=Decimal(5), max_ante=Decimal(100)))
    rnd.add_box(ante=Decimal("12.50"), trips=5, jackpot=True)
    rnd.add_box(ante=10, blind_play=3)
    deck = deck_order(["AsKs", "2c3d"], "QhQd", "AhKd7c2s2h", rest=shuffled_deck(seeded_rng(3)))
    rnd.deal(deck)
    copy = reloaded(rnd)
    assert copy.to_dict() == rnd.to_dict()
    assert copy.to_dict()["deck"] == [str(c) for c in deck]
    for verb in ("check", "check", "1x"):
        rnd.decide(0, verb)
        copy = reloaded(rnd)
        assert (copy.phase, copy.to_dict()) == (rnd.phase, rnd.to_dict())
    assert copy.settle(meter=Decimal(10000)) == rnd.settle(meter=Decimal(10000))


def test_a_stored_round_with_an_illegal_decision_does_not_load():
    data = dealt("AsKs").to_dict() | {"decisions": [[0, "4x"], [0, "2x"]]}
    with pytest.raises(UthError, match=r"^decision 1: box 1: 2x is not allowed: Play was already made"):
        UthRound.from_dict(data)
    with pytest.raises(UthError, match="version 1"):
        UthRound.from_dict({"boxes": []})


def test_the_legal_decisions_answer_without_raising():
    rnd = dealt("AsKs", "8c8d")
    assert rnd.can_decide(0, "4x") and not rnd.can_decide(1, "4x") and not rnd.can_decide(0, "1x")
    assert rnd.legal_decisions(1) == ()


def test_the_settlement_totals_add_up_to_what_each_box_staked_and_got_back():
    rnd = dealt("AsKs", "8c8d", boxes=[{"ante": 10, "trips": 5}, {"ante": 25, "trips": 10}])
    rnd.decide(0, "3x")
    rnd.decide(1, "check")
    rnd.decide(1, "check")
    rnd.decide(1, "fold")
    settlement = rnd.settle()
    assert settlement.staked == (10 + 10 + 30 + 5) + (25 + 25 + 10)
    assert settlement.net == sum(b.result.net for b in settlement.boxes)
    assert settlement.returned == settlement.staked + settlement.net
    assert (settlement.dealer_hand, settlement.dealer_qualifies) == ("two_pair", True)


# --- docs/rules.md, "Give up, Trips plays" ---------------------------------------------------------


def test_with_trips_on_the_flop_a_box_with_a_trips_bet_may_give_up_and_trips_still_pays():
    rnd = dealt("AsKs", dealer="QhQd", board="7c7h7dJs2c", boxes=[{"ante": 10, "trips": 5}])
    assert rnd.legal_decisions() == ("4x", "3x", "check")  # no board yet
    rnd.decide(0, "check")
    assert rnd.legal_decisions() == ("2x", "check", "fold")
    rnd.decide(0, "fold")
    assert rnd.phase == "showdown" and rnd.boxes[0].folded
    box = rnd.settle().boxes[0]
    lines = {line.bet: line.net for line in box.result.lines}
    assert (lines["ante"], lines["blind"], lines["play"]) == (-10, -10, 0)
    assert lines["trips"] == 15  # three of a kind (the board's sevens) pays 3:1
    assert reloaded(rnd).settle().boxes[0].net == box.net


@pytest.mark.parametrize(
    "board, trips, may_give_up",
    [
        ("7c7h7dJs2c", 0, False),  # no Trips bet: nothing plays on
        ("7c7h2dJs2c", 5, False),  # a pair on the flop is not trips
        ("AhKd7c2s2h", 5, False),
    ],
)
def test_giving_up_early_needs_trips_on_the_board_and_a_trips_bet(board, trips, may_give_up):
    rnd = dealt("AsKs", dealer="QhQd", board=board, boxes=[{"ante": 10, "trips": trips}])
    rnd.decide(0, "check")
    assert ("fold" in rnd.legal_decisions()) is may_give_up
    with pytest.raises(UthError, match="the choices are 2x or check"):
        rnd.decide(0, "fold")


def test_after_the_river_fold_stays_the_plain_choice():
    rnd = dealt("AsKs", dealer="QhQd", board="7c7h7dJs2c", boxes=[{"ante": 10, "trips": 5}])
    rnd.decide(0, "check")
    rnd.decide(0, "check")
    assert rnd.legal_decisions() == ("1x", "fold")
