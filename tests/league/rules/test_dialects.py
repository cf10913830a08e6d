"""The other tools' formulas (league/rules/dialects.py, read by league/rules/formula.py): pasted as their
tools write them, against tables computed by hand (docs/league-rules.md, "Formulas from other tools")."""

from __future__ import annotations

from fractions import Fraction

import pytest

from league.rules.dialects import as_python
from league.rules.errors import RulesError
from league.rules.formula import compile_formula


def _points(text: str, n: int, **context) -> list[Fraction]:
    formula = compile_formula(text, fee=10)
    return [formula.points(place=r, table_size=n, **context) for r in range(1, n + 1)]


def _f(*values: str) -> list[Fraction]:
    return [Fraction(v) for v in values]


def test_blind_valet_s_formula_with_c_s_condition_and_its_names():
    # p players, f finish place: 4 - 1 + 1 + 5 = 9, then 3, 2, 1
    assert _points("p-f+1+(f==1?5:0)", 4) == _f("9", "3", "2", "1")
    assert _points("p-f+1+(f==1?5:0)", 6) == _f("11", "5", "4", "3", "2", "1")


def test_poker_club_hq_s_formula_reads_c_as_the_players_and_p_as_the_place():
    # ln(5) = 1.6094: 16.09, 8.05, 5.36, 4.02; ln(7) = 1.9459: 19.46, 9.73, 6.49, 4.86, 3.89, 3.24
    assert _points("ln(c+1)/p*10", 4) == _f("16.09", "8.05", "5.36", "4.02")
    assert _points("ln(c+1)/p*10", 6) == _f("19.46", "9.73", "6.49", "4.86", "3.89", "3.24")


def test_td3_s_formula_with_its_names_and_its_natural_log():
    # ln(5/1) = 1.6094, ln(5/2) = 0.9163, ln(5/3) = 0.5108, ln(5/4) = 0.2231
    assert _points("log((n+1)/r)", 4) == _f("1.61", "0.92", "0.51", "0.22")
    # nh: TD3's number of hits (the knockouts), bc its buy-in cost (the fee, 10 here)
    assert _points("log((n+1)/r) + nh + bc/10", 4, knockouts=2) == _f("4.61", "3.92", "3.51", "3.22")


def test_a_spreadsheet_s_if_with_a_single_equals_and_log10():
    # 5 + 10 * log10(4) = 11.02, 10 * log10(2) = 3.01, 10 * log10(4/3) = 1.25, 0
    assert _points("if(r=1, 5, 0) + 10*log10(n/r)", 4) == _f("11.02", "3.01", "1.25", "0")
    assert _points("IF(r=1; 5; 0)".replace(";", ","), 4)[0] == Fraction("5")


def test_c_s_and_or_and_not_and_a_chain_of_conditions():
    assert _points("r==1 && n>3 ? 2 : r==2 ? 1 : 0", 4) == _f("2", "1", "0", "0")
    assert _points("r==1 || r==n ? 1 : 0", 3) == _f("1", "0", "1")
    # C's ! takes the operand after it, not the comparison: !(r==1)*3 is 0 for the winner, 3 for the others
    assert _points("!(r==1)*3", 3) == _f("0", "3", "3")


def test_the_app_s_own_syntax_reads_as_before():
    assert as_python("5 if r == 1 else 0") == "5 if r == 1 else 0"
    assert _points("n - r + 1 + (5 if r == 1 else 0)", 3) == _f("8", "2", "1")


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("r == 1 ? 5", "formula_syntax"),
        ("r == 1 ? 5 : ", "formula_syntax"),
        ("? 1 : 2", "formula_syntax"),
        ("if(r == 1, 5)", "formula_arguments"),
        ("if(r == 1, 5, 0, 1)", "formula_arguments"),
        ("n - r)", "formula_syntax"),
        ("ln(n, 2)", "formula_arguments"),
        ("log10(n - r)", "formula_math"),  # log10(0) for the last place
    ],
)
def test_a_peer_formula_that_cannot_be_read_is_refused_saying_why(text, code):
    with pytest.raises(RulesError) as caught:
        compile_formula(text)
    assert caught.value.code == code
