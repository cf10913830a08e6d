"""The progressive jackpot's payout rules (docs/rules.md, "Progressive jackpot"): fixed payouts, the meter
for a royal flush with a hole card, the community royal, the envy bonus and
the split of the meter."""

from decimal import Decimal

import pytest

from housegames.engines.uth.rules import (
    JackpotRules,
    UthError,
    UthRound,
    deck_order,
    jackpot_hand,
    settle_jackpot,
    settle_table,
    split_meter,
)
from tournaments.poker.cards import parse_cards

METER = Decimal("12345.67")


def hand(hole, board):
    return jackpot_hand(parse_cards(hole), parse_cards(board))


@pytest.mark.parametrize(
    "hole, board, expected",
    [
        ("AsKs", "QsJsTs3d2c", "royal_flush"),
        ("As2c", "KsQsJsTs3d", "royal_flush"),  # one hole card is enough
        ("2c3d", "AsKsQsJsTs", "community_royal"),
        ("AhAd", "AsKsQsJsTs", "community_royal"),  # the board's royal is the best hand
        ("9s8s", "7s6s5sKd2c", "straight_flush"),
        ("7h7d", "7c7sKd2h3c", "four_of_a_kind"),
        ("KsKh", "Kd7c7s2h3d", "full_house"),
        ("Ah2h", "9h6h3hKs4c", None),  # a flush pays nothing
        ("AhAd", "2s7h9cJd4s", None),
    ],
)
def test_the_jackpot_hand_is_read_from_the_boxs_seven_cards(hole, board, expected):
    assert hand(hole, board) == expected


def awards(result):
    return [(a.box, a.kind, a.amount) for a in result.awards]


def test_the_fixed_payouts_do_not_touch_the_meter():
    board = parse_cards("7s6s5s7h2c")
    boxes = [
        (parse_cards("9s8s"), True),  # straight flush
        (parse_cards("7c7d"), True),  # four of a kind
        (parse_cards("5h5d"), True),  # full house, fives over sevens
        (parse_cards("AhKd"), True),  # a pair of sevens: nothing
        (parse_cards("2d2h"), False),  # full house, no jackpot bet
    ]
    result = settle_jackpot(boxes, board, meter=METER)
    assert awards(result) == [(0, "straight_flush", 1500), (1, "four_of_a_kind", 500), (2, "full_house", 50)]
    assert (result.meter_paid, result.meter_left, result.meter_won) == (0, METER, False)


def test_a_royal_flush_with_a_hole_card_wins_the_whole_meter_and_every_other_jackpot_box_gets_the_envy_bonus():
    board = parse_cards("QsJsTs3d3c")
    boxes = [
        (parse_cards("2h4h"), True),
        (parse_cards("AsKs"), True),
        (parse_cards("3h3s"), True),
        (parse_cards("8h9h"), False),
    ]
    result = settle_jackpot(boxes, board, meter=METER)
    assert awards(result) == [
        (0, "envy", 500),
        (1, "royal_flush", METER),
        (2, "four_of_a_kind", 500),
        (2, "envy", 500),  # on top of its own hand
    ]
    assert (result.royal_boxes, result.meter_paid, result.meter_left) == ((1,), METER, 0)


def test_a_royal_flush_of_a_box_without_a_jackpot_bet_still_pays_the_envy_bonus_to_the_others():
    board = parse_cards("QsJsTs3d3c")
    result = settle_jackpot([(parse_cards("AsKs"), False), (parse_cards("2h4h"), True)], board, meter=METER)
    assert awards(result) == [(1, "envy", 500)]
    assert result.meter_paid == 0


def test_a_royal_flush_on_the_board_pays_the_community_royal_to_every_jackpot_box_and_no_envy():
    board = parse_cards("AsKsQsJsTs")
    result = settle_jackpot(
        [(parse_cards("2h4h"), True), (parse_cards("8c9d"), True), (parse_cards("3c3d"), False)], board, meter=None
    )
    assert awards(result) == [(0, "community_royal", 5000), (1, "community_royal", 5000)]
    assert result.royal_boxes == ()


def test_the_dealers_royal_flush_pays_no_envy_bonus():
    rnd = UthRound()
    rnd.add_box(ante=10, jackpot=True)
    rnd.deal(deck_order(["2h4h"], "AsKs", "QsJsTs3d3c"))
    rnd.decide(0, "check")
    rnd.decide(0, "check")
    rnd.decide(0, "fold")
    box = rnd.settle(meter=METER).boxes[0]
    assert box.jackpot_awards == () and box.jackpot_stake == 5 and box.net == -25


def test_royal_winners_in_the_same_round_split_the_meter_and_the_cents_left_stay_on_it():
    assert split_meter(Decimal("10000.01"), 3) == (Decimal("3333.33"), Decimal("0.02"))
    assert split_meter(Decimal("10000.00"), 1) == (Decimal("10000.00"), Decimal("0.00"))
    with pytest.raises(UthError):
        split_meter(Decimal(100), 0)
    board = parse_cards("QsJsTs3d3c")
    result = settle_jackpot([(parse_cards("AsKs"), True)], board, meter=Decimal("10000.01"), royal_winners_elsewhere=2)
    assert awards(result) == [(0, "royal_flush", Decimal("3333.33"))]
    assert result.meter_left == Decimal("6666.68")


def test_a_royal_flush_needs_the_meter_to_be_paid():
    with pytest.raises(UthError, match="meter"):
        settle_jackpot([(parse_cards("AsKs"), True)], parse_cards("QsJsTs3d3c"), meter=None)


def test_the_jackpot_bet_is_settled_on_the_boxs_own_hand_even_after_a_fold_and_is_not_returned():
    _rnd, settlement = settle_table(
        dealer="AhAd", board="7c7s7dKh2c", boxes=[{"player": "KsKc", "ante": 10, "play": 0, "jackpot": True}]
    )
    box = settlement.boxes[0]
    assert box.result.outcome == "fold" and [a.kind for a in box.jackpot_awards] == ["full_house"]
    assert (box.staked, box.returned, box.net) == (25, 50, 25)  # ante and blind lost, jackpot 50 for the 5


def test_the_jackpot_rules_amounts_are_data():
    rules = JackpotRules(bet=Decimal(1), full_house=Decimal(10), envy=Decimal(100))
    board = parse_cards("QsJsTs3d3c")
    result = settle_jackpot([(parse_cards("AsKs"), True), (parse_cards("QhQd"), True)], board, meter=METER, rules=rules)
    assert awards(result) == [(0, "royal_flush", METER), (1, "full_house", 10), (1, "envy", 100)]
    assert JackpotRules.from_dict(rules.to_dict()) == rules
