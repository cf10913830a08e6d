"""A season's table kept night by night: when one night of 4,000 changes, only that night's players are counted
again, and the table is sorted anew from each player's running figures.

`SeasonLedger.table()` is exactly `standings.season_table(rows, best_nights=N)` over every night's rows with
each player's nights beyond his best N marked as `standings.score_results` marks them (docs/league-rules.md,
"Standings"): the same positions, ties, points, place counts, dropped nights and positions before the latest
night. It is kept in memory by `results.kept.ledger`, which gives it each changed night's scored rows; a property
test holds it to the straight computation (tests/league/rules/test_ledger.py).

Points add up as whole multiples of 1/scale (the denominators are tie sizes), as `standings._table` adds them:
integer sums and comparisons, not Fractions, in the sort of thousands of players.
"""

from __future__ import annotations

import dataclasses
import datetime
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from league.rules.standings import Result, Standing, mark_tied, shared_positions


@dataclass
class _Player:
    """A player's figures from his rows: what counts (his best N nights, or all) and what the table sorts by."""

    rows: list[Result]
    name: str = ""
    total: int = 0  # at the ledger's scale
    scale: int = 0  # the scale `total` was added at
    counts: list[int] = dataclasses.field(default_factory=list)  # 1st, 2nd, ... of the nights that count
    nights: int = 0
    dropped: int = 0
    dropped_rows: frozenset[int] = frozenset()  # id() of his rows that do not count
    best_place: int = 0
    in_points: tuple[int, ...] = ()  # the nights that count with points above 0 (the awards' run in the points)
    tie: tuple[int, tuple[int, ...], int] | None = None  # made once per table's depth of places
    order: tuple[object, ...] | None = None  # his sort key in the table, with `tie`


def _best_first(r: Result) -> tuple[object, ...]:
    assert r.points is not None  # scored rows only
    return (-r.points, r.place, r.night_date, r.night_id)


def _figures(rows: list[Result], best: int, scale: int) -> _Player:
    player = _Player(rows, name=rows[-1].name)
    counted: Sequence[Result] = rows
    if best and len(rows) > best:
        ranked = sorted(rows, key=_best_first)
        counted = ranked[:best]
        player.dropped = len(rows) - best
        player.dropped_rows = frozenset(id(r) for r in ranked[best:])
    deepest = max((r.place for r in counted), default=0)
    counts = [0] * deepest
    total = 0
    for r in counted:
        counts[r.place - 1] += 1
        total += r.points.numerator * (scale // r.points.denominator)  # type: ignore[union-attr]
    player.total, player.scale, player.counts = total, scale, counts
    player.best_place = next((i for i, count in enumerate(counts, start=1) if count), 0)
    player.in_points = tuple(r.night_id for r in counted if r.points.numerator > 0)  # type: ignore[union-attr]
    player.nights = len({r.night_id for r in rows})
    return player


class SeasonLedger:
    """The season's scored rows by night (each night's rows as `standings.score_results` gives them without the
    best-nights mark) and each player's figures, changed night by night."""

    def __init__(self, best_nights: int = 0) -> None:
        self.best_nights = best_nights
        self._nights: dict[int, list[Result]] = {}
        self._dates: dict[int, datetime.date] = {}
        self._deepest: dict[int, int] = {}  # night -> its deepest place
        self._venues: dict[int, int | None] = {}  # night -> its venue
        self._denominators: Counter[int] = Counter()
        self._rows_of: dict[int, list[Result]] = {}  # player -> his rows, in the order the nights came
        self._players: dict[int, _Player] = {}
        self._changed: set[int] = set()  # players whose figures are to be counted again

    @property
    def nights(self) -> dict[int, list[Result]]:
        return self._nights

    def replace(self, night_id: int, rows: Sequence[Result]) -> None:
        """The night's rows (scored, all counted); an empty list for a night without results."""
        self.remove(night_id)
        if not rows:
            return
        self._nights[night_id] = list(rows)
        self._dates[night_id] = rows[0].night_date
        self._deepest[night_id] = max(r.place for r in rows)
        self._venues[night_id] = rows[0].venue_id
        for r in rows:
            self._denominators[r.points.denominator] += 1  # type: ignore[union-attr]
            self._rows_of.setdefault(r.player_id, []).append(r)
            self._changed.add(r.player_id)

    def remove(self, night_id: int) -> None:
        rows = self._nights.pop(night_id, None)
        if rows is None:
            return
        del self._dates[night_id], self._deepest[night_id], self._venues[night_id]
        gone = {id(r) for r in rows}
        for r in rows:
            self._denominators[r.points.denominator] -= 1  # type: ignore[union-attr]
            if not self._denominators[r.points.denominator]:  # type: ignore[union-attr]
                del self._denominators[r.points.denominator]  # type: ignore[union-attr]
            self._changed.add(r.player_id)
        for player_id in {r.player_id for r in rows}:
            left = [r for r in self._rows_of[player_id] if id(r) not in gone]
            if left:
                self._rows_of[player_id] = left
            else:
                del self._rows_of[player_id]

    def _scale(self) -> int:
        return math.lcm(*self._denominators) if self._denominators else 1

    def _update(self) -> int:
        scale = self._scale()
        for player_id in self._changed:
            rows = self._rows_of.get(player_id)
            if rows:
                self._players[player_id] = _figures(rows, self.best_nights, scale)
            else:
                self._players.pop(player_id, None)
        self._changed.clear()
        stale = [p for p, player in self._players.items() if player.scale != scale]
        for player_id in stale:  # a new tie size: every total at the new scale
            self._players[player_id] = _figures(self._rows_of[player_id], self.best_nights, scale)
        return scale

    def latest_night(self) -> int | None:
        return max((date, night_id) for night_id, date in self._dates.items())[1] if self._dates else None

    def night_dates(self) -> list[tuple[datetime.date, int]]:
        """(date, id) of each night with results, oldest first."""
        return sorted((date, night_id) for night_id, date in self._dates.items())

    def table(self) -> list[Standing]:
        """`standings.season_table` of every row, with each position before the latest night."""
        scale = self._update()
        deepest = max(self._deepest.values(), default=0)
        players = list(self._players.items())
        order = _order(players, deepest)
        ties = [_tie(player, deepest) for _key, _player_id, player in order]
        rows = [
            Standing(
                position=position,
                player_id=player_id,
                name=player.name,
                points=Fraction(player.total, scale),
                nights=player.nights,
                place_counts=tie[1],
                best_place=player.best_place,
                dropped=player.dropped,
            )
            for (_key, player_id, player), tie, position in zip(order, ties, shared_positions(ties))
        ]
        mark_tied(rows)
        last = self.latest_night()
        if last is None:
            return rows
        # Before the latest night: only its players' figures differ (his other nights, best N of them again).
        at_last = {r.player_id for r in self._nights[last]}
        before_players = []
        for player_id, player in players:
            if player_id not in at_last:
                before_players.append((player_id, player))
                continue
            mine = [r for r in player.rows if r.night_id != last]
            if mine:
                before_players.append((player_id, _figures(mine, self.best_nights, scale)))
        before_order = _order(before_players, deepest)
        before_ties = [_tie(player, deepest) for _key, _player_id, player in before_order]
        before = {
            player_id: position
            for (_key, player_id, _player), position in zip(before_order, shared_positions(before_ties))
        }
        for row in rows:
            row.previous_position = before.get(row.player_id)
        return rows

    def at_several_venues(self) -> bool:
        """Whether the nights with results are at more than one venue (`race.at_several_venues`)."""
        return len(set(self._venues.values())) > 1

    def in_points(self) -> dict[int, tuple[int, ...]]:
        """player -> the nights he was in the points on (nights that count, points above 0)."""
        self._update()
        return {player_id: player.in_points for player_id, player in self._players.items()}

    def rows_of(self, player_ids: Iterable[int]) -> dict[int, tuple[Result, ...]]:
        """The rows of these players (counted or not: the race decides again after each night)."""
        return {p: tuple(self._rows_of[p]) for p in player_ids if p in self._rows_of}

    def scored(self) -> list[Result]:
        """Every row, night after night (oldest first), each player's nights beyond his best N marked as not
        counted, as `standings.score_results` marks them."""
        self._update()
        dropped = set().union(*(p.dropped_rows for p in self._players.values() if p.dropped_rows))
        flat: list[Result] = []
        for _date, night_id in self.night_dates():
            rows = self._nights[night_id]
            if dropped:
                flat.extend(dataclasses.replace(r, counted=False) if id(r) in dropped else r for r in rows)
            else:
                flat.extend(rows)
        return flat


def _counts(player: _Player, deepest: int) -> tuple[int, ...]:
    return tuple(player.counts) + (0,) * (deepest - len(player.counts))


def _tie(player: _Player, deepest: int) -> tuple[int, tuple[int, ...], int]:
    """What decides the position (`standings.tie_key`, at the ledger's scale)."""
    if player.tie is None or len(player.tie[1]) != deepest:
        player.tie = (player.total, _counts(player, deepest), player.nights - player.dropped)
    return player.tie


def _order(players: Iterable[tuple[int, _Player]], deepest: int) -> list[tuple[tuple[object, ...], int, _Player]]:
    """The table's order, as `standings._table` sorts: points, then places, nights that count, then the name."""
    keyed = []
    for player_id, player in players:
        if player.order is None or player.tie is None or len(player.tie[1]) != deepest:
            total, counts, counting = _tie(player, deepest)
            name = player.name
            player.order = (-total, tuple(-c for c in counts), counting, name.casefold(), name, player_id)
        keyed.append((player.order, player_id, player))
    keyed.sort(key=lambda item: item[0])
    return keyed
