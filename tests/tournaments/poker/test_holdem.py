"""The No-Limit Hold'em engine: blinds, turn order, streets, sitting out,
minimum bets, re-opening, settlement. Numbers are worked out by hand in the
comments (docs/rules.md section 2, docs/contracts.md ``replay_hand``)."""

from __future__ import annotations

import pytest

from tests.tournaments.poker.helpers import actions, play, table
from tournaments.poker.holdem import Action, Hand, HandSetup, IllegalAction, Seat, replay

FOUR = ("Anna 1000", "Ben 1000", "Carl 1000", "Dora 1000")


# -- blinds and turn order --------------------------------------------------


def test_it_posts_the_blinds_left_of_the_button_and_starts_left_of_the_big_blind() -> None:
    hand = Hand(table(*FOUR, button="Anna"))
    assert (hand.small_blind_seat, hand.big_blind_seat) == ("Ben", "Carl")
    assert hand.committed == {"Anna": 0, "Ben": 25, "Carl": 50, "Dora": 0}
    assert hand.stacks == {"Anna": 1000, "Ben": 975, "Carl": 950, "Dora": 1000}
    assert hand.current_bet == 50
    assert hand.street == "preflop"
    assert hand.to_act == "Dora"


def test_after_the_flop_the_first_active_player_left_of_the_button_acts_first() -> None:
    hand = play(table(*FOUR, button="Anna"), "Dora call, Anna call, Ben call, Carl check")
    assert (hand.street, hand.to_act, hand.board_cards_needed) == ("flop", "Ben", 3)
    hand = play(table(*FOUR, button="Anna"), "Dora call, Anna call, Ben fold, Carl check")
    assert (hand.street, hand.to_act) == ("flop", "Carl")


def test_the_button_wraps_around_the_table() -> None:
    hand = Hand(table(*FOUR, button="Dora"))
    assert (hand.small_blind_seat, hand.big_blind_seat, hand.to_act) == ("Anna", "Ben", "Carl")


def test_heads_up_the_button_posts_the_small_blind_acts_first_preflop_and_last_after() -> None:
    setup = table("Anna 1000", "Ben 1000", button="Anna")
    hand = Hand(setup)
    assert (hand.small_blind_seat, hand.big_blind_seat) == ("Anna", "Ben")
    assert hand.to_act == "Anna"
    hand.apply(Action("Anna", "call"))
    assert hand.to_act == "Ben"  # the big blind's option
    hand.apply(Action("Ben", "check"))
    assert (hand.street, hand.to_act) == ("flop", "Ben")
    hand.apply(Action("Ben", "check"))
    assert hand.to_act == "Anna"
    hand.apply(Action("Anna", "check"))
    assert (hand.street, hand.to_act) == ("turn", "Ben")


def test_the_big_blind_gets_his_option_when_nobody_raised() -> None:
    hand = play(table(*FOUR, button="Anna"), "Dora call, Anna call, Ben call")
    legal = hand.legal_actions()
    assert legal.player == "Carl"
    assert legal.can_check and legal.call_amount == 0
    assert legal.can_raise and (legal.min_to, legal.max_to) == (100, 1000)
    assert legal.verbs == ("fold", "check", "raise", "allin")


def test_streets_advance_by_themselves_to_the_showdown() -> None:
    hand = play(
        table("Anna 1000", "Ben 1000", button="Anna"),
        "Anna call, Ben check, Ben check, Anna check, Ben check, Anna check, Ben bet 50, Anna call",
    )
    assert hand.street == "showdown"
    assert hand.is_betting_over and hand.to_act is None
    assert hand.board_cards_needed == 5
    assert [s.street for s in hand.history if not s.auto] == [
        "preflop",
        "preflop",
        "flop",
        "flop",
        "turn",
        "turn",
        "river",
        "river",
    ]


# -- short blinds ----------------------------------------------------------


def test_a_short_small_blind_posts_what_he_has_and_is_all_in() -> None:
    # Ben posts 10 of the 25 and is all-in; the others still play for 50.
    hand = play(table("Anna 1000", "Ben 10", "Carl 1000", button="Anna"), "Anna call, Carl check")
    assert hand.all_in == ("Ben",)
    assert (hand.street, hand.to_act) == ("flop", "Carl")  # Ben is never asked
    hand = replay(
        hand.setup, hand.actions + actions("Carl check, Anna check, Carl check, Anna check, Carl check, Anna check")
    )
    assert [(p.amount, p.eligible) for p in hand.pots()] == [
        (30, ("Anna", "Ben", "Carl")),  # 10 from each
        (80, ("Anna", "Carl")),  # 40 more from Anna and Carl
    ]


def test_a_short_big_blind_is_all_in_and_the_call_is_still_the_full_big_blind() -> None:
    hand = Hand(table("Anna 1000", "Ben 1000", "Carl 30", button="Anna"))
    assert hand.committed["Carl"] == 30 and hand.all_in == ("Carl",)
    legal = hand.legal_actions()
    assert (legal.player, legal.call_amount, legal.min_to) == ("Anna", 50, 100)
    hand.apply(Action("Anna", "call"))
    hand.apply(Action("Ben", "call"))  # 25 more to make 50
    assert (hand.street, hand.to_act) == ("flop", "Ben")
    assert [(p.amount, p.eligible) for p in hand.pots()] == [
        (90, ("Anna", "Ben", "Carl")),
        (40, ("Anna", "Ben")),
    ]


def test_a_short_big_blind_wins_only_what_he_covers_when_everyone_folds() -> None:
    # Ben's 25 is matched by 25 of Carl's 30: pot 50; Carl's other 5 come back.
    hand = play(table("Anna 1000", "Ben 1000", "Carl 30", button="Anna"), "Anna fold, Ben fold")
    assert hand.street == "complete"
    result = hand.settle()
    assert result.stacks == {"Anna": 1000, "Ben": 975, "Carl": 55}
    assert result.returned == {"Carl": 5}
    assert [(p.amount, p.winners) for p in result.pots] == [(50, ("Carl",))]


# -- a player is asked only when he has a decision -------------------------


def test_the_big_blind_is_not_asked_when_everyone_else_is_all_in_and_nothing_is_to_call() -> None:
    hand = play(table("Vera 975", "Nora 2550", "Hana 25", button="Hana"), "Hana allin, Vera fold")
    assert hand.street == "showdown" and hand.to_act is None


def test_a_lone_player_with_chips_is_not_asked_on_later_streets() -> None:
    # Carl is all-in pre-flop; Anna's all-in call leaves Ben alone with chips.
    hand = play(
        table("Anna 300", "Ben 1000", "Carl 100", button="Anna"),
        "Anna call, Ben call, Carl allin, Anna call, Ben call, Ben bet 50, Anna allin, Ben call",
    )
    assert hand.street == "showdown"
    assert hand.all_in == ("Anna", "Carl")


def test_a_player_facing_an_all_in_still_decides() -> None:
    hand = play(table("Anna 1000", "Ben 1000", button="Anna"), "Anna allin")
    legal = hand.legal_actions()
    assert (legal.player, legal.call_amount, legal.verbs) == ("Ben", 950, ("fold", "call", "allin"))


# -- sitting out -----------------------------------------------------------


def test_a_sitting_out_big_blind_checks_and_reaches_the_showdown() -> None:
    setup = table("Anna 1000", "Ben 1000", "Carl 1000 out", button="Anna")
    hand = play(setup, "Anna call, Ben call, Ben check, Anna check, Ben check, Anna check, Ben check, Anna check")
    assert hand.street == "showdown"
    assert [s.street for s in hand.history if s.auto and s.kind == "check"] == ["preflop", "flop", "turn", "river"]
    result = hand.settle({"Anna": "2c7d", "Ben": "3c8d", "Carl": "AhAd"}, "KsQsJd5h4c")
    assert result.stacks == {"Anna": 950, "Ben": 950, "Carl": 1100}


def test_a_sitting_out_big_blind_folds_to_a_raise() -> None:
    # Anna's 150 is called by no one: 100 come back, the pot is 25 + 50 + 50.
    hand = play(table("Anna 1000", "Ben 1000", "Carl 1000 out", button="Anna"), "Anna raise 150, Ben fold")
    assert hand.street == "complete" and hand.folded == ("Ben", "Carl")
    result = hand.settle()
    assert result.stacks == {"Anna": 1075, "Ben": 975, "Carl": 950}
    assert [(p.amount, p.eligible) for p in result.pots] == [(125, ("Anna",))]


def test_a_sitting_out_player_folds_preflop_and_folds_to_a_bet_after() -> None:
    setup = table("Anna 1000", "Ben 1000 out", "Carl 1000", "Dora 1000 out", button="Anna")
    hand = play(setup, "Anna call")
    assert hand.folded == ("Ben", "Dora")  # Dora facing the blind, Ben facing the call
    assert hand.to_act == "Carl"
    setup = table("Anna 1000", "Ben 1000", "Carl 1000 out", button="Anna")
    hand = play(setup, "Anna call, Ben call, Ben bet 50")
    assert hand.folded == ("Carl",)
    assert hand.to_act == "Anna"


def test_a_sitting_out_player_cannot_have_actions() -> None:
    setup = table("Anna 1000", "Ben 1000", "Carl 1000 out", button="Anna")
    with pytest.raises(IllegalAction, match=r"action 2 \(Carl check\): Carl is sitting out"):
        play(setup, "Anna call, Ben call, Carl check")


def test_a_sitting_out_player_all_in_on_his_blind_stays_in() -> None:
    setup = table("Anna 1000", "Ben 1000", "Carl 30 out", button="Anna")
    hand = play(setup, "Anna call, Ben call, Ben check, Anna check, Ben check, Anna check, Ben check, Anna check")
    assert hand.in_hand == ("Anna", "Ben", "Carl")
    result = hand.settle({"Anna": "2c7d", "Ben": "2d7c", "Carl": "AhAd"}, "KsQsJd5h4c")
    # Carl wins the main pot of 90; Anna and Ben tie for the side pot of 40.
    assert result.stacks == {"Anna": 970, "Ben": 970, "Carl": 90}


# -- minimum bets -----------------------------------------------------------


def _to_flop(rule: str) -> Hand:
    return play(
        table("Anna 1000", "Ben 1000", "Carl 1000", button="Anna", rule=rule), "Anna call, Ben call, Carl check"
    )


def test_preflop_a_raise_is_at_least_to_two_big_blinds_under_both_rules() -> None:
    for rule in ("league", "standard"):
        legal = Hand(table(*FOUR, button="Anna", rule=rule)).legal_actions()
        assert (legal.min_to, legal.max_to) == (100, 1000)


def test_league_minimum_bet_is_the_small_blind_on_the_flop_and_the_big_blind_on_the_turn() -> None:
    hand = _to_flop("league")
    assert hand.legal_actions().min_to == 25
    hand.apply(Action("Ben", "bet", 25))
    assert hand.legal_actions().min_to == 50  # a raise by at least the 25 bet
    hand.apply(Action("Carl", "call"))
    hand.apply(Action("Anna", "call"))
    assert hand.street == "turn"
    assert hand.legal_actions().min_to == 50
    with pytest.raises(IllegalAction, match="a bet to 25 is below the minimum bet of 50"):
        hand.apply(Action("Ben", "bet", 25))


def test_standard_minimum_bet_is_the_big_blind_on_every_round() -> None:
    hand = _to_flop("standard")
    assert hand.legal_actions().min_to == 50
    with pytest.raises(IllegalAction, match=r"action 3 \(Ben bet\): a bet to 25 is below the minimum bet of 50"):
        hand.apply(Action("Ben", "bet", 25))


def test_a_raise_is_at_least_the_largest_increment_so_far() -> None:
    # 100 bet -> raise to 200 at least; raising to 500 (by 400) makes the next minimum 900.
    hand = _to_flop("standard")
    hand.apply(Action("Ben", "bet", 100))
    assert hand.legal_actions().min_to == 200
    hand.apply(Action("Carl", "raise", 500))
    assert hand.legal_actions().min_to == 900


# -- re-opening after an incomplete all-in -------------------------------------

FIVE = ("Anna 2000", "Ben 2000", "Carl 2000", "Dora 2000", "Emil 130")


def test_an_incomplete_all_in_raise_does_not_reopen_the_betting_for_who_already_acted() -> None:
    # Big blind 80; Emil's all-in to 130 raises by only 50.
    hand = play(table(*FIVE, button="Anna", blinds=(40, 80)), "Dora call, Emil allin")
    anna = hand.legal_actions()
    assert anna.player == "Anna" and anna.can_raise and anna.min_to == 210  # Anna had not acted
    for name in ("Anna", "Ben", "Carl"):
        hand.apply(Action(name, "call"))
    dora = hand.legal_actions()
    assert dora.player == "Dora"
    assert not dora.can_raise and dora.min_to is None
    assert dora.verbs == ("fold", "call")
    with pytest.raises(IllegalAction, match=r"action 5 \(Dora raise\): cannot raise: the betting was not reopened"):
        hand.apply(Action("Dora", "raise", 300))
    with pytest.raises(IllegalAction, match="not reopened"):
        hand.apply(Action("Dora", "allin"))
    hand.apply(Action("Dora", "call"))
    assert hand.street == "flop"


def test_incomplete_all_ins_that_add_up_to_a_full_raise_reopen_the_betting() -> None:
    # Emil +50 then Anna +40: Dora faces 90 more than she called, a full raise of 80.
    setup = table("Anna 170", "Ben 2000", "Carl 2000", "Dora 2000", "Emil 130", button="Anna", blinds=(40, 80))
    hand = play(setup, "Dora call, Emil allin, Anna allin, Ben call, Carl call")
    dora = hand.legal_actions()
    assert dora.player == "Dora" and dora.can_raise and dora.min_to == 250


def test_a_full_raise_after_an_incomplete_all_in_reopens_the_betting() -> None:
    hand = play(
        table(*FIVE, button="Anna", blinds=(40, 80)), "Dora call, Emil allin, Anna raise 210, Ben fold, Carl fold"
    )
    assert hand.legal_actions().can_raise


def test_an_all_in_bet_below_the_minimum_does_not_reopen_for_who_checked() -> None:
    setup = table("Anna 1000", "Ben 1000", "Carl 70", button="Anna", blinds=(25, 50))
    hand = play(setup, "Anna call, Ben call, Carl check, Ben check, Carl allin, Anna call")
    # Carl bet 20 all-in, below the 50 minimum; Ben checked before it.
    ben = hand.legal_actions()
    assert ben.player == "Ben" and not ben.can_raise and ben.call_amount == 20


# -- uncalled bets, players without chips, busting ----------------------------


def test_an_uncalled_bet_is_returned_and_is_not_a_pot() -> None:
    hand = play(
        table("Anna 1000", "Ben 1000", "Carl 1000", button="Anna"),
        "Anna call, Ben call, Carl check, Ben bet 200, Carl fold, Anna fold",
    )
    assert hand.uncalled == ("Ben", 200)
    result = hand.settle()
    assert result.returned == {"Ben": 200}
    assert [(p.amount, p.eligible, p.winners) for p in result.pots] == [(150, ("Ben",), ("Ben",))]
    assert result.stacks == {"Anna": 950, "Ben": 1100, "Carl": 950}


def test_a_player_without_chips_is_not_dealt_in() -> None:
    hand = Hand(table("Anna 1000", "Ben 0", "Carl 1000", "Dora 1000", button="Anna"))
    assert (hand.small_blind_seat, hand.big_blind_seat, hand.to_act) == ("Carl", "Dora", "Anna")
    with pytest.raises(IllegalAction, match="Ben has no chips and is not dealt in"):
        hand.apply(Action("Ben", "call"))
    hand = replay(hand.setup, actions("Anna fold, Carl fold"))
    result = hand.settle()
    assert result.stacks == {"Anna": 1000, "Ben": 0, "Carl": 975, "Dora": 1025}
    assert result.busted == ()


def test_heads_up_with_a_player_without_chips_uses_the_heads_up_blinds() -> None:
    hand = Hand(table("Anna 1000", "Ben 0", "Carl 1000", button="Anna"))
    assert (hand.small_blind_seat, hand.big_blind_seat, hand.to_act) == ("Anna", "Carl", "Anna")


def test_busted_players_are_listed_best_placement_first_and_ties_in_seating_order() -> None:
    hand = play(
        table("Anna 500", "Ben 300", "Carl 300", "Dora 5000", button="Anna"),
        "Dora allin, Anna allin, Ben allin, Carl allin",
    )
    result = hand.settle(pot_winners=[["Dora"], ["Dora"]])
    assert result.busted == ("Anna", "Ben", "Carl")
    assert result.stacks == {"Anna": 0, "Ben": 0, "Carl": 0, "Dora": 6100}
    assert result.returned == {"Dora": 4500}


# -- the triad and the record -------------------------------------------------


def test_verify_can_apply_and_apply_agree() -> None:
    hand = Hand(table(*FOUR, button="Anna"))
    good, bad = Action("Dora", "raise", 100), Action("Dora", "raise", 99)
    assert hand.can_apply(good) and not hand.can_apply(bad)
    assert hand.verify(good) == ("raise", 100)
    assert hand.verify(Action("Dora", "allin")) == ("raise", 1000)
    step = hand.apply(good)
    assert (step.player, step.kind, step.added, step.to, step.index, step.auto) == ("Dora", "raise", 100, 100, 0, False)
    assert hand.actions == [good]


def test_allin_counts_as_a_call_bet_or_raise_by_its_size() -> None:
    hand = play(table("Anna 1000", "Ben 40", "Carl 1000", button="Anna"), "Anna call, Ben allin")
    assert hand.history[-1].kind == "call" and hand.history[-1].all_in  # 40 < 50: a call for less
    hand = play(table("Anna 1000", "Ben 1000", button="Anna"), "Anna call, Ben check, Ben allin")
    assert hand.history[-1].kind == "bet"
    hand = play(table("Anna 1000", "Ben 1000", button="Anna"), "Anna allin")
    assert (hand.history[-1].kind, hand.history[-1].to) == ("raise", 1000)


def test_a_call_for_more_than_the_stack_is_an_all_in_call() -> None:
    hand = play(table("Rosa 3080", "Karl 640", button="Rosa", blinds=(10, 20)), "Rosa raise 3080, Karl call")
    assert hand.history[-1].added == 620 and hand.history[-1].all_in
    assert hand.street == "showdown"


def test_a_raise_against_players_who_are_all_in_comes_back_uncalled() -> None:
    hand = play(table("Anna 1000", "Ben 1000", "Carl 100", button="Anna"), "Anna fold, Ben call, Carl allin")
    ben = hand.legal_actions()
    assert ben.can_raise  # allowed, though nobody can call any of it
    hand.apply(Action("Ben", "raise", 500))
    assert hand.street == "showdown"
    result = hand.settle(pot_winners=[["Carl"]])
    assert result.returned == {"Ben": 400}
    assert result.stacks == {"Anna": 1000, "Ben": 900, "Carl": 200}


def test_replay_rebuilds_the_same_state() -> None:
    setup = table(*FOUR, button="Anna")
    text = "Dora raise 150, Anna call, Ben fold, Carl call, Carl check, Dora bet 200, Anna raise 600"
    live = Hand(setup)
    for action in actions(text):
        live.apply(action)
    again = replay(setup, live.actions)
    assert (again.stacks, again.committed, again.to_act, again.pots()) == (
        live.stacks,
        live.committed,
        live.to_act,
        live.pots(),
    )


def test_setup_accepts_plain_tuples_and_dicts_for_seats() -> None:
    setup = HandSetup(
        players=(("Anna", 100), {"name": "Ben", "stack": 100, "sitting_out": True}),
        button="Anna",
        small_blind=1,
        big_blind=2,
    )
    assert setup.players == (Seat("Anna", 100), Seat("Ben", 100, True))
    assert setup.min_bet_rule == "league"
