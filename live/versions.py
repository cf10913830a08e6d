"""The cheap "has anything changed?" answer behind the TV's and the rail's live updates.

A short version string, derived from stored rows in one query of scalar
subqueries: the clock row's last write (every organizer button, the
announcement and the TV settings), the count and newest id of the actions,
hands, placements and seats, the open hands' status and board, the tables'
statuses, the seated players' names and the paid entries. Every rendering the
screens share (`live/cache.py`) is kept under such a version: whatever it shows
from the rows is in it, so a changed row is a new rendering. An undo removes a row, so counts go with the
newest ids. About 0.3 ms of SQL on SQLite. One watcher per server process asks
for it after each write (`live/events.py`, `live.mark`); the
polling fallback asks it per screen.

A night's version has three parts, "clock-seats-play": the clock; who sits and
who is out (seats, placements, the tables' statuses, paid entries: everything
the TV's figures and its other screens show); and the play (actions, hands,
the open hands' streets and boards), which only the rail shows. Chips in play
do not change with a tap (stacks plus pot stay the same within a hand; a
disqualification, which removes chips, is a placement), so a tap changes the
play part only and the TV's figures are not recomputed after every tap.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import NamedTuple

from django.db import connection

from league.models import Entry, Player
from tournaments.clock.displays import night_on_tv
from tournaments.models import Action, ClockState, Hand, Placement, Seat, Table, TvDisplay

__all__ = [
    "night_pulse",
    "NightPulse",
    "parts",
    "play_part",
    "seats_part",
    "clock_part",
    "tv_part",
    "display_pulse",
    "display_pulses",
    "GONE",
    "night_of_display",
    "table_pulse",
    "table_pulses",
    "NightTable",
]


def _sql(where_table: str) -> str:
    action, hand, table = Action._meta.db_table, Hand._meta.db_table, Table._meta.db_table
    placement, seat = Placement._meta.db_table, Seat._meta.db_table
    entry, player = Entry._meta.db_table, Player._meta.db_table
    names = _aggregate("pl.id || ':' || pl.name", "pl.id")
    hands = f"FROM {hand} h JOIN {table} t ON t.id = h.table_id WHERE {where_table}"
    actions = (
        f"FROM {action} a JOIN {hand} h ON h.id = a.hand_id JOIN {table} t ON t.id = h.table_id WHERE {where_table}"
    )
    placements = f"FROM {placement} p JOIN {table} t ON t.id = p.table_id WHERE {where_table}"
    seats = f"FROM {seat} s JOIN {table} t ON t.id = s.table_id WHERE {where_table}"
    values = [
        f"SELECT COUNT(*) {actions}",
        f"SELECT MAX(a.id) {actions}",
        f"SELECT COUNT(*) {hands}",
        f"SELECT MAX(h.id) {hands}",
        f"SELECT {_aggregate_strings()} {hands} AND h.status <> 'complete'",
        f"SELECT COUNT(*) {placements}",
        f"SELECT MAX(p.id) {placements}",
        f"SELECT SUM(p.place) {placements}",
        f"SELECT COUNT(*) {seats}",
        f"SELECT MAX(s.id) {seats}",
        f"SELECT SUM(CASE WHEN s.sitting_out THEN 1 ELSE 0 END) {seats}",
        f"SELECT SUM(CASE WHEN t.status = 'finished' THEN 1 WHEN t.status = 'playing' THEN 100 ELSE 10000 END) "
        f"FROM {table} t WHERE {where_table}",
        # The seated players' names: the TV's screens and the rail show them (a name corrected during the night).
        f"SELECT {names} FROM {seat} s JOIN {table} t ON t.id = s.table_id JOIN {entry} e ON e.id = s.entry_id "
        f"JOIN {player} pl ON pl.id = e.player_id WHERE {where_table}",
    ]
    return "SELECT " + ", ".join(f"({value})" for value in values)


_TABLE_VALUES = 13
_PLAY_VALUES = 5  # the first five values of _sql: actions and hands; the rest say who sits and who is out


def _aggregate(expression: str, order: str) -> str:
    if connection.vendor == "postgresql":
        return f"STRING_AGG({expression}, ',' ORDER BY {order})"
    return f"GROUP_CONCAT({expression}, ',')"


def _aggregate_strings() -> str:
    """The open hands' status and board (at most one per table), and their hole cards once at the showdown:
    a street, a card or a shown hand changes the string. Hole cards entered earlier change nothing."""
    if connection.vendor == "postgresql":
        shown = "CASE WHEN h.status = 'showdown' THEN h.hole_cards::text ELSE '' END"
        return f"STRING_AGG(h.id || ':' || h.status || ':' || h.board || ':' || {shown}, ',' ORDER BY h.id)"
    shown = "CASE WHEN h.status = 'showdown' THEN h.hole_cards ELSE '' END"
    return f"GROUP_CONCAT(h.id || ':' || h.status || ':' || h.board || ':' || {shown}, ',')"


def _digest(parts) -> str:
    return hashlib.blake2s(repr(tuple(parts)).encode(), digest_size=8).hexdigest()


class NightPulse(NamedTuple):
    clock: str
    seats: str
    play: str


def night_pulse(night_id: int) -> str:
    """Changes whenever anything a TV screen or the night's rail shows may have changed: "clock-seats-play".

    The clock part changes with every organizer button and the TV settings; the seats part with a seat, a
    placement, a table's status or a paid entry (the TV's figures and other screens); the play part with
    every tap. The TV follows the first two, the night's rail the last two.
    """
    clock, entry = ClockState._meta.db_table, Entry._meta.db_table
    paid = f"FROM {entry} e WHERE e.night_id = %s AND e.paid_at IS NOT NULL"
    sql = _sql("t.night_id = %s") + (
        f", (SELECT COUNT(*) {paid}), (SELECT MAX(e.paid_at) {paid}), (SELECT MAX(e.withdrawn_at) {paid}),"
        f" (SELECT MAX(c.updated_at) FROM {clock} c WHERE c.night_id = %s)"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [night_id] * (_TABLE_VALUES + 4))
        row = cursor.fetchone()
    return "-".join((_digest(row[-1:])[:8], _digest(row[_PLAY_VALUES:-1])[:8], _digest(row[:_PLAY_VALUES])))


def parts(pulse: str) -> NightPulse:
    clock, _, rest = (pulse or "").partition("-")
    seats, _, play = rest.partition("-")
    return NightPulse(clock, seats, play)


def clock_part(pulse: str) -> str:
    return parts(pulse).clock


def seats_part(pulse: str) -> str:
    """Who sits and who is out: what the TV's figures and its seating, eliminations and standings show."""
    return parts(pulse).seats


def tv_part(pulse: str) -> str:
    """What the TV follows ("clock-seats"): a tap at a table does not change it."""
    return "-".join(parts(pulse)[:2])


def display_pulse(display_id: int) -> str:
    """A named TV's version, "clock-seats-night": the night it shows (`night_on_tv`: tonight's, or the next, of
    its venue)
    and the TV's own settings are in the clock part, so that a changed screen or rotation reaches the TV as
    an organizer's button does; the last part is the night's id ("" when the TV shows the standings), and a
    new one makes the TV load its page again. A removed TV has "gone" there."""
    return display_pulses([display_id]).get(display_id, GONE)


GONE = "--gone"


def display_pulses(display_ids, pulse_of: Callable[[int], str] = night_pulse) -> dict[int, str]:
    """`display_pulse` of several TVs at once: one query for their rows, one for the night each venue's TVs show
    (the league's TVs count as one venue), and the night's version from `pulse_of` (the watcher passes the one
    it read for the night's own screens)."""
    rows = TvDisplay.objects.filter(pk__in=list(display_ids)).values_list("pk", "updated_at", "venue_id")
    by_venue: dict[int | None, list[tuple[int, object]]] = {}
    for pk, when, venue_id in rows:
        by_venue.setdefault(venue_id, []).append((pk, when))
    pulses: dict[int, str] = {}
    for venue_id, shown in by_venue.items():
        night = night_on_tv(venue_id=venue_id)
        if night is None:
            pulses.update({pk: f"{_digest((when,))[:8]}--" for pk, when in shown})
            continue
        clock, seats, _play = parts(pulse_of(night.pk))
        pulses.update({pk: f"{_digest((clock, when))[:8]}-{seats}-{night.pk}" for pk, when in shown})
    return pulses


def night_of_display(pulse: str) -> str:
    """The last part of a named TV's version: the id of the night it shows, "" for the standings."""
    return parts(pulse).play


def play_part(pulse: str) -> str:
    """Everything but the clock ("seats-play"): what the night's rail shows."""
    return pulse.partition("-")[2]


def table_pulse(table_id: int) -> str:
    """Changes whenever anything the table's rail shows may have changed."""
    with connection.cursor() as cursor:
        cursor.execute(_sql("t.id = %s"), [table_id] * _TABLE_VALUES)
        return _digest(cursor.fetchone())


class NightTable(NamedTuple):
    number: int
    hands: int  # 0: not (yet) on the tracker
    pulse: str  # the same as table_pulse(id)


def table_pulses(night_id: int) -> dict[int, NightTable]:
    """Every table of the night with its version, in one query (the night's rail and the watcher)."""
    sql = (
        _sql("t.id = o.id").replace("SELECT ", "SELECT o.id, o.number, ", 1)
        + f" FROM {Table._meta.db_table} o WHERE o.night_id = %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [night_id])
        return {row[0]: NightTable(row[1], row[4] or 0, _digest(row[2:])) for row in cursor.fetchall()}
