"""docs/benchmarks.md is written by one command (tests/benchmarks/report.py), and the README names no figure
that the page does not hold."""
from __future__ import annotations

import dataclasses
import datetime
import re

from tests.benchmarks import report
from tests.docs.handbook import ROOT

PAGE = ROOT / "docs" / "benchmarks.md"
# A figure as the README would write one: a number with a unit of speed, time or size.
FIGURE = re.compile(r"(?<![\w.])\d[\d,.]*\s?(?:ms|µs|taps/s|/s|x\b|minutes?\b|min\b|s\b|%|KiB|MB)")


def _fast(name: str, *arguments: str) -> report.Benchmark:
    benchmark = next(b for b in report.BENCHMARKS if b.name == name)
    return dataclasses.replace(benchmark, quick=arguments)


def test_the_report_reads_every_figure_from_what_the_fast_benchmarks_print():
    """Run for real, tiny: a benchmark that prints its figures differently fails here, not weeks later."""
    for benchmark in (_fast("evaluator", "--hands", "2000", "--repeat", "1"),
                      _fast("replay", "--hands", "20", "--repeat", "1", "--rounds", "2"),
                      _fast("uth", "--rounds", "2000", "--repeat", "1", "--engine-rounds", "50")):
        result = report.run(benchmark, runs=1, quick=True, timeout=300)
        assert not result.problems, result.problems
        assert set(result.values) == {figure.label for figure in benchmark.figures}
        assert all(value > 0 for values in result.values.values() for value in values)


def test_a_figure_the_benchmark_no_longer_prints_is_a_problem_on_the_page_and_in_the_exit_status(tmp_path):
    benchmark = dataclasses.replace(
        _fast("uth", "--rounds", "2000", "--repeat", "1", "--engine-rounds", "50"),
        figures=(report.Figure("a figure it never printed", r"^no such line " + report.NUMBER, "ms"),),
    )
    result = report.run(benchmark, runs=1, quick=True, timeout=300)
    assert result.problems and not result.values
    page = report.render([result], quick=True, runs=1, started=datetime.datetime(2026, 11, 27, 12, 0),
                         loads=((1.0, 1.0, 1.0), (1.0, 1.0, 1.0)), took=60)
    assert "**not measured**" in page and "## Problems in this run" in page


def test_the_page_gives_the_median_and_range_with_the_machine_the_date_the_load_and_the_commit():
    benchmark = _fast("evaluator")
    result = report.Result(benchmark, loads=[0.5, 0.7, 0.6], seconds=[3, 3, 3])
    for figure, values in zip(benchmark.figures, ([2.6e6, 2.4e6, 2.5e6], [1.4e5, 1.3e5, 1.5e5], [18.0, 19.0, 17.5])):
        result.values[figure.label] = values
    page = report.render([result], quick=False, runs=3, started=datetime.datetime(2026, 11, 27, 12, 0),
                         loads=((0.4, 0.5, 0.6), (0.8, 0.7, 0.6)), took=600)
    assert "**Mode: full.**" in page and "2026-11-27 12:00 UTC" in page and "**Commit:**" in page
    assert "at the start: 0.40 0.50 0.60" in page and "processor" in page and "Python" in page
    assert "| `evaluator` | 7-card evaluations/s, ours (hand_value) | **2,500,000 /s** | 2,400,000 /s – 2,600,000 /s | 0.5–0.7 |" in page
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
