"""``python manage.py replay_hand FILE|-`` run as a user runs it, in a subprocess."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.subprocess

REPO = Path(__file__).resolve().parents[3]
EXAMPLES = REPO / "tests" / "data" / "contracts" / "replay_hand"
EXAMPLE_INPUTS = sorted(p for p in EXAMPLES.glob("*.json") if not p.name.endswith(".expected.json"))


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "replay_hand", *args],
        cwd=REPO,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize("path", EXAMPLE_INPUTS, ids=lambda p: p.stem)
def test_it_prints_the_worked_example_and_exits_0(path: Path) -> None:
    done = run(str(path))
    assert (done.returncode, done.stderr) == (0, "")
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    assert json.loads(done.stdout) == expected


def test_it_reads_standard_input_given_a_dash() -> None:
    path = EXAMPLE_INPUTS[0]
    done = run("-", stdin=path.read_text())
    assert done.returncode == 0
    assert json.loads(done.stdout) == json.loads(path.with_name(path.stem + ".expected.json").read_text())


HAND = {
    "blinds": {"small": 25, "big": 50},
    "button": "Anna",
    "players": [{"name": "Anna", "stack": 1500}, {"name": "Ben", "stack": 900}, {"name": "Carl", "stack": 400}],
    "actions": [
        {"player": "Anna", "action": "raise", "to": 150},
        {"player": "Ben", "action": "call"},
        {"player": "Carl", "action": "allin"},
        {"player": "Anna", "action": "call"},
        {"player": "Ben", "action": "call"},
        {"player": "Ben", "action": "check"},
        {"player": "Anna", "action": "check"},
        {"player": "Ben", "action": "check"},
        {"player": "Anna", "action": "check"},
        {"player": "Ben", "action": "check"},
        {"player": "Anna", "action": "check"},
    ],
    "hole_cards": {"Anna": "AsKs", "Ben": "QhQd", "Carl": "7d7c"},
    "board": "Ah Kd 7h 2s 3c",
    "min_bet_rule": "league",
}


def _with(**changes) -> str:
    data = copy.deepcopy(HAND)
    for key, value in changes.items():
        if value is None:
            del data[key]
        else:
            data[key] = value
    return json.dumps(data)


def test_the_sample_hand_is_valid() -> None:
    done = run("-", stdin=_with())
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {
        "stacks": {"Anna": 1100, "Ben": 500, "Carl": 1200},
        "pots": [{"amount": 1200, "eligible": ["Anna", "Ben", "Carl"], "winners": ["Carl"]}],
        "busted": [],
    }


def _actions_with(index: int, **entry) -> list:
    actions = copy.deepcopy(HAND["actions"])
    actions[index] = entry
    return actions


@pytest.mark.parametrize(
    "stdin, message",
    [
        ("{not json", "malformed JSON"),
        ("", "malformed JSON"),
        (_with(blinds=None), "missing field 'blinds'"),
        (_with(players=[{"name": "Anna", "stack": 1500}, {"name": "Ben"}]), "players[1]: missing field 'stack'"),
        (_with(hole_cards={"Anna": "AsKs", "Ben": "QhQd", "Carl": "7d1c"}), "hole cards of Carl: unknown card '1c'"),
        (_with(board="Ah Kd 7h 2s Ks"), "card Ks used twice"),
        (
            _with(actions=_actions_with(3, player="Anna", action="check")),
            "action 3 (Anna check): cannot check facing a bet of 400",
        ),
        (
            _with(actions=_actions_with(1, player="Carl", action="call")),
            "action 1 (Carl call): out of turn: it is Ben's turn",
        ),
        (
            _with(actions=_actions_with(0, player="Anna", action="raise", to=60)),
            "action 0 (Anna raise): a raise to 60 is below the minimum raise to 100",
        ),
        (
            _with(actions=_actions_with(0, player="Anna", action="raise", to=5000)),
            "action 0 (Anna raise): raise to 5000 is more than Anna has",
        ),
        (
            _with(actions=HAND["actions"] + [{"player": "Ben", "action": "check"}]),
            "action 11 (Ben check): the hand is over",
        ),
        (_with(pot_winners=[["Carl"]]), "give either showdown cards (hole_cards) or pot_winners, not both"),
        (_with(hole_cards=None, board=None, pot_winners=[["Zed"]]), "pot_winners[0]: 'Zed' is not a player"),
    ],
)
def test_bad_input_prints_one_line_to_stderr_nothing_to_stdout_and_exits_2(stdin: str, message: str) -> None:
    done = run("-", stdin=stdin)
    assert done.returncode == 2
    assert done.stdout == ""
    assert message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr


def test_an_ineligible_named_winner_is_refused() -> None:
    # Carl is all-in for 400 pre-flop; Ben's flop bet of 100 called by Anna
    # makes a side pot of 200 that only Anna and Ben can win.
    actions = (
        HAND["actions"][:5]
        + [
            {"player": "Ben", "action": "bet", "to": 100},
            {"player": "Anna", "action": "call"},
        ]
        + HAND["actions"][7:]
    )
    done = run("-", stdin=_with(actions=actions, hole_cards=None, board=None, pot_winners=[["Carl"], ["Carl"]]))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "pot_winners[1]: Carl is not eligible for this pot (eligible: Anna, Ben)\n"
    done = run("-", stdin=_with(actions=actions, hole_cards=None, board=None, pot_winners=[["Carl"], ["Ben"]]))
    assert json.loads(done.stdout)["stacks"] == {"Anna": 1000, "Ben": 600, "Carl": 1200}


def test_an_unreadable_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    done = run(str(tmp_path / "missing.json"))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.strip() == f"cannot read {tmp_path / 'missing.json'}: No such file or directory"
    binary = tmp_path / "hand.json"
    binary.write_bytes(b"\xff\xfe{}")
    done = run(str(binary))
    assert (done.returncode, done.stdout) == (2, "")
    assert "not UTF-8" in done.stderr
