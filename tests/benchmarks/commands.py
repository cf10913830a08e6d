"""CPU per run of the contract commands, as a user runs them: ``python -m tests.benchmarks.commands``.

Runs ``python manage.py replay_hand|uth_settle|imperial_hand`` on a worked example from
tests/data/contracts, and ``equity`` on the heaviest spots (two, four and six hands before the flop: 3.4,
4.3 and 3.9 million evaluations; ten hands), in a subprocess, `--runs` times each, and prints the median
and the spread of the child's user + system CPU time (from `resource.getrusage`) and of its wall time
(start included), with the machine's load average. For
comparison it also times `manage.py check` (a command that sets all of Django up) and a bare
`python -c pass`. Each command runs once untimed first: the first ``equity`` run on a machine writes the
evaluators' tables to a file (tournaments/poker/table_cache.py) that the later runs read; the row
``equity 6, no file yet`` times that first run. Python writes the modules' bytecode as it does for a user
(into a temporary folder, ``PYTHONPYCACHEPREFIX``), also where ``PYTHONDONTWRITEBYTECODE`` is set, as on
the shared development machine: there every run compiled the project's modules again, 8% of an ``equity``
run's instructions that no user pays. Asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "tests" / "data" / "contracts"


def _cpu_of(argv: list[str], stdin: str | None, env: dict[str, str] | None = None) -> tuple[float, float]:
    """(CPU, wall) seconds of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        argv, cwd=REPO, input=stdin, capture_output=True, text=True, timeout=120, env={**os.environ, **(env or {})}
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.strip()}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def _spot(*hands: str, board: str = "") -> str:
    return json.dumps({"hands": {f"P{k + 1}": hand for k, hand in enumerate(hands)}, "board": board})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    bytecode = tempfile.TemporaryDirectory(prefix="commands-bytecode-")  # the children's, as a user's Python keeps it
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = bytecode.name
    uth = json.loads((EXAMPLES / "uth_settle.jsonl").read_text().splitlines()[0])["input"]
    imperial = json.loads((EXAMPLES / "imperial_hand.jsonl").read_text().splitlines()[0])["cards"]
    manage = [sys.executable, "manage.py"]
    runs: list[tuple[str, list[str], str | None]] = [
        ("replay_hand", manage + ["replay_hand", str(EXAMPLES / "replay_hand" / "01_odd_chip.json")], None),
        ("uth_settle", manage + ["uth_settle", "-"], json.dumps(uth)),
        ("imperial_hand", manage + ["imperial_hand", imperial], None),
        ("equity 3 on the flop", manage + ["equity", "-"], _spot("AsKs", "QhQd", "7c6c", board="2h7d9s")),
        ("equity 2 pre-flop", manage + ["equity", "-"], _spot("AsKs", "QhQd")),
        ("equity 4 pre-flop", manage + ["equity", "-"], _spot("AsKs", "QhQd", "7c6c", "JdTd")),
        ("equity 6 pre-flop", manage + ["equity", "-"], _spot("AsKs", "QhQd", "7c6c", "JdTd", "2h2s", "9c8d")),
        (
            "equity 10 pre-flop",
            manage + ["equity", "-"],
            _spot("AsKs", "QhQd", "7c6c", "JdTd", "2h2s", "9c8d", "AdKd", "5s5c", "Th9h", "3d4d"),
        ),
        ("check (full setup)", manage + ["check"], None),
        ("python -c pass", [sys.executable, "-c", "pass"], None),
    ]
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, {os.cpu_count()} cores")
    for label, argv, stdin in runs:
        _cpu_of(argv, stdin)  # untimed: the first equity run on a machine writes the evaluators' tables' file
        times = [_cpu_of(argv, stdin) for _ in range(args.runs)]
        _print(label, times, args.runs)
    # The first run on a machine (or after the evaluator changed): no tables' file yet, each run builds it.
    with tempfile.TemporaryDirectory() as folder:
        times = [
            _cpu_of(runs[6][1], runs[6][2], {"POKER_TABLES_CACHE_DIR": f"{folder}/{run}"}) for run in range(args.runs)
        ]
    _print("equity 6, no file yet", times, args.runs)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    bytecode.cleanup()


def _print(label: str, times: list[tuple[float, float]], runs: int) -> None:
    cpu, wall = sorted(t[0] for t in times), sorted(t[1] for t in times)
    print(
        f"{label:20s} CPU per run: median {statistics.median(cpu):.3f} s   "
        f"min {cpu[0]:.3f} s   max {cpu[-1]:.3f} s;   wall median {statistics.median(wall):.3f} s   "
        f"max {wall[-1]:.3f} s   ({runs} runs)"
    )


if __name__ == "__main__":
    main()
