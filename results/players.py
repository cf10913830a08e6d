"""One player's season: the nights he played, his places and points, his finishes, and the chart of his points
over those nights. A night he did not play is not on his page (docs/features.md, "Results")."""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import NamedTuple

from django.db import connection
from django.db.models import Count, Q, Sum

from league.models import CashLine, Entry, Night, Player, PlayerMerge, Season
from league.rules import standings
from league.venues.context import several_venues
from results.kept import season_cache
from results.standings import SeasonStandings, season_results, season_standings
from tournaments.models import Hand, Placement, Seat, Table


@dataclass
class PlayerNight:
    """A night he played: his table, place and points."""

    night_id: int
    date: datetime.date
    table_number: int
    place: int
    table_size: int
    tied: int = 1
    points: Fraction = Fraction(0)
    total: Fraction = Fraction(0)  # points so far in the season (the nights that count)
    counted: bool = True  # False: not one of his best nights (the season counts only those)
    knockouts: Fraction = Fraction(0)

    @property
    def points_shown(self) -> Decimal:
        return standings.points_display(self.points)

    @property
    def total_shown(self) -> Decimal:
        return standings.points_display(self.total)

    @property
    def knockouts_shown(self) -> Decimal:
        return standings.points_display(self.knockouts)


@dataclass
class Finish:
    place: int
    table_size: int
    tied: int
    date: datetime.date
    night_id: int
    season: str


class ShownStanding(NamedTuple):
    """What his page shows of his row of the season's table, and only that: his page is taken over by the next
    publish while these stay the same (`standing_part`), so a figure the page shows must be here."""

    position: int
    tied: int
    points_shown: Decimal
    nights: int
    wins: int
    best_place: int


@dataclass
class PlayerSeason:
    player: Player
    season: Season | None
    standing: ShownStanding | None
    field_size: int
    nights: list[PlayerNight]  # the nights of the season he played, in order
    best_finishes: list[Finish]
    career_nights: int
    standings_page: int | None = None  # the page of the standings that shows him


def player_season(player: Player, season: Season | None, *, table: SeasonStandings | None = None) -> PlayerSeason:
    """The nights of the season he played, his standing (his place among all players, as the standings show
    it), and his best finishes ever.

    His standing comes from the season's kept table, his nights and points from the season's results kept
    beside it (one query for their key, none more while it holds: a publish renders every player's page);
    his placements of all seasons, with who shared each place, from one more query.
    """
    nights: list[PlayerNight] = []
    standing, field_size, standings_page = None, 0, None
    if season is not None:
        if table is None:
            # A publish counts his page as reading only this part of the table (results.kept.season_cache.shown_part).
            part = season_cache.shown_part(
                "player-standing",
                (season.pk, player.pk),
                lambda: _standing_part(season, season_standings(season), player.pk),
            )
        else:
            part = _standing_part(season, table, player.pk)
        standing, field_size, standings_page, night_rows = part
        total = Fraction(0)
        for night_id, date, table_number, place, table_size, tied, points, counted, knockouts in night_rows:
            points, knockouts = Fraction(*points), Fraction(*knockouts)
            if counted:
                total += points
            nights.append(
                PlayerNight(
                    night_id=night_id,
                    date=date,
                    table_number=table_number,
                    place=place,
                    table_size=table_size,
                    tied=tied,
                    points=points,
                    total=total,
                    counted=counted,
                    knockouts=knockouts,
                )
            )
    ever = _placements_ever(player.pk)
    best = sorted(ever, key=lambda r: (r[3], -r[4], -r[1].toordinal()))[:5]
    return PlayerSeason(
        player=player,
        season=season,
        standing=standing,
        field_size=field_size,
        nights=nights,
        best_finishes=[
            Finish(place, size, tied, date, night_id, season_name or "")
            for night_id, date, _table_id, place, size, tied, season_name in best
        ],
        career_nights=len({r[0] for r in ever}),
        standings_page=standings_page,
    )


@season_cache.part("player-standing")
def standing_part(season_id: int, player_id: int) -> tuple:
    """(his shown row or None, the players in the table, the standings' page that shows him, his nights): all
    his page shows of the season's table and results, from the table kept under the season's key."""
    season = season_cache.held_or(("season", season_id), lambda: Season.objects.get(pk=season_id))
    return _standing_part(season, season_standings(season), player_id)


def _standing_part(season: Season, table: SeasonStandings, player_id: int) -> tuple:
    row = table.standing_of(player_id)
    shown = (
        None
        if row is None
        else ShownStanding(row.position, row.tied, row.points_shown, row.nights, row.wins, row.best_place)
    )
    page = table.page_of(row) if row is not None else None
    return shown, len(table.rows), page, _nights_of(season, table, player_id)


def night_venues(night_ids: Sequence[int]) -> dict[int, str]:
    """night id -> its venue's name, for a page listing nights of a league of several venues (his nights may be
    at any of them); empty in a league of one pub, whose pages name no venue."""
    if not night_ids or not several_venues():
        return {}
    return dict(Night.objects.filter(pk__in=set(night_ids)).values_list("pk", "venue__name"))


def shown_player(player_id: int) -> Player | None:
    """The player as his page shows him: his id and name, nothing else (the rest is deferred). One plain
    statement: the ORM's get built its statement anew on each of a publish's hundreds of player pages, a
    tenth of the page; and a page that reads only his name is not rendered again when his phone number changes."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT id, name FROM {Player._meta.db_table} WHERE id = %s", [player_id])
        row = cursor.fetchone()
    return Player.from_db(connection.alias, ["id", "name"], row) if row is not None else None


# The tallest the chart's words are drawn, in the chart's own units: static/css/results.css gives them 21px on a
# phone, where the 640-unit chart is scaled down to the screen. The "total" label above the plot needs that room.
LABEL_SIZE = 21
LABEL_TOP = 3


# (night id, date, table number, place, table size, tied, points, counted, knockouts); points and knockouts
# as (numerator, denominator): kept plain, a pickled Fraction is its text, parsed back one by one.
NightRow = tuple[int, datetime.date, int, int, int, int, tuple[int, int], bool, tuple[int, int]]


def _nights_of(season: Season, table: SeasonStandings, player_id: int) -> tuple[NightRow, ...]:
    """His nights of the season with results, oldest first, scored as the season's table scores them:
    every player's kept under the table's key (computed with it, from the season's results), a night he
    did not play left out (not on his page, nor in his chart)."""
    if table.key is None:  # a table computed now, not kept: score now
        return _season_nights(season, table).get(player_id, ())
    return (
        season_cache.kept_part("player-nights", table.key.results, player_id, lambda: _season_nights(season, table))
        or ()
    )


def keep_season_nights(season: Season, table: SeasonStandings) -> None:
    """Every player's nights of the season, computed (or read) once now: a publish does it before its rendering
    processes fork, which would each compute them for every player again at their first player page."""
    _nights_of(season, table, 0)


def _season_nights(season: Season, table: SeasonStandings) -> dict[int, tuple[NightRow, ...]]:
    scored = table.scored if table.scored is not None else season_results(season)
    by_player: dict[int, dict[int, NightRow]] = defaultdict(dict)
    for r in scored:  # a second placement of his on one night (never in a valid night) shows the later one
        points, knockouts = Fraction(r.points or 0), Fraction(r.knockouts)
        by_player[r.player_id][r.night_id] = (
            r.night_id,
            r.night_date,
            r.table_number,
            r.place,
            r.table_size,
            r.tied,
            (points.numerator, points.denominator),
            r.counted,
            (knockouts.numerator, knockouts.denominator),
        )
    order = [night_id for _date, night_id in table.nights]
    return {player_id: tuple(mine[n] for n in order if n in mine) for player_id, mine in by_player.items()}


def _placements_ever(player_id: int) -> list[tuple]:
    """His placements of all seasons, oldest first: (night id, date, table id, place, table size, players
    sharing the place, season's name), one query. Written as SQL: built by the ORM (two subqueries, four
    joins) the query cost three times what it reads, on each of a publish's hundreds of player pages."""
    placement, seat, entry = Placement._meta.db_table, Seat._meta.db_table, Entry._meta.db_table
    table, night, season = Table._meta.db_table, Night._meta.db_table, Season._meta.db_table
    sql = (
        f"SELECT n.id, n.date, t.id, p.place,"
        f" (SELECT COUNT(*) FROM {seat} s2 WHERE s2.table_id = t.id),"
        f" (SELECT COUNT(*) FROM {placement} p2 WHERE p2.table_id = t.id AND p2.place = p.place),"
        f" se.name"
        f" FROM {placement} p JOIN {seat} s ON s.id = p.seat_id JOIN {entry} e ON e.id = s.entry_id"
        f" JOIN {table} t ON t.id = p.table_id JOIN {night} n ON n.id = t.night_id"
        f" JOIN {season} se ON se.id = n.season_id"
        f" WHERE e.player_id = %s ORDER BY n.date, t.number, p.place, s.position"
    )
    with connection.cursor() as cursor:  # a plain column: SQLite (its declared type) and PostgreSQL give a date
        cursor.execute(sql, [player_id])
        return cursor.fetchall()


@dataclass
class Chart:
    """A bar per night he played (his points), and a line of his running total."""

    width: int
    height: int
    bars: list[dict]
    line: str
    max_points: Decimal
    max_total: Decimal
    labels: list[dict]
    label_top: int = LABEL_TOP  # the "total" label hangs from here, above the plot


def season_chart(nights: Sequence[PlayerNight], *, width: int = 640, height: int = 180) -> Chart:
    pad_left, pad_right, pad_top, pad_bottom = 8, 8, LABEL_TOP + LABEL_SIZE + 4, 22
    inner_w, inner_h = width - pad_left - pad_right, height - pad_top - pad_bottom
    slot = inner_w / max(len(nights), 1)
    top_points = max((n.points for n in nights), default=Fraction(0)) or Fraction(1)
    top_total = max((n.total for n in nights), default=Fraction(0)) or Fraction(1)
    bars, points_line, labels = [], [], []
    every = max(1, len(nights) // 8)
    heights: dict[Fraction, float] = {}  # a season of 200 nights: his total takes a few values, each divided once
    for index, night in enumerate(nights):
        x = pad_left + index * slot
        bar_h = float(night.points / top_points) * inner_h * 0.9
        bars.append(
            {
                "x": round(x + slot * 0.15, 1),
                "y": round(pad_top + inner_h - bar_h, 1),
                "w": round(slot * 0.7, 1),
                "h": round(bar_h, 1),
                "night": night,
            }
        )
        cx = x + slot / 2
        if night.total not in heights:
            heights[night.total] = float(night.total / top_total)
        cy = pad_top + inner_h - heights[night.total] * inner_h
        points_line.append(f"{cx:.1f},{cy:.1f}")
        if index % every == 0:
            labels.append({"x": round(cx, 1), "y": height - 6, "date": night.date})
    return Chart(
        width=width,
        height=height,
        bars=bars,
        line=" ".join(points_line),
        max_points=standings.points_display(top_points),
        max_total=standings.points_display(top_total),
        labels=labels,
    )


@dataclass(frozen=True)
class Holdings:
    """What the league holds of one player record, all seasons: what a merge of two records moves."""

    nights: int  # nights entered and not withdrawn from
    withdrawn: int  # entries withdrawn from (with their refunds)
    placements: int
    knockouts: int
    hands: int  # tracked hands he acted in: his statistics and hand histories
    cash_lines: int  # cash book lines that name him (a payout, an expense)
    merged_before: int  # records merged into this one before


def holdings(player: Player) -> Holdings:
    """Counted from the rows, a few queries."""
    entries = Entry.objects.filter(player=player).aggregate(
        nights=Count("id", filter=Q(withdrawn_at__isnull=True)),
        withdrawn=Count("id", filter=Q(withdrawn_at__isnull=False)),
    )
    placed = Placement.objects.filter(seat__entry__player=player).aggregate(n=Count("id"), knockouts=Sum("knockouts"))
    return Holdings(
        nights=entries["nights"],
        withdrawn=entries["withdrawn"],
        placements=placed["n"],
        knockouts=placed["knockouts"] or 0,
        hands=Hand.objects.filter(actions__seat__entry__player=player).distinct().count(),
        cash_lines=CashLine.objects.filter(player=player).count(),
        merged_before=PlayerMerge.objects.filter(kept=player).count(),
    )
