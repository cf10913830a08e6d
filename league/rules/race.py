"""A season's race: some players' running points after each step of the season, as the season table counts them
then.

A step is a night, or, when the nights the table counts are at several venues, a calendar week (ISO week,
Monday to Sunday: docs/league-rules.md, "Venues"): at 100 pubs a season has thousands of nights, and a line
of thousands of steps is no race anyone can read on a phone. The points after a week include every night
of that week.

The points of a placement never depend on a later night (a formula reads its own night only), so a
player's running points after night k are those of his placements up to k added as `standings._table`
adds them: all of them, or with "best N nights" only his N best so far (a night that counts now may stop
counting when a better one comes). One pass over the scored results, oldest night first, whatever the
number of nights: never one season table per night.
"""

from __future__ import annotations

import datetime
import heapq
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from league.rules.standings import Result

Week = tuple[int, int]  # (ISO year, ISO week)


def week_of(date: datetime.date) -> Week:
    """The ISO week (Monday to Sunday) a date falls in, with its ISO year: 29 Dec 2025 is week 1 of 2026."""
    iso = date.isocalendar()
    return (iso.year, iso.week)


def at_several_venues(scored: Iterable[Result]) -> bool:
    """Whether the results' nights are at more than one venue: then the race and the run of nights in the
    points step by calendar week. A venue's own table, a season of one venue and a league of one pub step by
    night."""
    venues: set[int | None] = set()
    for r in scored:
        venues.add(r.venue_id)
        if len(venues) > 1:
            return True
    return False


def steps(nights: Iterable[tuple[datetime.date, int]], *, by_week: bool = False) -> dict[int, int]:
    """night id -> the index of its step, oldest first: each night its own step, or with `by_week` each calendar
    week that has a night (a week without one is no step, as a day without a night is none)."""
    order = sorted(set(nights))
    if not by_week:
        return {night_id: k for k, (_date, night_id) in enumerate(order)}
    weeks = sorted({week_of(date) for date, _night_id in order})
    index = {week: k for k, week in enumerate(weeks)}
    return {night_id: index[week_of(date)] for date, night_id in order}


@dataclass(frozen=True)
class Race:
    """The steps' last nights (date, id), oldest first, and per player his running points after each step
    (None: before his first night). `weeks`: each step's week when the race steps by week; () by night."""

    nights: tuple[tuple[datetime.date, int], ...]
    points: dict[int, tuple[Fraction | None, ...]]
    weeks: tuple[Week, ...] = ()


def running_points(
    scored: Iterable[Result],
    players: Sequence[int],
    *,
    best_nights: int = 0,
    by_week: bool = False,
    nights: Sequence[tuple[datetime.date, int]] | None = None,
) -> Race:
    """`scored` as `standings.score_results` gives them (their `counted` mark is not read: which nights count
    is decided again after each night). Every night with a result of anyone is a step of the race, or with
    `by_week` every calendar week with such a night. `nights`: those nights, (date, id), when the caller has
    them (the season's table does): the 120,000 results of a league of 100 pubs are then only looked through
    for the players wanted."""
    wanted = set(players)
    by_night: dict[int, list[Result]] = defaultdict(list)
    if nights is None:
        seen: set[tuple[datetime.date, int]] = set()
        for r in scored:
            seen.add((r.night_date, r.night_id))
            if r.player_id in wanted:
                by_night[r.night_id].append(r)
        order = sorted(seen)
    else:
        for r in scored:
            if r.player_id in wanted:
                by_night[r.night_id].append(r)
        order = sorted(nights)
    step_of = steps(order, by_week=by_week)
    totals: dict[int, Fraction] = {}
    best: dict[int, list[Fraction]] = defaultdict(list)  # with best N nights: his N best so far, a min-heap
    series: dict[int, list[Fraction | None]] = {player_id: [] for player_id in players}
    ends: list[tuple[datetime.date, int]] = []
    for k, (date, night_id) in enumerate(order):
        for r in by_night.get(night_id, ()):
            points = Fraction(r.points or 0)
            total = totals.get(r.player_id, Fraction(0)) + points
            if best_nights:
                heap = best[r.player_id]
                heapq.heappush(heap, points)
                if len(heap) > best_nights:
                    total -= heapq.heappop(heap)  # the worst of his nights so far no longer counts
            totals[r.player_id] = total
        if k + 1 < len(order) and step_of[order[k + 1][1]] == step_of[night_id]:
            continue  # the step goes on: its figures stand after its last night
        ends.append((date, night_id))
        for player_id, running in series.items():
            running.append(totals.get(player_id))
    weeks = tuple(week_of(date) for date, _night_id in ends) if by_week else ()
    return Race(tuple(ends), {player_id: tuple(running) for player_id, running in series.items()}, weeks)
