"""PHH exports read back by pokerkit (test-only): pokerkit plays each document
to its end and must reach the final stacks of our replay.

Hands decided by cards are compared exactly. A showdown the dealer decided
(``pot_winners``) has no cards PHH could show, so pokerkit cannot settle it:
for those the document must load and carry the replay's outcome in
``finishing_stacks``, ``winnings`` and ``_pot_winners``.
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

EXAMPLES = Path(__file__).resolve().parents[3] / ".." / "shared" / "examples" / "replay_hand"
HANDS = sorted(p for p in EXAMPLES.glob("*.json") if not p.name.endswith(".expected.json"))


def pokerkit_final_stacks(document: str) -> list[int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # e.g. "no reason for this player to fold": the contract allows it
        warnings.filterwarnings("error", message=".*burned.*")  # chips burned: that must not happen
        states = list(HandHistory.loads(document))
    final = states[-1]
    assert not final.status, "pokerkit did not play the hand to its end"
    return list(final.stacks)


def test_the_examples_are_there():
    assert len(HANDS) >= 14


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
    if data.get("pot_winners") is not None:
        kept = history.user_defined_fields["_pot_winners"]
        assert [set(pot) for pot in kept] == [set(pot) for pot in data["pot_winners"]]
        return
    assert dict(zip(order, pokerkit_final_stacks(document))) == {name: expected[name] for name in order}


def test_the_league_rules_are_kept_in_user_defined_fields():
    data = json.loads((EXAMPLES / "03_sitting_out_at_showdown.json").read_text())
    history = HandHistory.loads(phh_document(play_hand(data)))
    assert history.user_defined_fields["_sitting_out"] == ["Quinn"]
    assert history.user_defined_fields["_button"] == "Pia"
    assert history.user_defined_fields["_min_bet_rule"] == "standard"


FOLDED_WITH_CARDS = {
    "blinds": {"small": 25, "big": 50}, "button": "Anna",
    "players": [{"name": "Anna", "stack": 1500}, {"name": "Ben", "stack": 1500}, {"name": "Carl", "stack": 1500}],
    "actions": [{"player": "Anna", "action": "fold"}, {"player": "Ben", "action": "call"},
                {"player": "Carl", "action": "check"}] + [{"player": p, "action": "check"} for p in ["Ben", "Carl"] * 3],
    "hole_cards": {"Anna": "AsAh", "Ben": "KdQd", "Carl": "7c2h"}, "board": "Ac Kh 8s 3d 4c",
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
    # Odd chips (as in test_against_pokerkit): pokerkit gives a pot's whole odd remainder to one winner and
    # splits pots with the same players as one; the contract gives one odd chip each, pot by pot. So a
    # split pot may differ by a chip per player; everything else is exact, and the chips always add up.
    tolerance = sum(1 for pot in played.result.pots if len(pot.winners) > 1)
    for name in order:
        assert abs(theirs[name] - ours[name]) <= tolerance, (data, theirs, ours)
    assert sum(theirs.values()) == sum(ours[name] for name in order)
