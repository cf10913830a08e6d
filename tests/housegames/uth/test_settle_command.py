"""``python manage.py uth_settle FILE|-`` exactly per docs/contracts.md, run as a
separate process as organizers and the acceptance checks run it."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.subprocess

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "tests" / "data" / "contracts" / "uth_settle.jsonl"


def _examples():
    return [json.loads(line) for line in EXAMPLES.read_text().splitlines() if line.strip()]


def settle(stdin: str | None = None, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "uth_settle", *(args or ("-",))],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


def test_the_worked_examples_are_there():
    assert len(_examples()) >= 5


@pytest.mark.parametrize("example", _examples(), ids=lambda e: f"{e['input']['player']}-{e['output']['outcome']}")
def test_every_worked_example_settles_to_exactly_its_output(example):
    proc = settle(json.dumps(example["input"]))
    assert (proc.returncode, proc.stderr) == (0, "")
    output = json.loads(proc.stdout)
    assert output == example["output"]
    assert list(output) == list(example["output"])
    # Whole numbers without a decimal point, halves as .5: the same JSON text.
    assert proc.stdout.strip() == json.dumps(example["output"])


def test_the_input_can_come_from_a_file(tmp_path):
    path = tmp_path / "box.json"
    path.write_text(json.dumps(_examples()[1]["input"]))
    proc = settle(None, str(path))
    assert proc.returncode == 0 and json.loads(proc.stdout)["blind"] == 7.5


def test_blind_equal_to_the_ante_is_accepted_and_cards_may_be_lists():
    data = {"ante": 10, "blind": 10, "play": 10, "player": ["Td", "9d"], "dealer": "Kc 4s", "board": "Ah,8s,7c,6h,2d"}
    proc = settle(json.dumps(data))
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["net"] == 20


@pytest.mark.parametrize(
    "text, message",
    [
        ('{"ante": 10, "play": 40', "malformed JSON"),
        ("[1, 2]", "the input must be a JSON object"),
        ('{"ante": 10, "play": 40, "player": "AsKs", "dealer": "QhQd"}', "missing field 'board'"),
        ('{"ante": 10, "play": 40, "player": "AsKs", "board": "AhKd7c2s2h"}', "missing field 'dealer'"),
        (
            '{"ante": 10, "play": 40, "player": "AsXx", "dealer": "QhQd", "board": "AhKd7c2s2h"}',
            "player: unknown card 'Xx'",
        ),
        (
            '{"ante": 10, "play": 40, "player": "AsKs", "dealer": "QhQd", "board": "AhKd7c2sAs"}',
            "card As used twice (player and board)",
        ),
        (
            '{"ante": 10, "play": 40, "player": "AsKs", "dealer": "QhQd", "board": "AhKd7c2s"}',
            "board: 5 cards needed, got 4",
        ),
        (
            '{"ante": 10, "play": 25, "player": "AsKs", "dealer": "QhQd", "board": "AhKd7c2s2h"}',
            "play 25 must be 0 (fold) or 1, 2, 3 or 4 times the ante (10)",
        ),
        (
            '{"ante": "10", "play": 40, "player": "AsKs", "dealer": "QhQd", "board": "AhKd7c2s2h"}',
            'ante must be a number, got "10"',
        ),
        (
            '{"ante": 10, "play": 40, "trips": -5, "player": "AsKs", "dealer": "QhQd", "board": "AhKd7c2s2h"}',
            "trips must be zero or more",
        ),
        (
            '{"ante": 10, "blind": 5, "play": 40, "player": "AsKs", "dealer": "QhQd", "board": "AhKd7c2s2h"}',
            "blind must equal the ante",
        ),
        (
            '{"ante": 10, "play": 40, "player": "AsKs", "dealer": "QhQd", "board": "AhKd7c2s2h", "rules": "vegas"}',
            "unknown rules 'vegas'",
        ),
        (
            '{"ante": 10, "play": 40, "tirps": 5, "player": "AsKs", "dealer": "QhQd", "board": "AhKd7c2s2h"}',
            "unknown field 'tirps'",
        ),
        ('{"ante": NaN, "play": 40, "player": "AsKs", "dealer": "QhQd", "board": "AhKd7c2s2h"}', "NaN is not a number"),
        ("", "malformed JSON"),
    ],
)
def test_bad_input_exits_2_with_one_line_on_stderr_and_nothing_on_stdout(text, message):
    proc = settle(text)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.endswith("\n") and proc.stderr.count("\n") == 1, proc.stderr
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_missing_file_is_bad_input_too(tmp_path):
    proc = settle(None, str(tmp_path / "nowhere.json"))
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr.startswith("cannot read ") and proc.stderr.count("\n") == 1
