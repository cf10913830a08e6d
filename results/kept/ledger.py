"""Each season's scored rows and table kept in this process's memory, night by night (league.rules.ledger), and
brought up to date from the nights' stamps (results/kept/stamps.py): the first view after a night arrives reads and
scores that night only, not the season's 120,000 placements.

What is kept is checked against the database at every use: the stamps of the season's nights are read (one
query, a few thousand short rows) and every night whose stamp differs from the one its rows were read under is
read and scored again; a night gone is dropped; a change of the points scheme starts afresh. A stamp is drawn
anew by the database at every change of the night's rows and never repeats (two random numbers), so what is
kept can only be as new as the database or be read again. Kept per process (the app's server is one process
of threads; a publish's rendering processes inherit it), at most `MAX_KEPT` seasons' and venues' tables.
"""

from __future__ import annotations

import dataclasses
import gc
import threading
from collections import OrderedDict
from dataclasses import dataclass, field

from django.db import connection
from django.db.models import Q

from league.models import Night, Season, Venue
from league.rules import standings
from league.rules.ledger import SeasonLedger
from league.rules.standings import Result, RulesError, Standing
from results.kept import rows, stamps

# Seasons' and venues' tables kept at once (a venue's rows are the league's too); the oldest used goes first.
MAX_KEPT = 512
RUNNERS = 16  # the table's first rows whose results come with it (the race draws the first eight)
# Rows read at once past which the process's objects are frozen for the garbage collector (see `current`).
FREEZE_ROWS = 50_000


@dataclass
class Kept:
    scheme: tuple
    ledger: SeasonLedger
    stamps: dict[int, tuple] = field(default_factory=dict)  # night -> the stamp its rows were read under
    failed: dict[int, list[tuple[Result, RulesError]]] = field(default_factory=dict)  # night -> formula failures
    lock: threading.Lock = field(default_factory=threading.Lock)


_kept: OrderedDict[tuple[int, int | None], Kept] = OrderedDict()
_kept_lock = threading.Lock()


@dataclass(frozen=True)
class Current:
    """The season's rows and table as the database holds them now."""

    table: list[Standing]  # empty when not asked for
    nights: list
    scored: list[Result]
    failed: list[tuple[Result, RulesError]]
    in_points: dict[int, tuple[int, ...]]  # player -> the nights he was in the points on
    runners: dict[int, tuple[Result, ...]]  # the rows of the table's first `RUNNERS` players (the race's)
    several_venues: bool  # the nights with results are at more than one venue


def _scheme_of(season: Season) -> tuple:
    return (
        season.points_scheme,
        season.fixed_points,
        season.points_formula,
        str(season.entry_fee),
        str(season.knockout_points),
        season.best_nights,
        season.tie_rule,
    )


def _stamps(season: Season, venue: Venue | None, with_play: bool) -> dict[int, tuple]:
    """night -> its stamp, for the nights the table counts (not the final; with a venue, its nights only)."""
    night = Night._meta.db_table
    play = ", st.play_a, st.play_b" if with_play else ""
    sql = (
        f"SELECT n.id, st.results_a, st.results_b{play} FROM {night} n"
        f" LEFT JOIN {stamps.TABLE} st ON st.night_id = n.id WHERE n.season_id = %s AND NOT n.is_final"
    )
    params: list[object] = [season.pk]
    if venue is not None:
        sql += " AND n.venue_id = %s"
        params.append(venue.pk)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        # A night without a stamp (none should be) is read every time: its stamp can never match.
        return {row[0]: (row[1:] if row[1] is not None else (object(),)) for row in cursor.fetchall()}


def _entry(season: Season, venue: Venue | None, scheme: tuple) -> Kept:
    name = (season.pk, venue.pk if venue is not None else None)
    with _kept_lock:
        kept = _kept.get(name)
        if kept is None or kept.scheme != scheme:
            kept = _kept[name] = Kept(scheme, SeasonLedger(season.best_nights))
        _kept.move_to_end(name)
        while len(_kept) > MAX_KEPT:
            _kept.popitem(last=False)
        return kept


def current(season: Season, venue: Venue | None = None, *, table: bool = True) -> Current:
    """The season's table (with a venue: that venue's; `table` False: not sorted, only the rows), its scored
    rows and formula failures, as kept and brought up to date now: the changed nights read and scored, nothing
    else."""
    scheme = season.scheme
    kept = _entry(season, venue, _scheme_of(season))
    with kept.lock:
        now = _stamps(season, venue, with_play=scheme.uses_knockouts)
        changed = [night_id for night_id, stamp in now.items() if kept.stamps.get(night_id) != stamp]
        for night_id in [n for n in kept.stamps if n not in now]:
            kept.ledger.remove(night_id)
            kept.stamps.pop(night_id)
            kept.failed.pop(night_id, None)
        if changed:
            in_season = rows.in_season(season, venue)
            # Many changed (the first view, a new scheme): the season's rows in one query, not a list of thousands.
            wanted = in_season if len(changed) > len(now) // 2 else in_season & Q(table__night_id__in=changed)
            counted_alike = dataclasses.replace(scheme, best_nights=0)  # the ledger marks each player's best N
            failed: list[tuple[Result, RulesError]] = []
            scored = standings.score_results(
                rows.scoring_rows(season, rows.results_where(wanted), counted_alike),
                counted_alike,
                failed,
            )
            by_night: dict[int, list[Result]] = {night_id: [] for night_id in changed}
            for r in scored:
                by_night.setdefault(r.night_id, []).append(r)
            failed_by_night: dict[int, list[tuple[Result, RulesError]]] = {}
            for r, error in failed:
                failed_by_night.setdefault(r.night_id, []).append((r, error))
            for night_id, night_rows in by_night.items():
                if night_id not in now:
                    continue
                kept.ledger.replace(night_id, night_rows)
                kept.stamps[night_id] = now[night_id]
                kept.failed[night_id] = failed_by_night.get(night_id, [])
            if len(scored) >= FREEZE_ROWS:
                # A season's rows live as long as the process; the collector's full passes walked them all, and
                # one of those (300 ms at 120,000 rows) fell on a later view now and then. Frozen, the collector
                # leaves them be; rows dropped later are still freed (no cycles among them).
                gc.freeze()
        all_failed = [failure for night_id in sorted(kept.failed) for failure in kept.failed[night_id]]
        standings_rows = kept.ledger.table() if table else []
        return Current(
            standings_rows,
            kept.ledger.night_dates(),
            kept.ledger.scored(),
            all_failed,
            kept.ledger.in_points(),
            kept.ledger.rows_of(row.player_id for row in standings_rows[:RUNNERS]),
            kept.ledger.at_several_venues(),
        )
