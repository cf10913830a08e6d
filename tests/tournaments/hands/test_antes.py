"""Antes in the hand engine (tournaments/poker/holdem.py), the replay_hand contract, the PHH and OHH exports
and the statistics: here with the contract's other tests.

docs/contracts.md: ``"blinds": {"small": 25, "big": 50, "ante": 10, "ante_by": "each"|"big_blind"}``.
Antes are posted before the blinds and are dead money in the main pot: they count toward no call or raise.
A player who cannot cover his ante posts what he has and is all-in; with ``"big_blind"`` the big blind is
posted first and the ante from what is left. Worked examples are computed by hand in the comments; random
hands check the invariants, and pokerkit (test-only) plays the exported PHH to the same stacks.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.tournaments.poker.random_hands import (
    hand_as_contract_input,
    play_random_hand,
    random_action,
    random_deal,
    random_pot_winners,
    random_setup,
)
from tests.tournaments.poker.test_phh_export import odd_chip_tolerance, pokerkit_final_stacks
from tournaments.poker.holdem import Action, Hand, HandSetup, Seat, SetupError, replay
from tournaments.poker.ohh import ohh_hand
from tournaments.poker.phh import phh_document, phh_order
from tournaments.poker.replay import ReplayError, play_hand, replay_hand
from tournaments.poker.stats import hand_facts

SETTINGS = settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)


def _hand(players, *, ante, ante_by="each", button="Anna", blinds=(25, 50)):
    return {
        "blinds": {"small": blinds[0], "big": blinds[1], "ante": ante, "ante_by": ante_by},
        "button": button,
        "players": [{"name": name, "stack": stack} for name, stack in players],
        "actions": [],
    }


def test_each_player_antes_before_the_blinds_and_the_antes_are_dead_money_in_the_main_pot():
    # Anna (button) 1000, Ben (SB) 1000, Carl (BB) 1000, Dora 1000; ante 10 each: 40 dead.
    # Dora calls 50, Anna folds, Ben calls, Carl checks; then all check down, Carl's sevens win.
    data = _hand([("Anna", 1000), ("Ben", 1000), ("Carl", 1000), ("Dora", 1000)], ante=10)
    data["actions"] = [
        {"player": "Dora", "action": "call"},
        {"player": "Anna", "action": "fold"},
        {"player": "Ben", "action": "call"},
        {"player": "Carl", "action": "check"},
    ] + [{"player": p, "action": "check"} for _ in range(3) for p in ("Ben", "Carl", "Dora")]
    data["hole_cards"] = {"Ben": "2c3d", "Carl": "7d7c", "Dora": "QsJc"}
    data["board"] = "Ah Kd 7h 2s 9h"
    out = replay_hand(data)
    # The pot: 4 x 10 antes + 3 x 50 = 190, one pot, Anna (folded) not eligible.
    assert out["pots"] == [{"amount": 190, "eligible": ["Ben", "Carl", "Dora"], "winners": ["Carl"]}]
    assert out["stacks"] == {"Anna": 990, "Ben": 940, "Carl": 1130, "Dora": 940}
    hand = play_hand(data).hand
    assert [(s.player, s.kind, s.added) for s in hand.history[:6]] == [
        ("Ben", "ante", 10),
        ("Carl", "ante", 10),
        ("Dora", "ante", 10),
        ("Anna", "ante", 10),
        ("Ben", "small_blind", 25),
        ("Carl", "big_blind", 50),
    ]


def test_the_antes_count_toward_no_call_and_are_never_returned_as_an_uncalled_bet():
    # Everyone folds to the big blind: he gets his blind back above the small blind (25 uncalled) and wins
    # the antes (4 x 10) and the small blind: 1000 - 10 - 50 + 25 + 40 + 50 = 1055.
    data = _hand([("Anna", 1000), ("Ben", 1000), ("Carl", 1000), ("Dora", 1000)], ante=10)
    data["actions"] = [
        {"player": "Dora", "action": "fold"},
        {"player": "Anna", "action": "fold"},
        {"player": "Ben", "action": "fold"},
    ]
    played = play_hand(data)
    assert played.result.returned == {"Carl": 25}
    assert played.result.stacks == {"Anna": 990, "Ben": 965, "Carl": 1055, "Dora": 990}
    # The amount to call pre-flop is the big blind, not the big blind plus the ante.
    hand = Hand(play_hand(_with_showdown(_hand([("Anna", 1000), ("Ben", 1000)], ante=10))).setup)
    assert hand.legal_actions().call_amount == 25  # heads-up: Anna (button, SB) owes 25 more


def _with_showdown(data):
    data["actions"] = [{"player": "Anna", "action": "fold"}]
    return data


def test_a_player_who_cannot_cover_his_ante_is_all_in_and_can_win_only_the_antes():
    # Ben (SB) has 6: all-in on his ante, posts no blind. Carl's big blind is the bet; Dora calls, Anna folds.
    # Pots: the antes 6 + 10 + 10 + 10 = 36 (Anna, Carl, Dora, Ben... all still in but Anna who folded);
    # then the bets: Carl 50 + Dora 50 = 100 for Carl and Dora.
    data = _hand([("Anna", 1000), ("Ben", 6), ("Carl", 1000), ("Dora", 1000)], ante=10)
    data["actions"] = [
        {"player": "Dora", "action": "call"},
        {"player": "Anna", "action": "fold"},
        {"player": "Carl", "action": "check"},
    ] + [{"player": p, "action": "check"} for _ in range(3) for p in ("Carl", "Dora")]
    data["hole_cards"] = {"Ben": "AsAh", "Carl": "7d7c", "Dora": "QsJc"}
    data["board"] = "Ad Kd 7h 2s 9h"
    out = replay_hand(data)
    assert out["pots"] == [
        {"amount": 36, "eligible": ["Ben", "Carl", "Dora"], "winners": ["Ben"]},
        {"amount": 100, "eligible": ["Carl", "Dora"], "winners": ["Carl"]},
    ]
    assert out["stacks"] == {"Anna": 990, "Ben": 36, "Carl": 1040, "Dora": 940}
    hand = play_hand(data).hand
    assert ("Ben", "small_blind") not in [(s.player, s.kind) for s in hand.history]


def test_a_big_blind_ante_comes_after_his_blind_when_he_is_short():
    # Carl (BB) has 80: the blind 50 first, then 30 of the 50 ante; he is all-in.
    data = _hand([("Anna", 1500), ("Ben", 500), ("Carl", 80), ("Dora", 2060)], ante=50, ante_by="big_blind")
    data["actions"] = [
        {"player": "Dora", "action": "raise", "to": 150},
        {"player": "Anna", "action": "fold"},
        {"player": "Ben", "action": "call"},
        {"player": "Ben", "action": "check"},
        {"player": "Dora", "action": "bet", "to": 100},
        {"player": "Ben", "action": "call"},
        {"player": "Ben", "action": "check"},
        {"player": "Dora", "action": "check"},
        {"player": "Ben", "action": "check"},
        {"player": "Dora", "action": "check"},
    ]
    data["hole_cards"] = {"Ben": "2c3d", "Carl": "7d7c", "Dora": "QhJh"}
    data["board"] = "Ah Kd 7h 2s 2h"
    played = play_hand(data)
    assert played.hand.antes == {"Anna": 0, "Ben": 0, "Carl": 30, "Dora": 0}
    # Main pot: the ante 30 + 3 x 50 = 180 for Carl's sevens; side pot: Ben and Dora 100 + 100 more each = 400.
    assert replay_hand(data) == {
        "stacks": {"Anna": 1500, "Ben": 250, "Carl": 180, "Dora": 2210},
        "pots": [
            {"amount": 180, "eligible": ["Ben", "Carl", "Dora"], "winners": ["Carl"]},
            {"amount": 400, "eligible": ["Ben", "Dora"], "winners": ["Dora"]},
        ],
        "busted": [],
    }


def test_a_big_blind_ante_heads_up_is_posted_by_the_big_blind_not_the_button():
    data = _hand([("Anna", 1000), ("Ben", 1000)], ante=50, ante_by="big_blind")
    data["actions"] = [{"player": "Anna", "action": "fold"}]
    played = play_hand(data)
    assert played.hand.antes == {"Anna": 0, "Ben": 50}
    # Anna (button, SB) folds: Ben gets 25 of his blind back and wins the ante back and Anna's 25.
    assert played.result.stacks == {"Anna": 975, "Ben": 1025}


def test_everyone_all_in_on_the_antes_plays_for_the_antes_alone():
    data = _hand([("Anna", 10), ("Ben", 7)], ante=10)
    data["hole_cards"] = {"Anna": "AsAh", "Ben": "7d7c"}
    data["board"] = "Ad Kd 7h 2s 9h"
    out = replay_hand(data)
    assert out == {
        "stacks": {"Anna": 17, "Ben": 0},
        "pots": [{"amount": 17, "eligible": ["Anna", "Ben"], "winners": ["Anna"]}],
        "busted": ["Ben"],
    }


def test_a_sitting_out_player_posts_his_ante_too():
    data = _hand([("Anna", 1000), ("Ben", 1000), ("Carl", 1000)], ante=10)
    data["players"][0]["sitting_out"] = True
    data["actions"] = [{"player": "Ben", "action": "fold"}]  # Anna (button, away) folds by herself first
    played = play_hand(data)
    assert played.hand.antes == {"Anna": 10, "Ben": 10, "Carl": 10}
    assert played.result.stacks == {"Anna": 990, "Ben": 965, "Carl": 1045}


def test_a_hand_without_an_ante_replays_exactly_as_before():
    base = _hand([("Anna", 1000), ("Ben", 30), ("Carl", 1000)], ante=0)
    base["actions"] = [{"player": "Anna", "action": "fold"}, {"player": "Ben", "action": "call"}]
    base["hole_cards"] = {"Ben": "7d7c", "Carl": "2c3d"}
    base["board"] = "Ad Kd 7h 2s 9h"
    without = dict(base, blinds={"small": 25, "big": 50})
    assert replay_hand(base) == replay_hand(without)
    assert phh_document(play_hand(without)) == phh_document(play_hand(base))
    assert "_ante" not in phh_document(play_hand(base))
    assert "ante_trimming_status = true" in phh_document(play_hand(base))


@pytest.mark.parametrize(
    "blinds, message",
    [
        ({"small": 25, "big": 50, "ante": -1}, "ante must be a whole number"),
        ({"small": 25, "big": 50, "ante": 2.5}, "blinds: ante must be a whole number"),
        ({"small": 25, "big": 50, "ante": "10"}, "blinds: ante must be a whole number"),
        ({"small": 25, "big": 50, "ante": 10, "ante_by": "button"}, "ante_by must be 'each' or 'big_blind'"),
        ({"small": 25, "big": 50, "ante": 10, "ante_by": 3}, 'ante_by must be "each" or "big_blind"'),
    ],
)
def test_a_bad_ante_is_refused_with_one_line(blinds, message):
    data = _hand([("Anna", 1000), ("Ben", 1000)], ante=0)
    data["blinds"] = blinds
    with pytest.raises(ReplayError, match=message):
        replay_hand(data)


def test_the_command_prints_the_antes_outcome_and_refuses_a_bad_ante(tmp_path, capsys):
    from django.core.management import call_command

    data = _hand([("Anna", 10), ("Ben", 7)], ante=10)
    data["hole_cards"] = {"Anna": "AsAh", "Ben": "7d7c"}
    data["board"] = "Ad Kd 7h 2s 9h"
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(data))
    call_command("replay_hand", str(path))
    assert json.loads(capsys.readouterr().out)["stacks"] == {"Anna": 17, "Ben": 0}


# --- random hands ---------------------------------------------------------------------------------


def _with_ante(setup: HandSetup, rng: random.Random, *, short_antes: bool = True) -> HandSetup:
    ante_by = rng.choice(("each", "big_blind"))
    ante = rng.choice((1, setup.small_blind // 2 or 1, setup.small_blind, setup.big_blind))
    players = list(setup.players)
    if short_antes:  # some stacks at or below the ante
        players = [Seat(p.name, rng.randint(1, ante)) if rng.random() < 0.2 else p for p in players]
        if sum(1 for p in players if p.stack) < 2:
            players = list(setup.players)
    button = setup.button if any(p.name == setup.button and p.stack for p in players) else players[0].name
    return dataclasses.replace(setup, players=tuple(players), button=button, ante=ante, ante_by=ante_by)


@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**64), by_cards=st.booleans())
def test_random_hands_with_antes_conserve_chips_and_build_the_side_pots_from_the_bets(seed, by_cards):
    rng = random.Random(seed)
    setup = _with_ante(random_setup(rng, short_rate=0.3, sitting_out_rate=0.15, zero_stack_rate=0.05), rng)
    hand = Hand(setup)
    start = dict(zip(hand.names, hand.starting_stacks))
    antes = hand.antes
    # Posted: each dealt-in player min(ante, stack); a big-blind ante from what the blind leaves.
    for name in hand.names:
        if setup.ante_by == "each":
            assert antes[name] == min(setup.ante, start[name])
        elif name == hand.big_blind_seat:
            assert antes[name] == min(setup.ante, start[name] - min(setup.big_blind, start[name]))
        else:
            assert antes[name] == 0
    for _ in range(300):
        assert sum(hand.stacks.values()) + hand.pot_total == sum(start.values())
        pots = hand.pots()
        uncalled = hand.uncalled
        assert sum(p.amount for p in pots) + (uncalled[1] if uncalled else 0) == hand.pot_total
        if pots:  # the antes are in the main pot, which every player still in may win
            assert set(pots[0].eligible) == set(hand.in_hand)
        if hand.to_act is None:
            break
        hand.apply(random_action(hand.legal_actions(), rng))
    assert hand.is_betting_over
    again = replay(setup, hand.actions)
    assert (again.stacks, again.antes, again.pots()) == (hand.stacks, hand.antes, hand.pots())
    if by_cards:
        deal = random_deal(hand, rng)
        result = hand.settle(hole_cards={n: deal.hole_cards[n] for n in hand.in_hand}, board=deal.board)
    else:
        result = hand.settle(pot_winners=random_pot_winners(hand, rng))
    assert sum(result.stacks.values()) == sum(start.values())
    assert all(chips >= 0 for chips in result.stacks.values())
    contributed = hand.total_contributed
    for name, chips in result.returned.items():
        contributed[name] -= chips
    dead = sum(antes.values())
    for name in hand.names:
        # Nobody wins more than the antes and, from each opponent, what he himself bet against him.
        net = result.stacks[name] - start[name]
        at_risk = sum(min(contributed[name], contributed[o]) for o in hand.names if o != name)
        assert net <= at_risk + dead - antes[name]
        if name in hand.folded:
            assert net == -contributed[name] - antes[name]
    for name in hand.in_hand:
        if start[name] and start[name] == antes[name]:  # all-in on the ante: only the antes to win
            assert result.stacks[name] <= dead
    assert set(result.busted) == {n for n in hand.names if start[n] and not result.stacks[n]}


def _covers_ante_and_blinds(setup: HandSetup) -> bool:
    """pokerkit lets the others call a short big blind for less (test_against_pokerkit): the blinds must
    be covered after the antes; other players may be short of the ante."""
    hand = Hand(setup)
    return (
        all(step.all_in is False for step in hand.history if step.kind in ("small_blind", "big_blind"))
        and hand.big_blind_seat in [s.player for s in hand.history if s.kind == "big_blind"]
        and hand.stacks[hand.small_blind_seat] + hand.committed[hand.small_blind_seat] >= setup.small_blind
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_hands_with_antes_export_to_phh_that_pokerkit_plays_to_the_same_stacks(seed):
    rng = random.Random(seed)
    setup = _with_ante(random_setup(rng, above_big_blind=True, short_rate=0.35, sitting_out_rate=0.1), rng)
    assume(_covers_ante_and_blinds(setup))
    hand = play_random_hand(setup, rng)
    assume(len(hand.in_hand) > 1)
    data = hand_as_contract_input(hand, random_deal(hand, rng))
    played = play_hand(data)
    document = phh_document(played)
    theirs = dict(zip(phh_order(played), pokerkit_final_stacks(document)))
    tolerance = odd_chip_tolerance(played)
    for name in theirs:
        assert abs(theirs[name] - played.result.stacks[name]) <= tolerance[name], (document, theirs)
    assert sum(theirs.values()) == sum(played.result.stacks[name] for name in theirs)


def test_the_phh_document_carries_the_antes_in_blind_order():
    data = _hand([("Anna", 1000), ("Ben", 1000)], ante=50, ante_by="big_blind")
    data["actions"] = [{"player": "Anna", "action": "fold"}]
    document = phh_document(play_hand(data))
    # Heads-up PHH seats the big blind (Ben) first; pokerkit reads antes in blind order: SB's, then BB's.
    assert 'players = ["Ben", "Anna"]' in document
    assert "antes = [0, 50]" in document and "ante_trimming_status = false" in document
    assert '_ante_by = "big_blind"' in document
    assert pokerkit_final_stacks(document) == [1025, 975]


def test_the_ohh_export_posts_the_antes():
    data = _hand([("Anna", 1000), ("Ben", 1000), ("Carl", 1000)], ante=10)
    data["actions"] = [{"player": "Anna", "action": "fold"}, {"player": "Ben", "action": "fold"}]
    ohh = ohh_hand(play_hand(data))["ohh"]
    assert ohh["ante_amount"] == 10 and ohh["_ante_by"] == "each"
    preflop = ohh["rounds"][0]["actions"]
    assert [(a["action"], a.get("amount")) for a in preflop[:5]] == [
        ("Post Ante", 10),
        ("Post Ante", 10),
        ("Post Ante", 10),
        ("Post SB", 25),
        ("Post BB", 50),
    ]


def test_antes_are_forced_bets_in_the_statistics():
    data = _hand([("Anna", 1000), ("Ben", 10), ("Carl", 1000)], ante=10)
    data["actions"] = [{"player": "Anna", "action": "fold"}]
    data["hole_cards"] = {"Ben": "AsAh", "Carl": "7d7c"}
    data["board"] = "Ad Kd 7h 2s 9h"
    facts = hand_facts(play_hand(data))
    assert not facts["Ben"].vpip and facts["Ben"].all_in and facts["Ben"].survived
    assert facts["Anna"].calls == 0 and not facts["Anna"].vpip


def test_a_setup_refuses_a_negative_ante_or_an_unknown_poster():
    players = (Seat("Anna", 100), Seat("Ben", 100))
    with pytest.raises(SetupError, match="ante"):
        HandSetup(players, "Anna", 1, 2, ante=-5)
    with pytest.raises(SetupError, match="ante_by"):
        HandSetup(players, "Anna", 1, 2, ante=5, ante_by="dealer")
    assert Hand(HandSetup(players, "Anna", 1, 2, ante=0)).pot_total == 3
    assert replay(HandSetup(players, "Anna", 1, 2, ante=5), [Action("Anna", "fold")]).pot_total == 13
