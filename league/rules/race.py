"""A season's race: some players' running points after each night, as the season table counts them then.

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


@dataclass(frozen=True)
class Race:
    """The nights with results (date, id), oldest first, and per player his running points after each of
    them (None: before his first night)."""

    nights: tuple[tuple[datetime.date, int], ...]
    points: dict[int, tuple[Fraction | None, ...]]


def running_points(scored: Iterable[Result], players: Sequence[int], *, best_nights: int = 0) -> Race:
    """`scored` as `standings.score_results` gives them (their `counted` mark is not read: which nights count
    is decided again after each night). Every night with a result of anyone is a step of the race."""
    wanted = set(players)
    nights: set[tuple[datetime.date, int]] = set()
    by_night: dict[int, list[Result]] = defaultdict(list)
    for r in scored:
        nights.add((r.night_date, r.night_id))
        if r.player_id in wanted:
            by_night[r.night_id].append(r)
    order = sorted(nights)
    totals: dict[int, Fraction] = {}
    best: dict[int, list[Fraction]] = defaultdict(list)  # with best N nights: his N best so far, a min-heap
    series: dict[int, list[Fraction | None]] = {player_id: [] for player_id in players}
    for _date, night_id in order:
        for r in by_night.get(night_id, ()):
            points = Fraction(r.points or 0)
            total = totals.get(r.player_id, Fraction(0)) + points
            if best_nights:
                heap = best[r.player_id]
                heapq.heappush(heap, points)
                if len(heap) > best_nights:
                    total -= heapq.heappop(heap)  # the worst of his nights so far no longer counts
            totals[r.player_id] = total
        for player_id, running in series.items():
            running.append(totals.get(player_id))
    return Race(tuple(order), {player_id: tuple(running) for player_id, running in series.items()})
