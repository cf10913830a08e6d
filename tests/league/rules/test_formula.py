"""A season's points formula (league/rules/formula.py): presets against tables computed by hand, every way a
formula is refused (hostile text among them), and the scheme that scores with it."""

from __future__ import annotations

import math
import threading
import time
from fractions import Fraction

import pytest

from league.rules.errors import RulesError
from league.rules.formula import (
    MAX_OPERATIONS,
    PRESETS,
    ROUND_DIGITS,
    checked_nights,
    compile_formula,
    knockout_counts,
    read_formula,
)
from league.rules.standings import Result, Scheme, failures_by_night, score_results, season_table, table_points


def _points(text: str, n: int, **context) -> list[Fraction]:
    formula = compile_formula(text, fee=10)
    return [formula.points(place=r, table_size=n, **context) for r in range(1, n + 1)]


def _f(*values: str) -> list[Fraction]:
    return [Fraction(v) for v in values]


# --- presets and examples against tables computed by hand ---------------------------------------------


def test_the_seed_s_rule_as_a_formula_gives_n_minus_place_plus_one():
    assert _points("n - r + 1", 6) == _f("6", "5", "4", "3", "2", "1")
    assert _points("players - place + 1", 4) == _f("4", "3", "2", "1")


def test_td3_s_logarithmic_default_to_hundredths():
    # ln(7/1) = 1.9459, ln(7/2) = 1.2528, ln(7/3) = 0.8473, ln(7/4) = 0.5596, ln(7/5) = 0.3365, ln(7/6) = 0.1542
    assert PRESETS["logarithmic"] == "log((n + 1) / r)"
    assert _points(PRESETS["logarithmic"], 6) == _f("1.95", "1.25", "0.85", "0.56", "0.34", "0.15")


def test_the_linear_and_square_root_presets():
    # 10 * (5 - r + 1) / 5: 10, 8, 6, 4, 2
    assert _points(PRESETS["linear"], 5) == _f("10", "8", "6", "4", "2")
    # 10 * sqrt(4 / r): 20, 14.142, 11.547, 10
    assert _points(PRESETS["square_root"], 4) == _f("20", "14.14", "11.55", "10")


def test_a_conditional_bonus_for_the_winner_as_blind_valet_writes_it_in_python_words():
    # Blind Valet's p-f+1+(f==1?5:0), here: n - r + 1 + (5 if r == 1 else 0)
    assert _points("n - r + 1 + (5 if r == 1 else 0)", 6) == _f("11", "5", "4", "3", "2", "1")


def test_every_variable_and_function():
    formula = compile_formula(
        "k * 2 + N / tables + fee / 10 + min(r, 2) + max(n, 1) + abs(-1) + floor(1.9) + ceil(0.1) + round(1.234, 1)",
        fee=10,
    )
    # k=1: 2; N/tables = 30/5 = 6; fee/10 = 1; min(3, 2) = 2; max(6, 1) = 6; 1; 1; 1; 1.2 -> 21.2
    assert formula.points(place=3, table_size=6, night_players=30, night_tables=5, knockouts=1) == Fraction("21.2")
    assert formula.uses == {"k", "N", "tables", "fee", "r", "n"} and formula.needs_context
    assert compile_formula("log(100, 10) + sqrt(r * 4)").points(place=4, table_size=4) == 6
    assert not compile_formula("n - r").needs_context


def test_values_are_rounded_half_up_to_hundredths():
    assert compile_formula("r / 8").points(place=1, table_size=6) == Fraction("0.13")  # 0.125
    assert compile_formula("10 / 3").points(place=1, table_size=2) == Fraction("3.33")


# --- refusals ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("__import__('os')", "formula_unknown_function"),
        ("__import__('os').system('rm -rf /')", "formula_not_allowed"),
        ("().__class__.__bases__[0].__subclasses__()", "formula_not_allowed"),
        ("open('/etc/passwd')", "formula_unknown_function"),
        ("9**9**9", "formula_too_large"),
        ("10 ** 400", "formula_too_large"),
        ("1/0", "formula_division_by_zero"),
        ("1 / (r - 1)", "formula_division_by_zero"),
        ("x" * 10_000, "formula_too_long"),
        ("n " + "+ 1 " * 100, "formula_too_long"),
        ("", "formula_empty"),
        ("   ", "formula_empty"),
        ("n - r + ", "formula_syntax"),
        ("r == 1 ? 5", "formula_syntax"),  # a C condition without its other value
        ("r == 1 ? : 0", "formula_syntax"),
        ("if(r == 1, 5)", "formula_arguments"),
        ("(n - r", "formula_syntax"),
        ("n - place_of_player", "formula_unknown_name"),
        ("foo(1)", "formula_unknown_function"),
        ("n - r - 1", "formula_negative"),  # the last place: -1
        ("sqrt(r - 2)", "formula_math"),
        ("log(r - 1)", "formula_math"),
        ("1e308 * 10", "formula_not_finite"),
        ("n * 100000", "formula_too_large"),
        ("'a' * 3", "formula_not_allowed"),
        ("[1, 2]", "formula_not_allowed"),
        ("lambda: 1", "formula_not_allowed"),
        ("n.real", "formula_not_allowed"),
        ("n ^ 2", "formula_bit_operator"),
        ("(x := 3)", "formula_not_allowed"),
        ("n\x00", "formula_syntax"),
        ("n in (1, 2)", "formula_not_allowed"),
    ],
)
def test_a_bad_formula_is_refused_saying_which_way(text, code):
    with pytest.raises(RulesError) as caught:
        compile_formula(text, fee=10)
    assert caught.value.code == code


def test_the_refusal_names_the_place_and_table_that_fail():
    with pytest.raises(RulesError) as caught:
        compile_formula("5 - r")
    # The check runs table sizes 2..6: the first failing is place 6 of 6 (-1).
    assert (
        caught.value.code == "formula_negative" and caught.value.params["place"] == 6 and caught.value.params["n"] == 6
    )


def test_hostile_formulas_are_refused_at_once():
    started = time.perf_counter()
    for text in ("9**9**9**9", "(9**99)**(9**99)", "2**1000000", "x" * 10_000, "(" * 150 + ")" * 150):
        with pytest.raises(RulesError):
            compile_formula(text)
    assert time.perf_counter() - started < 2  # no huge whole number is ever built (floats overflow at once)


def test_a_formula_that_breaks_outside_the_checked_nights_scores_zero_there():
    # Checked on nights of up to 300 players: 400 - N is fine there, negative on a night of 500.
    scheme = Scheme.from_settings("formula", "", "400 - N")
    assert scheme.points_for_place(1, 6, night_players=500, night_tables=84) == 0
    assert scheme.points_for_place(1, 6, night_players=100, night_tables=17) == 300


def test_the_evaluator_is_safe_to_share_between_threads():
    formula = compile_formula("n * 100 + r")
    wrong = []

    def score(n):
        for _ in range(300):
            value = formula.points(place=n - 1, table_size=n)
            if value != n * 100 + n - 1:
                wrong.append(value)

    threads = [threading.Thread(target=score, args=(n,)) for n in range(2, 7)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not wrong


# --- scoring with a formula ------------------------------------------------------------------------------


def test_tied_places_share_the_average_of_the_formula_s_places():
    scheme = Scheme.from_settings("formula", "", "10 * (n - r + 1) / n")
    # 5 players, two tied for 4th-5th: (4 + 2) / 2 = 3 each
    points = table_points({"a": 1, "b": 2, "c": 3, "d": 4, "e": 4}, 5, scheme)
    assert points == {"a": 10, "b": 8, "c": 6, "d": 3, "e": 3}


def test_a_formula_that_reads_the_night_scores_each_table_with_its_night():
    scheme = Scheme.from_settings("formula", "", "n - r + 1 + N / 10")
    import datetime

    day = datetime.date(2026, 11, 25)
    rows = [
        Result(1, "Anna", 1, day, 10, 1, 1, 2, night_players=20, night_tables=4),
        Result(2, "Ben", 1, day, 10, 1, 2, 2, night_players=20, night_tables=4),
        Result(1, "Anna", 2, day + datetime.timedelta(7), 20, 1, 1, 2, night_players=40, night_tables=7),
        Result(2, "Ben", 2, day + datetime.timedelta(7), 20, 1, 2, 2, night_players=40, night_tables=7),
    ]
    scored = score_results(rows, scheme)
    assert [r.points for r in scored] == [4, 3, 6, 5]
    assert [(s.name, s.points) for s in season_table(scored)] == [("Anna", 10), ("Ben", 8)]


def test_log_of_a_table_matches_math_exactly_at_the_cent():
    formula = compile_formula("log((n + 1) / r)")
    for n in range(2, 7):
        for r in range(1, n + 1):
            expected = Fraction(round(math.log((n + 1) / r) * 100 + 1e-9), 100)
            assert formula.points(place=r, table_size=n) == expected


# --- the work of one evaluation is bounded ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "round(n, -1e308)",
        "round(n, 1e308)",
        "round(n, -3e6)",
        "round(n, 7)",
        "round(n, -7)",
        "round(n, 1.5)",
        "n - r + 1 + round(1, -1e308 * (N == 7))",
        "n - r + 1 + round(1, -1e308 * (k == 1.5))",
        "n - r + 1 + round(1, -1e308 * (tables == 9))",
        "round(floor(1e308), -1e308)",
    ],
)
def test_round_s_digits_outside_minus_six_to_six_are_refused_at_once_even_behind_a_condition(text):
    with pytest.raises(RulesError) as caught:
        compile_formula(text)
    assert caught.value.code == "formula_round_digits" and caught.value.params["limit"] == ROUND_DIGITS


def test_round_within_its_digits_rounds_as_before():
    assert compile_formula("round(1234.5678, 2) + round(1234.5678, -2)").points(place=1, table_size=2) == Fraction(
        "2434.57"
    )
    assert compile_formula("round(n / 3)").points(place=1, table_size=5) == 2


def test_every_value_is_a_float_so_no_huge_whole_number_is_ever_built():
    # floor and ceil return whole numbers in Python: here floats, so the power overflows at once.
    for text in (
        "floor(1e308) ** 2",
        "ceil(1e300) * ceil(1e300)",
        "round(1e308, 0) ** 99",
        "max(1e308, n) ** n",
        "abs(-1e308) * 10",
        "99999999999999999999999999999999999999 ** 99",
    ):
        with pytest.raises(RulesError) as caught:
            compile_formula(text)
        assert caught.value.code in {"formula_too_large", "formula_not_finite"}
    assert isinstance(read_formula("floor(n) + round(r) + abs(n)")._evaluate(1.0, 6.0, 6.0, 0.0, 1.0), float)


def test_a_formula_of_more_than_fifty_operations_is_refused():
    with pytest.raises(RulesError) as caught:
        compile_formula("r+" * 51 + "r")  # 103 characters
    assert caught.value.code == "formula_too_complex" and caught.value.params == {"count": 51, "limit": MAX_OPERATIONS}
    assert compile_formula("r+" * 50 + "r").points(place=2, table_size=2) == 102


@pytest.mark.parametrize("text", ["round(n, 1, 2)", "sqrt(n, 2)", "log(n, 2, 3)", "abs(n, r)", "floor(n, 1)"])
def test_a_function_given_too_many_values_is_refused_by_name(text):
    with pytest.raises(RulesError) as caught:
        compile_formula(text)
    assert caught.value.code == "formula_arguments" and caught.value.params["name"] == text.split("(")[0]


# --- the check covers every night and every knockout count -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("10 / abs(N - 7)", {"night": 7}),
        ("10 / abs(N - 59)", {"night": 59}),
        ("10 / abs(tables - 4)", {"night": 19}),  # 19 players: the draw's four tables
        ("n - r + 1 - (50 if N == 23 and r == 3 else 0)", {"night": 23, "place": 3}),
        ("10 / abs(k - 0.5)", {"knockouts": "1/2"}),
        ("10 / abs(k - 1/3 - 1/4)", {"knockouts": "7/12"}),  # two knockouts, shared by three and by four winners
        ("10 / abs(k - 5)", {"knockouts": "5", "n": 6}),
        ("n - r + 1 - (9 if k == 0.2 and N == 44 else 0)", {"knockouts": "1/5", "night": 44}),
    ],
)
def test_a_failure_hidden_on_one_night_size_or_knockout_count_is_found_and_named(text, where):
    with pytest.raises(RulesError) as caught:
        compile_formula(text)
    assert where.items() <= caught.value.params.items()


def test_the_checked_nights_are_twice_the_league_s_largest_within_sixty_and_three_hundred():
    assert [checked_nights(largest) for largest in (0, 7, 30, 31, 100, 150, 151, 5000)] == [
        60,
        60,
        60,
        62,
        200,
        300,
        300,
        300,
    ]
    compile_formula("10 / abs(N - 61)", largest_night=30)
    with pytest.raises(RulesError) as caught:
        compile_formula("10 / abs(N - 61)", largest_night=31)
    assert caught.value.params["night"] == 61


def test_knockout_counts_are_every_share_of_up_to_all_the_others():
    assert knockout_counts(2) == (0, 1)
    assert knockout_counts(3) == tuple(Fraction(v) for v in ("0", "1/2", "1", "3/2", "2"))
    assert (
        max(knockout_counts(6)) == 5
        and Fraction(1, 5) in knockout_counts(6)
        and Fraction(1, 6) not in knockout_counts(6)
    )


def test_a_message_names_the_night_and_knockouts_only_when_the_formula_reads_them():
    with pytest.raises(RulesError) as caught:
        compile_formula("1 / (r - 1)")
    assert "night" not in caught.value.params and "knockouts" not in caught.value.params


# --- a stored formula is read as it is and fails only where it fails ----------------------------------------------


def test_a_stored_formula_with_a_hidden_huge_round_fails_at_once_on_that_night_only():
    formula = read_formula("n - r + 1 + round(1, -1e308 * (N == 7))")
    assert formula.points(place=1, table_size=4, night_players=8, night_tables=2) == 5  # 4 - 1 + 1 + round(1, 0)
    with pytest.raises(RulesError) as caught:
        formula.points(place=1, table_size=4, night_players=7, night_tables=2)
    assert caught.value.code == "formula_round_digits" and caught.value.params["night"] == 7


def test_a_stored_formula_the_rules_no_longer_read_fails_at_every_placement_saying_why():
    formula = read_formula("r+" * 60 + "r")  # 60 operations: stored before the limit
    with pytest.raises(RulesError) as caught:
        formula.points(place=2, table_size=3)
    assert caught.value.code == "formula_too_complex" and caught.value.params["place"] == 2
    assert Scheme.from_settings("formula", "", formula.text, check_up_to=None).points_for_place(2, 3) == 0


def test_scoring_collects_each_failing_placement_and_names_the_first_of_each_night():
    import datetime

    scheme = Scheme.from_settings("formula", "", "10 / abs(N - 7)", check_up_to=None)
    day = datetime.date(2026, 11, 25)
    rows = [
        Result(
            p,
            f"P{p}",
            1,
            day,
            10 + (p > 4),
            1 + (p > 4),
            p if p <= 4 else p - 4,
            4 if p <= 4 else 3,
            night_players=7,
            night_tables=2,
        )
        for p in range(1, 8)
    ]
    rows += [
        Result(p, f"P{p}", 2, day + datetime.timedelta(7), 20, 1, p, 2, night_players=2, night_tables=1) for p in (1, 2)
    ]
    failed = []
    scored = score_results(rows, scheme, failed)
    assert [r.points for r in scored] == [0] * 7 + [2, 2]
    assert len(failed) == 7
    [first] = failures_by_night(failed)
    assert (first.night_id, first.table_number, first.place, first.code, first.placements) == (
        1,
        1,
        1,
        "formula_division_by_zero",
        7,
    )
    assert first.params["night"] == 7


def test_tied_places_that_cover_a_failing_place_are_named_too():
    scheme = Scheme("formula", (), read_formula("n - r + 1 + 0 * (1 / (r - 3))"))
    errors = {}
    points = table_points({"a": 1, "b": 2, "c": 2, "d": 4}, 4, scheme, failed=errors)
    assert set(errors) == {"b", "c"} and errors["b"].params["place"] == 3
    assert points == {
        "a": 4,
        "b": Fraction(3, 2),
        "c": Fraction(3, 2),
        "d": 1,
    }  # (3 + 0) / 2: the failing place counts 0


def test_the_check_s_own_work_is_capped_and_counted_before_it_starts():
    from league.rules.formula import MAX_CHECK_OPERATIONS, _grid, _grid_size
    from league.rules.formula import read_formula as read

    for text in ("n - r", "N - r", "k + r", "k * N + n - r + 1"):
        uses = read(text).uses
        for largest in (0, 100):
            assert _grid_size(uses, largest) == sum(1 for _ in _grid(uses, largest))
    long_formula = "n - r + 1 + k * N / 100" + " + r * 0" * 11  # 27 operations: 56,186 placements x 27 > 1,500,000
    with pytest.raises(RulesError) as caught:
        compile_formula(long_formula)
    assert caught.value.code == "formula_check_too_big" and caught.value.params == {
        "count": 27,
        "most": MAX_CHECK_OPERATIONS // 56_186,
        "nights": 60,
    }
    compile_formula("n - r + 1 + k * N / 100" + " + r * 0" * 10)  # 25 operations: 1,404,650
