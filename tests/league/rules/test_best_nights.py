"""Best N nights and the knockout bonus in the season table (league/rules/standings.py), against a season
computed by hand: ten nights of one table of four, points n - place + 1, 2 points a knockout, best 4 count."""

from __future__ import annotations

import datetime
from fractions import Fraction

from league.rules.standings import Result, Scheme, score_results, season_table

NAMES = {1: "Anna", 2: "Ben", 3: "Carl", 4: "Dora"}
# Each night: (Anna, Ben, Carl, Dora) places and knockouts.
NIGHTS = [
    ((1, 2, 3, 4), (2, 1, 0, 0)),
    ((2, 1, 4, 3), (0, 3, 0, 0)),
    ((3, 4, 1, 2), (0, 0, 2, 1)),
    ((4, 3, 2, 1), (0, 0, 0, 3)),
    ((1, 3, 2, 4), (3, 0, 0, 0)),
    ((1, 2, 4, 3), (1, 2, 0, 0)),
    ((3, 1, 2, 4), (0, 2, 1, 0)),
    ((2, 4, 1, 3), (0, 0, 3, 0)),
    ((4, 2, 3, 1), (0, 1, 0, 2)),
    ((1, 4, 3, 2), (2, 0, 0, 1)),
]
# By hand, place points (4, 3, 2, 1) + 2 per knockout, night by night:
BY_HAND = {
    "Anna": [8, 3, 2, 1, 10, 6, 2, 3, 1, 8],  # all 44; best four 10 + 8 + 8 + 6 = 32
    "Ben": [5, 10, 1, 2, 2, 7, 8, 1, 5, 1],  # all 42; best four 10 + 8 + 7 + 5 = 30
    "Carl": [2, 1, 8, 3, 3, 1, 5, 10, 2, 2],  # all 37; best four 10 + 8 + 5 + 3 = 26
    "Dora": [1, 2, 5, 10, 1, 2, 1, 2, 8, 5],  # all 37; best four 10 + 8 + 5 + 5 = 28
}


def season_rows() -> list[Result]:
    rows = []
    start = datetime.date(2026, 9, 2)
    for k, (places, knockouts) in enumerate(NIGHTS):
        for player, (place, kos) in enumerate(zip(places, knockouts), start=1):
            rows.append(
                Result(
                    player,
                    NAMES[player],
                    k + 1,
                    start + datetime.timedelta(weeks=k),
                    100 + k,
                    1,
                    place,
                    4,
                    knockouts=Fraction(kos),
                )
            )
    return rows


def test_the_knockout_bonus_adds_its_points_night_by_night():
    scored = score_results(season_rows(), Scheme.from_settings("field_size", "", knockout_points=2))
    for name, nights in BY_HAND.items():
        assert [r.points for r in scored if r.name == name] == nights
    assert [(row.name, row.points) for row in season_table(scored)] == [
        ("Anna", 44),
        ("Ben", 42),
        ("Carl", 37),
        ("Dora", 37),
    ]


def test_best_four_of_ten_nights_count_and_the_others_are_marked():
    scheme = Scheme.from_settings("field_size", "", knockout_points=2, best_nights=4)
    scored = score_results(season_rows(), scheme)
    table = season_table(scored, best_nights=4)
    assert [(row.position, row.name, row.points, row.nights, row.dropped) for row in table] == [
        (1, "Anna", 32, 10, 6),
        (2, "Ben", 30, 10, 6),
        (3, "Dora", 28, 10, 6),
        (4, "Carl", 26, 10, 6),
    ]
    counted = {name: sorted(r.points for r in scored if r.name == name and r.counted) for name in BY_HAND}
    assert counted == {"Anna": [6, 8, 8, 10], "Ben": [5, 7, 8, 10], "Carl": [3, 5, 8, 10], "Dora": [5, 5, 8, 10]}
    # Of two equal nights the earlier counts (Ben's 5s on nights 1 and 9: night 1; Carl's 3s on 4 and 5: night 4).
    assert [r.night_id for r in scored if r.name == "Ben" and r.counted and r.points == 5] == [1]
    assert [r.night_id for r in scored if r.name == "Carl" and r.counted and r.points == 3] == [4]
    # Wins, seconds... count the counted nights only: Anna won nights 1, 5, 10 (8, 10, 8) and 6 (6 points).
    assert table[0].place_counts[:2] == (4, 0)


def test_before_the_last_night_the_best_four_are_chosen_again():
    scheme = Scheme.from_settings("field_size", "", knockout_points=2, best_nights=4)
    table = season_table(score_results(season_rows(), scheme), best_nights=4)
    # After nine nights: Anna 10+8+6+3 = 27, Ben 30, Carl 26, Dora 10+8+5+2 = 25: Ben led, Anna was 2nd.
    assert {row.name: row.previous_position for row in table} == {"Ben": 1, "Anna": 2, "Carl": 3, "Dora": 4}


def test_without_best_nights_every_night_counts_as_before():
    scored = score_results(season_rows(), Scheme.from_settings("field_size", ""))
    assert all(r.counted for r in scored)
    # By hand: Anna 4+3+2+1+4+4+2+3+1+4 = 28, Carl 25, Ben 24, Dora 23 (100 points: ten tables of four).
    assert [(row.name, row.points, row.dropped) for row in season_table(scored)] == [
        ("Anna", 28, 0),
        ("Carl", 25, 0),
        ("Ben", 24, 0),
        ("Dora", 23, 0),
    ]
