"""The season's statistics and a player's figures from the tracked hands, and the season's awards (most
knockouts, biggest pot, ...). The figures of each finished table are kept by `tournaments.hands.figures`;
this module adds them up per player in a fixed number of queries."""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from django.db import connection
from django.db.models import Exists, OuterRef

from league.models import Entry, Night, Season
from results import season_cache
from results.standings import SeasonStandings, season_results
from tournaments.hands import figures
from tournaments.hands.figures import HandKey, TableRow, table_figures, table_plain_figures
from tournaments.models import Hand, HandStatus, Seat, Table, TableStatus
from tournaments.poker import stats as pure


@dataclass
class NightFigures:
    night_id: int
    date: datetime.date
    table_id: int
    table_number: int
    figures: pure.PlayerStats
    tracked: bool  # the table's hands were tracked (not a paper table)
    finished: bool = True  # the table's replays are public only once it has finished


@dataclass
class KnockoutRow:
    hand: HandKey
    table_number: int
    date: datetime.date
    victim: str
    share: Fraction


@dataclass
class PlayerStatistics:
    season: pure.PlayerStats
    all_time: pure.PlayerStats
    nights: list[NightFigures]  # the chosen season's nights he played, oldest first
    untracked_nights: int  # nights of the season he played at a table without tracked hands
    knockouts: list[KnockoutRow] = field(default_factory=list)  # the season's, newest first
    biggest_pot: tuple[HandKey, int, datetime.date] | None = None  # the season's
    finished_tables: frozenset[int] = frozenset()  # his tables whose hands can be replayed (the replayer's rule)


def _player_table_rows(player_id: int) -> list[tuple]:
    """(seat id, table id, table number, status, revision, night id, date, season id) of each seat of his, in
    the seats' order (night, table, seat). Written as SQL: built by the ORM on each of a publish's hundreds
    of player pages, the query cost five times its reading."""
    seat, entry, table, night = Seat._meta.db_table, Entry._meta.db_table, Table._meta.db_table, Night._meta.db_table
    sql = (
        f"SELECT s.id, t.id, t.number, t.status, t.revision, n.id, n.date, n.season_id FROM {seat} s"
        f" JOIN {entry} e ON e.id = s.entry_id JOIN {table} t ON t.id = s.table_id JOIN {night} n ON n.id = t.night_id"
        f" WHERE e.player_id = %s ORDER BY n.date, t.number, s.position"
    )
    with connection.cursor() as cursor:  # a plain date column: SQLite (its declared type) and PostgreSQL give a date
        cursor.execute(sql, [player_id])
        return cursor.fetchall()


def player_statistics(player_id: int, season_id: int | None) -> PlayerStatistics:
    """The player's figures per night of the season, for the season and all time (a fixed number of queries)."""
    rows = _player_table_rows(player_id)
    figures = table_figures(sorted({(table_id, status, revision) for _, table_id, _, status, revision, *_ in rows}))
    season_total, all_time = pure.PlayerStats(), pure.PlayerStats()
    nights: list[NightFigures] = []
    untracked = 0
    table_info = {}
    for seat_id, table_id, number, status, _revision, night_id, date, row_season in rows:
        mine = figures.get(table_id, {}).get(seat_id)
        table_info[table_id] = (number, date)
        if mine is not None:
            all_time.merge(mine)
        if row_season != season_id:
            continue
        if mine is None:
            untracked += 1
            continue
        season_total.merge(mine)
        nights.append(NightFigures(night_id, date, table_id, number, mine, True, status == TableStatus.FINISHED))
    nights.sort(key=lambda n: (n.date, n.night_id))
    victims = {k.victim for n in nights for k in n.figures.knockout_list}
    names = dict(Seat.objects.filter(pk__in=victims).values_list("pk", "entry__player__name")) if victims else {}
    knockouts = [
        KnockoutRow(k.hand, table_info[k.hand[0]][0], table_info[k.hand[0]][1], names.get(k.victim, "?"), k.share)
        for k in season_total.knockout_list
    ]
    knockouts.sort(key=lambda k: (k.date, k.hand), reverse=True)
    biggest = None
    if season_total.biggest_pot_hand is not None:
        key = season_total.biggest_pot_hand
        biggest = (key, season_total.biggest_pot, table_info[key[0]][1])
    finished = frozenset(table_id for _, table_id, _, status, *_ in rows if status == TableStatus.FINISHED)
    return PlayerStatistics(season_total, all_time, nights, untracked, knockouts, biggest, finished)


@dataclass
class SeasonRow:
    player_id: int
    name: str
    figures: pure.PlayerStats


MIN_RUN = 2  # nights in the points in a row before the run is an award (docs/features.md, season awards)


@dataclass
class Award:
    key: str
    value: object
    holders: list[tuple[int, str]]  # (player id, name); several on a tie
    hand: HandKey | None = None  # biggest pot: the hand, when one player holds it
    replayable: bool = False  # the hand's table has finished: the replayer shows it (not while it plays)


@dataclass
class SeasonStatistics:
    rows: list[SeasonRow]
    tables_tracked: int
    tables: int
    finished_tables: frozenset[int] = frozenset()  # tables whose hands can be replayed


def _seated_tables(season_id: int) -> tuple[int, frozenset[int]]:
    """How many of the season's tables have a seat, and which of those have finished, in one query: every
    table and seat of the season, but only two values back (a league's season has 20,000 tables)."""
    table, night, seat = Table._meta.db_table, Night._meta.db_table, Seat._meta.db_table
    finished_id = f"CASE WHEN t.status = '{TableStatus.FINISHED}' THEN CAST(t.id AS TEXT) END"
    joined = (
        f"string_agg({finished_id}, ',')" if connection.vendor == "postgresql" else f"group_concat({finished_id}, ',')"
    )
    sql = (
        f"SELECT COUNT(*), {joined} FROM {table} t JOIN {night} n ON n.id = t.night_id"
        f" WHERE n.season_id = %s AND EXISTS (SELECT 1 FROM {seat} s WHERE s.table_id = t.id)"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [season_id])
        count, finished = cursor.fetchone()
    return count, frozenset(int(pk) for pk in finished.split(",")) if finished else frozenset()


def _tracked_tables(season_id: int) -> list[TableRow]:
    """(id, status, revision) of the season's tables with a seat and a complete hand, by id: the only ones
    whose figures are not empty (a table's figures are those of its complete hands)."""
    table, night, seat, hand = Table._meta.db_table, Night._meta.db_table, Seat._meta.db_table, Hand._meta.db_table
    sql = (
        f"SELECT t.id, t.status, t.revision FROM {table} t JOIN {night} n ON n.id = t.night_id"
        f" WHERE n.season_id = %s"
        f" AND EXISTS (SELECT 1 FROM {hand} h WHERE h.table_id = t.id AND h.status = '{HandStatus.COMPLETE}')"
        f" AND EXISTS (SELECT 1 FROM {seat} s WHERE s.table_id = t.id) ORDER BY t.id"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [season_id])
        return [tuple(row) for row in cursor.fetchall()]


def _seat_players(season_id: int, seat_ids: set[int]) -> dict[int, tuple[int, str]]:
    """seat id -> (player id, name) for these seats of the season: the seats of the tables with hands in one
    query, then any other (a seat moved to another table after its hands) by id."""
    seats = Seat.objects.filter(table__night__season_id=season_id)
    with_hands = seats.filter(Exists(Hand.objects.filter(table_id=OuterRef("table_id"), status=HandStatus.COMPLETE)))
    found = {
        pk: (player, name)
        for pk, player, name in with_hands.values_list("pk", "entry__player_id", "entry__player__name")
    }
    rest = sorted(seat_ids - found.keys())
    for k in range(0, len(rest), 900):
        part = seats.filter(pk__in=rest[k : k + 900])
        found.update(
            {
                pk: (player, name)
                for pk, player, name in part.values_list("pk", "entry__player_id", "entry__player__name")
            }
        )
    return found


def season_statistics(season_id: int) -> SeasonStatistics:
    """Every player's figures over the season's tracked hands. Only the tables with complete hands have
    figures: a query counts the season's tables, one finds those with hands, and only their kept rows
    (and seats) are read -- a league's season of paper tables costs two queries, not its 100,000 seats.

    Equal to adding up `table_plain_figures` of every seated table of the season, table by table in id
    order, each seat's counts to its player (tests/results/test_statistics_season.py compares them)."""
    count, finished = _seated_tables(season_id)
    tables = _tracked_tables(season_id)
    figures = table_plain_figures(tables, knockouts=False)  # the season's table and awards need the counts only
    ordered = [(table_id, figures[table_id]) for table_id, _status, _revision in tables]
    seats = _seat_players(season_id, {int(seat_id) for _, table in ordered for seat_id in table})
    per_player = pure.add_plain(
        (seats[int(seat_id)][0], counts, ()) for _, table in ordered for seat_id, (counts, _) in table.items()
    )
    names = {player_id: name for player_id, name in seats.values()}
    tracked = sum(1 for _, table in ordered if table)
    result = [SeasonRow(pid, names.get(pid, "?"), stats) for pid, stats in per_player.items()]
    result.sort(key=lambda row: row.name.lower())
    return SeasonStatistics(result, tracked, count, finished)


def kept_season_statistics(season_id: int, key: season_cache.SeasonKey | None = None) -> SeasonStatistics:
    """`season_statistics`, kept under the season's key with its play, as the awards drawn from it are: the
    statistics page read every seat and every table's kept figures of the season on each view."""
    key = key or season_cache.season_key(season_id)
    return season_cache.kept("statistics", f"{key.awards}:{figures.VERSION}", lambda: season_statistics(season_id))


def compute_awards(season_id: int, statistics: SeasonStatistics, scored: Sequence) -> list[Award]:
    """Most knockouts, biggest pot, most hands won at showdown, longest run of nights in the points.

    ``scored`` is the season's scored results (``results.standings.season_results``)."""
    names = {row.player_id: row.name for row in statistics.rows}
    names.update({r.player_id: r.name for r in scored})
    by_player = {row.player_id: row.figures for row in statistics.rows}

    def holders(ids):
        return sorted(((pid, names.get(pid, "?")) for pid in ids), key=lambda h: h[1].lower())

    awards = []
    value, ids = pure.leaders({pid: f.knockouts for pid, f in by_player.items()})
    awards.append(Award("knockouts", value, holders(ids)))
    value, ids = pure.leaders({pid: f.biggest_pot for pid, f in by_player.items()})
    hand = by_player[ids[0]].biggest_pot_hand if len(ids) == 1 else None
    awards.append(
        Award("biggest_pot", value, holders(ids), hand, hand is not None and hand[0] in statistics.finished_tables)
    )
    value, ids = pure.leaders({pid: f.showdowns_won for pid, f in by_player.items()})
    awards.append(Award("showdowns_won", value, holders(ids)))
    nights = [night_id for _, night_id in sorted({(r.night_date, r.night_id) for r in scored})]
    in_points: dict[int, set[int]] = defaultdict(set)
    for r in scored:
        in_points.setdefault(r.player_id, set())
        if r.points > 0 and r.counted:  # with best N nights, a night that does not count is not "in the points"
            in_points[r.player_id].add(r.night_id)
    value, ids = pure.leaders(pure.longest_run(nights, in_points))
    if value < MIN_RUN:  # one night is no run: after the first night everyone in the points would hold it
        ids = []
    awards.append(Award("points_run", value, holders(ids)))
    return awards


def season_awards(season: Season, table: SeasonStandings) -> list[Award]:
    """The season's awards (most knockouts, biggest pot, ...), kept under the season's key with its play.

    Computing them reads the season's results again and every table's hand figures: the first view
    after a change pays for it, later ones read what is kept.
    """

    def compute() -> list[Award]:
        scored = table.scored if table.scored is not None else season_results(season)
        statistics = season_statistics(season.pk) if table.key is None else kept_season_statistics(season.pk, table.key)
        return compute_awards(season.pk, statistics, scored)

    if table.key is None:
        return compute()
    return season_cache.kept("awards", f"{table.key.awards}:{figures.VERSION}", compute)
