"""The pure results rules: points, ties, the season table, the jackpot split, the fingerprint. No database."""

from __future__ import annotations

import ast
import datetime
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from league.rules import standings
from league.rules.standings import FIELD_SIZE, FIXED, Result, RulesError, Scheme

FIELD = Scheme(FIELD_SIZE)
TOP6 = Scheme(FIXED, (10, 7, 5, 3, 2, 1))


def test_the_module_imports_nothing_from_django():
    tree = ast.parse(Path(standings.__file__).read_text())
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not [
        name
        for name in imported
        if name.startswith("django")
        or (name.startswith("league.") and not name.startswith("league.rules"))
        or name == "tournaments"
    ]


# --- points at one table ---------------------------------------------------------


def test_field_size_gives_n_minus_place_plus_one():
    points = standings.table_points({"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6}, 6, FIELD)
    assert points == {"a": 6, "b": 5, "c": 4, "d": 3, "e": 2, "f": 1}


def test_field_size_depends_on_the_size_of_the_players_table():
    assert standings.table_points({"a": 1, "b": 2, "c": 3}, 3, FIELD) == {"a": 3, "b": 2, "c": 1}


def test_a_fixed_list_pays_its_places_and_nothing_beyond_it():
    points = standings.table_points({k: k for k in range(1, 9)}, 8, TOP6)
    assert [points[k] for k in range(1, 9)] == [10, 7, 5, 3, 2, 1, 0, 0]


def test_two_tied_for_fourth_and_fifth_share_the_average_of_both():
    points = standings.table_points({"a": 1, "b": 2, "c": 3, "d": 4, "e": 4, "f": 6}, 6, FIELD)
    assert points["d"] == points["e"] == Fraction(5, 2)
    assert points["f"] == 1 and points["c"] == 4


def test_three_tied_share_a_third_each_exactly():
    points = standings.table_points({"a": 1, "b": 2, "c": 2, "d": 2}, 4, TOP6)
    assert points["b"] == points["c"] == points["d"] == Fraction(7 + 5 + 3, 3)
    assert standings.points_display(points["b"]) == Decimal("5")
    fractions = standings.table_points({"a": 1, "b": 2, "c": 2, "d": 2}, 4, Scheme(FIXED, (10, 6, 4, 0)))
    assert fractions["b"] == Fraction(10, 3)
    assert standings.points_display(fractions["b"]) == Decimal("3.33")


def test_ties_running_past_the_fixed_list_average_in_its_zeros():
    points = standings.table_points({"a": 1, "b": 2, "c": 3}, 3, Scheme(FIXED, (5, 2)))
    assert points["c"] == 0
    tied = standings.table_points({"a": 1, "b": 2, "c": 2}, 3, Scheme(FIXED, (5, 2)))
    assert tied["b"] == tied["c"] == 1


def test_a_table_still_playing_scores_only_those_already_placed():
    assert standings.table_points({"e": 5, "f": 6}, 6, FIELD) == {"e": 2, "f": 1}


@given(st.integers(min_value=2, max_value=9), st.data())
def test_ties_never_change_the_table_s_total_points(size, data):
    places, place = [], 1
    while place <= size:
        tied = data.draw(st.integers(min_value=1, max_value=size - place + 1)) if place > 1 else 1
        places += [place] * tied
        place += tied
    standings.check_places(places, size)
    for scheme in (FIELD, TOP6):
        points = standings.table_points(dict(enumerate(places)), size, scheme)
        assert sum(points.values()) == sum(scheme.points_for_place(p, size) for p in range(1, size + 1))


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (Fraction(5), "5"),
        (Fraction(7, 2), "3.5"),
        (Fraction(10, 3), "3.33"),
        (Fraction(2, 3), "0.67"),
        (Fraction(0), "0"),
        (Fraction(20), "20"),
    ],
)
def test_points_show_with_at_most_two_decimals(value, shown):
    assert str(standings.points_display(value)) == shown


# --- checking a complete table ------------------------------------------------------


@pytest.mark.parametrize("places", [[1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 4, 6], [1, 2, 2, 4], [1, 2], [1, 2, 2, 2, 5]])
def test_these_are_complete_results(places):
    standings.check_places(places[::-1], len(places))


@pytest.mark.parametrize(
    ("places", "code"),
    [
        ([1, 2, 3, 4, 4, 5], "place_gap"),
        ([1, 2, 3, 7, 5, 6], "place_out_of_range"),
        ([0, 1, 2], "place_out_of_range"),
        ([1, 1, 3], "one_winner"),
        ([2, 2, 3], "one_winner"),
        ([1, 3, 3], "place_gap"),
        ([1, 2], "places_count"),
    ],
)
def test_these_are_refused_with_the_reason(places, code):
    size = 3 if code == "places_count" else len(places)
    with pytest.raises(RulesError) as caught:
        standings.check_places(places, size)
    assert caught.value.code == code


def test_a_gap_after_a_tie_says_which_place_comes_next():
    with pytest.raises(RulesError) as caught:
        standings.check_places([1, 2, 3, 4, 4, 5], 6)
    assert caught.value.params == {"place": 5, "expected": 6, "previous": 4, "tied": 2}


# --- settings as text ---------------------------------------------------------------


def test_points_lists_and_payout_splits_are_parsed():
    assert standings.parse_points_list("10, 7,5 ,3,2,1") == (10, 7, 5, 3, 2, 1)
    assert standings.parse_payout_split("50,30,20") == (50, 30, 20)
    assert standings.parse_payout_split("60; 40 %") == (60, 40)
    assert standings.parse_payout_split("33.4,33.3,33.3") == (Decimal("33.4"), Decimal("33.3"), Decimal("33.3"))


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "points_empty"),
        ("10,x", "points_not_whole"),
        ("10,-1", "points_not_whole"),
        ("5,7", "points_rising"),
        ("2.5,1", "points_not_whole"),
    ],
)
def test_bad_points_lists_are_refused(text, code):
    with pytest.raises(RulesError) as caught:
        standings.parse_points_list(text)
    assert caught.value.code == code


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "split_empty"),
        ("50,30", "split_not_100"),
        ("50,abc,20", "split_not_a_number"),
        ("100,0", "split_not_positive"),
        ("nan", "split_not_positive"),
    ],
)
def test_bad_payout_splits_are_refused(text, code):
    with pytest.raises(RulesError) as caught:
        standings.parse_payout_split(text)
    assert caught.value.code == code


def test_a_scheme_is_read_from_the_season_settings():
    assert Scheme.from_settings("field_size", "") == FIELD
    assert Scheme.from_settings("fixed", "10,7,5,3,2,1") == TOP6
    with pytest.raises(RulesError):
        Scheme.from_settings("golf", "")


# --- the season ----------------------------------------------------------------------

DAY = datetime.date(2026, 9, 2)


def night(number: int, *tables: dict[str, int]) -> list[Result]:
    """Results of night `number`: each table as {name: place}; player ids from the names."""
    rows = []
    for t, table in enumerate(tables, start=1):
        for name, place in table.items():
            rows.append(
                Result(
                    player_id=sum(map(ord, name)) * 1000 + len(name),
                    name=name,
                    night_id=number,
                    night_date=DAY + datetime.timedelta(weeks=number),
                    table_id=number * 100 + t,
                    table_number=t,
                    place=place,
                    table_size=len(table),
                )
            )
    return rows


def table_of(*nights: list[Result], scheme: Scheme = FIELD) -> list[standings.Standing]:
    return standings.season_table(standings.score_results([r for n in nights for r in n], scheme))


def test_points_add_up_over_the_season():
    rows = table_of(night(1, {"Anna": 1, "Ben": 2, "Carl": 3}), night(2, {"Ben": 1, "Anna": 2, "Carl": 3, "Dora": 4}))
    assert [(r.name, r.points, r.nights) for r in rows] == [
        ("Anna", 6, 2),
        ("Ben", 6, 2),
        ("Carl", 3, 2),
        ("Dora", 1, 1),
    ]


def test_equal_points_are_split_by_wins():
    rows = table_of(
        night(1, {"Zoe": 1, "Adam": 2, "Carl": 3}),
        night(2, {"Carl": 1, "Adam": 2, "Zoe": 3}),
        scheme=Scheme(FIXED, (3, 2, 1)),
    )
    assert {r.name: r.points for r in rows} == {"Zoe": 4, "Adam": 4, "Carl": 4}
    # Carl and Zoe won once, Adam never; Carl and Zoe are equal in everything but the name.
    assert [r.name for r in rows] == ["Carl", "Zoe", "Adam"]


def test_then_second_places_then_third_places():
    # All four have 4 points and no win: seconds, then thirds decide, whatever the alphabet says.
    rows = table_of(
        night(1, {"W1": 1, "Anna": 2, "x1": 3}, {"W2": 1, "Xaver": 2, "y": 3, "Carl": 4}),
        night(2, {"W3": 1, "Carl": 2, "Dora": 3, "z": 4}, {"W4": 1, "Anna": 2, "Xaver": 3, "Dora": 4, "q": 5}),
        scheme=Scheme(FIXED, (0, 2, 2, 2)),
    )
    four = {"Anna", "Xaver", "Carl", "Dora"}
    assert {r.name: r.points for r in rows if r.name in four} == dict.fromkeys(four, 4)
    # Anna: two seconds. Xaver: a second and a third. Carl: a second and a fourth. Dora: a third and a fourth.
    assert [r.name for r in rows if r.name in four] == ["Anna", "Xaver", "Carl", "Dora"]


def test_last_comes_the_name():
    # Equal place counts mean equal nights played, so after the places only the name is left to decide.
    rows = table_of(
        night(1, {"W": 1, "zora": 2, "x": 3}, {"V": 1, "Berta": 2, "y": 3}), scheme=Scheme(FIXED, (5, 3, 1))
    )
    assert [r.name for r in rows] == ["V", "W", "Berta", "zora", "x", "y"]


def test_names_sort_without_regard_to_case():
    rows = table_of(night(1, {"W": 1, "bert": 2, "Anton": 2, "Carla": 2}))
    assert [r.name for r in rows] == ["W", "Anton", "bert", "Carla"]


def test_a_tied_place_counts_as_that_place_for_the_tie_break():
    rows = table_of(night(1, {"A": 1, "B": 2, "C": 2}))
    assert rows[1].place_counts == (0, 1) and rows[2].place_counts == (0, 1)
    assert rows[1].points == Fraction(3, 2)


def test_movement_compares_with_the_table_before_the_last_night():
    rows = table_of(
        night(1, {"Anna": 1, "Ben": 2, "Carl": 3}),
        night(2, {"Carl": 1, "Ben": 2, "Dora": 3, "Anna": 4}),
    )
    by_name = {r.name: r for r in rows}
    # before: Anna 1., Ben 2., Carl 3. -- after: Carl 5, Ben 5, Anna 4, Dora 2
    assert [r.name for r in rows] == ["Carl", "Ben", "Anna", "Dora"]
    assert by_name["Carl"].movement == 2 and by_name["Anna"].movement == -2 and by_name["Ben"].movement == 0
    assert by_name["Dora"].movement is None


def test_after_one_night_everybody_is_new():
    assert all(r.movement is None for r in table_of(night(1, {"A": 1, "B": 2})))


def test_the_latest_night_is_by_date_not_by_id():
    early = night(9, {"A": 1, "B": 2})
    late = [replace(r, night_date=DAY + datetime.timedelta(weeks=30)) for r in night(2, {"B": 1, "A": 2})]
    assert standings.latest_night(early + late) == 2


def test_wins_seconds_best_place():
    rows = table_of(night(1, {"A": 1, "B": 2, "C": 3}), night(2, {"A": 2, "B": 1, "C": 3}))
    a = next(r for r in rows if r.name == "A")
    c = next(r for r in rows if r.name == "C")
    assert (a.wins, a.seconds, a.thirds, a.best_place) == (1, 1, 0, 1)
    assert (c.wins, c.seconds, c.thirds, c.best_place) == (0, 0, 2, 3)


def test_an_empty_season_has_an_empty_table():
    assert standings.season_table([]) == []
    assert standings.latest_night([]) is None


def test_scoring_keeps_the_order_and_marks_ties():
    rows = standings.score_results(night(1, {"A": 1, "B": 2, "C": 2}), FIELD)
    assert [(r.name, r.points, r.tied) for r in rows] == [
        ("A", 3, 1),
        ("B", Fraction(3, 2), 2),
        ("C", Fraction(3, 2), 2),
    ]


# --- the jackpot ---------------------------------------------------------------------


def test_the_default_split_of_a_round_total():
    assert standings.payout_split(Decimal("200.00"), (50, 30, 20)) == [
        Decimal("100.00"),
        Decimal("60.00"),
        Decimal("40.00"),
    ]


def test_cents_lost_by_rounding_go_to_first_place():
    shares = standings.payout_split(Decimal("100.00"), [Decimal("33.4"), Decimal("33.3"), Decimal("33.3")])
    assert shares == [Decimal("33.40"), Decimal("33.30"), Decimal("33.30")]
    odd = standings.payout_split(Decimal("10.01"), (50, 30, 20))
    assert odd == [Decimal("5.01"), Decimal("3.00"), Decimal("2.00")] and sum(odd) == Decimal("10.01")


@given(
    st.decimals(min_value=0, max_value=100000, places=2),
    st.sampled_from([(50, 30, 20), (100,), (40, 25, 15, 10, 10), (33.4, 33.3, 33.3)]),
)
def test_the_shares_always_add_up_to_the_total(total, split):
    percents = [Decimal(str(p)) for p in split]
    shares = standings.payout_split(total, percents)
    assert sum(shares) == total and all(share >= 0 for share in shares)
    assert shares == sorted(shares, reverse=True)


def test_an_empty_jackpot_pays_nothing():
    assert standings.payout_split(Decimal("0"), (50, 30, 20)) == [Decimal("0.00")] * 3


# --- the fingerprint -----------------------------------------------------------------------


def test_the_fingerprint_is_short_stable_and_order_free():
    a = standings.results_fingerprint(7, [(1, 1), (2, 2), (3, 3)])
    assert a == standings.results_fingerprint(7, [(3, 3), (1, 1), (2, 2)])
    assert len(a) == 9 and a[4] == "-" and a.replace("-", "").isalnum() and a.upper() == a


def test_any_change_of_place_or_table_changes_the_fingerprint():
    base = standings.results_fingerprint(7, [(1, 1), (2, 2), (3, 3)])
    assert base != standings.results_fingerprint(7, [(1, 1), (2, 3), (3, 2)])
    assert base != standings.results_fingerprint(8, [(1, 1), (2, 2), (3, 3)])
    assert base != standings.results_fingerprint(7, [(1, 1), (2, 2), (3, 2)])


# --- the fast paths agree with the plain definition --------------------------------------------


@st.composite
def seasons(draw) -> list[Result]:
    """1-4 nights of one or two tables of 2-6 players drawn from 12 names, some with two or three sharing a place."""
    names = [f"P{k}" for k in range(12)]
    results: list[Result] = []
    for number in range(1, draw(st.integers(1, 4)) + 1):
        pool = draw(st.permutations(names))
        tables = []
        for _ in range(draw(st.integers(1, 2))):
            size = draw(st.integers(2, 6))
            seated, pool = pool[:size], pool[size:]
            places = list(range(1, size + 1))
            if size >= 3 and draw(st.booleans()):
                k = draw(st.integers(2, size - 1))
                tied = draw(st.integers(2, min(3, size - k + 1)))
                places[k - 1 : k - 1 + tied] = [k] * tied
            tables.append(dict(zip(seated, places)))
        results += night(number, *tables)
    return results


@given(seasons(), st.sampled_from([FIELD, TOP6, Scheme(FIXED, (5,))]))
def test_the_season_table_is_the_plain_sum_of_each_table_s_points(results, scheme):
    scored = standings.score_results(results, scheme)
    by_table: dict[int, dict[int, int]] = {}
    for index, r in enumerate(results):
        by_table.setdefault(r.table_id, {})[index] = r.place
    expected = {}
    for places in by_table.values():
        expected.update(standings.table_points(places, results[next(iter(places))].table_size, scheme))
    assert [s.points for s in scored] == [expected[index] for index in range(len(results))]
    totals: dict[int, Fraction] = {}
    for s in scored:
        totals[s.player_id] = totals.get(s.player_id, Fraction(0)) + s.points
    table = standings.season_table(scored)
    assert {row.player_id: row.points for row in table} == totals
    assert [row.points for row in table] == sorted((row.points for row in table), reverse=True)
