"""Where the race chart puts its lines, names and dates (results/race/geometry.py): pure, no database."""

from __future__ import annotations

import datetime
from fractions import Fraction

import pytest

from results.race import geometry
from results.race.geometry import nice_ticks, race_chart, short_name, spread

START = datetime.date(2026, 9, 2)


def dates(count: int) -> list[datetime.date]:
    return [START + datetime.timedelta(weeks=k) for k in range(count)]


def vertices(line) -> list[tuple[float, float]]:
    return [tuple(map(float, pair.split(","))) for pair in line.points.split()]


@pytest.mark.parametrize(
    ("top", "ticks"),
    [
        (Fraction(0), ("0", "1")),
        (Fraction(3), ("0", "1", "2", "3")),
        (Fraction(7, 2), ("0", "1", "2", "3", "4")),
        (Fraction(97), ("0", "25", "50", "75", "100")),
        (Fraction(101), ("0", "50", "100", "150")),
        (Fraction(1, 3), ("0", "0.1", "0.2", "0.3", "0.4")),
        (Fraction(2400), ("0", "1000", "2000", "3000")),
    ],
)
def test_the_points_axis_counts_in_round_steps_up_to_the_top(top, ticks):
    found = nice_ticks(top)
    assert [str(t) for t in found] == list(ticks)
    assert found[-1] >= top and len(found) <= geometry.TICKS


def test_names_that_would_overlap_are_moved_apart_and_stay_in_the_plot():
    placed = spread([100, 101, 101, 102, 230, 229], 13, 10, 218)
    assert sorted(placed) == pytest.approx(sorted(placed))
    ordered = sorted(placed)
    assert all(b - a >= 13 - 1e-9 for a, b in zip(ordered, ordered[1:]))
    assert 10 <= min(placed) and max(placed) <= 218
    assert placed[0] <= placed[1] <= placed[3]  # the order of the lines' ends is kept


def test_a_long_name_is_cut_and_a_short_one_kept():
    assert short_name("Anna") == "Anna"
    assert short_name("Maximilian-Alexander von Hohenstein", chars=13) == "Maximilian-A…"
    assert short_name("Anna Maria Berger", chars=12) == "Anna Maria…"  # no space before the cut
    assert len(short_name("Maximilian-Alexander von Hohenstein")) == geometry.NAME_CHARS


def test_one_night_draws_each_line_from_zero_to_its_points():
    chart = race_chart(dates(1), [("Anna", [Fraction(3)]), ("Ben", [Fraction(2)])])
    anna, ben = (vertices(line) for line in chart.lines)
    assert anna[0] == (chart.left, chart.bottom) and ben[0] == (chart.left, chart.bottom)
    assert anna[1][0] == chart.right and anna[1][1] < ben[1][1] < chart.bottom  # more points: higher
    assert [mark.date for mark in chart.dates] == [START]


def test_a_player_who_came_later_starts_at_zero_the_night_before_his_first():
    chart = race_chart(
        dates(4),
        [
            ("Anna", [Fraction(3), Fraction(5), Fraction(6), Fraction(9)]),
            ("Dora", [None, None, Fraction(4), Fraction(7)]),
        ],
    )
    anna, dora = (vertices(line) for line in chart.lines)
    assert len(anna) == 5 and len(dora) == 3
    assert dora[0] == (anna[2][0], chart.bottom)  # at 0 after night 2, when Anna stood at her 2nd point
    assert dora[-1][0] == anna[-1][0] == chart.right


def test_forty_nights_of_eight_players_fit_the_phone_wide_drawing():
    runners = [(f"Player {k}", [Fraction(n * (8 - k)) for n in range(1, 41)]) for k in range(8)]
    chart = race_chart(dates(40), runners)
    assert chart.width == 360 and not chart.markers_each_night
    for line in chart.lines:
        assert all(chart.left <= x <= chart.right and chart.top <= y <= chart.bottom for x, y in vertices(line))
    names = sorted(line.name_y for line in chart.lines)
    assert all(b - a >= geometry.NAME_GAP - 0.11 for a, b in zip(names, names[1:]))
    xs = [mark.x for mark in chart.dates]
    assert chart.dates[-1].date == dates(40)[-1] and all(b - a >= geometry.DATE_GAP - 0.2 for a, b in zip(xs, xs[1:]))


def test_tied_players_whose_lines_end_together_get_their_names_apart():
    chart = race_chart(dates(2), [(name, [Fraction(2), Fraction(5)]) for name in ("Anna", "Ben", "Carl")])
    assert len({line.end_y for line in chart.lines}) == 1
    names = sorted(line.name_y for line in chart.lines)
    assert names[1] - names[0] >= geometry.NAME_GAP - 0.11 and names[2] - names[1] >= geometry.NAME_GAP - 0.11
