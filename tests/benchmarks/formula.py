"""The points formula's bounded work: ``python -m tests.benchmarks.formula [--repeat R]``.

Pure (no Django, no database): league/rules/formula.py and league/rules/standings.py only. Prints, each the
median of ``--repeat`` rounds of CPU time (``time.process_time``), with the machine's load:

- one evaluation (a placement's points) of a short and of a 50-operation formula;
- the check of a formula on the points page, by what it reads (the places only; the night; the knockouts; the
  night and the knockouts), with the evaluations it makes, for leagues whose largest night is 30, 100 and 150
  players (nights checked up to 60, 200 and 300), and the longest formula reading both under the check's cap;
- the refusal of the hostile formulas of docs/league-rules.md (``round(n, -1e308)`` and the ones hidden behind
  a night of 7 players);
- a season of 2,000 tables scored with a formula that reads the night (one evaluation per placement), and with
  one that fails on every table of one night size (each failing placement collected and named).

Asserts nothing.
"""

from __future__ import annotations

import argparse
import datetime
import os
import statistics
import time

from league.rules import formula as points_formula
from league.rules.errors import RulesError
from league.rules.standings import Result, Scheme, failures_by_night, score_results

CHECKED = {
    "places only": "10 * (n - r + 1) / n + (5 if r == 1 else 0)",
    "the night": "n - r + 1 + N / (10 * tables)",
    "the knockouts": "n - r + 1 + 2 * k",
    "night and knockouts": "n - r + 1 + k * N / 100",
}
HOSTILE = (
    "round(n, -1e308)",
    "n - r + 1 + round(1, -1e308 * (N == 7))",
    "n - r + 1 + round(1, -3e6 * (N == 7))",
    "10 / abs(N - 7)",
    "9**9**9**9",
)


def _median(function, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.process_time()
        function()
        times.append(time.process_time() - started)
    return statistics.median(times)


def _season(tables: int) -> list[Result]:
    rows, player = [], 0
    for table in range(tables):
        night = table // 30
        day = datetime.date(2026, 9, 2) + datetime.timedelta(days=7 * night)
        size = 5 + table % 2
        for place in range(1, size + 1):
            player += 1
            rows.append(
                Result(
                    player % 300,
                    f"P{player % 300}",
                    night,
                    day,
                    table,
                    table % 30 + 1,
                    place,
                    size,
                    night_players=150 + night % 50,
                    night_tables=30,
                )
            )
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    options = parser.parse_args(argv)
    load = os.getloadavg()
    print(
        f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores; "
        f"medians of {options.repeat} rounds, CPU time"
    )

    short = points_formula.read_formula("n - r + 1 + k * N / 100")
    long = points_formula.read_formula("r+" * 50 + "r")
    for label, formula in (("short formula", short), ("50 operations", long)):
        seconds = _median(
            lambda: [
                formula.points(place=2, table_size=6, night_players=30, night_tables=5, knockouts=1)
                for _ in range(10_000)
            ],
            options.repeat,
        )
        print(f"one evaluation, {label}: {seconds / 10_000 * 1e6:.1f} µs")

    print("the check (nights checked up to): evaluations, time")
    for label, text in CHECKED.items():
        cells = []
        for largest in (30, 100, 150):
            uses = points_formula.read_formula(text).uses
            count = sum(1 for _ in points_formula._grid(uses, largest))

            def check(text=text, largest=largest):
                points_formula.compile_formula.cache_clear()
                points_formula.compile_formula(text, largest_night=largest)

            cells.append(
                f"{points_formula.checked_nights(largest)}: {count:,} in {_median(check, options.repeat) * 1000:.0f} ms"
            )
        print(f"  {label:<20} " + " · ".join(cells))
    longest = "n - r + 1 + k * N / 100" + " + r * 0" * 10  # 25 operations: just under the cap at 60
    count = sum(1 for _ in points_formula._grid(points_formula.read_formula(longest).uses, 30))

    def check_longest():
        points_formula.compile_formula.cache_clear()
        points_formula.compile_formula(longest, largest_night=30)

    print(
        f"  the longest accepted reading both (25 operations, nights to 60): {count:,} in "
        f"{_median(check_longest, options.repeat) * 1000:.0f} ms (cap: {points_formula.MAX_CHECK_OPERATIONS:,} operations)"
    )

    for text in HOSTILE:

        def refuse(text=text):
            points_formula.compile_formula.cache_clear()
            try:
                points_formula.compile_formula(text)
            except RulesError as error:
                return error.code
            return "accepted"

        code = refuse()
        print(f"refused {text!r}: {code}, {_median(refuse, options.repeat) * 1000:.2f} ms")

    rows = _season(2_000)
    night = Scheme.from_settings("formula", "", "n - r + 1 + N / 100", check_up_to=None)
    failing = Scheme.from_settings("formula", "", "n - r + 1 + 10 / abs(N - 170)", check_up_to=None)
    print(
        f"a season of 2,000 tables ({len(rows):,} placements), scored with a formula reading the night: "
        f"{_median(lambda: score_results(rows, night), options.repeat) * 1000:.0f} ms"
    )
    failed: list = []

    def score_failing():
        failed.clear()
        score_results(rows, failing, failed)
        return failures_by_night(failed)

    seconds = _median(score_failing, options.repeat)
    print(
        f"  with one failing on nights of 170 players: {seconds * 1000:.0f} ms, {len(failed):,} placements named, "
        f"one line for each of {len(score_failing())} night(s)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
