"""The season's statistics and a player's figures from the tracked hands, and the season's awards (most
knockouts, biggest pot, ...). The figures of each finished table are kept by `tournaments.hands.figures`;
this module adds them up per player in a fixed number of queries."""

from __future__ import annotations

import datetime
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from django.db import connection

from league.models import Entry, Night, Player, Season
from league.rules import race
from results.kept import season_cache
from results.standings import SeasonStandings, season_results
from tournaments.hands import figures
from tournaments.hands.figures import HandKey, TableRow, table_figures, table_plain_figures
from tournaments.models import Hand, Seat, Table, TableStatus
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
    """(seat id, table id, table number, status, revision, night id, date, season id, whether the table has
    hands) of each seat of his, in the seats' order (night, table, seat). Written as SQL: built by the ORM on
    each of a publish's hundreds of player pages, the query cost five times its reading."""
    seat, entry, table, night = Seat._meta.db_table, Entry._meta.db_table, Table._meta.db_table, Night._meta.db_table
    hands = f"EXISTS (SELECT 1 FROM {Hand._meta.db_table} h WHERE h.table_id = t.id)"
    sql = (
        f"SELECT s.id, t.id, t.number, t.status, t.revision, n.id, n.date, n.season_id, {hands} FROM {seat} s"
        f" JOIN {entry} e ON e.id = s.entry_id JOIN {table} t ON t.id = s.table_id JOIN {night} n ON n.id = t.night_id"
        f" WHERE e.player_id = %s ORDER BY n.date, t.number, s.position"
    )
    with connection.cursor() as cursor:  # a plain date column: SQLite (its declared type) and PostgreSQL give a date
        cursor.execute(sql, [player_id])
        return cursor.fetchall()


def player_statistics(player_id: int, season_id: int | None) -> PlayerStatistics:
    """The player's figures per night of the season, for the season and all time (a fixed number of queries)."""
    rows = _player_table_rows(player_id)
    # Only a table with hands has figures: a paper table's (most of a league's) need no kept row read or written.
    with_hands = {(table_id, status, revision) for _, table_id, _, status, revision, *_, hands in rows if hands}
    figures = table_figures(sorted(with_hands))
    season_total, all_time = pure.PlayerStats(), pure.PlayerStats()
    nights: list[NightFigures] = []
    untracked = 0
    table_info = {}
    for seat_id, table_id, number, status, _revision, night_id, date, row_season, _hands in rows:
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


MIN_RUN = 2  # nights (weeks) in the points in a row before the run is an award (docs/features.md, season awards)


@dataclass
class Award:
    key: str
    value: object
    holders: list[tuple[int, str]]  # (player id, name); several on a tie
    hand: HandKey | None = None  # biggest pot: the hand, when one player holds it
    replayable: bool = False  # the hand's table has finished: the replayer shows it (not while it plays)
    by_week: bool = False  # the run of nights in the points: counted in calendar weeks (nights at several venues)


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
    # Not EXISTS: PostgreSQL makes that a hash of every seat of the league (a third slower at 120,000 seats);
    # a subquery with LIMIT stays one look into the seats' index per table.
    sql = (
        f"SELECT COUNT(*), {joined} FROM {table} t JOIN {night} n ON n.id = t.night_id"
        f" WHERE n.season_id = %s AND (SELECT 1 FROM {seat} s WHERE s.table_id = t.id LIMIT 1) IS NOT NULL"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [season_id])
        count, finished = cursor.fetchone()
    return count, frozenset(int(pk) for pk in finished.split(",")) if finished else frozenset()


def _tracked_tables(season_id: int) -> list[TableRow]:
    """(id, status, revision) of the season's seated tables that have a hand, by id: only they can have
    figures. The tables with hands are found from the hands' index, one step per such table of the league
    (a recursive query), not by asking each of the season's 20,000 tables."""
    table, night, seat, hand = Table._meta.db_table, Night._meta.db_table, Seat._meta.db_table, Hand._meta.db_table
    sql = (
        f"WITH RECURSIVE with_hands(id) AS (SELECT MIN(table_id) FROM {hand} UNION ALL"
        f" SELECT (SELECT MIN(h.table_id) FROM {hand} h WHERE h.table_id > w.id) FROM with_hands w"
        f" WHERE w.id IS NOT NULL)"
        f" SELECT t.id, t.status, t.revision FROM with_hands w JOIN {table} t ON t.id = w.id"
        f" JOIN {night} n ON n.id = t.night_id"
        f" WHERE n.season_id = %s AND EXISTS (SELECT 1 FROM {seat} s WHERE s.table_id = t.id) ORDER BY t.id"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [season_id])
        return [tuple(row) for row in cursor.fetchall()]


def _seat_players(season_id: int, table_ids: list[int], seat_ids: set[int]) -> dict[int, tuple[int, str]]:
    """seat id -> (player id, name): the seats of these tables (a query per 900 tables), then any other of
    the season's seats among `seat_ids` (one moved on to another table after its hands) by id."""
    seat, entry, player, table, night = (
        Seat._meta.db_table,
        Entry._meta.db_table,
        Player._meta.db_table,
        Table._meta.db_table,
        Night._meta.db_table,
    )
    select = (
        f"SELECT s.id, e.player_id, p.name FROM {seat} s JOIN {entry} e ON e.id = s.entry_id"
        f" JOIN {player} p ON p.id = e.player_id"
    )
    found: dict[int, tuple[int, str]] = {}
    with connection.cursor() as cursor:
        for k in range(0, len(table_ids), 900):
            part = table_ids[k : k + 900]
            cursor.execute(f"{select} WHERE s.table_id IN ({', '.join(['%s'] * len(part))})", part)
            found.update({seat_id: (player_id, name) for seat_id, player_id, name in cursor.fetchall()})
        rest = sorted(seat_ids - found.keys())
        for k in range(0, len(rest), 900):
            part = rest[k : k + 900]
            cursor.execute(
                f"{select} JOIN {table} t ON t.id = s.table_id JOIN {night} n ON n.id = t.night_id"
                f" WHERE n.season_id = %s AND s.id IN ({', '.join(['%s'] * len(part))})",
                [season_id, *part],
            )
            found.update({seat_id: (player_id, name) for seat_id, player_id, name in cursor.fetchall()})
    return found


Part = tuple[int, str | None, str]  # (table id, its revision if finished else None, seat id): one table's counts


@dataclass
class _Made:
    """What a season's statistics were last made of, in this process: the finished tables' figures by
    revision, the seats' players and names, each player's sum with the parts it was added up from, and
    the rows made of them."""

    tables: dict[int, tuple[str, figures.PlainFigures]]  # finished table id -> (revision, its figures)
    seats: dict[int, tuple[int, str]]  # seat id -> (player id, name), as read
    parts: dict[int, tuple[Part, ...]]  # player id -> his parts, in order
    totals: dict[int, pure.PlayerStats]  # player id -> his parts added up (shared with results: never changed)
    rows: list[SeasonRow]  # shared with results: never changed
    tracked: int


_made: OrderedDict[tuple[str, int], _Made] = OrderedDict()
_made_lock = threading.Lock()
MADE_SEASONS = 8  # seasons whose makings this process keeps (the league's current one and a few looked back on)


def season_statistics(season_id: int) -> SeasonStatistics:
    """Every player's figures over the season's tracked hands.

    Only tables with hands have figures: one query counts the season's tables (and which have finished),
    one finds those with hands, and only their figures and seats are read -- a season of paper tables costs
    the two queries, not its 100,000 seats. What the last call made is kept in this process: a finished
    table of the same revision is not read again, and a player whose parts (table, revision, seat) are the
    same keeps his sum; so the first view after a night arrives reads the new tables' figures and adds up
    only their players' again.

    Equal to adding up `table_plain_figures` of every seated table of the season in the order of their
    ids, each seat's counts to its player (tests/results/test_statistics_kept.py compares them)."""
    count, finished = _seated_tables(season_id)
    tables = _tracked_tables(season_id)
    if not tables:
        return SeasonStatistics([], 0, count, finished)
    name = (str(connection.settings_dict["NAME"]), season_id)  # the test suite's databases reuse ids
    with _made_lock:
        made = _made.get(name)
    known = made.tables if made else {}
    plain: dict[int, figures.PlainFigures] = {}
    todo = []
    for row in tables:
        table_id, status, revision = row
        hit = known.get(table_id)
        if status == TableStatus.FINISHED and hit is not None and hit[0] == revision:
            plain[table_id] = hit[1]
        else:
            todo.append(row)
    plain.update(table_plain_figures(todo, knockouts=False))  # the season's table and awards need the counts only
    seat_ids = {int(seat_id) for figures_of in plain.values() for seat_id in figures_of}
    seats = _seat_players(season_id, [table_id for table_id, _, _ in tables], seat_ids)
    if made is not None and not todo and len(tables) == len(made.tables) and seats == made.seats:
        # The same finished tables at the same revisions, the same seats, players and names (a paper night
        # arrived, or nothing changed here): the same rows, without making each player's parts again.
        return SeasonStatistics(list(made.rows), made.tracked, count, finished)
    parts: dict[int, list[Part]] = {}
    counts_of: dict[int, list[list]] = {}
    for table_id, status, revision in tables:
        stamp = revision if status == TableStatus.FINISHED else None
        for seat_id, (counts, _) in plain[table_id].items():
            player_id = seats[int(seat_id)][0]
            if player_id not in parts:
                parts[player_id], counts_of[player_id] = [], []
            parts[player_id].append((table_id, stamp, seat_id))
            counts_of[player_id].append(counts)
    totals: dict[int, pure.PlayerStats] = {}
    signatures: dict[int, tuple[Part, ...]] = {}
    again = []
    for player_id, mine in parts.items():
        signature = signatures[player_id] = tuple(mine)
        unchanged = made is not None and made.parts.get(player_id) == signature
        if unchanged and all(stamp is not None for _, stamp, _ in signature):  # a playing table's hands change
            totals[player_id] = made.totals[player_id]  # type: ignore[union-attr]
        else:
            again.append(player_id)
    totals.update(pure.add_plain((player_id, counts, ()) for player_id in again for counts in counts_of[player_id]))
    names = {player_id: player_name for player_id, player_name in seats.values()}
    first = {player_id: k for k, player_id in enumerate(parts)}  # the order each first shows: ties of names keep it
    result = [SeasonRow(player_id, names.get(player_id, "?"), totals[player_id]) for player_id in parts]
    result.sort(key=lambda row: (row.name.lower(), first[row.player_id]))
    finished_figures = {
        table_id: (revision, plain[table_id]) for table_id, status, revision in tables if status == TableStatus.FINISHED
    }
    tracked = sum(1 for figures_of in plain.values() if figures_of)
    with _made_lock:
        _made[name] = _Made(finished_figures, seats, signatures, totals, result, tracked)
        _made.move_to_end(name)
        while len(_made) > MADE_SEASONS:
            _made.popitem(last=False)
    return SeasonStatistics(list(result), tracked, count, finished)


def kept_season_statistics(season_id: int, key: season_cache.SeasonKey | None = None) -> SeasonStatistics:
    """`season_statistics`, kept under the season's key with its play, as the awards drawn from it are: the
    statistics page read every seat and every table's kept figures of the season on each view."""
    key = key or season_cache.season_key(season_id)
    return season_cache.kept("statistics", f"{key.awards}:{figures.VERSION}", lambda: season_statistics(season_id))


def compute_awards(
    season_id: int, statistics: SeasonStatistics, scored: Sequence, table: SeasonStandings | None = None
) -> list[Award]:
    """Most knockouts, biggest pot, most hands won at showdown, longest run of nights in the points (of
    calendar weeks when the nights are at several venues).

    ``scored`` is the season's scored results (``results.standings.season_results``); ``table`` the season's
    table made of them, when at hand (its names and nights: the pass over the results then only notes each
    player's nights in the points)."""
    names = {row.player_id: row.name for row in statistics.rows}
    nights: dict[int, datetime.date] = {}
    if table is not None:
        names.update((row.player_id, row.name) for row in table.rows)
        nights.update((night_id, date) for date, night_id in table.nights)
    else:
        for r in scored:
            names[r.player_id] = r.name
            nights[r.night_id] = r.night_date
    # Each player's nights in the points (with best N nights, a night that does not count is not "in the points"):
    # as the ledger counted them when the table was made of it, else one pass over the season's results.
    hits: Mapping[int, Sequence[int]]
    if table is not None and table.current is not None:
        hits = table.current.in_points
    else:
        found: dict[int, list[int]] = {}
        for r in scored:
            mine = found.setdefault(r.player_id, [])
            if r.counted and r.points.numerator > 0:  # a Fraction's sign: comparing Fractions cost 120 ms here
                mine.append(r.night_id)
        hits = found
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
    # A run is of the season's steps as the race takes them: its nights, or with nights at several venues its
    # calendar weeks with nights (nobody plays two pubs' nights in a row; docs/league-rules.md, "Venues").
    current = table.current if table is not None else None
    by_week = current.several_venues if current is not None else race.at_several_venues(scored)
    step_of = race.steps(((date, night_id) for night_id, date in nights.items()), by_week=by_week)
    in_points = {player_id: {step_of[night_id] for night_id in mine} for player_id, mine in hits.items()}
    value, ids = pure.leaders(pure.longest_run(range(len(set(step_of.values()))), in_points))
    if value < MIN_RUN:  # one night is no run: after the first night everyone in the points would hold it
        ids = []
    awards.append(Award("points_run", value, holders(ids), by_week=by_week))
    return awards


def season_awards(season: Season, table: SeasonStandings) -> list[Award]:
    """The season's awards (most knockouts, biggest pot, ...), kept under the season's key with its play.

    Computing them reads the season's results again and every table's hand figures: the first view
    after a change pays for it, later ones read what is kept.
    """

    def compute() -> list[Award]:
        scored = table.scored if table.scored is not None else season_results(season)
        statistics = season_statistics(season.pk) if table.key is None else kept_season_statistics(season.pk, table.key)
        return compute_awards(season.pk, statistics, scored, table)

    if table.key is None:
        return compute()
    return season_cache.kept("awards", f"{table.key.awards}:{figures.VERSION}", compute)
