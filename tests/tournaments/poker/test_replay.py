"""The ``replay_hand`` contract as a pure function: the worked examples of
``tests/data/contracts/replay_hand`` and the validation of its input."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from tournaments.poker.replay import ReplayError, parse_json, replay_hand

REPO = Path(__file__).resolve().parents[3]
EXAMPLES = REPO / "tests" / "data" / "contracts" / "replay_hand"
EXAMPLE_INPUTS = sorted(p for p in EXAMPLES.glob("*.json") if not p.name.endswith(".expected.json"))


def test_the_worked_examples_are_there() -> None:
    assert len(EXAMPLE_INPUTS) >= 14


@pytest.mark.parametrize("path", EXAMPLE_INPUTS, ids=lambda p: p.stem)
def test_it_reproduces_the_worked_example(path: Path) -> None:
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    result = replay_hand(json.loads(path.read_text()))
    assert result == expected
    assert list(result["stacks"]) == list(expected["stacks"])  # seating order
    assert sum(result["stacks"].values()) == sum(p["stack"] for p in json.loads(path.read_text())["players"])


HAND = {
    "blinds": {"small": 25, "big": 50},
    "button": "Anna",
    "players": [
        {"name": "Anna", "stack": 1500},
        {"name": "Ben", "stack": 900, "sitting_out": True},
        {"name": "Carl", "stack": 40},
        {"name": "Dora", "stack": 2060},
    ],
    "actions": [
        {"player": "Dora", "action": "raise", "to": 150},
        {"player": "Anna", "action": "call"},
        {"player": "Dora", "action": "check"},
        {"player": "Anna", "action": "bet", "to": 100},
        {"player": "Dora", "action": "fold"},
    ],
    "hole_cards": {"Anna": "AsKs", "Carl": "7d7c"},
    "board": "Ah Kd 7h 2s 2h",
    "min_bet_rule": "league",
}


def test_the_contract_sample_hand() -> None:
    # Ben (small blind, away) folds; Carl's 40 big blind is all-in. Main pot
    # 25 + 3 x 40 = 145 (Carl's full house wins), side pot 2 x 110 = 220
    # (Anna, after Dora folds on the flop; Anna's 100 bet comes back).
    result = replay_hand(copy.deepcopy(HAND))
    assert result == {
        "stacks": {"Anna": 1570, "Ben": 875, "Carl": 145, "Dora": 1910},
        "pots": [
            {"amount": 145, "eligible": ["Anna", "Carl"], "winners": ["Carl"]},  # Dora folded
            {"amount": 220, "eligible": ["Anna"], "winners": ["Anna"]},
        ],
        "busted": [],
    }


def _broken(path: str, value=..., delete: bool = False) -> dict:
    data = copy.deepcopy(HAND)
    *keys, last = path.split(".")
    target = data
    for key in keys:
        target = target[int(key)] if isinstance(target, list) else target[key]
    if delete:
        del target[int(last) if isinstance(target, list) else last]
    else:
        target[int(last) if isinstance(target, list) else last] = value
    return data


@pytest.mark.parametrize(
    "data, message",
    [
        ([], "the input must be a JSON object"),
        (_broken("blinds", delete=True), "missing field 'blinds'"),
        (_broken("blinds.big", delete=True), "blinds: missing field 'big'"),
        (_broken("button", delete=True), "missing field 'button'"),
        (_broken("players", delete=True), "missing field 'players'"),
        (_broken("actions", delete=True), "missing field 'actions'"),
        (_broken("players.1.stack", delete=True), "players[1]: missing field 'stack'"),
        (_broken("players.1.name", delete=True), "players[1]: missing field 'name'"),
        (_broken("actions.2.player", delete=True), "action 2: missing field 'player'"),
        (_broken("actions.2.action", delete=True), "action 2 (Dora): missing field 'action'"),
        (_broken("blinds.small", 0), "blinds: the small blind must be a whole number of chips > 0"),
        (_broken("blinds.small", "25"), 'blinds: small must be a whole number of chips, got "25"'),
        (_broken("blinds.big", 50.5), "blinds: big must be a whole number of chips, got 50.5"),
        (_broken("players.0.stack", -5), "stack of Anna must be a whole number of chips >= 0"),
        (_broken("players.1.name", "Anna"), "the name 'Anna' is used twice"),
        (_broken("players.1.sitting_out", "yes"), "sitting_out of Ben must be true or false"),
        (_broken("button", "Zed"), "button: 'Zed' is not one of the players"),
        (_broken("min_bet_rule", "pot"), "min_bet_rule: must be 'league' or 'standard'"),
        (_broken("actions.0.to", "lots"), 'action 0 (Dora raise): to must be a whole number of chips, got "lots"'),
        (_broken("actions.1.action", "shove"), "action 1 (Anna shove): unknown action"),
        (_broken("actions.0.to", 90), "action 0 (Dora raise): a raise to 90 is below the minimum raise to 100"),
        (_broken("actions.0.player", "Anna"), "action 0 (Anna raise): out of turn: it is Dora's turn"),
        (_broken("actions", HAND["actions"][:3]), "the hand is not finished: after 3 actions it is Anna's turn to act"),
        (_broken("hole_cards.Carl", "7d7x"), "hole cards of Carl: unknown card '7x'"),
        (_broken("board", "Ah Kd 7h 2s As"), "card As used twice (the hole cards of Anna and the board)"),
        (
            _broken("pot_winners", [["Carl"], ["Anna"]]),
            "give either showdown cards (hole_cards) or pot_winners, not both",
        ),
        (_broken("hole_cards", "AsKs"), "hole_cards must be an object"),
        (_broken("board", 7), "board must be cards"),
        (_broken("pot_winners", "Carl"), "pot_winners must be a list"),
    ],
)
def test_it_refuses_bad_input_with_one_line(data, message) -> None:
    with pytest.raises(ReplayError) as caught:
        replay_hand(data)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_dealer_named_winners_must_be_eligible() -> None:
    data = _broken("hole_cards", None)
    data["board"] = None
    data["pot_winners"] = [["Carl"], ["Dora"]]
    with pytest.raises(ReplayError, match=r"pot_winners\[1\]: Dora is not eligible for this pot \(eligible: Anna\)"):
        replay_hand(data)
    data["pot_winners"] = [["Carl"], ["Anna"]]
    assert replay_hand(data)["stacks"]["Carl"] == 145


def test_optional_fields_default_and_aliases_are_accepted() -> None:
    data = copy.deepcopy(HAND)
    del data["min_bet_rule"]  # league by default
    data["players"][0]["stack"] = 1500.0
    data["players"][0]["sitting_out"] = None
    data["actions"][1]["action"] = "CALL"
    assert replay_hand(data)["stacks"]["Anna"] == 1570
    data = {
        "blinds": {"small": 25, "big": 50},
        "button": "Anna",
        "players": [{"name": "Anna", "stack": 100}, {"name": "Ben", "stack": 100}],
        "actions": [{"player": "Anna", "action": "all-in"}, {"player": "Ben", "action": "all_in"}],
        "pot_winners": [["Anna", "Ben"]],
    }
    assert replay_hand(data) == {
        "stacks": {"Anna": 100, "Ben": 100},
        "pots": [{"amount": 200, "eligible": ["Anna", "Ben"], "winners": ["Anna", "Ben"]}],
        "busted": [],
    }


def test_a_player_without_chips_stays_at_zero_and_is_not_busted() -> None:
    data = {
        "blinds": {"small": 25, "big": 50},
        "button": "Anna",
        "players": [{"name": "Anna", "stack": 100}, {"name": "Ben", "stack": 0}, {"name": "Carl", "stack": 100}],
        "actions": [{"player": "Anna", "action": "allin"}, {"player": "Carl", "action": "call"}],
        "pot_winners": [["Carl"]],
    }
    assert replay_hand(data) == {
        "stacks": {"Anna": 0, "Ben": 0, "Carl": 200},
        "pots": [{"amount": 200, "eligible": ["Anna", "Carl"], "winners": ["Carl"]}],
        "busted": ["Anna"],
    }


@pytest.mark.parametrize(
    "text, message",
    [
        ("{", "malformed JSON: Expecting property name enclosed in double quotes (line 1, column 2)"),
        ("", "malformed JSON: Expecting value (line 1, column 1)"),
        ('{"a": NaN}', "malformed JSON: NaN is not a number"),
    ],
)
def test_malformed_json_is_one_line(text, message) -> None:
    with pytest.raises(ReplayError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_json(text)
