"""The seating draw and the first-dealer draw (pure: no Django)."""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from tournaments.poker.cards import Card, shuffled_deck

MAX_SEATS = 6
# Ties in the first-dealer draw go by suit: spades > hearts > diamonds > clubs.
SUIT_ORDER = {"c": 0, "d": 1, "h": 2, "s": 3}

T = TypeVar("T", bound=Hashable)


class SeatingError(ValueError):
    pass


def table_sizes(players: int, max_seats: int = MAX_SEATS) -> list[int]:
    """The fewest tables of at most `max_seats`, as even as possible, larger tables first (13 -> 5, 4, 4)."""
    if players < 2:
        raise SeatingError("at least two players are needed for a table")
    tables = -(-players // max_seats)
    base, extra = divmod(players, tables)
    return [base + 1] * extra + [base] * (tables - extra)


def draw_tables(players: Sequence[T], rng: random.Random | None = None) -> list[list[T]]:
    """Random tables and seats: table i gets the i-th group, listed in seat order."""
    rng = rng or random.SystemRandom()
    order = list(players)
    rng.shuffle(order)
    tables, start = [], 0
    for size in table_sizes(len(order)):
        tables.append(order[start : start + size])
        start += size
    return tables


@dataclass(frozen=True)
class OpenTable:
    key: Hashable
    number: int
    players: int
    started: bool


def table_for_late_entry(tables: Sequence[OpenTable], max_seats: int = MAX_SEATS) -> Hashable | None:
    """The smallest table that has not started and has a free seat (lowest number on a tie), or None."""
    candidates = [t for t in tables if not t.started and t.players < max_seats]
    if not candidates:
        return None
    return min(candidates, key=lambda t: (t.players, t.number)).key


# How the paid players that no table could take get on (docs/rules.md, "Nobody is sent home").
WAY_SEAT = "seat"  # a table that has not started has a free seat again
WAY_REDRAW = "redraw"  # no table has started: everyone paid is drawn again, the waiting players with them
WAY_NEW_TABLE = "new_table"  # tables have started and two or more wait: they open a table of their own
WAY_WAIT = "wait"  # tables have started and one waits: until a second arrives, or he is refunded


def way_on(*, waiting: int, free_seat: bool, play_started: bool) -> str | None:
    """The way on for `waiting` paid players without a seat, or None when nobody waits.

    A re-draw before the first hand keeps the tables even (13 -> 5, 4, 4) where a table of two would not.
    """
    if waiting <= 0:
        return None
    if free_seat:
        return WAY_SEAT
    if not play_started:
        return WAY_REDRAW
    return WAY_NEW_TABLE if waiting >= 2 else WAY_WAIT


def card_order(card: Card) -> tuple[int, int]:
    return card.rank, SUIT_ORDER[card.suit]


def draw_first_dealer(seats: Sequence[T], rng: random.Random | None = None) -> tuple[dict[T, Card], T]:
    """Each seat draws one card; the highest (suit breaks ties) deals first."""
    if not seats:
        raise SeatingError("nobody to draw for")
    deck = shuffled_deck(rng)
    cards = dict(zip(seats, deck))
    winner = max(seats, key=lambda seat: card_order(cards[seat]))
    return cards, winner
