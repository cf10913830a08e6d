"""A file of past nights read and checked row by row and table by table (league/rules/history.py)."""

from __future__ import annotations

import datetime

import pytest

from league.rules.history import HistoryError, check_tables, read_history

TODAY = datetime.date(2026, 12, 6)


def _rows(*lines: str) -> list:
    return [(number, line.split(";")) for number, line in enumerate(lines, start=1)]


def test_rows_are_read_with_their_dates_tables_and_places_any_column_order():
    rows = read_history(
        _rows("Platz;Spieler;Tisch;Ligaabend;Punkte", "1;Anna;2;02.09.26;9", "2;Ben;2;2026-09-02;"), today=TODAY
    )
    assert [(r.line, r.date, r.player, r.table, r.place, r.errors) for r in rows] == [
        (2, datetime.date(2026, 9, 2), "Anna", 2, 1, []),
        (3, datetime.date(2026, 9, 2), "Ben", 2, 2, []),
    ]


def test_without_a_table_column_a_night_is_one_table():
    rows = read_history(_rows("Night;Player;Place", "02.09.2026;Anna;2", "02.09.2026;Ben;1"), today=TODAY)
    for number, row in enumerate(rows, start=10):
        row.player_id = number
    check_tables(rows)
    assert [r.table for r in rows] == [1, 1] and all(r.ok for r in rows)


@pytest.mark.parametrize(
    ("lines", "codes"),
    [
        (("02.09.2026;Anna;1", "02.09.2026;Ben;1"), {"table_places"}),  # two winners
        (("02.09.2026;Anna;1",), {"table_places"}),  # a table of one
        (("02.09.2026;Anna;1", "02.09.2026;;2"), {"no_name", "table_refused"}),
        (("02.09.2026;Anna;1", "02.09.2026;Ben;zwei"), {"bad_place", "table_refused"}),
        (("31.02.2026;Anna;1", "31.02.2026;Ben;2"), {"bad_date"}),
        (("02.09.2099;Anna;1", "02.09.2099;Ben;2"), {"bad_date"}),  # ahead
    ],
)
def test_a_row_or_a_table_that_cannot_be_is_refused_saying_why(lines, codes):
    rows = read_history(_rows("Datum;Spieler;Platz", *lines), today=TODAY)
    for number, row in enumerate(rows, start=10):
        row.player_id = number
    check_tables(rows)
    assert {code for row in rows for code, _ in row.errors} == codes and not any(row.ok for row in rows)


def test_a_player_twice_in_one_night_is_refused():
    rows = read_history(
        _rows(
            "Datum;Tisch;Spieler;Platz",
            "02.09.2026;1;Anna;1",
            "02.09.2026;1;Ben;2",
            "02.09.2026;2;Anna;1",
            "02.09.2026;2;Clara;2",
        ),
        today=TODAY,
    )
    for row, player in zip(rows, (1, 2, 1, 3)):
        row.player_id = player
    check_tables(rows)
    assert rows[2].errors[0] == ("twice", {"line": 2}) and rows[0].ok


@pytest.mark.parametrize(("lines", "code"), [(("Name;Datum",), "columns"), (("Datum;Spieler;Platz",), "empty")])
def test_a_file_without_the_columns_or_rows_is_refused_whole(lines, code):
    with pytest.raises(HistoryError) as caught:
        read_history(_rows(*lines), today=TODAY)
    assert caught.value.code == code


def test_a_file_of_points_without_places_ranks_each_table_by_its_points():
    rows = read_history(
        _rows(
            "Datum;Tisch;Spieler;Punkte",
            "02.09.2026;1;Anna;3,5",
            "02.09.2026;1;Ben;10",
            "02.09.2026;1;Clara;1",
            "02.09.2026;2;Dora;4",
            "02.09.2026;2;Emil;4",
        ),
        today=TODAY,
    )
    assert [(r.player, r.place) for r in rows[:3]] == [("Anna", 2), ("Ben", 1), ("Clara", 3)]
    assert {code for row in rows[3:] for code, _ in row.errors} == {"equal_points"}
