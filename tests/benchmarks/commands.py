"""CPU per run of the contract commands, as a user runs them: ``python -m tests.benchmarks.commands``.

Runs ``python manage.py replay_hand|uth_settle|imperial_hand`` on a worked example from
tests/data/contracts in a subprocess, `--runs` times each, and prints the median and the spread of the
child's user + system CPU time (from `resource.getrusage`), with the machine's load average. For
comparison it also times `manage.py check` (a command that sets all of Django up) and a bare
`python -c pass`. Asserts nothing.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "tests" / "data" / "contracts"


def _cpu_of(argv: list[str], stdin: str | None) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(argv, cwd=REPO, input=stdin, capture_output=True, text=True, timeout=120)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.strip()}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    uth = json.loads((EXAMPLES / "uth_settle.jsonl").read_text().splitlines()[0])["input"]
    imperial = json.loads((EXAMPLES / "imperial_hand.jsonl").read_text().splitlines()[0])["cards"]
    manage = [sys.executable, "manage.py"]
    runs = [
        ("replay_hand", manage + ["replay_hand", str(EXAMPLES / "replay_hand" / "01_odd_chip.json")], None),
        ("uth_settle", manage + ["uth_settle", "-"], json.dumps(uth)),
        ("imperial_hand", manage + ["imperial_hand", imperial], None),
        ("check (full setup)", manage + ["check"], None),
        ("python -c pass", [sys.executable, "-c", "pass"], None),
    ]
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, {os.cpu_count()} cores")
    for label, argv, stdin in runs:
        cpu = sorted(_cpu_of(argv, stdin) for _ in range(args.runs))
        print(
            f"{label:20s} CPU per run: median {statistics.median(cpu):.3f} s   "
            f"min {cpu[0]:.3f} s   max {cpu[-1]:.3f} s   ({args.runs} runs)"
        )
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
