"""One round of Imperial Poker as a state machine (docs/rules.md section 4, docs/housegames/imperial.md)."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from housegames.engines.imperial.round import (
    BLIND_INSURANCE,
    DEALER_NOT_QUALIFIED,
    DECISIONS,
    FINISHED,
    NOTE_KINDS,
    RETURN_KINDS,
    STAKE_KINDS,
    WIN_KINDS,
    IllegalMove,
    LastCardWarning,
    Round,
    Stake,
    TableRules,
)
from tests.housegames.engines.imperial.decks import stacked_deck
from tournaments.poker.cards import format_cards, parse_cards, seeded_rng, shuffled_deck

NOTHING = "Qh Js 8s 5c 2c"  # high card: no dealer qualification, no bonus
DEALER_AK = "Ad Kc Tc 3h 4d"  # Ace-King: the dealer qualifies with the least he may


def game(*boxes: str, dealer: str, draws: str = "", antes=(10,), bonuses=(), rules=None) -> Round:
    antes = list(antes) + [antes[-1]] * (len(boxes) - len(antes))
    bonuses = list(bonuses) + [0] * (len(boxes) - len(bonuses))
    stakes = [Stake(a, b) for a, b in zip(antes, bonuses)]
    return Round(stakes, stacked_deck(*boxes, dealer=dealer, draws=draws), rules)


def lines(round_: Round, box: int | None = 1) -> list[tuple[str, int]]:
    return [(line.kind, line.amount) for line in round_.ledger if line.box == box]


def cards(text: str):
    return list(parse_cards(text))


# --- the deal -------------------------------------------------------------------


def test_the_deal_gives_five_cards_to_each_box_and_the_dealer_and_shows_only_his_last_card():
    r = game("2c 3c 4c 5c 7d", "8s 8d Kc 4h 2s", dealer="Qs Jh 9c 6d 3h")
    assert r.boxes[0].cards == cards("2c 3c 4c 5c 7d")
    assert r.boxes[1].cards == cards("8s 8d Kc 4h 2s")
    assert r.dealer == cards("Qs Jh 9c 6d 3h")
    assert r.dealer_visible == [None, None, None, None, parse_cards("3h")[0]]
    assert r.deck_remaining == 52 - 15
    assert r.phase == DECISIONS and r.current_box.number == 1


def test_the_first_two_boxes_are_open_and_the_others_blind_with_their_bet_placed_at_once():
    r = game(NOTHING, "2s 3d 4h 6s 8c", "Ts 9s 7d 5d 3c", "Kh Jc 8d 6h 4s", dealer=DEALER_AK)
    assert [b.blind for b in r.boxes] == [False, False, True, True]
    assert lines(r, 3) == [("ante", -10), ("bet", -20)]
    assert not r.cards_visible(r.boxes[2])
    with pytest.raises(IllegalMove, match="plays blind"):
        r.buy(3)


@pytest.mark.parametrize(
    "stakes, message",
    [
        ([], "at least one box"),
        ([Stake(10)] * 5, "at most 4 boxes"),
        ([Stake(4)], "minimum ante is 5"),
        ([Stake(5), Stake(26)], "within a factor of 5"),
        ([Stake(10, -1)], "negative"),
        ([Stake(10.5)], "whole amounts"),
    ],
)
def test_bets_outside_the_table_rules_are_refused(stakes, message):
    with pytest.raises(IllegalMove, match=message):
        Round(stakes, shuffled_deck(seeded_rng(1)))


def test_antes_exactly_five_times_apart_are_allowed():
    r = Round([Stake(5), Stake(25)], shuffled_deck(seeded_rng(1)))
    assert [b.ante for b in r.boxes] == [5, 25]


def test_a_deck_must_be_the_52_cards_once_each():
    with pytest.raises(IllegalMove, match="52 cards"):
        Round([Stake(10)], ["As"] * 52)


# --- buying and exchanging: the costs --------------------------------------------


def test_buying_a_sixth_card_costs_one_ante_and_leaves_only_bet_or_fold():
    r = game("9s 8d 7c 6h 2s", dealer=DEALER_AK, draws="Kh")
    r.buy(1)
    assert r.boxes[0].cards == cards("9s 8d 7c 6h 2s Kh")
    assert lines(r) == [("ante", -10), ("buy", -10)]
    assert [o["action"] for o in r.options()] == ["bet", "fold"]
    with pytest.raises(IllegalMove, match="sixth card"):
        r.exchange(1, "2s")
    with pytest.raises(IllegalMove, match="already has a sixth card"):
        r.buy(1)


def test_an_exchange_of_several_cards_costs_one_ante_and_leaves_only_bet_or_fold():
    r = game("9s 8d 7c 6h 2s", dealer=DEALER_AK, draws="Ts Jd Qh")
    r.exchange(1, "8d 7c 2s")
    assert r.boxes[0].cards == cards("9s Ts Jd 6h Qh")
    assert lines(r) == [("ante", -10), ("exchange", -10)]
    assert [o["action"] for o in r.options()] == ["bet", "fold"]
    with pytest.raises(IllegalMove, match="exchanged several cards"):
        r.exchange(1, "Qh")
    with pytest.raises(IllegalMove, match="exchanged cards"):
        r.buy(1)


def test_repeated_single_card_exchanges_cost_one_two_then_three_antes():
    r = game("Qs Qd 7c 4h 2s", dealer=DEALER_AK, draws="3d 5h Qc")
    costs = []
    for card in ("2s", "3d", "5h"):
        option = next(o for o in r.options() if o["action"] == "exchange")
        costs.append(option["cost"])
        r.exchange(1, card)
    assert costs == [10, 20, 30]
    assert lines(r) == [("ante", -10), ("exchange", -10), ("exchange", -20), ("exchange", -30)]
    assert r.boxes[0].cards == cards("Qs Qd 7c 4h Qc")
    assert next(o for o in r.options() if o["action"] == "exchange")["cost"] == 40


def test_a_repeated_exchange_is_of_one_card_and_may_replace_any_card():
    r = game("Qs Qd 7c 4h 2s", dealer=DEALER_AK, draws="3d 5h")
    r.exchange(1, "2s")
    with pytest.raises(IllegalMove, match="exactly one card"):
        r.exchange(1, "7c 4h")
    r.exchange(1, "Qs")
    assert r.boxes[0].cards == cards("5h Qd 7c 4h 3d")


def test_an_exchange_of_a_card_not_in_the_box_is_refused_and_changes_nothing():
    r = game("Qs Qd 7c 4h 2s", dealer=DEALER_AK)
    with pytest.raises(IllegalMove, match="not a card of box 1"):
        r.exchange(1, "As")
    with pytest.raises(IllegalMove, match="at least one card"):
        r.exchange(1, [])
    assert lines(r) == [("ante", -10)] and r.actions == []


def test_exchanging_goes_on_until_the_deck_runs_out_with_a_warning_before_the_last_card():
    r = game("Qs Qd 7c 4h 2s", dealer=DEALER_AK, antes=(5,))
    for _ in range(41):
        r.exchange(1, [r.boxes[0].cards[4]])
    assert r.deck_remaining == 1
    option = next(o for o in r.options() if o["action"] == "exchange")
    assert option["takes_last_card"] and option["cost"] == 42 * 5
    with pytest.raises(LastCardWarning):
        r.exchange(1, [r.boxes[0].cards[4]])
    r.exchange(1, [r.boxes[0].cards[4]], confirm_last_card=True)
    assert r.deck_remaining == 0
    assert not any(o["action"] == "exchange" for o in r.options())
    with pytest.raises(IllegalMove, match="used up"):
        r.exchange(1, [r.boxes[0].cards[0]])
    assert r.actions[-1]["confirm_last_card"] is True
    assert Round.from_dict(json.loads(json.dumps(r.to_dict()))).deck_remaining == 0


# --- bet, fold, the dealer ------------------------------------------------------------


def test_a_win_against_a_qualifying_dealer_returns_the_ante_and_pays_the_bet_by_table_2():
    r = game("9s 8d 7c 6h 5s", dealer=DEALER_AK)
    r.bet(1)
    assert r.phase == FINISHED and r.dealer_revealed
    assert lines(r) == [("ante", -10), ("bet", -20), ("ante_return", 10), ("bet_return", 20), ("bet_win", 80)]
    assert r.net == 80 and r.boxes[0].result == "win"


def test_both_combinations_are_paid_on_the_bet():
    r = game("9s 8d 7c 6h 2s", dealer=DEALER_AK, draws="5c")  # one straight: 4:1
    r.buy(1)
    r.bet(1)
    assert ("bet_win", 80) in lines(r)
    r = game("Js Td 9c 8h 7s", dealer=DEALER_AK, draws="6d")  # two straights: 4 + 4
    r.buy(1)
    r.bet(1)
    assert ("bet_win", 160) in lines(r)


def test_a_tie_returns_ante_and_bet_and_a_loss_takes_both():
    r = game("As Kd Th 4s 3c", dealer=DEALER_AK)
    r.bet(1)
    assert r.boxes[0].result == "push" and r.net == 0
    r = game("Ah Qc 4s 3c 9s", dealer=DEALER_AK)
    r.bet(1)
    assert r.boxes[0].result == "lose"
    assert lines(r) == [("ante", -10), ("bet", -20), ("ante_lost", 0), ("bet_lost", 0)]


def test_a_fold_loses_the_ante_and_what_was_paid_for_cards():
    r = game("9s 8d 7c 6h 2s", dealer=DEALER_AK, draws="Kh")
    r.buy(1)
    r.fold(1)
    assert r.phase == FINISHED and r.boxes[0].result == "fold"
    assert r.net == -20


def test_the_boxes_play_in_turn():
    r = game(NOTHING, "2s 3d 4h 6s 8c", dealer=DEALER_AK)
    with pytest.raises(IllegalMove, match="box 1's turn"):
        r.bet(2)
    r.fold(1)
    assert r.current_box.number == 2
    with pytest.raises(IllegalMove, match="already decided"):
        r.bet(1)


def test_a_dealer_who_does_not_qualify_pays_the_ante_1_to_1_and_returns_the_bet_on_go_on():
    r = game("9s 8d 7c 6h 5s", dealer=NOTHING)
    r.bet(1)
    assert r.phase == DEALER_NOT_QUALIFIED
    option = r.options()[0]
    assert option == {"action": "go_on", "boxes": [{"box": 1, "cost": 10}], "deck_remaining": 42}
    r.go_on()
    assert lines(r) == [("ante", -10), ("bet", -20), ("ante_return", 10), ("ante_win", 10), ("bet_return", 20)]
    assert r.boxes[0].result == "not_qualified"


def test_nothing_is_allowed_after_the_round_is_settled():
    r = game("9s 8d 7c 6h 5s", dealer=DEALER_AK)
    r.bet(1)
    for move in (lambda: r.bet(1), lambda: r.go_on(), lambda: r.reveal(), lambda: r.insure(1, 10)):
        with pytest.raises(IllegalMove):
            move()
    assert r.options() == []


# --- the dealer-card exchange -----------------------------------------------------------


def test_paying_the_ante_replaces_the_dealers_highest_card_and_the_box_plays_on_its_bet():
    r = game("8s 8d 8c 2s 2d", dealer="Qs Jh 9c 6d 3h", draws="Kd")
    r.bet(1)
    r.go_on(exchange=[1])
    assert r.dealer == cards("Kd Jh 9c 6d 3h")
    assert [(str(e["out"]), str(e["in"]), e["free"]) for e in r.dealer_exchanges] == [("Qs", "Kd", False)]
    assert r.boxes[0].result == "still_not_qualified"
    # A queen again, still no qualification: replaced free; then a king: still no Ace-King.
    r = game("8s 8d 8c 2s 2d", dealer="Qs Jh 9c 6d 3h", draws="Qd Kc")
    r.bet(1)
    r.go_on(exchange=[1])
    assert [(str(e["out"]), str(e["in"]), e["free"]) for e in r.dealer_exchanges] == [
        ("Qs", "Qd", False),
        ("Qd", "Kc", True),
    ]
    assert r.boxes[0].result == "still_not_qualified"
    assert lines(r) == [("ante", -10), ("bet", -20), ("dealer_exchange", 0), ("bet_return", 20)]


def test_the_seeds_example_ace_of_spades_then_clubs_free_then_hearts_makes_the_dealer_a_flush():
    r = game("8s 8d 8c 2s 2d", dealer="Qh 9h 7h 3h As", draws="Ac Ah")
    r.bet(1)
    r.go_on(exchange=[1])
    assert [(str(e["out"]), str(e["in"]), e["free"]) for e in r.dealer_exchanges] == [
        ("As", "Ac", False),
        ("Ac", "Ah", True),
    ]
    assert r.dealer_reading.category == "flush"
    # The full house beats the flush: the BET is paid 7:1, the ante is gone.
    assert lines(r) == [("ante", -10), ("bet", -20), ("dealer_exchange", 0), ("bet_return", 20), ("bet_win", 140)]


def test_after_the_dealer_card_exchange_a_dealer_who_wins_takes_only_the_bet():
    r = game("Ts Td 5c 4h 2s", dealer="Qs Jh 9c 6d 3h", draws="Jd")
    r.bet(1)
    r.go_on(exchange=[1])
    assert r.boxes[0].result == "lose"
    assert lines(r) == [("ante", -10), ("bet", -20), ("dealer_exchange", 0), ("bet_lost", 0)]


def test_free_repeats_stop_after_three_which_is_all_the_deck_can_give_of_one_rank():
    r = game("8s 8d 8c 2s 2d", dealer="Qs Jh 9c 6d 3h", draws="Qd Qh Qc 4c")
    r.bet(1)
    r.go_on(exchange=[1])
    assert [(str(e["in"]), e["free"]) for e in r.dealer_exchanges] == [
        ("Qd", False),
        ("Qh", True),
        ("Qc", True),
        ("4c", True),
    ]
    assert r.dealer == cards("4c Jh 9c 6d 3h")


def test_several_boxes_ask_for_the_exchange_in_order_and_a_later_one_plays_normally_once_the_dealer_qualifies():
    r = game("8s 8d 8c 2s 2d", "Ts 9s 8h 7d 6c", "4s 4d 4h Kc 2h", dealer="Qs Jh 9c 6d 3h", draws="Jd")
    r.bet(1)
    r.bet(2)
    assert r.phase == BLIND_INSURANCE  # the blind box 3 holds three of a kind
    r.reveal()
    r.go_on(exchange=[2, 3])
    assert r.boxes[0].result == "not_qualified"
    assert lines(r, 1)[-3:] == [("ante_return", 10), ("ante_win", 10), ("bet_return", 20)]
    # Box 2 paid its ante: a pair of jacks for the dealer; the straight wins its BET at 4:1.
    assert lines(r, 2) == [("ante", -10), ("bet", -20), ("dealer_exchange", 0), ("bet_return", 20), ("bet_win", 80)]
    # Box 3: the dealer already qualifies, no exchange and no charge; its three fours win,
    # with the blind box's extra 1:1 on the ante.
    assert lines(r, 3) == [
        ("ante", -10),
        ("bet", -20),
        ("ante_return", 10),
        ("bet_return", 20),
        ("bet_win", 60),
        ("blind_ante_win", 10),
    ]
    assert len(r.dealer_exchanges) == 1


def test_the_dealers_card_cannot_be_exchanged_once_the_deck_is_used_up():
    r = game("Qs Qd 7c 4h 2s", dealer=NOTHING, antes=(5,))
    for _ in range(41):
        r.exchange(1, [r.boxes[0].cards[4]])
    r.exchange(1, [r.boxes[0].cards[4]], confirm_last_card=True)
    r.bet(1)
    # No card left: the round ends as after Go on.
    assert r.phase == FINISHED and r.boxes[0].result == "not_qualified"


# --- insurance -------------------------------------------------------------------------


def test_insurance_needs_three_of_a_kind_and_lies_between_one_ante_and_the_possible_win():
    r = game("7s 7h 7d Qc 2d", dealer=DEALER_AK)
    option = next(o for o in r.options() if o["action"] == "insure")
    assert (option["min"], option["max"]) == (10, 60)  # BET 20 at 3:1
    with pytest.raises(IllegalMove, match="from 10 to 60"):
        r.insure(1, 61)
    with pytest.raises(IllegalMove, match="from 10 to 60"):
        r.insure(1, 9)
    r = game("7s 7h 6d Qc 2d", dealer=DEALER_AK)
    assert not any(o["action"] == "insure" for o in r.options())
    with pytest.raises(IllegalMove, match="three of a kind"):
        r.insure(1, 10)


def test_insurance_counts_the_second_combination_in_the_possible_win():
    r = game("7s 7h 7d Ac Kd", dealer="2c 3c 5d 8h 9d")
    assert next(o for o in r.options() if o["action"] == "insure")["max"] == 80  # 20 * (3 + 1)


def test_after_insuring_only_bet_remains():
    r = game("7s 7h 7d Qc 2d", dealer=DEALER_AK)
    r.insure(1, 30)
    assert [o["action"] for o in r.options()] == ["bet"]
    for move in (lambda: r.fold(1), lambda: r.buy(1), lambda: r.exchange(1, "2d"), lambda: r.insure(1, 10)):
        with pytest.raises(IllegalMove):
            move()


def test_insurance_pays_1_to_1_when_the_dealer_does_not_qualify():
    r = game("7s 7h 7d Qc 2d", dealer=NOTHING)
    r.insure(1, 30)
    r.bet(1)
    assert lines(r)[3:] == [("insurance_return", 30), ("insurance_win", 30)]
    r.go_on()
    assert r.net == 30 + 10


def test_insurance_is_lost_when_the_dealer_qualifies_and_does_not_beat_the_player():
    r = game("7s 7h 7d Qc 2d", dealer=DEALER_AK)
    r.insure(1, 30)
    r.bet(1)
    assert ("insurance_lost", 0) in lines(r)
    assert r.net == -30 + 60


def test_insurance_comes_back_when_the_dealers_hand_beats_the_players():
    r = game("7s 7h 7d Qc 2d", dealer="9s 9h 9d 4c 2h")
    r.insure(1, 30)
    r.bet(1)
    assert ("insurance_return", 30) in lines(r)
    assert r.boxes[0].result == "lose" and r.net == -30


def test_a_blind_box_with_three_of_a_kind_may_insure_before_the_dealer_shows():
    r = game(NOTHING, "2s 3d 4h 6s 8c", "9s 9h 9d 4c 2h", dealer=DEALER_AK)
    r.fold(1)
    r.fold(2)
    assert r.phase == BLIND_INSURANCE and r.cards_visible(r.boxes[2]) and not r.dealer_revealed
    option = next(o for o in r.options() if o["action"] == "insure")
    assert option == {"action": "insure", "box": 3, "min": 10, "max": 70}  # 20 * 3 + the 1:1 on the ante
    with pytest.raises(IllegalMove, match="open box"):
        r.insure(1, 10)
    r.insure(3, 20)
    assert r.phase == FINISHED  # nothing left to insure: the dealer shows


# --- blind boxes, bonus, cap -----------------------------------------------------------


def test_a_winning_blind_box_is_paid_its_bet_and_1_to_1_on_its_ante():
    r = game(NOTHING, "2s 3d 4h 6s 8c", "Ts 9s 8h 7d 6c", dealer=DEALER_AK)
    r.fold(1)
    r.fold(2)
    assert r.phase == BLIND_INSURANCE  # a straight may insure; the player does not
    r.reveal()
    assert lines(r, 3) == [
        ("ante", -10),
        ("bet", -20),
        ("ante_return", 10),
        ("bet_return", 20),
        ("bet_win", 80),
        ("blind_ante_win", 10),
    ]
    assert r.boxes[2].result == "win"


def test_a_losing_blind_box_loses_ante_and_bet():
    r = game(NOTHING, "2s 3d 4h 6s 8c", "Ts 9s 8h 7d 2d", dealer=DEALER_AK)
    r.fold(1)
    r.fold(2)
    assert lines(r, 3) == [("ante", -10), ("bet", -20), ("ante_lost", 0), ("bet_lost", 0)]


def test_the_bonus_pays_on_the_original_five_cards_even_after_a_fold():
    r = game("7s 7h 7d Qc 2d", dealer=DEALER_AK, bonuses=(2,), draws="3c")
    r.exchange(1, "7s")
    r.fold(1)
    assert lines(r) == [
        ("ante", -10),
        ("bonus", -2),
        ("exchange", -10),
        ("ante_lost", 0),
        ("bonus_return", 2),
        ("bonus_win", 50),
    ]


def test_a_bonus_below_three_of_a_kind_is_lost():
    r = game("7s 7h 6d Qc 2d", dealer=DEALER_AK, bonuses=(2,))
    r.fold(1)
    assert ("bonus_lost", 0) in lines(r)


def test_winnings_of_a_round_are_capped_by_the_table():
    # An Imperial Flush on an ante of 100: the BET of 200 at 1000:1 would win 200,000.
    r = game("Ah Kh Qh Jh Th", dealer=DEALER_AK, draws="9h", antes=(100,))
    r.buy(1)
    r.bet(1)
    assert ("bet_win", 200_000) in lines(r)
    assert lines(r, None) == [("payout_cap", 20_000 - 200_000)]
    assert r.net == -100 - 100 - 200 + 100 + 200 + 20_000
    assert (r.staked, r.paid_back) == (400, 20_300)  # the limit's cut is neither staked nor paid back


def test_the_cap_is_a_table_rule_and_counts_bonus_and_all_boxes_together():
    rules = TableRules(payout_cap=400)
    r = game("Ts 9s 8h 7d 6c", "9d 9h 9c 4c 2h", dealer=DEALER_AK, bonuses=(5, 5), rules=rules)
    r.bet(1)
    r.bet(2)
    won = 80 + 60 + 5 * 40 + 5 * 25
    assert won > 400
    assert lines(r, None) == [("payout_cap", 400 - won)]


def test_a_round_under_the_cap_has_no_cap_line():
    r = game("9s 8d 7c 6h 5s", dealer=DEALER_AK)
    r.bet(1)
    assert lines(r, None) == []


# --- storing and resuming ---------------------------------------------------------------


def test_a_round_survives_a_json_round_trip_at_every_step_with_the_same_cards_and_outcome():
    r = game(
        "Qs Qd 7c 5h 2s",
        "Ts 9s 8h 7d 6c",
        "4s 4d 4h Kc 2h",
        dealer="Qh Jh 9c 6d 3h",
        draws="3d Qc Jd",
        bonuses=(1, 0, 3),
    )
    steps = [
        lambda: r.exchange(1, "2s"),
        lambda: r.exchange(1, "3d"),
        lambda: r.insure(1, 10),
        lambda: r.bet(1),
        lambda: r.bet(2),
        lambda: r.insure(3, 10),
        lambda: r.go_on([2]),
    ]
    for step in steps:
        step()
        copy = Round.from_dict(json.loads(json.dumps(r.to_dict())))
        assert copy.ledger == r.ledger
        assert [b.cards for b in copy.boxes] == [b.cards for b in r.boxes]
        assert copy.dealer == r.dealer and copy.phase == r.phase and copy.options() == r.options()
    assert r.phase == FINISHED


def test_the_stored_round_holds_the_whole_deck_order():
    r = game("Qs Qd 7c 4h 2s", dealer=DEALER_AK)
    data = r.to_dict()
    assert len(data["deck"]) == 52 and data["deck"][:5] == ["Qs", "Qd", "7c", "4h", "2s"]
    assert data["stakes"] == [{"ante": 10, "bonus": 0}]


def test_a_stored_round_with_an_illegal_action_is_refused_with_its_index():
    data = game("Qs Qd 7c 4h 2s", dealer=DEALER_AK).to_dict()
    data["actions"] = [{"action": "bet", "box": 1}, {"action": "fold", "box": 1}]
    with pytest.raises(IllegalMove, match="stored action 1"):
        Round.from_dict(data)


@pytest.mark.parametrize(
    "action",
    [{"action": "dance"}, {"action": "bet"}, {"action": "bet", "box": "1"}, "bet", {"action": "bet", "box": 7}],
)
def test_malformed_actions_are_refused(action):
    r = game("Qs Qd 7c 4h 2s", dealer=DEALER_AK)
    with pytest.raises(IllegalMove):
        r.apply(action)


def _play_randomly(r: Round, choices) -> None:
    while not r.finished:
        options = r.options()
        option = options[choices.draw(st.integers(0, len(options) - 1))]
        verb = option["action"]
        if verb in ("bet", "fold", "buy"):
            r.apply({"action": verb, "box": option["box"], "confirm_last_card": True})
        elif verb == "exchange":
            box = r.box(option["box"])
            count = choices.draw(st.integers(1, option["max_cards"]))
            chosen = choices.draw(st.permutations(box.cards))[:count]
            r.apply(
                {"action": "exchange", "box": box.number, "cards": [str(c) for c in chosen], "confirm_last_card": True}
            )
        elif verb == "insure":
            r.apply(
                {
                    "action": "insure",
                    "box": option["box"],
                    "amount": choices.draw(st.integers(option["min"], option["max"])),
                }
            )
        elif verb == "reveal":
            r.apply({"action": "reveal"})
        else:
            boxes = [b["box"] for b in option["boxes"]]
            r.apply({"action": "go_on", "exchange": choices.draw(st.lists(st.sampled_from(boxes), unique=True))})


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**9), boxes=st.integers(1, 4), choices=st.data())
def test_any_round_played_at_random_replays_to_the_same_ledger_and_money_adds_up(seed, boxes, choices):
    stakes = [Stake(10, choices.draw(st.sampled_from([0, 1]))) for _ in range(boxes)]
    r = Round(stakes, shuffled_deck(seeded_rng(seed)))
    _play_randomly(r, choices)
    copy = Round.from_dict(json.loads(json.dumps(r.to_dict())))
    assert copy.ledger == r.ledger and copy.net == r.net
    assert r.net == sum(line.amount for line in r.ledger)
    assert all(b.result is not None for b in r.boxes)
    for line in r.ledger:
        if line.kind in STAKE_KINDS or line.kind == "payout_cap":
            assert line.amount < 0
        elif line.kind in WIN_KINDS or line.kind in RETURN_KINDS:
            assert line.amount > 0
        else:
            assert line.kind in NOTE_KINDS and line.amount == 0
    # Every card is where it should be: no card twice among the boxes and the dealer.
    held = [c for b in r.boxes for c in b.cards] + r.dealer
    assert len(set(held)) == len(held), format_cards(held)


# --- readings of the seed (docs/housegames/imperial.md) -------------------------------------------


def test_insurance_is_lost_on_a_tie_with_a_qualifying_dealer():
    r = game("9s 8d 7c 6h 5s", dealer="9h 8c 7d 6s 5d")
    r.insure(1, 10)
    r.bet(1)
    assert r.boxes[0].result == "push"
    assert ("insurance_lost", 0) in lines(r)


def test_insurance_is_settled_on_the_dealers_hand_as_first_shown_even_if_an_exchange_then_qualifies_him():
    r = game("8s 8d 8c 2s 2d", dealer="Qs Jh 9c 6d 3h", draws="Jd")
    r.insure(1, 10)
    r.bet(1)
    assert lines(r)[-2:] == [("insurance_return", 10), ("insurance_win", 10)]
    r.go_on([1])
    assert r.dealer_qualifies and r.boxes[0].result == "win"
    assert ("insurance_lost", 0) not in lines(r)


def test_a_blind_box_that_paid_its_ante_for_the_dealer_card_exchange_gets_no_1_to_1_on_that_ante():
    r = game(NOTHING, "2s 3d 4h 6s 8c", "Ts 9s 8h 7d 6c", dealer="Qd Jh 9c 6d 3h", draws="Jd")
    r.fold(1)
    r.fold(2)
    r.reveal()
    r.go_on([3])
    assert lines(r, 3) == [("ante", -10), ("bet", -20), ("dealer_exchange", 0), ("bet_return", 20), ("bet_win", 80)]


def test_a_fold_after_a_buy_or_an_exchange_loses_what_was_paid_for_the_cards_too():
    r = game("Qs Qd 7c 4h 2s", dealer=DEALER_AK, draws="3d 5h")
    r.exchange(1, "2s")
    r.exchange(1, "3d")
    r.fold(1)
    assert r.net == -10 - 10 - 20
