"""``python manage.py export_hand FILE|- --format phh|ohh`` run as a user runs it, in a subprocess."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from pokerkit import HandHistory

pytestmark = pytest.mark.subprocess

REPO = Path(__file__).resolve().parents[3]
EXAMPLE = REPO / "tests" / "data" / "contracts" / "replay_hand" / "12_side_pots.json"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "export_hand", *args],
        cwd=REPO,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_it_prints_phh_that_pokerkit_reads():
    done = run(str(EXAMPLE), "--format", "phh")
    assert (done.returncode, done.stderr) == (0, "")
    history = HandHistory.loads(done.stdout)
    assert history.players == ["Jana", "Anna", "Sven"]
    assert list(history)[-1].stacks == [37875, 0, 6450]


def test_it_prints_ohh_with_pots_and_shown_cards_from_standard_input():
    done = run("-", "--format", "ohh", stdin=EXAMPLE.read_text())
    assert (done.returncode, done.stderr) == (0, "")
    ohh = json.loads(done.stdout)["ohh"]
    assert ohh["spec_version"] == "1.4.6" and ohh["bet_limit"]["bet_type"] == "NL"
    assert [p["name"] for p in ohh["players"]] == ["Jana", "Anna", "Sven"]
    assert ohh["dealer_seat"] == 3
    assert [r["street"] for r in ohh["rounds"]] == ["Preflop", "Flop", "Turn", "River", "Showdown"]
    wins = [(w["player_id"], w["win_amount"]) for pot in ohh["pots"] for w in pot["player_wins"]]
    assert wins == [(1, 11475), (1, 26400)]
    assert ohh["rounds"][0]["actions"][0] == {"action_number": 1, "player_id": 1, "action": "Post SB", "amount": 75}


@pytest.mark.parametrize(
    "stdin, words",
    [
        ("{", "malformed JSON"),
        (
            '{"blinds": {"small": 25, "big": 50}, "button": "A", "players": [{"name": "A", "stack": 100}, {"name": "B", "stack": 100}], '
            '"actions": [{"player": "B", "action": "call"}]}',
            "action 0 (B call)",
        ),
        ('{"blinds": {"small": 25, "big": 50}}', "missing field 'button'"),
    ],
)
def test_bad_input_prints_one_line_to_stderr_nothing_to_stdout_and_exits_2(stdin, words):
    done = run("-", "--format", "ohh", stdin=stdin)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and words in done.stderr


def test_an_unknown_format_is_one_line_and_exit_2():
    done = run(str(EXAMPLE), "--format", "xml")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "--format must be phh or ohh, got 'xml'\n"


def test_a_disqualification_is_exported_as_a_marked_fold_with_the_chips_that_left_play(tmp_path):
    """Seed 002, rule 13: neither PHH nor OHH has a disqualification; the exports say what happened."""
    import json as _json

    from django.core.management import call_command

    hand = {
        "blinds": {"small": 25, "big": 50},
        "button": "Anna",
        "players": [{"name": "Anna", "stack": 1500}, {"name": "Ben", "stack": 1500}, {"name": "Carl", "stack": 1500}],
        "actions": [
            {"player": "Anna", "action": "raise", "to": 150},
            {"player": "Ben", "action": "disqualify"},
            {"player": "Carl", "action": "fold"},
        ],
    }
    path = tmp_path / "dq.json"
    path.write_text(_json.dumps(hand))
    phh, ohh = io.StringIO(), io.StringIO()
    call_command("export_hand", str(path), "--format", "phh", stdout=phh)
    call_command("export_hand", str(path), "--format", "ohh", stdout=ohh)
    assert "disqualified: his cards are folded, 1475 chips leave play" in phh.getvalue()
    assert '_disqualified = ["Ben"]' in phh.getvalue() and "_chips_removed = [1475]" in phh.getvalue()
    actions = [a for r in _json.loads(ohh.getvalue())["ohh"]["rounds"] for a in r["actions"]]
    marked = [a for a in actions if a.get("disqualified")]
    assert len(marked) == 1 and marked[0]["action"] == "Fold" and marked[0]["chips_removed"] == 1475
