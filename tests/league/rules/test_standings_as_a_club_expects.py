"""The season table as clubs count it (league/rules/standings.py): the best-N tiebreak counts only the nights
that count, ties by average or by best place, and a formula's points added exactly and rounded once."""

from __future__ import annotations

import datetime
from fractions import Fraction

import pytest

from league.rules.errors import RulesError
from league.rules.standings import Result, Scheme, points_display, score_results, season_table, table_points

START = datetime.date(2026, 9, 2)


def _nights(tables: list[tuple[int, list[str]]]) -> list[Result]:
    """(night number, names in finishing order) per table: one row per placement, tables of four."""
    ids: dict[str, int] = {}
    rows = []
    for table_id, (night, order) in enumerate(tables, start=1):
        for place, name in enumerate(order, start=1):
            player = ids.setdefault(name, len(ids) + 1)
            rows.append(
                Result(
                    player, name, night, START + datetime.timedelta(weeks=night), table_id, table_id, place, len(order)
                )
            )
    return rows


def test_a_night_the_best_n_rule_drops_does_not_cost_a_place_in_the_tiebreak():
    # Best 2 nights. Aylin: 2nd twice. Özlem: 2nd twice and a 4th that is dropped. Equal points, equal places:
    # "fewer nights played" counts the nights that count (2 each), so they are tied (3rd, behind Bruno).
    rows = _nights(
        [
            (1, ["Bernd", "Aylin Demir", "F1", "F2"]),
            (1, ["Bruno", "Özlem Kaya", "F3", "F4"]),
            (2, ["Bernd", "Aylin Demir", "F5", "F6"]),
            (2, ["Bruno", "Özlem Kaya", "F7", "F8"]),
            (3, ["Bernd", "F9", "F10", "Özlem Kaya"]),
        ]
    )
    table = season_table(score_results(rows, Scheme(best_nights=2)), best_nights=2)
    positions = {row.name: row.position for row in table}
    assert positions["Bernd"] == 1
    assert positions["Aylin Demir"] == positions["Özlem Kaya"] == 3  # Bruno: two wins, 8 points, 2nd
    ozlem = next(row for row in table if row.name == "Özlem Kaya")
    assert (ozlem.points, ozlem.nights, ozlem.dropped) == (6, 3, 1)


def test_ozlem_kaya_ranks_second_beside_aylin_demir_with_best_two_nights():
    rows = _nights(
        [
            (1, ["Bernd", "Aylin Demir", "F1", "F2"]),
            (1, ["F3", "Özlem Kaya", "F4", "F5"]),
            (2, ["Bernd", "Aylin Demir", "F6", "F7"]),
            (2, ["F8", "Özlem Kaya", "F9", "F10"]),
            (3, ["Bernd", "F11", "F12", "Özlem Kaya"]),
        ]
    )
    table = season_table(score_results(rows, Scheme(best_nights=2)), best_nights=2)
    positions = {row.name: (row.position, row.tied) for row in table}
    assert positions["Özlem Kaya"] == (2, 2)
    assert positions["Aylin Demir"] == (2, 2)


def test_without_best_n_the_player_with_fewer_nights_still_ranks_ahead():
    rows = _nights(
        [
            (1, ["Bernd", "Aylin", "F1", "F2"]),
            (1, ["F3", "Özlem", "F4", "F5"]),
            (2, ["Bernd", "Aylin", "F6", "F7"]),
            (2, ["F8", "Özlem", "F9", "F10"]),
            (3, ["Bernd", "F11", "F12", "Özlem"]),  # 1 point more for Özlem: she is ahead on points
        ]
    )
    table = season_table(score_results(rows, Scheme()))
    positions = {row.name: row.position for row in table}
    assert positions["Özlem"] < positions["Aylin"]


def _six_with_a_tie() -> dict[str, int]:
    return {"A": 1, "B": 2, "C": 3, "D": 4, "E": 4, "F": 6}


def test_tied_players_share_the_average_of_their_places_by_default():
    points = table_points(_six_with_a_tie(), 6, Scheme())
    assert points["D"] == points["E"] == Fraction(5, 2)  # places 4 and 5: (3 + 2) / 2


def test_with_the_best_place_rule_tied_players_each_earn_the_best_place_s_points():
    points = table_points(_six_with_a_tie(), 6, Scheme(ties="best"))
    assert points["D"] == points["E"] == 3
    assert points["F"] == 1


def test_the_best_place_rule_works_with_a_fixed_list_and_the_season_table():
    scheme = Scheme.from_settings("fixed", "10,7,5,3,2,1", ties="best")
    rows = [Result(k, name, 1, START, 1, 1, place, 6) for k, (name, place) in enumerate(_six_with_a_tie().items(), 1)]
    table = {row.name: row.points for row in season_table(score_results(rows, scheme))}
    assert table["D"] == table["E"] == 3


def test_an_unknown_tie_rule_is_refused():
    with pytest.raises(RulesError) as refused:
        Scheme.from_settings("field_size", "", ties="coin")
    assert refused.value.code == "ties_unknown"


def test_a_formula_s_points_are_added_exactly_and_rounded_once_at_the_end():
    # 10 / r for third place is 3.333...: three such nights make 10, as a spreadsheet adds them (each rounded
    # to hundredths first would have made 9.99).
    scheme = Scheme.from_settings("formula", "", "10 / r", check_up_to=None)
    rows = _nights([(night, ["A", "B", "Carla", "D"]) for night in (1, 2, 3)])
    carla = next(row for row in season_table(score_results(rows, scheme)) if row.name == "Carla")
    assert abs(carla.points - 10) < Fraction(1, 10**9)
    assert points_display(carla.points) == 10


def test_one_night_s_formula_points_are_shown_to_hundredths():
    scheme = Scheme.from_settings("formula", "", "10 / r", check_up_to=None)
    assert points_display(scheme.place_points(3, 4)) == Fraction(333, 100)
