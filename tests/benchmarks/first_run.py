"""The README's first run, `manage.py migrate && manage.py setup_demo` on a new SQLite file: ``python -m tests.benchmarks.first_run``.

Each run makes a new folder for the database and the organizer's login file (DATABASE_URL, DATA_DIR), runs the two
commands in processes of their own, one after the other, as a user does, and takes their user + system CPU time
(`resource.getrusage` of the children) and the wall time of both. One untimed run first. Prints the medians and the
spread with the machine's load average, and whether Python wrote its bytecode (with PYTHONDONTWRITEBYTECODE set,
every run compiles the sources again, as a checkout's very first run does).

`--vs PATH` times another checkout of the project (its own `.venv`) in turn with this one, run for run, and prints
its figures and the ratio this/other pair by pair: the way to compare with an older commit (`git worktree add`).
A checkout from before DATA_DIR keeps its login file in its own folder (`.organizer-login`). Asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _run(checkout: Path, python: str) -> tuple[float, float]:
    """(CPU, wall) seconds of `migrate` then `setup_demo` on a new database."""
    with tempfile.TemporaryDirectory(prefix="first-run-") as folder:
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{folder}/db.sqlite3", "DATA_DIR": folder}
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        for command in ("migrate", "setup_demo"):
            done = subprocess.run(
                [python, "manage.py", command], cwd=checkout, env=env, capture_output=True, text=True, timeout=300
            )
            if done.returncode != 0:
                raise SystemExit(f"{checkout}: manage.py {command} failed: {done.stderr.strip()[-2000:]}")
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def _print(label: str, times: list[tuple[float, float]]) -> None:
    cpu, wall = sorted(t[0] for t in times), sorted(t[1] for t in times)
    print(
        f"{label:28s} CPU per run: median {statistics.median(cpu):.2f} s   min {cpu[0]:.2f} s   max {cpu[-1]:.2f} s;"
        f"   wall median {statistics.median(wall):.2f} s   max {wall[-1]:.2f} s   ({len(times)} runs)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--vs", type=Path, help="another checkout of the project, timed in turn with this one")
    args = parser.parse_args()
    checkouts = [(REPO, sys.executable)]
    if args.vs:
        checkouts.append((args.vs.resolve(), str(args.vs.resolve() / ".venv" / "bin" / "python")))
    bytecode = "not written (PYTHONDONTWRITEBYTECODE)" if os.environ.get("PYTHONDONTWRITEBYTECODE") else "written"
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, {os.cpu_count()} cores; bytecode {bytecode}")
    for checkout, python in checkouts:
        _run(checkout, python)  # untimed
    times: list[list[tuple[float, float]]] = [[] for _ in checkouts]
    for _ in range(args.runs):
        for k, (checkout, python) in enumerate(checkouts):
            times[k].append(_run(checkout, python))
    _print("migrate && setup_demo", times[0])
    if args.vs:
        _print(f"the same at {args.vs.name}", times[1])
        ratios = sorted(ours[0] / theirs[0] for ours, theirs in zip(times[0], times[1], strict=True))
        walls = sorted(ours[1] / theirs[1] for ours, theirs in zip(times[0], times[1], strict=True))
        print(
            f"{'this / the other, pair by pair':28s} CPU median {statistics.median(ratios):.2f}   "
            f"min {ratios[0]:.2f}   max {ratios[-1]:.2f};   wall median {statistics.median(walls):.2f}"
        )
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
