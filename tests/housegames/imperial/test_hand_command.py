"""``manage.py imperial_hand CARDS`` as docs/contracts.md states it, run as a subprocess."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.subprocess

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "tests" / "data" / "contracts" / "imperial_hand.jsonl"


def _examples() -> list[dict]:
    return [json.loads(line) for line in EXAMPLES.read_text(encoding="utf-8").splitlines() if line.strip()]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "imperial_hand", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize("example", _examples(), ids=lambda e: e["cards"])
def test_every_worked_example_reproduces_exactly(example):
    result = run(example["cards"])
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert json.loads(result.stdout) == example["output"]
    assert result.stdout.strip() == json.dumps(example["output"])


# The worked examples again, and one more (a pair with Ace-King beside it), as the exact text printed.
CONTRACT_EXAMPLES = [
    ("AcKd7h5s2c", {"main": "ace_king", "second": None, "bet_odds": 1, "dealer_qualifies": True}),
    ("QcJd7h5s2c", {"main": "high_card", "second": None, "bet_odds": 0, "dealer_qualifies": False}),
    ("9h9d9c4s4d", {"main": "full_house", "second": None, "bet_odds": 7, "dealer_qualifies": True}),
    ("KsKd5c5h2s", {"main": "two_pair", "second": None, "bet_odds": 2, "dealer_qualifies": True}),
    ("5d6d7d8d9dTc", {"main": "straight_flush", "second": "straight", "bet_odds": 54, "dealer_qualifies": True}),
    ("AsAdKc9h6s", {"main": "one_pair", "second": "ace_king", "bet_odds": 2, "dealer_qualifies": True}),
]


@pytest.mark.parametrize("cards, output", CONTRACT_EXAMPLES, ids=[c for c, _ in CONTRACT_EXAMPLES])
def test_the_contract_examples_print_their_output_as_one_json_object(cards, output):
    result = run(cards)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == json.dumps(output)


@pytest.mark.parametrize(
    "args",
    [
        ["As Kd 7h 5s 2c"],
        ["As", "Kd", "7h", "5s", "2c"],
        ["As,Kd,7h,5s,2c"],
        ['["As", "Kd", "7h", "5s", "2c"]'],
        ["AS KD 7H 5S 2C"],
    ],
    ids=["spaces", "several-arguments", "commas", "json-list", "upper-case"],
)
def test_cards_may_come_as_one_argument_or_several(args):
    result = run(*args)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"main": "ace_king", "second": None, "bet_odds": 1, "dealer_qualifies": True}


def test_ten_may_be_written_10():
    result = run("10h Jh Qh Kh Ah 9h")
    assert json.loads(result.stdout)["main"] == "imperial_flush"


@pytest.mark.parametrize(
    "args, names",
    [
        (["AsKd7h5s"], "5 or 6 cards, got 4"),
        (["AsKd7h5s2c3c4c"], "5 or 6 cards, got 7"),
        ([], "5 or 6 cards, got 0"),
        (["AsKd7h5sXx"], "Xx"),
        (["AsKd7h5s5s"], "5s used twice"),
        (["As", "Kd", "7h", "5s", "1c"], "1c"),
        (['["As", "Kd"'], "JSON"),
    ],
    ids=["four-cards", "seven-cards", "no-cards", "unknown-card", "card-twice", "bad-rank", "broken-json"],
)
def test_bad_input_exits_2_with_one_line_on_stderr_and_nothing_on_stdout(args, names):
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert names in lines[0]
    assert "Traceback" not in result.stderr
