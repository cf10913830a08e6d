"""The cheap "has anything changed?" answer that the TV screens and the rail poll.

Screens ask every half second (the TV) or every second (the rail) for a short
version string; only when it differs from the one they hold do they fetch the
full state. The string is derived from stored rows in one query of scalar
subqueries: the clock row's last write (every organizer button, the
announcement and the TV settings), the count and newest id of the actions,
hands, placements and seats, the open hands' status and board, the tables'
statuses and the paid entries. An undo removes a row, so counts go with the
newest ids. Nothing is cached in a process: gunicorn's workers share nothing,
and the query answers in about a millisecond on SQLite.
"""
from __future__ import annotations

import hashlib

from django.db import connection

from league.models import Entry

from .models import Action, ClockState, Hand, Placement, Seat, Table

__all__ = ["night_pulse", "play_part", "table_pulse"]


def _sql(where_table: str) -> str:
    action, hand, table = Action._meta.db_table, Hand._meta.db_table, Table._meta.db_table
    placement, seat = Placement._meta.db_table, Seat._meta.db_table
    hands = f"FROM {hand} h JOIN {table} t ON t.id = h.table_id WHERE {where_table}"
    actions = f"FROM {action} a JOIN {hand} h ON h.id = a.hand_id JOIN {table} t ON t.id = h.table_id WHERE {where_table}"
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
    ]
    return "SELECT " + ", ".join(f"({value})" for value in values)


_TABLE_VALUES = 12


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


def night_pulse(night_id: int) -> str:
    """Changes whenever anything a TV screen or the night's rail shows may have changed.

    Two parts, "clock-play": the clock row's last write (every organizer button and the TV settings), and
    everything played (taps, hands, placements, seats, paid entries). A TV re-reads at once when the first
    part changes and at most every few seconds for the second; the night's rail looks at the second only.
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
    return f"{_digest(row[-1:])[:8]}-{_digest(row[:-1])}"


def play_part(pulse: str) -> str:
    """The second part of a night's pulse: what was played, without the clock."""
    return pulse.partition("-")[2]


def table_pulse(table_id: int) -> str:
    """Changes whenever anything the table's rail shows may have changed."""
    with connection.cursor() as cursor:
        cursor.execute(_sql("t.id = %s"), [table_id] * _TABLE_VALUES)
        return _digest(cursor.fetchone())
