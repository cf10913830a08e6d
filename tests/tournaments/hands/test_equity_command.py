"""``python manage.py equity FILE|-`` run as a user runs it, in a subprocess (docs/contracts.md)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from tests.tournaments.poker.odds.test_equity import random_spot, reference
from tournaments.poker.cards import format_cards

pytestmark = pytest.mark.subprocess

REPO = Path(__file__).resolve().parents[3]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "equity", *args],
        cwd=REPO,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("seed", range(3))
def test_random_spots_print_exactly_what_a_plain_enumeration_gives(seed, tmp_path):
    rng = random.Random(100 + seed)
    hands, board, dead = random_spot(rng, rng.randint(2, 5), rng.choice((3, 4)), rng.choice((0, 2)))
    names = [f"Spieler {k + 1}" for k in range(len(hands))]
    spot = {
        "hands": {n: format_cards(h) for n, h in zip(names, hands)},
        "board": format_cards(board, " "),
        "dead": [str(c) for c in dead],
    }
    path = tmp_path / "spot.json"
    path.write_text(json.dumps(spot))
    done = run(str(path))
    assert (done.returncode, done.stderr) == (0, "")
    boards, wins, ties, shares = reference(hands, board, dead)
    assert json.loads(done.stdout) == {
        "boards": boards,
        "players": {
            n: {
                "wins": w,
                "ties": t,
                "equity": round(float(s), 6) if s.denominator > 1 else int(s),
                "equity_exact": f"{s.numerator}/{s.denominator}" if s.denominator > 1 else str(s.numerator),
            }
            for n, w, t, s in zip(names, wins, ties, shares)
        },
    }


def test_it_reads_standard_input_and_six_hands_before_the_flop():
    spot = {"hands": {"A": "AsKs", "B": "QhQd", "C": "7c6c", "D": "JdTd", "E": "2h2s", "F": "9c8d"}, "board": ""}
    done = run("-", stdin=json.dumps(spot))
    assert done.returncode == 0
    out = json.loads(done.stdout)
    assert out["boards"] == 658_008 and list(out["players"]) == list(spot["hands"])
    assert sum(Fraction(p["equity_exact"]) for p in out["players"].values()) == 1


@pytest.mark.parametrize(
    "stdin",
    [
        "{not json",
        '{"hands": {"A": "AsKs", "B": "AsQd"}, "board": ""}',
        '{"hands": {"A": "AsKs", "B": "QdQc"}, "board": "2c3c"}',
        '{"hands": {"A": "AsKs"}, "board": ""}',
        '{"hands": {"A": "AsKs", "B": "QdQcQh"}, "board": ""}',
        '{"hands": {"A": "AsKs", "A": "QdQc"}, "board": ""}',
        '{"hands": {"A": "AsKs", "B": "QdQc"}, "board": "2c3c4c5c6c7c"}',
        '{"hands": {"A": "AsKs", "B": "QdQc"}, "board": "", "dead": "Zz"}',
        "[]",
        "",
    ],
)
def test_bad_input_prints_one_line_on_stderr_nothing_on_stdout_and_exits_2(stdin):
    done = run("-", stdin=stdin)
    assert (done.returncode, done.stdout, len(done.stderr.splitlines())) == (2, "", 1), done.stderr
    assert "Traceback" not in done.stderr


def test_a_missing_file_is_bad_input_too():
    done = run("/nonexistent/spot.json")
    assert (done.returncode, done.stdout) == (2, "") and "cannot read" in done.stderr


def test_a_tiny_equity_prints_as_a_plain_decimal_not_in_exponent_form():
    """Ten pairs before the flop: 7s7h shares the pot only on boards that play for all (7/71,920 = 0.0000973).
    Python's float would print 9.7e-05; the contract's equities are decimals of at most six places."""
    pairs = "7s7h 7d7c 5s5h 5d5c QsQh QdQc KsKh KdKc 9s9h 9d9c".split()
    spot = {"hands": {f"P{k}": cards for k, cards in enumerate(pairs)}, "board": ""}
    done = run("-", stdin=json.dumps(spot))
    assert done.returncode == 0, done.stderr
    assert '"equity": 0.000097,' in done.stdout and "e-0" not in done.stdout
    assert json.loads(done.stdout)["players"]["P0"]["equity_exact"] == "7/71920"
