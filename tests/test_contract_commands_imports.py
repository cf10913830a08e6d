"""The contract commands start fast: they import the engine they run and Django's command class, nothing else.

Run as a user runs them (a subprocess: ``manage.py`` run as the main module), with a wrapper that
writes down every module in ``sys.modules`` when the process exits. Before,
each run imported every app's models and, through the admin's autodiscovery, reportlab and the
Imperial tables (0.85 s of CPU a run); `python -m tests.benchmarks.commands` prints the CPU now.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.subprocess

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "tests" / "data" / "contracts"
UTH = json.loads((EXAMPLES / "uth_settle.jsonl").read_text().splitlines()[0])
IMPERIAL = json.loads((EXAMPLES / "imperial_hand.jsonl").read_text().splitlines()[0])
REPLAY = EXAMPLES / "replay_hand" / "01_odd_chip.json"

# Heavy or with side effects: PDF code, the admin (autodiscovery imports every admin.py), any app's models.
FORBIDDEN = (
    "reportlab",
    "django.contrib.admin",
    "django.db.models",
    "league.models",
    "tournaments.models",
    "housegames.models",
)


WRAPPER = """
import atexit, json, runpy, sys
out, sys.argv = sys.argv[1], ["manage.py", *sys.argv[2:]]
atexit.register(lambda: open(out, "w").write(json.dumps(sorted(sys.modules))))
runpy.run_path("manage.py", run_name="__main__")
"""


def imported(tmp_path: Path, *args: str, stdin: str | None = None) -> tuple[subprocess.CompletedProcess, set[str]]:
    out = tmp_path / "modules.json"
    done = subprocess.run(
        [sys.executable, "-c", WRAPPER, str(out), *args],
        cwd=REPO,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return done, set(json.loads(out.read_text()))


CASES = {
    "replay_hand": (("replay_hand", str(REPLAY)), None, "tournaments.poker.replay"),
    "equity": (
        ("equity", "-"),
        json.dumps({"hands": {"Anna": "AsAh", "Ben": "KdKc"}, "board": "7d2c9h"}),
        "tournaments.poker.equity",
    ),
    "uth_settle": (("uth_settle", "-"), json.dumps(UTH["input"]), "housegames.engines.uth.contract"),
    "imperial_hand": (("imperial_hand", IMPERIAL["cards"]), None, "housegames.engines.imperial.hands"),
}


@pytest.mark.parametrize("command", CASES)
def test_a_contract_command_imports_its_engine_and_no_models_admin_or_pdf_code(command, tmp_path):
    args, stdin, engine = CASES[command]
    done, modules = imported(tmp_path, *args, stdin=stdin)
    assert done.returncode == 0 and done.stdout.strip()
    assert engine in modules and "django.core.management.base" in modules
    assert sorted(m for m in modules if m.startswith(FORBIDDEN)) == []


@pytest.mark.parametrize("command", CASES)
def test_bad_input_still_fails_with_one_line_and_status_2_without_them(command, tmp_path):
    args = (command, "-") if command != "imperial_hand" else (command, "XX")
    done, modules = imported(tmp_path, *args, stdin="{not json")
    assert (done.returncode, done.stdout, len(done.stderr.splitlines())) == (2, "", 1)
    assert sorted(m for m in modules if m.startswith(FORBIDDEN)) == []


def test_other_commands_still_set_django_up(tmp_path):
    done, modules = imported(tmp_path, "check")
    assert done.returncode == 0, done.stderr[-500:]
    assert {"league.models", "django.contrib.admin", "results.views"} <= modules  # the check above can fail
