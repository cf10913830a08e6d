"""Every contract command, fed hostile input, exits 2 with exactly one line on stderr and nothing on stdout."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parents[2]

HOSTILE_JSON = {
    "nested lists": "[" * 100_000 + "]" * 100_000,
    "nested objects": '{"a":' * 5_000 + "1" + "}" * 5_000,
    "just too deep": "[" * 21 + "]" * 21,
    "5,000-digit number": '{"ante": 1' + "0" * 5_000 + "}",
    "26-digit number": '{"ante": 12345678901234567890123456, "blind": 1}',
    "huge float": '{"ante": 1e400}',
    "negative huge": '{"ante": -99999999999999999}',
    "NaN": '{"ante": NaN}',
    "NUL byte": '{"ante": 5, "player": "\u0000"}',
    "unicode digits": '{"ante": "١٢", "blind": "²"}',
    "formula": '{"player": "=HYPERLINK(\\"http://x\\",\\"click\\")"}',
    "10,000 characters": json.dumps({"name": "x" * 10_000}),
    "not JSON": "ante=5",
    "empty": "",
    "a bare huge number": "1" * 5_000,
}


def _run_in_process(capsys, command: str, *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    with pytest.raises(SystemExit) as exit_info:
        call_command(command, *args)
    captured = capsys.readouterr()
    return exit_info.value.code, captured.out, captured.err


@pytest.mark.parametrize("command", ["replay_hand", "uth_settle"])
@pytest.mark.parametrize("name", list(HOSTILE_JSON))
def test_json_commands_refuse_hostile_input_with_one_line(command, name, tmp_path, capsys):
    path = tmp_path / "input.json"
    path.write_text(HOSTILE_JSON[name], encoding="utf-8")
    code, out, err = _run_in_process(capsys, command, str(path))
    assert code == 2 and out == ""
    assert err.endswith("\n") and err.count("\n") == 1 and len(err) <= 301, err[:400]
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "cards",
    ["[" * 100_000, '["As", ' * 5_000, "As" * 5_000, "As\x00Kd7h5s2c", "²", "١٢", '=HYPERLINK("x")', "-1", "9" * 5_000],
)
def test_imperial_hand_refuses_hostile_cards_with_one_line(cards, capsys):
    code, out, err = _run_in_process(capsys, "imperial_hand", cards)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("imperial_hand: "), err[:400]


def test_binary_input_and_oversized_files_too(tmp_path, capsys):
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\x00\xff\xfe")
    big = tmp_path / "big.json"
    big.write_text('{"pad": "' + "x" * 1_100_000 + '"}', encoding="utf-8")
    for path in (binary, big, tmp_path / "missing.json"):
        code, out, err = _run_in_process(capsys, "replay_hand", str(path))
        assert code == 2 and out == "" and err.count("\n") == 1


@pytest.mark.subprocess
@pytest.mark.parametrize("command", ["replay_hand", "uth_settle"])
def test_a_real_process_prints_one_line_and_exits_2(command):
    """In a process of its own: no start-up line from an app, no traceback."""
    result = subprocess.run(
        [sys.executable, "manage.py", command, "-"],
        input="[" * 100_000,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1, result.stderr[:500]
