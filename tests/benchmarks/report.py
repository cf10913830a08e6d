"""Run every benchmark several times and write docs/benchmarks.md: ``python -m tests.benchmarks.report``.

Each benchmark (``python -m tests.benchmarks.NAME``) prints its figures; this command runs each one
``--runs`` times in a process of its own, reads the figures listed below out of what it printed, and writes
the page: per figure the median and the range of the runs, with the machine, the date, the commit and the
load average (read from /proc/loadavg) before and after every run and the whole command. So the page holds
only figures measured by one command, all at once, and nothing written by hand that could go stale.

    .venv/bin/python -m tests.benchmarks.report            # the full runs: about an hour on 2 cores
    .venv/bin/python -m tests.benchmarks.report --quick    # smaller runs, a few minutes: for trying it
    .venv/bin/python -m tests.benchmarks.report --only evaluator replay --output /tmp/b.md
    .venv/bin/python -m tests.benchmarks.report --add --only odds   # a new benchmark's rows into the page

The page says which mode wrote it. `load` needs PostgreSQL's binaries (it starts a cluster of its own;
see tests/benchmarks/support/postgres.py); without them it is left out, and the page says so. A run that
fails, takes too long, or no longer prints a figure fails the command: it says what went wrong on stderr,
exits 1 and leaves the page as it was, so an error never stands on the page in place of a figure (a changed
benchmark is noticed when its figures are next written).
"""

from __future__ import annotations

import argparse
import datetime
import glob
import os
import platform
import re
import sqlite3
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PAGE = REPO / "docs" / "benchmarks.md"
NUMBER = r"([0-9][0-9,]*(?:\.[0-9]+)?)"


@dataclass(frozen=True)
class Figure:
    label: str
    pattern: str  # a regular expression whose first group is the number (thousands separated by commas)
    unit: str
    full_only: bool = False  # the quick run does not measure it (a size or a rate it leaves out)

    def read(self, output: str) -> float | None:
        found = re.search(self.pattern, output, re.M)
        return float(found.group(1).replace(",", "")) if found else None


@dataclass(frozen=True)
class Benchmark:
    name: str
    full: tuple[str, ...]
    quick: tuple[str, ...]
    figures: tuple[Figure, ...]
    needs_postgresql: bool = False

    def arguments(self, quick: bool) -> tuple[str, ...]:
        return self.quick if quick else self.full


def _ms(label: str, line: str, unit: str = "ms") -> Figure:
    """`line` is the start of the printed line; the figure is the median that follows it."""
    return Figure(label, "^" + re.escape(line) + r"\s+median\s+" + NUMBER, unit)


def _column(label: str, row: str, column: int, **options) -> Figure:
    """The `column`-th number (from 1) after a row's name in a table the benchmark prints."""
    return Figure(
        label, "^" + re.escape(row) + r"(?:\s+/?\s*[0-9][0-9,.]*){%d}\s+/?\s*" % (column - 1) + NUMBER, "ms", **options
    )


BENCHMARKS: tuple[Benchmark, ...] = (
    Benchmark(
        "evaluator",
        ("--hands", "200000", "--repeat", "3"),
        ("--hands", "20000", "--repeat", "2"),
        (
            Figure("7-card evaluations/s, ours (hand_value)", r"^hand_value\(cards\)\s+" + NUMBER, "/s"),
            Figure("7-card evaluations/s, treys", r"^treys Evaluator\.evaluate\s+" + NUMBER, "/s"),
            Figure("ours / treys", r"^hand_value\(cards\)\s+[0-9,]+ evaluations/s\s+" + NUMBER + r"x treys", "x"),
            Figure("7-card evaluations/s, ours in bulk (bulk.values7)", r"^bulk\.values7\(array\)\s+" + NUMBER, "/s"),
            Figure("all-in equity of 6 hands pre-flop: evaluations/s", r"^equity, 6 hands pre-flop\s+" + NUMBER, "/s"),
        ),
    ),
    Benchmark(
        "replay",
        (),
        ("--hands", "100", "--repeat", "5", "--rounds", "3"),
        (
            Figure(
                "replay a stored 6-player hand (replay + pots + legal actions)",
                r"^replay \+ pots \+ legal_actions.*?" + NUMBER + r" µs/hand \(median",
                "µs",
            ),
            Figure(
                "the replay_hand contract, one hand", r"^replay_hand contract.*?" + NUMBER + r" µs/hand \(median", "µs"
            ),
        ),
    ),
    Benchmark(
        "uth",
        (),
        ("--rounds", "100000", "--repeat", "2", "--engine-rounds", "1000"),
        (Figure("simulated UTH rounds/s, one core", r"^uth_simulate fast path\s+" + NUMBER, "/s"),),
    ),
    Benchmark(
        "commands",
        ("--runs", "9"),
        ("--runs", "3"),
        (
            Figure("CPU per `manage.py replay_hand`", r"^replay_hand\s+CPU per run: median " + NUMBER, "s"),
            Figure("CPU per `manage.py uth_settle`", r"^uth_settle\s+CPU per run: median " + NUMBER, "s"),
            Figure("CPU per `manage.py imperial_hand`", r"^imperial_hand\s+CPU per run: median " + NUMBER, "s"),
            Figure(
                "CPU per `manage.py equity`, 3 hands on the flop",
                r"^equity 3 on the flop\s+CPU per run: median " + NUMBER,
                "s",
            ),
            Figure(
                "CPU per `manage.py equity`, 6 hands before the flop",
                r"^equity 6 pre-flop\s+CPU per run: median " + NUMBER,
                "s",
            ),
        ),
    ),
    Benchmark(
        "first_run",
        ("--runs", "7"),
        ("--runs", "3"),
        (
            Figure(
                "CPU of `migrate && setup_demo` on a new SQLite file",
                r"^migrate && setup_demo\s+CPU per run: median " + NUMBER,
                "s",
            ),
            Figure(
                "wall time of `migrate && setup_demo` on a new SQLite file",
                r"^migrate && setup_demo\s+CPU per run:.*?wall median " + NUMBER,
                "s",
            ),
        ),
    ),
    Benchmark(
        "tracker",
        (),
        ("--hands", "50", "--repeat", "30", "--ops-repeat", "20", "--ops-hands", "10"),
        (
            _ms("tracker request: record an action", "record an action"),
            _ms("tracker request: the phone's revision poll", "has it changed?"),
            Figure("CPU per dealer-link tap in-process: call", r"^act call\s+\d+\s+" + NUMBER, "ms"),
            Figure("CPU per dealer-link tap in-process: fold", r"^act fold\s+\d+\s+" + NUMBER, "ms"),
        ),
    ),
    Benchmark(
        "tap_cpu",
        ("--runs", "1"),
        ("--tables", "3", "--taps", "40", "--runs", "1"),
        (
            Figure(
                "server CPU per tap, `manage.py venue` (waitress + SQLite)",
                r"server CPU per tap, median of \d+ runs: " + NUMBER,
                "ms",
            ),
        ),
    ),
    Benchmark(
        "venue",
        ("--tables", "6", "20", "--runs", "1"),
        ("--tables", "6", "--taps", "20", "--runs", "1"),
        (
            Figure("6 dealers tapping at once: taps/s", r"^6 tables, .*?runs: " + NUMBER + " taps/s", "/s"),
            Figure("6 dealers tapping at once: p95", r"^6 tables, .*?p95 " + NUMBER + " ms", "ms"),
            Figure(
                "20 dealers tapping at once: taps/s",
                r"^20 tables, .*?runs: " + NUMBER + " taps/s",
                "/s",
                full_only=True,
            ),
            Figure("20 dealers tapping at once: p95", r"^20 tables, .*?p95 " + NUMBER + " ms", "ms", full_only=True),
        ),
    ),
    Benchmark(
        "rail",
        (),
        ("--seconds", "10", "--viewers", "10", "--tvs", "2"),
        (
            Figure("server CPU, dealers tapping only", r"^taps only\s*:\s+" + NUMBER, "CPU s/min"),
            Figure("server CPU, the screens watching, nobody tapping", r"^screens idle\s*:\s+" + NUMBER, "CPU s/min"),
            Figure("server CPU, both at once", r"^both at once\s*:\s+" + NUMBER, "CPU s/min"),
            Figure("from a tap to a rail viewer's event, p95", r"tap -> viewer.*?p95 " + NUMBER + " ms", "ms"),
        ),
    ),
    Benchmark(
        "standings",
        ("--sizes", "1x,10x"),
        ("--players", "100", "--nights", "6", "--repeat", "3"),
        (
            _column("standings page, kept", "standings page 1 (kept)", 1),
            _column("standings page, first view after a change", "standings page 1 (first view)", 1),
            _column("player page, kept", "player page (kept)", 1),
            _column("standings page, kept, 10x", "standings page 1 (kept)", 3, full_only=True),
            _column(
                "standings page, first view after a change, 10x", "standings page 1 (first view)", 3, full_only=True
            ),
        ),
    ),
    Benchmark(
        "cashbook",
        (),
        ("--nights", "6", "--repeat", "3"),
        (
            _ms("the season's cash book page", "cash book, season"),
            _ms("a night's cash page", "night's cash page"),
        ),
    ),
    Benchmark(
        "stats",
        ("--cold-repeat", "3", "--lazy-repeat", "1"),
        (
            "--nights",
            "2",
            "--tables",
            "4",
            "--hands",
            "20",
            "--repeat",
            "3",
            "--cold-repeat",
            "1",
            "--lazy-repeat",
            "0",
        ),
        (
            _ms("player page with his statistics, warm", "player page (warm)"),
            _ms("standings with the season awards, warm", "standings + awards (warm)"),
            _ms("season statistics, warm", "season statistics (warm)"),
        ),
    ),
    Benchmark(
        "load",
        (),
        ("--tables", "4", "--seconds", "5", "--rates", "50"),
        (
            Figure("tracker at league scale (PostgreSQL): taps/s back to back", r"^back-to-back\s+" + NUMBER, "/s"),
            Figure(
                "server CPU per tap back to back (waitress + PostgreSQL)",
                r"^back-to-back(?:\s+\S+){10}\s+" + NUMBER + r" =",
                "ms",
            ),
            Figure("p95 at 150 taps/s paced", r"^paced 150/s(?:\s+\S+){2}\s+" + NUMBER, "ms", full_only=True),
        ),
        needs_postgresql=True,
    ),
    Benchmark(
        "odds",
        (),
        ("--seconds", "45", "--tables", "3", "--viewers", "10", "--tap-every", "0.5"),
        (
            Figure(
                "all-in odds: tap -> the odds on a rail viewer, p50",
                r"tap -> the card with the odds on a viewer's rail: \d+ \(viewer, tap\) pairs, p50 " + NUMBER + " ms",
                "ms",
            ),
            Figure(
                "all-in odds: tap -> the odds on a rail viewer, p95",
                r"tap -> the card with the odds on a viewer's rail: .*?p95 " + NUMBER + " ms",
                "ms",
            ),
            Figure("all-in odds: the dealer's answer, p95", r"dealer's answer p50 \d+ ms, p95 " + NUMBER + " ms", "ms"),
            Figure("all-in odds: server CPU", r"server CPU " + NUMBER + " s per minute", "CPU s/min"),
        ),
    ),
    Benchmark(
        "publish",
        (),
        ("--players", "300", "--nights", "20", "--per-night", "30"),
        (
            Figure("`manage.py publish`: the whole site", r"^whole site: " + NUMBER + " s", "s"),
            Figure(
                "`manage.py publish`: again, nothing changed", r"^republish, nothing changed: " + NUMBER + " s", "s"
            ),
            Figure(
                "`manage.py publish`: again after one more night",
                r"^republish after one more night: " + NUMBER + " s",
                "s",
            ),
            Figure("the published site's size", r"^site: [0-9,]+ files, " + NUMBER + " MB", "MB"),
        ),
    ),
    Benchmark(
        "league_server",
        (),
        ("--venues", "10", "--nights", "8", "--repeat", "2"),
        (
            Figure(
                "league server: a venue's first fetch (`manage.py fetch_league`, every player new)",
                r"first fetch into a new laptop \(manage.py fetch_league\):\s+" + NUMBER + " s",
                "s",
            ),
            Figure(
                "league server: a venue's fetch before the next night",
                r"fetch before the next night \(nothing new\):\s+" + NUMBER + " s",
                "s",
            ),
            Figure(
                "league server: one night received (signature, write)",
                r"one night at the server \(signature, write, one transaction\):\s+" + NUMBER + " ms",
                "ms",
            ),
            Figure(
                "league server: `manage.py send_nights`, one night",
                r"send_nights, one night, as the organizer runs it:\s+" + NUMBER + " s",
                "s",
            ),
            Figure(
                "league server: standings page, first view after a night arrived",
                r"league standings page, first view after a night arrived:\s+" + NUMBER + " ms",
                "ms",
            ),
            Figure("league server: standings page, kept", r"league standings page, kept:\s+" + NUMBER + " ms", "ms"),
            Figure(
                "league server: standings page, a server just started",
                r"the first view of a server just started: " + NUMBER + " ms",
                "ms",
            ),
        ),
        needs_postgresql=True,
    ),
    Benchmark(
        "page_cpu",
        (),
        ("--players", "60", "--nights", "6", "--per-night", "18", "--repeat", "10"),
        (
            *(
                Figure(f"CPU of one public page, German: {kind}", "^" + re.escape(kind) + r"\s+" + NUMBER, "ms")
                for kind in (
                    "home",
                    "standings, first page",
                    "statistics",
                    "jackpot",
                    "night results",
                    "seating",
                    "player page",
                )
            ),
            Figure("CPU of one public page: the slowest kind", r"^slowest page kind \(view\): " + NUMBER + " ms", "ms"),
        ),
    ),
    Benchmark(
        "hostile_client",
        ("--runs", "1"),
        (
            "--databases",
            "sqlite",
            "--tables",
            "3",
            "--addresses",
            "10",
            "--streams",
            "60",
            "--drippers",
            "40",
            "--seconds",
            "10",
            "--runs",
            "1",
        ),
        (
            Figure(
                "taps under an attack from many addresses (SQLite): p95",
                r"^sqlite: median of \d+ runs: p50 \d+ ms, p95 " + NUMBER + " ms",
                "ms",
            ),
            Figure(
                "taps under an attack from many addresses (SQLite): failed",
                r"^sqlite: .*?failed taps " + NUMBER + " of",
                "taps",
            ),
            Figure(
                "taps under an attack from many addresses (PostgreSQL): p95",
                r"^postgresql: median of \d+ runs: p50 \d+ ms, p95 " + NUMBER + " ms",
                "ms",
                full_only=True,
            ),
            Figure(
                "taps under an attack from many addresses (PostgreSQL): failed",
                r"^postgresql: .*?failed taps " + NUMBER + " of",
                "taps",
                full_only=True,
            ),
        ),
        needs_postgresql=True,
    ),
    Benchmark(
        "formula",
        (),
        ("--repeat", "2"),
        (
            Figure("points formula: one placement", r"^one evaluation, short formula: " + NUMBER + " µs", "µs"),
            Figure(
                "points formula: the check, reading the night and the knockouts (nights to 60)",
                r"^\s+night and knockouts\s+60: [0-9,]+ in " + NUMBER + " ms",
                "ms",
            ),
            Figure(
                "points formula: the check of the longest such formula under the cap",
                r"^\s+the longest accepted reading both .*?: [0-9,]+ in " + NUMBER + " ms",
                "ms",
            ),
            Figure(
                "points formula: `round(1, -1e308)` behind a 7-player night refused",
                r"^refused 'n - r \+ 1 \+ round\(1, -1e308 \* \(N == 7\)\)': \w+, " + NUMBER + " ms",
                "ms",
            ),
            Figure(
                "points formula: a season of 2,000 tables scored, reading the night",
                r"^a season of 2,000 tables .*?: " + NUMBER + " ms",
                "ms",
            ),
        ),
    ),
    Benchmark(
        "roster_import",
        (),
        ("--repeat", "1"),
        (
            Figure(
                "import preview, 5,000 rows “Person 1 … Person N”",
                r"^Person 1 … Person N\s+preview median\s+" + NUMBER,
                "s",
            ),
            Figure(
                "import preview, 5,000 rows “Person 1 … Person N”: server CPU",
                r"^Person 1 … Person N.*?CPU median " + NUMBER,
                "s",
            ),
            Figure(
                "import preview, 5,000 German names with typos",
                r"^German names, typos\s+preview median\s+" + NUMBER,
                "s",
            ),
            Figure(
                "import preview, 5,000 names with one first name",
                r"^one first name for all\s+preview median\s+" + NUMBER,
                "s",
            ),
        ),
    ),
    Benchmark(
        "desk_search",
        (),
        ("--players", "10000", "--repeat", "7"),
        (
            Figure(
                'desk search over 10,000 players: "yilmaz" finds Yılmaz',
                r"^find_players\(\s*'yilmaz'\): median\s+" + NUMBER,
                "ms",
            ),
            Figure(
                'desk search over 10,000 players: "an" (a part of many names)',
                r"^find_players\(\s*'an'\): median\s+" + NUMBER,
                "ms",
            ),
            Figure(
                "desk: a new player's name looked for among 10,000",
                r"^look_alikes\('Deniz Yilmaz'\): median\s+" + NUMBER,
                "ms",
            ),
            Figure(
                "desk: the search results as the page sends them", r"^desk search results .*?median\s+" + NUMBER, "ms"
            ),
        ),
    ),
    Benchmark(
        "check_league",
        (),
        ("--nights", "2", "--tables", "5", "--hands", "20", "--repeat", "2"),
        (
            Figure("`check_league`, the whole check", r"^check_league \(everything\)\s+median\s+" + NUMBER, "s"),
            Figure("`check_league --quick` (the venue's start)", r"^check_league --quick.*?median\s+" + NUMBER, "s"),
            Figure("`check_league --repair`'s rebuild", r"^--repair's rebuild.*?median\s+" + NUMBER, "s"),
        ),
    ),
)

# Modules of tests/benchmarks/ that are not benchmarks of their own (tests/docs/test_benchmarks_page.py checks
# that every other module is in BENCHMARKS).
# season_statistics: the league of 100 venues in a PostgreSQL cluster and 80,000 random hands take minutes to
# build; its figures are in docs/development/performance-notes.md.
NOT_BENCHMARKS = {"__init__", "report", "season_statistics"}


@dataclass
class Result:
    benchmark: Benchmark
    values: dict[str, list[float]] = field(default_factory=dict)
    loads: list[float] = field(default_factory=list)  # the 1-minute load before each run, and after it
    seconds: list[float] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    skipped: str = ""


def load_average() -> tuple[float, float, float]:
    """The 1, 5 and 15-minute load averages, as the kernel gives them in /proc/loadavg."""
    try:
        fields = Path("/proc/loadavg").read_text().split()
        return float(fields[0]), float(fields[1]), float(fields[2])
    except (OSError, IndexError, ValueError):  # not Linux
        return os.getloadavg()


def _loads(loads: tuple[float, ...]) -> str:
    return " ".join(f"{x:.2f}" for x in loads)


def _postgresql_found() -> bool:
    return bool(glob.glob("/usr/lib/postgresql/*/bin/initdb"))


def run(benchmark: Benchmark, *, runs: int, quick: bool, timeout: float) -> Result:
    result = Result(benchmark)
    if benchmark.needs_postgresql and not _postgresql_found():
        result.skipped = "PostgreSQL's binaries (/usr/lib/postgresql/*/bin) not found"
        return result
    command = [sys.executable, "-m", f"tests.benchmarks.{benchmark.name}", *benchmark.arguments(quick)]
    wanted = [f for f in benchmark.figures if not (quick and f.full_only)]
    for number in range(1, runs + 1):
        result.loads.append(load_average()[0])
        print(f"  {benchmark.name}: run {number} of {runs} (load average {result.loads[-1]:.2f})", flush=True)
        started = time.monotonic()
        try:
            done = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            result.problems.append(f"run {number} took longer than {timeout:.0f} s")
            continue
        finally:
            result.loads.append(load_average()[0])
        result.seconds.append(time.monotonic() - started)
        if done.returncode != 0:
            result.problems.append(f"run {number} failed (exit {done.returncode}):\n{done.stderr.strip()[-3000:]}")
            continue
        for figure in wanted:
            value = figure.read(done.stdout)
            if value is None:
                result.problems.append(f"run {number}: “{figure.label}” not found in what it printed")
            else:
                result.values.setdefault(figure.label, []).append(value)
    return result


# --- the page ------------------------------------------------------------------------------------


def _git(*args: str) -> str:
    try:
        return subprocess.run(["git", *args], cwd=REPO, capture_output=True, text=True, timeout=30).stdout.strip()
    except OSError:
        return ""


def commit() -> str:
    head = _git("rev-parse", "--short", "HEAD") or "unknown"
    changed = _git("status", "--porcelain", "--untracked-files=no")
    return f"{head} (with uncommitted changes)" if changed else head


def machine() -> list[tuple[str, str]]:
    cpu = platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        import psutil

        memory = f"{psutil.virtual_memory().total / 2**30:.1f} GiB"
    except ImportError:  # pragma: no cover - psutil is in requirements.txt
        memory = "?"
    system = platform.platform()
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                system = line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    postgres = sorted(glob.glob("/usr/lib/postgresql/*/bin/postgres"))
    postgres_version = ""
    if postgres:
        postgres_version = subprocess.run([postgres[-1], "--version"], capture_output=True, text=True).stdout.strip()
    return [
        ("processor", f"{cpu}, {os.cpu_count()} cores"),
        ("memory", memory),
        ("system", system),
        ("Python", platform.python_version()),
        ("SQLite", sqlite3.sqlite_version),
        ("PostgreSQL", postgres_version or "not installed"),
    ]


def _number(value: float, unit: str) -> str:
    if abs(value) >= 1000:
        text = f"{value:,.0f}"
    elif abs(value) >= 100:
        text = f"{value:.0f}"
    elif abs(value) >= 10:
        text = f"{value:.1f}"
    else:
        text = f"{value:.2f}".rstrip("0").rstrip(".") if value else "0"
    return f"{text} {unit}" if unit not in ("x",) else f"{text}x"


def _docstring_line(name: str) -> str:
    path = REPO / "tests" / "benchmarks" / f"{name}.py"
    found = re.search(r'^"""(.*?)(?:\n|""")', path.read_text(encoding="utf-8"), re.S)
    line = found.group(1).strip() if found else name
    line = re.sub(r":\s*``python -m tests\.benchmarks\.\w+``\.?$", "", line)
    return line.removeprefix("Benchmark: ").rstrip(".")


# A page written before the command failed instead had this section; `--add` still takes its lines out.
PROBLEMS = "## Problems in this run"
BENCHMARKS_HEADING = "## The benchmarks"


def _rows(result: Result, *, quick: bool, runs: int) -> list[str]:
    """The benchmark's rows of the table of figures (a failed run never reaches the page: main() stops first)."""
    name = f"`{result.benchmark.name}`"
    if result.skipped:
        return [f"| {name} | left out: {result.skipped} | | | |"]
    rows = []
    load = f"{min(result.loads):.1f}–{max(result.loads):.1f}" if result.loads else ""
    for figure in result.benchmark.figures:
        if quick and figure.full_only:
            continue
        values = result.values.get(figure.label, [])
        if not values:
            rows.append(f"| {name} | {figure.label} | **not measured** | | {load} |")
            continue
        spread = f"{_number(min(values), figure.unit)} – {_number(max(values), figure.unit)}" if len(values) > 1 else ""
        count = "" if len(values) == runs else f" ({len(values)} of {runs} runs)"
        rows.append(
            f"| {name} | {figure.label} | **{_number(statistics.median(values), figure.unit)}**{count} "
            f"| {spread} | {load} |"
        )
    return rows


def _described(result: Result, *, quick: bool) -> str:
    """The benchmark's line under "The benchmarks": what it measures, how it ran."""
    benchmark = result.benchmark
    arguments = " ".join(benchmark.arguments(quick))
    took = f"; {statistics.median(result.seconds):.0f} s a run" if result.seconds else ""
    return (
        f"- `{benchmark.name}`: {_docstring_line(benchmark.name)}. "
        f"Ran as `python -m tests.benchmarks.{benchmark.name}{' ' + arguments if arguments else ''}`{took}."
    )


def add_to_page(
    page: str, results: list[Result], *, quick: bool, runs: int, started: datetime.datetime, loads: tuple, measured: str
) -> str:
    """The page with these benchmarks' rows and lines put in (replacing theirs and their problems, if it had
    them), the others kept as they were; a line at the top says when, how and at which load the added ones ran."""
    names = {f"`{r.benchmark.name}`" for r in results}
    lines = page.rstrip("\n").split("\n")

    def ours(line: str) -> bool:
        if line.startswith("| "):
            return line.split(" | ")[0][2:] in names
        if line.startswith("- **Added later**"):  # an earlier note of these benchmarks only: its rows go now
            added = re.search(r"--only ([\w ]+)`", line)
            return bool(added) and {f"`{name}`" for name in added.group(1).split()} <= names
        return line.startswith("- `") and line[2 : line.find("`", 3) + 1] in names

    lines = [line for line in lines if not ours(line)]
    if PROBLEMS in lines and not lines[lines.index(PROBLEMS) + 2].startswith("- "):
        del lines[lines.index(PROBLEMS) - 1 : lines.index(PROBLEMS) + 2]  # its blank line, heading, blank line
    table_end = max(i for i, line in enumerate(lines) if line.startswith("| "))
    lines[table_end + 1 : table_end + 1] = [row for r in results for row in _rows(r, quick=quick, runs=runs)]
    described = lines.index(BENCHMARKS_HEADING) + 4
    while described < len(lines) and lines[described].startswith("- `"):
        described += 1
    lines[described:described] = [_described(r, quick=quick) for r in results]
    note = (
        f"- **Added later** by `python -m tests.benchmarks.report --add{' --quick' if quick else ''} --only "
        f"{' '.join(r.benchmark.name for r in results)}`: those rows, {runs} runs each, "
        f"{'quick' if quick else 'full'} mode, on {started:%Y-%m-%d %H:%M} UTC at commit {measured}, load average "
        f"{_loads(loads[0])} before and {_loads(loads[1])} after; the other rows are from the run above."
    )
    at = next(i for i, line in enumerate(lines) if line.startswith("- **Machine:**")) + 1
    while lines[at].startswith("- **Added later**"):
        at += 1
    lines.insert(at, note)
    return "\n".join(lines) + "\n"


def render(
    results: list[Result],
    *,
    quick: bool,
    runs: int,
    started: datetime.datetime,
    loads: tuple,
    took: float,
    measured: str,
    on: list[tuple[str, str]],
) -> str:
    """The page; `measured` is the commit the runs measured (taken when they started), `on` the machine()."""
    mode = "quick" if quick else "full"
    lines = [
        "# Benchmarks and their figures",
        "",
        "Written by `python -m tests.benchmarks.report"
        + (" --quick" if quick else "")
        + "`: do not edit it by hand, run the command again. Every figure below is the median of "
        f"{runs} runs of its benchmark, each in a process of its own, with the range of the runs beside it.",
        "",
        f"- **Mode: {mode}.** "
        + (
            "The benchmarks ran with smaller sizes and fewer repeats than their defaults (the arguments are "
            "below): the command works, but these figures are not the project's figures. Run it without "
            "`--quick` on a quiet machine for those."
            if quick
            else "Each benchmark ran with the arguments below (mostly its defaults)."
        ),
        f"- **Date:** {started:%Y-%m-%d %H:%M} UTC, {took / 60:.0f} minutes.",
        f"- **Commit:** {measured}.",
        f"- **Load average** (/proc/loadavg: 1, 5, 15 minutes) before the runs: {_loads(loads[0])}; "
        f"after them: {_loads(loads[1])}. The table gives the 1-minute load before and after each run (lowest "
        "to highest). A load above the number of cores means other work shared the machine: the figures are "
        "then slower and scatter more, and only figures taken at a similar load compare.",
        "- **Machine:** " + "; ".join(f"{key} {value}" for key, value in on) + ".",
        "",
        "## Figures",
        "",
        "| benchmark | figure | median | range | load before and after the runs |",
        "| --- | --- | --- | --- | --- |",
    ]
    for result in results:
        lines += _rows(result, quick=quick, runs=runs)
    lines += [
        "",
        BENCHMARKS_HEADING,
        "",
        "Each is a module under `tests/benchmarks/`; its docstring says in full what it measures and how. "
        "Run one on its own with `.venv/bin/python -m tests.benchmarks.NAME` (`--help` for its options).",
        "",
    ]
    lines += [_described(result, quick=quick) for result in results]
    lines += [
        "",
        "Notes from earlier rounds of work on speed (how the tracker's tap was made cheaper, what the load "
        "benchmark found about PostgreSQL, before/after comparisons) are in "
        "[development/performance-notes.md](development/performance-notes.md), with the figures as measured "
        "then; this page is the current one.",
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller runs, for trying the command (the page says so)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each benchmark (default 3)")
    parser.add_argument(
        "--only", nargs="+", metavar="NAME", choices=[b.name for b in BENCHMARKS], help="these benchmarks only"
    )
    parser.add_argument(
        "--output", type=Path, default=PAGE, help=f"the page to write (default {PAGE.relative_to(REPO)})"
    )
    parser.add_argument("--timeout", type=float, default=3600, help="seconds one run may take (default 3600)")
    parser.add_argument(
        "--add",
        action="store_true",
        help="with --only: put these benchmarks' rows into the existing page, keeping the others "
        "(for a benchmark added since the page was written; the page says so)",
    )
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    if args.add and not (args.only and args.output.exists()):
        parser.error("--add needs --only and an existing page to add to")
    chosen = [b for b in BENCHMARKS if not args.only or b.name in args.only]
    started, clock, first_load = datetime.datetime.now(datetime.UTC), time.monotonic(), load_average()
    measured = commit()
    print(
        f"{len(chosen)} benchmarks, {args.runs} runs each, {'quick' if args.quick else 'full'} mode; "
        f"load average {_loads(first_load)} on {os.cpu_count()} cores",
        flush=True,
    )
    results = [run(b, runs=args.runs, quick=args.quick, timeout=args.timeout) for b in chosen]
    loads = (first_load, load_average())
    problems = [f"{r.benchmark.name}: {p}" for r in results for p in r.problems]
    if problems:
        for problem in problems:
            print(f"problem: {problem}", file=sys.stderr)
        print(
            f"{len(problems)} problem(s): {args.output} left as it was (load average {_loads(loads[0])} before, "
            f"{_loads(loads[1])} after)",
            file=sys.stderr,
        )
        return 1
    if args.add:
        page = add_to_page(
            args.output.read_text(encoding="utf-8"),
            results,
            quick=args.quick,
            runs=args.runs,
            started=started,
            loads=loads,
            measured=measured,
        )
    else:
        page = render(
            results,
            quick=args.quick,
            runs=args.runs,
            started=started,
            loads=loads,
            took=time.monotonic() - clock,
            measured=measured,
            on=machine(),
        )
    written = args.output.with_name(args.output.name + ".new")
    written.write_text(page, encoding="utf-8")
    written.replace(args.output)  # whole or not at all
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
