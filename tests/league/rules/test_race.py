"""The season's race (league/rules/race.py): running points after each night, against a small season computed
by hand and against the season table computed from the nights up to then; by calendar week for a season at
several venues, against the race by night at each week's last night."""

from __future__ import annotations

import dataclasses
import datetime
import random
from fractions import Fraction

import pytest

from league.rules.race import at_several_venues, running_points, steps, week_of
from league.rules.standings import Result, Scheme, score_results, season_table

ANNA, BEN, CARL, DORA = 1, 2, 3, 4
NAMES = {ANNA: "Anna", BEN: "Ben", CARL: "Carl", DORA: "Dora"}
START = datetime.date(2026, 9, 2)
# (night, table, {player: place}); points are n - place + 1, tied places share the average of what they cover.
NIGHTS = [
    (1, 11, {ANNA: 1, BEN: 2, CARL: 3}),  # Anna 3, Ben 2, Carl 1
    (2, 21, {CARL: 1, BEN: 2, DORA: 3, ANNA: 4}),  # Carl 4, Ben 3, Dora 2 (her first night), Anna 1
    (3, 31, {DORA: 1, ANNA: 2, BEN: 2}),  # Dora 3; Anna and Ben tied for 2nd-3rd: (2 + 1) / 2 each; Carl away
]
HALF = Fraction(1, 2)
ALL_NIGHTS = {
    ANNA: (3, 4, 5 + HALF),
    BEN: (2, 5, 6 + HALF),
    CARL: (1, 5, 5),
    DORA: (None, 2, 5),
}
BEST_TWO = {  # his two best nights so far: Anna's third night (1.5) replaces her 1 of night 2
    ANNA: (3, 4, 4 + HALF),
    BEN: (2, 5, 5),  # 3 + 2: the tied 1.5 does not count
    CARL: (1, 5, 5),
    DORA: (None, 2, 5),
}


def results(nights=NIGHTS) -> list[Result]:
    rows = []
    for night, table, places in nights:
        for player, place in places.items():
            date = START + datetime.timedelta(weeks=night - 1)
            rows.append(Result(player, NAMES.get(player, f"P{player}"), night, date, table, 1, place, len(places)))
    return rows


@pytest.mark.parametrize(("best", "by_hand"), [(0, ALL_NIGHTS), (2, BEST_TWO)], ids=["all nights", "best two"])
def test_running_points_after_each_night_are_those_computed_by_hand(best, by_hand):
    scheme = Scheme(best_nights=best)
    race = running_points(score_results(results(), scheme), [ANNA, BEN, CARL, DORA], best_nights=best)
    assert [night_id for _date, night_id in race.nights] == [1, 2, 3]
    assert race.points == {
        player: tuple(p if p is None else Fraction(p) for p in row) for player, row in by_hand.items()
    }


@pytest.mark.parametrize("best", [0, 1, 2, 3])
def test_running_points_match_the_season_table_as_it_stood_after_each_night(best):
    scheme = Scheme(best_nights=best)
    race = running_points(score_results(results(), scheme), list(NAMES), best_nights=best)
    for k in range(1, len(NIGHTS) + 1):
        table = season_table(score_results(results(NIGHTS[:k]), scheme), best_nights=best)
        assert {row.player_id: row.points for row in table} == {
            player: points[k - 1] for player, points in race.points.items() if points[k - 1] is not None
        }


def test_the_race_of_a_larger_season_matches_its_table_after_every_night():
    """Twelve nights of two tables, players coming and going, best five nights: the table computed night by
    night (the slow way) against the one pass."""
    players = list(range(1, 13))
    nights = []
    for night in range(1, 13):
        here = [p for p in players if (p + night) % 5 and p <= 6 + night][:10]  # some away, some from later on
        half = len(here) // 2
        for number, seated in enumerate((here[:half], here[half:]), start=1):
            order = seated[night % len(seated) :] + seated[: night % len(seated)]
            places = {p: (k + 1 if k != 2 else 2) for k, p in enumerate(order)}  # 2nd and 3rd tied
            nights.append((night, night * 10 + number, places))
    scheme = Scheme(best_nights=5)
    race = running_points(score_results(results(nights), scheme), players, best_nights=5)
    for k in range(1, 13):
        upto = [n for n in nights if n[0] <= k]
        table = season_table(score_results(results(upto), scheme), best_nights=5)
        assert {row.player_id: row.points for row in table} == {
            p: points[k - 1] for p, points in race.points.items() if points[k - 1] is not None
        }


def test_a_season_without_results_has_no_nights_in_its_race():
    race = running_points([], [ANNA])
    assert race.nights == ()
    assert race.points == {ANNA: ()}


# --- by calendar week: a season whose nights are at several venues (docs/league-rules.md, "Venues") ------------


def test_a_week_is_an_iso_week_monday_to_sunday_with_its_iso_year():
    assert week_of(datetime.date(2026, 9, 7)) == week_of(datetime.date(2026, 9, 13)) == (2026, 37)  # Mon..Sun
    assert week_of(datetime.date(2026, 9, 6)) == (2026, 36)  # the Sunday before
    assert week_of(datetime.date(2025, 12, 29)) == (2026, 1)  # a Monday of December opens the next year's week 1
    assert week_of(datetime.date(2027, 1, 3)) == (2026, 53)


def test_steps_by_night_are_the_nights_in_order_and_by_week_the_weeks_with_nights():
    nights = [(datetime.date(2026, 9, 3), 20), (datetime.date(2026, 9, 2), 10), (datetime.date(2026, 9, 2), 11)]
    nights += [(datetime.date(2026, 9, 11), 30), (datetime.date(2026, 9, 23), 40)]  # no night in week 38
    assert steps(nights) == {10: 0, 11: 1, 20: 2, 30: 3, 40: 4}
    assert steps(nights, by_week=True) == {10: 0, 11: 0, 20: 0, 30: 1, 40: 2}  # week 39 is the third step


def _two_pubs(seed: int, weeks: int = 9) -> list[tuple[int, int, dict[int, int]]]:
    """Random nights at two pubs: some weeks with both pubs' nights, some with one, some with none."""
    rng = random.Random(seed)
    nights = []
    for week in range(weeks):
        for pub in (0, 1):
            if rng.random() < 0.6:
                night = 1 + week * 7 + pub * 2  # night k is played on START + k - 1 days (see `dated`)
                here = rng.sample(range(1, 13), rng.randint(2, 8))
                places = {p: k + 1 for k, p in enumerate(here)}
                if len(here) > 3 and rng.random() < 0.3:
                    places[here[2]] = 2  # a tie
                nights.append((night, night * 10, places))
    return nights


def dated(nights) -> list[Result]:
    """`results` with night k on START + k - 1 days (a Wednesday, then the Friday of the same week, ...)."""
    rows = []
    for night, table, places in nights:
        for player, place in places.items():
            date = START + datetime.timedelta(days=night - 1)
            rows.append(Result(player, f"P{player}", night, date, table, 1, place, len(places)))
    return rows


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("best", [0, 3])
def test_the_race_by_week_stands_after_each_week_where_the_race_by_night_stands_after_the_weeks_last_night(seed, best):
    scheme = Scheme(best_nights=best)
    scored = score_results(dated(_two_pubs(seed)), scheme)
    players = list(range(1, 13))
    nightly = running_points(scored, players, best_nights=best)
    weekly = running_points(scored, players, best_nights=best, by_week=True)
    weeks = [week_of(date) for date, _night_id in nightly.nights]
    last_of_week = [k for k in range(len(weeks)) if k + 1 == len(weeks) or weeks[k + 1] != weeks[k]]
    assert weekly.weeks == tuple(weeks[k] for k in last_of_week) and len(set(weekly.weeks)) == len(weekly.weeks)
    assert weekly.nights == tuple(nightly.nights[k] for k in last_of_week)
    assert weekly.points == {p: tuple(points[k] for k in last_of_week) for p, points in nightly.points.items()}
    # The season's nights given (as the standings page gives its table's), only the wanted players' rows read:
    # the same race, from those players' rows alone.
    nights = sorted({(r.night_date, r.night_id) for r in scored})
    theirs = [r for r in scored if r.player_id in players[:4]]
    for by_week in (False, True):
        assert running_points(theirs, players[:4], best_nights=best, by_week=by_week, nights=nights) == (
            running_points(scored, players[:4], best_nights=best, by_week=by_week)
        )
    # ... and where the season table computed from the nights up to that week's end stands.
    for step, (date, _night_id) in enumerate(weekly.nights):
        upto = [r for r in dated(_two_pubs(seed)) if r.night_date <= date]
        table = season_table(score_results(upto, scheme), best_nights=best)
        assert {row.player_id: row.points for row in table} == {
            p: points[step] for p, points in weekly.points.items() if points[step] is not None
        }


def test_a_season_of_one_night_a_week_runs_the_same_by_week_as_by_night():
    scored = score_results(results(), Scheme())
    assert running_points(scored, list(NAMES), by_week=True).points == running_points(scored, list(NAMES)).points
    assert running_points(scored, list(NAMES)).weeks == ()


def test_results_are_at_several_venues_when_two_nights_name_different_venues():
    rows = results()
    assert not at_several_venues(rows) and not at_several_venues([])  # no venue named: a league of one pub
    at_one = [dataclasses.replace(r, venue_id=7) for r in rows]
    assert not at_several_venues(at_one)
    at_one[-1] = dataclasses.replace(at_one[-1], venue_id=8)
    assert at_several_venues(at_one)
    scored = score_results(at_one, Scheme(best_nights=1))  # scoring keeps each night's venue
    assert [r.venue_id for r in scored] == [r.venue_id for r in at_one]
