"""Where the race chart's lines, names and axes go: plain numbers in, coordinates out (no Django).

The chart is drawn for a phone first: 360 units wide, shown at the width of the page (390 px on a phone), so
a unit is about a pixel there and the 11-unit names stay readable. The x axis has a step before the first
night (every line starts at 0) and one per night; a player who came later starts at 0 on the night before his
first. The players' names stand at the right end of their lines, moved apart where lines end close together
(each joined to its line by a leader in the line's style).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

WIDTH = 360
HEIGHT = 240
LEFT = 34  # the points of the y axis
NAMES = 104  # the players' names right of the plot
TOP = 8
BOTTOM = 22  # the dates under the plot
NAME_GAP = 15  # between two names' middles: a 12-unit name's box is 14 units high (its ascent and descent)
NAME_CHARS = 12  # a longer name is cut with "…" (the table under the chart has it whole)
DATE_GAP = 64  # between two dates' centres ("30.12." and "30 Dec" are about 36 units)
MARKERS_UP_TO = 24  # nights with a marker at every night; with more, only at the end (they would touch)
TICKS = 5  # at most, 0 included


@dataclass(frozen=True)
class Line:
    style: int  # its colour, dash and marker: its place among the players shown
    points: str  # "x,y x,y ...", for a polyline
    end_x: float
    end_y: float
    name: str  # shortened to fit
    name_y: float  # where the name's middle stands, moved apart from the others


@dataclass(frozen=True)
class Tick:
    y: float
    value: Decimal


@dataclass(frozen=True)
class DateMark:
    x: float
    date: datetime.date


@dataclass(frozen=True)
class Geometry:
    width: int
    height: int
    left: int
    right: float  # the plot's right edge
    top: int
    bottom: float  # the plot's baseline: 0 points
    name_x: float
    lines: tuple[Line, ...]
    ticks: tuple[Tick, ...]
    dates: tuple[DateMark, ...]
    markers_each_night: bool


def nice_ticks(top: Fraction, most: int = TICKS) -> tuple[Decimal, ...]:
    """0 and steps of 1, 2, 2.5 or 5 times a power of ten (no step below 1 when `top` is 1 or more), up to the first
    at or above `top` (at most `most`)."""
    if top <= 0:
        top = Fraction(1)
    step = Decimal(1)
    while step * (most - 1) < top:  # too small: grow
        step *= 10
    while True:  # the smallest of the nice steps below it that still covers `top` in `most` ticks
        finer = [step * Decimal(f) for f in ("0.5", "0.25", "0.2", "0.1")]
        fitting = [s for s in finer if s * (most - 1) >= top and (s >= 1 or top < 1)]  # whole points: whole steps
        if not fitting:
            break
        step = min(fitting)
    count = int(-(-Fraction(top) // Fraction(step)))  # ceil(top / step)
    values = (step * k for k in range(count + 1))
    return tuple(v.to_integral_value() if v == v.to_integral_value() else v.normalize() for v in values)


def short_name(name: str, chars: int = NAME_CHARS) -> str:
    return name if len(name) <= chars else name[: chars - 1].rstrip() + "…"


def spread(wanted: Sequence[float], gap: float, low: float, high: float) -> list[float]:
    """Positions as near `wanted` as can be with `gap` between any two, within low..high (if they fit);
    the order of `wanted` is kept in the answer's order."""
    order = sorted(range(len(wanted)), key=lambda k: wanted[k])
    placed = [0.0] * len(wanted)
    previous = None
    for k in order:  # down from the top, each at least `gap` below the one above
        y = max(wanted[k], low)
        if previous is not None:
            y = max(y, previous + gap)
        placed[k] = previous = y
    following = None
    for k in reversed(order):  # then up from the bottom, if that pushed any below `high`
        y = min(placed[k], high)
        if following is not None:
            y = min(y, following - gap)
        placed[k] = following = y
    return placed


def race_chart(nights: Sequence[datetime.date], runners: Sequence[tuple[str, Sequence[Fraction | None]]]) -> Geometry:
    """`runners`: each player's name and running points after each night (None before his first)."""
    count = len(nights)
    right = WIDTH - NAMES
    bottom = HEIGHT - BOTTOM
    height = bottom - TOP
    step = (right - LEFT) / max(count, 1)
    top_points = max((p for _name, series in runners for p in series if p is not None), default=Fraction(0))
    ticks = nice_ticks(top_points)
    scale = Fraction(ticks[-1]) if ticks[-1] else Fraction(1)

    def y_of(points: Fraction) -> float:
        return round(bottom - float(points / scale) * height, 1)

    lines = []
    for style, (name, series) in enumerate(runners):
        first = next((k for k, p in enumerate(series) if p is not None), count - 1)
        vertices = [(round(LEFT + first * step, 1), y_of(Fraction(0)))]
        vertices += [(round(LEFT + (k + 1) * step, 1), y_of(p)) for k, p in enumerate(series) if p is not None]
        end_x, end_y = vertices[-1]
        lines.append((style, " ".join(f"{x:g},{y:g}" for x, y in vertices), end_x, end_y, short_name(name)))
    names = spread([line[3] for line in lines], NAME_GAP, TOP + NAME_GAP / 2, bottom)
    every = max(1, int(-(-DATE_GAP // step)))  # nights between two dates shown
    shown = list(range(count - 1, -1, -every))[::-1]  # the last night always, and back from it
    return Geometry(
        width=WIDTH,
        height=HEIGHT,
        left=LEFT,
        right=right,
        top=TOP,
        bottom=bottom,
        name_x=right + 8,
        lines=tuple(
            Line(style, points, end_x, end_y, name, round(name_y, 1))
            for (style, points, end_x, end_y, name), name_y in zip(lines, names)
        ),
        ticks=tuple(Tick(y_of(Fraction(value)), value) for value in ticks),
        dates=tuple(DateMark(round(LEFT + (k + 1) * step, 1), nights[k]) for k in shown),
        markers_each_night=count <= MARKERS_UP_TO,
    )
