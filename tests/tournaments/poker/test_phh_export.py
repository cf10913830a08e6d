"""PHH exports read back by pokerkit (test-only): pokerkit plays each document
to its end and must reach the final stacks of our replay.

Hands decided by cards are compared exactly. A showdown the dealer decided
(``pot_winners``, tapped on the phone) has no recorded cards and the export
makes none up: pokerkit reads the document and plays every recorded action,
and the outcome is in its fields. The one known difference is pokerkit's odd
chips on a split pot (see :func:`odd_chip_tolerance`).
"""

from __future__ import annotations

import json
import random
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from pokerkit import HandHistory

from tests.tournaments.poker.random_hands import hand_as_contract_input, play_random_hand, random_deal, random_setup
from tournaments.poker.phh import phh_document, phh_documents, phh_order
from tournaments.poker.replay import play_hand, replay_hand

EXAMPLES = Path(__file__).resolve().parents[3] / "tests" / "data" / "contracts" / "replay_hand"
HANDS = sorted(p for p in EXAMPLES.glob("*.json") if not p.name.endswith(".expected.json"))


def pokerkit_final_stacks(document: str) -> list[int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # e.g. "no reason for this player to fold": the contract allows it
        warnings.filterwarnings("error", message=".*burned.*")  # chips burned: that must not happen
        states = list(HandHistory.loads(document))
    final = states[-1]
    assert not final.status, "pokerkit did not play the hand to its end"
    return list(final.stacks)


def odd_chip_tolerance(played) -> dict[str, int]:
    """pokerkit gives a split pot's whole odd remainder to one winner (and splits pots with the same
    players as one); the contract gives one odd chip each to the winners left of the button. So a winner
    of a split pot may differ by up to that pot's remainder; everyone else is exact."""
    tolerance = {name: 0 for name in played.result.stacks}
    for pot in played.result.pots:
        if len(pot.winners) > 1:
            for name in pot.winners:
                tolerance[name] += pot.amount % len(pot.winners)
    return tolerance


def assert_pokerkit_agrees(played, document: str) -> None:
    order = phh_order(played)
    theirs = dict(zip(order, pokerkit_final_stacks(document)))
    ours = {name: played.result.stacks[name] for name in order}
    tolerance = odd_chip_tolerance(played)
    assert all(abs(theirs[name] - ours[name]) <= tolerance[name] for name in order), (document, theirs, ours)
    assert sum(theirs.values()) == sum(ours.values())


def pokerkit_applies_every_action(document: str) -> bool:
    """A tapped showdown: pokerkit plays each recorded action of the document; past the last one it would have
    to show cards nobody recorded (its evaluator cannot rank an unknown card), which is where it stops."""
    history = HandHistory.loads(document)
    applied = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            for _state, action in history.state_actions:
                if action is not None:
                    applied.append(action)
        except KeyError:
            pass  # showing the unknown cards
    return applied == list(history.actions)


def assert_settled_by_the_dealer(played, document: str, expected: dict[str, int]) -> None:
    history = HandHistory.loads(document)
    order = phh_order(played)
    assert history.user_defined_fields["_settled_by_dealer"] is True
    assert history.finishing_stacks == [expected[name] for name in order]
    assert sum(history.winnings) == sum(pot.amount for pot in played.result.pots)
    kept = history.user_defined_fields["_pot_winners"]
    assert [set(pot) for pot in kept] == [set(pot.winners) for pot in played.result.pots]
    assert "invent" not in document and not any(" sm" in action for action in history.actions)
    assert all("????" in action for action in history.actions if action.startswith("d dh")), document
    assert all(set(action[5:]) <= {"?"} for action in history.actions if action.startswith("d db")), document
    assert pokerkit_applies_every_action(document), document


def test_the_examples_are_there():
    assert len(HANDS) >= 14
    assert sum(1 for p in HANDS if "pot_winners" in json.loads(p.read_text())) >= 4


@pytest.mark.parametrize("path", HANDS, ids=lambda p: p.stem)
def test_every_example_exports_to_phh_that_pokerkit_plays_to_the_same_stacks(path):
    data = json.loads(path.read_text())
    expected = replay_hand(data)["stacks"]
    played = play_hand(data)
    document = phh_document(played)
    history = HandHistory.loads(document)
    order = phh_order(played)
    assert history.players == order
    assert history.finishing_stacks == [expected[name] for name in order]
    assert sum(history.winnings) == sum(pot.amount for pot in played.result.pots)
    if data.get("pot_winners") is not None and played.showdown:
        assert_settled_by_the_dealer(played, document, expected)
        return
    assert "_settled_by_dealer" not in document
    assert_pokerkit_agrees(played, document)
    if not any(odd_chip_tolerance(played).values()):
        assert dict(zip(order, pokerkit_final_stacks(document))) == {name: expected[name] for name in order}


def example(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text())


def test_a_tapped_showdown_carries_no_made_up_cards():
    # 01: five all-in players, the dealer tapped the winners of four pots; no card was recorded.
    data = example("01_odd_chip")
    document = phh_document(play_hand(data))
    assert not document.startswith("#")
    assert_settled_by_the_dealer(play_hand(data), document, replay_hand(data)["stacks"])


def test_a_tapped_river_keeps_every_bet_and_the_dealer_s_word():
    # 04: Yann and Zoe check the river down, the dealer names Yann: every bet is there, the board unknown.
    played = play_hand(example("04_pot_winners"))
    document = phh_document(played)
    history = HandHistory.loads(document)
    yann = f"p{phh_order(played).index('Yann') + 1}"
    assert history.actions[-1] == f"# the dealer named the pots' winners ({yann}) without the cards: see _pot_winners"
    assert [a for a in history.actions if a.startswith("d db")] == ["d db ??????", "d db ??", "d db ??"]
    assert pokerkit_applies_every_action(document)


def test_a_recorded_board_of_a_tapped_showdown_is_kept_and_nothing_is_added():
    data = example("04_pot_winners")
    data["board"] = "Ah Kd 7h 2s 2h"
    played = play_hand(data)
    document = phh_document(played)
    history = HandHistory.loads(document)
    assert "d db AhKd7h" in history.actions and "d db 2s" in history.actions and "d db 2h" in history.actions
    assert not any(" sm" in a for a in history.actions) and "invent" not in document
    assert pokerkit_applies_every_action(document)


def test_the_league_rules_are_kept_in_user_defined_fields():
    data = json.loads((EXAMPLES / "03_sitting_out_at_showdown.json").read_text())
    history = HandHistory.loads(phh_document(play_hand(data)))
    assert history.user_defined_fields["_sitting_out"] == ["Quinn"]
    assert history.user_defined_fields["_button"] == "Pia"
    assert history.user_defined_fields["_min_bet_rule"] == "standard"


FOLDED_WITH_CARDS = {
    "blinds": {"small": 25, "big": 50},
    "button": "Anna",
    "players": [{"name": "Anna", "stack": 1500}, {"name": "Ben", "stack": 1500}, {"name": "Carl", "stack": 1500}],
    "actions": [
        {"player": "Anna", "action": "fold"},
        {"player": "Ben", "action": "call"},
        {"player": "Carl", "action": "check"},
    ]
    + [{"player": p, "action": "check"} for p in ["Ben", "Carl"] * 3],
    "hole_cards": {"Anna": "AsAh", "Ben": "KdQd", "Carl": "7c2h"},
    "board": "Ac Kh 8s 3d 4c",
}


def test_only_shown_hole_cards_are_written():
    # Anna folded: the dealer entered her cards, but they were never shown.
    document = phh_document(play_hand(FOLDED_WITH_CARDS))
    assert "AsAh" not in document
    assert '"d dh p3 ????"' in document  # Anna is the button, p3 of three
    assert "KdQd" in document and "7c2h" in document
    order = phh_order(play_hand(FOLDED_WITH_CARDS))
    assert dict(zip(order, pokerkit_final_stacks(document))) == replay_hand(FOLDED_WITH_CARDS)["stacks"]


def test_several_hands_make_one_phhs_file_that_pokerkit_reads():
    documents = [phh_document(play_hand(json.loads(p.read_text()))) for p in HANDS[:4]]
    histories = list(HandHistory.loads_all(phh_documents(documents)))
    assert len(histories) == 4


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_legal_hands_with_showdowns_export_to_phh_that_pokerkit_plays_to_the_same_stacks(seed):
    rng = random.Random(seed)
    # More than a big blind each: pokerkit lets the others call a short big blind for less (see test_against_pokerkit).
    setup = random_setup(rng, above_big_blind=True, short_rate=0.35, sitting_out_rate=0.1)
    hand = play_random_hand(setup, rng)
    assume(len(hand.in_hand) > 1)  # a showdown: cards decide
    deal = random_deal(hand, rng)
    data = hand_as_contract_input(hand, deal)
    played = play_hand(data)
    order = phh_order(played)
    theirs = dict(zip(order, pokerkit_final_stacks(phh_document(played))))
    ours = played.result.stacks
    # Odd chips (as in test_against_pokerkit, see odd_chip_tolerance); everything else is exact.
    tolerance = odd_chip_tolerance(played)
    for name in order:
        assert abs(theirs[name] - ours[name]) <= tolerance[name], (data, theirs, ours)
    assert sum(theirs.values()) == sum(ours[name] for name in order)


def consistent_pot_winners(hand, rng: random.Random) -> list[list[str]]:
    """Winners a dealer could name after a real showdown: a random strength per player (few values, so
    ties and split pots are common), each pot to its strongest eligible players."""
    strength = {name: rng.randint(0, 3) for name in hand.in_hand}
    winners = []
    for pot in hand.pots():
        best = max(strength[name] for name in pot.eligible)
        winners.append([name for name in pot.eligible if strength[name] == best])
    return winners


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_dealer_decided_showdowns_export_to_phh_that_pokerkit_reads_without_made_up_cards(seed):
    rng = random.Random(seed)
    setup = random_setup(rng, above_big_blind=True, short_rate=0.35, sitting_out_rate=0.1)
    hand = play_random_hand(setup, rng)
    assume(len(hand.in_hand) > 1)
    data = hand_as_contract_input(hand, pot_winners=consistent_pot_winners(hand, rng))
    played = play_hand(data)
    assert_settled_by_the_dealer(played, phh_document(played), played.result.stacks)
