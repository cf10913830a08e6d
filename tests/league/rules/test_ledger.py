"""The ledger's table is the season table computed straight from every row, after any sequence of nights
replaced, added and removed (league.rules.ledger against league.rules.standings)."""

from __future__ import annotations

import datetime
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from league.rules import race, standings
from league.rules.ledger import SeasonLedger
from league.rules.standings import Result

START = datetime.date(2026, 1, 5)
PLAYERS = 14


@st.composite
def a_night(draw, night_id: int) -> list[Result]:
    """A night of one or two tables of 2-6 players from a small league, places with ties now and then, points
    as a scheme gives them (shared places share points: halves and thirds)."""
    people = draw(st.lists(st.integers(1, PLAYERS), min_size=2, max_size=12, unique=True))
    venue = draw(st.sampled_from([1, 1, 2]))  # mostly one pub, now and then a second
    date = START + datetime.timedelta(days=draw(st.integers(0, 20)))
    rows = []
    tables = [people[:6], people[6:]] if len(people) > 6 else [people]
    for number, table in enumerate((t for t in tables if t), start=1):
        size = len(table)
        places = list(range(1, size + 1))
        if size >= 3 and draw(st.booleans()):
            k = draw(st.integers(1, size - 1))
            places[k] = places[k - 1]
        sharing = {place: places.count(place) for place in places}
        for player, place in zip(table, places):
            points = Fraction(draw(st.integers(0, 9)), sharing[place])
            rows.append(
                Result(
                    player,
                    f"Spieler {player:02d}",
                    night_id,
                    date,
                    night_id * 10 + number,
                    number,
                    place,
                    size,
                    points,
                    sharing[place],
                    venue_id=venue,
                )
            )
    return rows


steps = st.lists(
    st.tuples(st.sampled_from(["replace", "remove"]), st.integers(1, 9), st.randoms(use_true_random=False)),
    min_size=1,
    max_size=12,
)


def straight(nights: dict[int, list[Result]], best: int) -> list[standings.Standing]:
    flat = [r for rows in nights.values() for r in rows]
    if best:
        standings._mark_best_nights(flat, best)
    return standings.season_table(flat, best_nights=best)


def plain(rows: list[standings.Standing]) -> list[tuple]:
    return [
        (
            r.position,
            r.player_id,
            r.name,
            r.points,
            r.nights,
            standings.tie_key(r.points, r.place_counts, 0)[1],
            r.previous_position,
            r.best_place,
            r.tied,
            r.dropped,
        )
        for r in rows
    ]


@settings(max_examples=150, deadline=None)
@given(best=st.sampled_from([0, 1, 2, 3]), data=st.data())
def test_the_ledger_table_is_the_straight_table_after_any_changes(best, data):
    ledger = SeasonLedger(best)
    nights: dict[int, list[Result]] = {}
    for what, night_id, _rng in data.draw(steps):
        if what == "replace":
            rows = data.draw(a_night(night_id))
            nights[night_id] = rows
            ledger.replace(night_id, rows)
        else:
            nights.pop(night_id, None)
            ledger.remove(night_id)
        assert plain(ledger.table()) == plain(straight(nights, best))
        flat = [r for rows in nights.values() for r in rows]
        if best:
            standings._mark_best_nights(flat, best)
        assert sorted((r.night_id, r.player_id, r.counted) for r in ledger.scored()) == sorted(
            (r.night_id, r.player_id, r.counted) for r in flat
        )
        assert ledger.night_dates() == sorted({(r.night_date, r.night_id) for r in flat})
        in_points: dict[int, set[int]] = {}
        for r in flat:
            mine = in_points.setdefault(r.player_id, set())
            if r.counted and r.points > 0:
                mine.add(r.night_id)
        assert {p: set(nights) for p, nights in ledger.in_points().items()} == in_points
        assert ledger.at_several_venues() == race.at_several_venues(flat)
        some = sorted(in_points)[:3]
        assert {p: sorted(r.night_id for r in rows) for p, rows in ledger.rows_of(some).items()} == {
            p: sorted(r.night_id for r in flat if r.player_id == p) for p in some
        }


def test_a_night_without_rows_leaves_the_table_and_the_scale_follows_the_ties():
    ledger = SeasonLedger()
    one = [
        Result(1, "Anna", 1, START, 11, 1, 1, 3, Fraction(3), 1),
        Result(2, "Ben", 1, START, 11, 1, 2, 3, Fraction(3, 2), 2),
        Result(3, "Cem", 1, START, 11, 1, 2, 3, Fraction(3, 2), 2),
    ]
    ledger.replace(1, one)
    assert [(r.player_id, r.points, r.position) for r in ledger.table()] == [
        (1, Fraction(3), 1),
        (2, Fraction(3, 2), 2),
        (3, Fraction(3, 2), 2),
    ]
    ledger.replace(1, [])
    assert ledger.table() == [] and ledger.scored() == [] and ledger.latest_night() is None
