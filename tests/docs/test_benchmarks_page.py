"""docs/benchmarks.md is written by one command (tests/benchmarks/report.py), and the README names no figure
that the page does not hold."""

from __future__ import annotations

import dataclasses
import datetime
import re

import pytest

from tests.benchmarks import report
from tests.docs.handbook import ROOT

PAGE = ROOT / "docs" / "benchmarks.md"
# A figure as the README would write one: a number with a unit of speed, time or size.
FIGURE = re.compile(r"(?<![\w.])\d[\d,.]*\s?(?:ms|µs|taps/s|/s|x\b|minutes?\b|min\b|s\b|%|KiB|MB)")
MACHINE = [("processor", "AMD EPYC, 2 cores"), ("Python", "3.11.7")]


def _fast(name: str, *arguments: str) -> report.Benchmark:
    benchmark = next(b for b in report.BENCHMARKS if b.name == name)
    return dataclasses.replace(benchmark, quick=arguments)


@pytest.mark.subprocess
def test_the_report_reads_every_figure_from_what_the_fast_benchmarks_print():
    """Run for real, tiny: a benchmark that prints its figures differently fails here, not weeks later."""
    for benchmark in (
        _fast("evaluator", "--hands", "2000", "--repeat", "1"),
        _fast("replay", "--hands", "20", "--repeat", "1", "--rounds", "2"),
        _fast("uth", "--rounds", "2000", "--repeat", "1", "--engine-rounds", "50"),
    ):
        result = report.run(benchmark, runs=1, quick=True, timeout=300)
        assert not result.problems, result.problems
        assert set(result.values) == {figure.label for figure in benchmark.figures}
        assert all(value > 0 for values in result.values.values() for value in values)


@pytest.mark.subprocess
def test_a_figure_the_benchmark_no_longer_prints_is_a_problem_of_its_run():
    benchmark = dataclasses.replace(
        _fast("uth", "--rounds", "2000", "--repeat", "1", "--engine-rounds", "50"),
        figures=(report.Figure("a figure it never printed", r"^no such line " + report.NUMBER, "ms"),),
    )
    result = report.run(benchmark, runs=1, quick=True, timeout=300)
    assert result.problems and not result.values
    assert len(result.loads) == 2  # before and after the run


@pytest.fixture
def measured_at_load(monkeypatch):
    """The command with its runs, commit, machine and load faked: what it makes of them, in no time."""
    loads = iter([(1.5, 1.25, 1.0), (2.5, 2.25, 2.0)])
    monkeypatch.setattr(report, "load_average", lambda: next(loads))
    monkeypatch.setattr(report, "commit", lambda: "abc1234")
    monkeypatch.setattr(report, "machine", lambda: MACHINE)

    def runs(problems: list[str]):
        def run(benchmark, *, runs, quick, timeout):
            result = report.Result(benchmark, loads=[0.5, 0.75], seconds=[3], problems=problems)
            if not problems:
                result.values = {figure.label: [42.0] for figure in benchmark.figures}
            return result

        monkeypatch.setattr(report, "run", run)

    return runs


def test_a_failed_run_fails_the_command_on_stderr_and_leaves_the_page_as_it_was(measured_at_load, tmp_path, capsys):
    measured_at_load(["run 1 failed (exit 1):\nTraceback (most recent call last):\nZeroDivisionError"])
    page = tmp_path / "benchmarks.md"
    page.write_text("the page before\n", encoding="utf-8")

    assert report.main(["--only", "uth", "--runs", "1", "--output", str(page)]) == 1

    assert page.read_text(encoding="utf-8") == "the page before\n"
    assert [path.name for path in tmp_path.iterdir()] == ["benchmarks.md"]
    printed = capsys.readouterr()
    assert "ZeroDivisionError" in printed.err and "left as it was" in printed.err
    assert "Traceback" not in printed.out


def test_the_page_says_the_load_from_proc_loadavg_before_and_after_the_runs(measured_at_load, tmp_path):
    measured_at_load([])
    page = tmp_path / "benchmarks.md"

    assert report.main(["--only", "uth", "--runs", "1", "--output", str(page)]) == 0

    written = page.read_text(encoding="utf-8")
    assert "before the runs: 1.50 1.25 1.00; after them: 2.50 2.25 2.00" in written
    assert "| `uth` | simulated UTH rounds/s, one core | **42.0 /s** |  | 0.5–0.8 |" in written
    assert "Traceback" not in written and "Problems" not in written


def test_the_load_is_the_kernels_1_5_and_15_minute_averages():
    assert report.load_average() == tuple(float(x) for x in open("/proc/loadavg").read().split()[:3])


def test_the_page_gives_the_median_and_range_with_the_machine_the_date_the_load_and_the_commit():
    benchmark = _fast("evaluator")
    result = report.Result(benchmark, loads=[0.5, 0.7, 0.6], seconds=[3, 3, 3])
    for figure, values in zip(benchmark.figures, ([2.6e6, 2.4e6, 2.5e6], [1.4e5, 1.3e5, 1.5e5], [18.0, 19.0, 17.5])):
        result.values[figure.label] = values
    page = report.render(
        [result],
        quick=False,
        runs=3,
        started=datetime.datetime(2026, 11, 27, 12, 0),
        loads=((0.4, 0.5, 0.6), (0.8, 0.7, 0.6)),
        took=600,
        measured="abc1234",
        on=MACHINE,
    )
    assert "**Mode: full.**" in page and "2026-11-27 12:00 UTC" in page and "**Commit:** abc1234." in page
    assert "before the runs: 0.40 0.50 0.60; after them: 0.80 0.70 0.60" in page
    assert "processor AMD EPYC, 2 cores" in page and "Python" in page
    assert (
        "| `evaluator` | 7-card evaluations/s, ours (hand_value) | **2,500,000 /s** | 2,400,000 /s – 2,600,000 /s | 0.5–0.7 |"
        in page
    )
    assert "| **18.0x** |" in page


def test_docs_benchmarks_md_is_the_commands_page_with_every_figure():
    page = PAGE.read_text(encoding="utf-8")
    assert page.startswith("# Benchmarks and their figures\n\nWritten by `python -m tests.benchmarks.report")
    quick = "**Mode: quick.**" in page
    assert quick or "**Mode: full.**" in page
    for benchmark in report.BENCHMARKS:
        if f"| `{benchmark.name}` | left out:" in page:
            continue
        for figure in benchmark.figures:
            if not (quick and figure.full_only):
                assert f"| `{benchmark.name}` | {figure.label} |" in page, (benchmark.name, figure.label)


def test_the_readme_names_no_figure_the_benchmarks_page_does_not_hold():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    page = PAGE.read_text(encoding="utf-8")
    stray = [figure for figure in FIGURE.findall(readme) if figure not in page]
    assert not stray, stray


def test_every_benchmark_in_tests_benchmarks_is_in_the_report():
    """A benchmark added under tests/benchmarks/ gets figures on the page, or the report says why not."""
    modules = {path.stem for path in (ROOT / "tests" / "benchmarks").glob("*.py")}
    assert modules - report.NOT_BENCHMARKS == {benchmark.name for benchmark in report.BENCHMARKS}


def test_added_benchmarks_go_into_the_page_beside_the_others_and_the_page_says_when():
    uth, evaluator = _fast("uth"), _fast("evaluator")
    old = report.Result(uth, loads=[1.0], seconds=[3])
    old.values[uth.figures[0].label] = [100.0]
    page = report.render(
        [old, report.Result(evaluator, skipped="not yet")],
        quick=True,
        runs=1,
        started=datetime.datetime(2026, 11, 27, 12, 0),
        loads=((1.0, 1.0, 1.0), (1.0, 1.0, 1.0)),
        took=60,
        measured="0000000",
        on=MACHINE,
    )
    new = report.Result(evaluator, loads=[7.0], seconds=[5])
    for figure in evaluator.figures:
        new.values[figure.label] = [42.0]
    added = report.add_to_page(
        page,
        [new],
        quick=True,
        runs=1,
        started=datetime.datetime(2026, 11, 28, 9, 30),
        loads=((7.0, 6.0, 5.0), (7.5, 6.5, 5.5)),
        measured="abc1234",
    )
    assert "| `uth` | simulated UTH rounds/s, one core | **100 /s** |" in added  # kept as it was
    assert "| `evaluator` | left out:" not in added  # replaced
    assert f"| `evaluator` | {evaluator.figures[2].label} | **42.0x** |" in added
    assert added.index("| `uth` |") < added.index("| `evaluator` |") < added.index("## The benchmarks")
    assert added.count("- `evaluator`: ") == 1 and added.index("- `uth`: ") < added.index("- `evaluator`: ")
    assert "**Added later** by `python -m tests.benchmarks.report --add --quick --only evaluator`" in added
    assert (
        "2026-11-28 09:30 UTC at commit abc1234, load average 7.00 6.00 5.00 before and 7.50 6.50 5.50 after" in added
    )


def test_a_benchmark_added_again_replaces_its_rows_and_an_old_pages_problems_and_keeps_the_others():
    """Pages written before the command failed instead held a section of problems: adding the benchmark again
    takes its lines out."""
    uth, evaluator = _fast("uth"), _fast("evaluator")
    kept = report.Result(uth, loads=[1.0], seconds=[3])
    kept.values[uth.figures[0].label] = [100.0]
    page = report.render(
        [kept],
        quick=True,
        runs=1,
        started=datetime.datetime(2026, 11, 27, 12, 0),
        loads=((1.0, 1.0, 1.0), (1.0, 1.0, 1.0)),
        took=60,
        measured="0000000",
        on=MACHINE,
    )
    failed = report.Result(evaluator, loads=[9.0], seconds=[5])
    once = report.add_to_page(
        page,
        [failed],
        quick=True,
        runs=1,
        started=datetime.datetime(2026, 11, 28, 9, 0),
        loads=((9.0, 9.0, 9.0), (9.0, 9.0, 9.0)),
        measured="abc1234",
    )
    table_end = once.index("\n\n## The benchmarks")
    once = (
        once[:table_end]
        + "\n\n"
        + report.PROBLEMS
        + "\n\n- `evaluator` (added 2026-11-28): it broke"
        + once[table_end:]
    )
    assert f"| `evaluator` | {evaluator.figures[0].label} | **not measured** |" in once
    fixed = report.Result(evaluator, loads=[2.0], seconds=[5])
    for figure in evaluator.figures:
        fixed.values[figure.label] = [42.0]
    twice = report.add_to_page(
        once,
        [fixed],
        quick=True,
        runs=1,
        started=datetime.datetime(2026, 11, 28, 10, 0),
        loads=((2.0, 2.0, 2.0), (2.0, 2.0, 2.0)),
        measured="def5678",
    )
    assert "it broke" not in twice and report.PROBLEMS not in twice and "not measured" not in twice
    assert twice.count(f"| `evaluator` | {evaluator.figures[0].label} |") == 1
    assert "| `uth` | simulated UTH rounds/s, one core | **100 /s** |" in twice
    assert twice.count("- `evaluator`: ") == 1
    assert twice.count("**Added later**") == 1 and "at commit def5678" in twice  # the note of the rows replaced goes
