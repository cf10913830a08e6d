"""The pure payout rule: tied players share the money of the places they cover, to the cent. No database."""

from __future__ import annotations

import ast
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from league.rules import payouts
from league.rules.payouts import share_places, split_evenly

D = Decimal


def test_the_module_imports_nothing_from_django():
    tree = ast.parse(Path(payouts.__file__).read_text())
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not [
        name for name in imported if name.startswith("django") or name.startswith("league") or name == "tournaments"
    ]


def test_an_even_split_gives_the_left_over_cents_to_the_first_shares():
    assert split_evenly(D("100.01"), 3) == [D("33.34"), D("33.34"), D("33.33")]
    assert split_evenly(D("0.01"), 2) == [D("0.01"), D("0.00")]
    with pytest.raises(ValueError):
        split_evenly(D("1"), 0)


def test_without_ties_each_place_gets_its_amount():
    ranked = [(1, "Anna", 1), (2, "Ben", 2), (3, "Carl", 3), (4, "Dora", 4)]
    shares = share_places(ranked, [D("50.00"), D("30.00"), D("20.00")])
    assert [(s.name, s.first_place, s.last_place, s.amount) for s in shares] == [
        ("Anna", 1, 1, D("50.00")),
        ("Ben", 2, 2, D("30.00")),
        ("Carl", 3, 3, D("20.00")),
    ]


def test_a_three_way_tie_for_first_shares_all_three_places_with_the_odd_cents_in_standings_order():
    ranked = [(1, "Anna", "a"), (2, "Ben", "a"), (3, "Carl", "a"), (4, "Dora", "b")]
    shares = share_places(ranked, [D("50.01"), D("30.00"), D("20.00")])
    assert [(s.name, s.first_place, s.last_place, s.amount, s.extra_cent) for s in shares] == [
        ("Anna", 1, 3, D("33.34"), True),
        ("Ben", 1, 3, D("33.34"), True),
        ("Carl", 1, 3, D("33.33"), False),
    ]


def test_a_tie_across_the_last_paid_place_shares_only_the_paid_money():
    ranked = [(1, "Anna", 1), (2, "Ben", 2), (3, "Carl", 3), (4, "Dora", 3), (5, "Emil", 3)]
    shares = share_places(ranked, [D("50.00"), D("30.00"), D("20.00")])
    assert [(s.name, s.amount) for s in shares] == [
        ("Anna", D("50.00")),
        ("Ben", D("30.00")),
        ("Carl", D("6.67")),
        ("Dora", D("6.67")),
        ("Emil", D("6.66")),
    ]


def test_fewer_players_than_paid_places_leave_the_rest_unpaid():
    assert [s.amount for s in share_places([(1, "Anna", 1)], [D("50.00"), D("30.00")])] == [D("50.00")]


amounts = st.lists(st.integers(min_value=0, max_value=10**7).map(lambda n: Decimal(n) / 100), min_size=1, max_size=6)


@given(place_amounts=amounts, groups=st.lists(st.integers(min_value=1, max_value=4), min_size=1, max_size=8))
def test_shares_add_up_to_the_money_of_the_places_covered_and_ties_differ_by_at_most_a_cent(place_amounts, groups):
    ranked = [(f"{g}-{k}", f"P{g}-{k}", g) for g, size in enumerate(groups) for k in range(size)]
    shares = share_places(ranked, place_amounts)
    covered = min(len(ranked), len(place_amounts))
    last_group_end = 0
    for size in groups:  # the places covered by groups that start on a paid place
        if last_group_end < len(place_amounts):
            covered = last_group_end + size
        last_group_end += size
    assert sum((s.amount for s in shares), Decimal(0)) == sum(place_amounts[:covered], Decimal(0))
    for tie in {s.first_place for s in shares}:
        group = [s.amount for s in shares if s.first_place == tie]
        assert max(group) - min(group) <= Decimal("0.01")
        assert all(s.amount == s.amount.quantize(Decimal("0.01")) for s in shares)
