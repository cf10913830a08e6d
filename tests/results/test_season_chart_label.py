"""The player chart's "total" label sits whole inside the chart, above the plot, at the size a phone draws it."""

import datetime
import re
from fractions import Fraction
from pathlib import Path

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from results.players import LABEL_SIZE, PlayerNight, season_chart

CSS = Path(__file__).resolve().parents[2] / "static" / "css" / "results.css"


def _chart():
    nights, total = [], Fraction(0)
    for k, points in enumerate((12, 3, 15, 0, 9)):
        total += points
        nights.append(
            PlayerNight(
                k,
                datetime.date(2026, 9, 2) + datetime.timedelta(weeks=k),
                1,
                1,
                6,
                points=Fraction(points),
                total=total,
            )
        )
    return season_chart(nights)


def test_the_css_draws_no_chart_word_larger_than_the_room_the_chart_leaves():
    sizes = [int(px) for px in re.findall(r"\.season-chart text \{[^}]*font-size: (\d+)px", CSS.read_text())]
    assert sizes and max(sizes) <= LABEL_SIZE


@pytest.mark.parametrize(("language", "word"), [("de", "gesamt"), ("en", "total")])
def test_the_total_label_hangs_inside_the_chart_above_everything_plotted(language, word):
    chart = _chart()
    with translation.override(language):
        svg = render_to_string("results/_season_chart.html", {"chart": chart, "season": None})
    (label,) = re.findall(r'<text class="total-label"([^>]*)>([^<]*)</text>', svg)
    attributes, text = label
    assert text == f"{word} 39"
    assert 'dominant-baseline="hanging"' in attributes
    top = float(re.search(r'\by="([\d.]+)"', attributes).group(1))
    assert top >= 0
    plotted = [bar["y"] for bar in chart.bars] + [float(point.split(",")[1]) for point in chart.line.split()]
    assert min(plotted) >= top + LABEL_SIZE
