"""The qualification rule (league/rules/qualification.py): who goes to the final, and why."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.rules import qualification as q


def table(name: str, *rows: tuple[int, int, int]) -> q.Table:
    """rows: (player, position, nights), in the table's order; the player's name is P<id>."""
    return q.Table(name, [q.Row(pid, f"P{pid}", position, 0, nights) for pid, position, nights in rows])


def verdicts(outcome: q.Outcome, name: str) -> dict[int, q.Verdict]:
    return {v.player_id: v for v in dict(outcome.tables)[name]}


def test_no_rule_qualifies_nobody_and_reads_no_table():
    outcome = q.qualify(q.Rule(q.NONE, 4, 0), [table("A", (1, 1, 5))])
    assert outcome.players == () and outcome.tables == ()


def test_a_rule_of_zero_players_is_no_rule():
    assert not q.Rule(q.VENUE, 0, 3).active


def test_an_unknown_rule_or_a_negative_count_is_refused():
    with pytest.raises(ValueError):
        q.Rule("regional", 4, 0)
    with pytest.raises(ValueError):
        q.Rule(q.LEAGUE, -1, 0)


def test_the_top_n_of_the_league_go_and_the_rest_are_told_their_place():
    outcome = q.qualify(q.Rule(q.LEAGUE, 2, 0), [table("", (1, 1, 3), (2, 2, 3), (3, 3, 3))])
    assert [v.player_id for v in outcome.qualified] == [1, 2]
    third = verdicts(outcome, "")[3]
    assert (third.qualified, third.reason, third.position, third.top) == (False, q.OUT_PLACE, 3, 2)


def test_too_few_nights_are_passed_over_and_the_next_moves_up():
    outcome = q.qualify(q.Rule(q.LEAGUE, 2, 3), [table("", (1, 1, 2), (2, 2, 3), (3, 3, 4), (4, 4, 5))])
    assert [v.player_id for v in outcome.qualified] == [2, 3]
    first = verdicts(outcome, "")[1]
    assert (first.qualified, first.reason, first.nights, first.min_nights) == (False, q.OUT_NIGHTS, 2, 3)
    assert verdicts(outcome, "")[4].reason == q.OUT_PLACE


def test_an_exact_tie_at_the_cut_sends_all_who_share_the_place():
    outcome = q.qualify(q.Rule(q.LEAGUE, 2, 0), [table("", (1, 1, 3), (2, 2, 3), (3, 2, 3), (4, 4, 3))])
    assert [v.player_id for v in outcome.qualified] == [1, 2, 3]
    by_player = verdicts(outcome, "")
    assert by_player[1].reason == q.IN_PLACE
    assert by_player[2].reason == by_player[3].reason == q.IN_TIE
    assert by_player[4].reason == q.OUT_PLACE


def test_a_tie_inside_the_places_is_no_tie_at_the_cut():
    outcome = q.qualify(q.Rule(q.LEAGUE, 3, 0), [table("", (1, 1, 3), (2, 1, 3), (3, 3, 3), (4, 4, 3))])
    assert [v.reason for v in outcome.qualified] == [q.IN_PLACE] * 3


def test_each_venue_sends_its_top_n():
    outcome = q.qualify(
        q.Rule(q.VENUE, 1, 0),
        [table("Anker", (1, 1, 2), (2, 2, 2)), table("Krone", (3, 1, 2), (4, 2, 2))],
    )
    assert [(v.player_id, v.table) for v in outcome.qualified] == [(1, "Anker"), (3, "Krone")]


def test_a_player_qualifying_at_two_venues_counts_once_and_the_next_moves_up():
    # Player 1 wins at both; he placed as well at each, so he counts at the first venue listed, and
    # Krone's second goes instead: each venue sends two players of its own.
    outcome = q.qualify(
        q.Rule(q.VENUE, 2, 0),
        [table("Anker", (1, 1, 2), (2, 2, 2), (3, 3, 2)), table("Krone", (1, 1, 1), (4, 2, 2), (5, 3, 2))],
    )
    assert sorted(v.player_id for v in outcome.qualified) == [1, 2, 4, 5]
    krone = verdicts(outcome, "Krone")
    assert (krone[1].qualified, krone[1].reason, krone[1].other) == (False, q.OUT_ELSEWHERE, "Anker")
    assert krone[5].reason == q.IN_PLACE
    own = {v.player_id: v for v in outcome.players}
    assert own[1].qualified and own[1].table == "Anker"


def test_a_player_counts_where_he_placed_best():
    outcome = q.qualify(
        q.Rule(q.VENUE, 2, 0),
        [table("Anker", (2, 1, 2), (1, 2, 2), (3, 3, 2)), table("Krone", (1, 1, 2), (4, 2, 2), (5, 3, 2))],
    )
    own = {v.player_id: v for v in outcome.players}
    assert own[1].table == "Krone"
    assert sorted(v.player_id for v in outcome.qualified) == [1, 2, 3, 4]


def test_nights_count_per_venue():
    outcome = q.qualify(q.Rule(q.VENUE, 1, 2), [table("Anker", (1, 1, 1), (2, 2, 2)), table("Krone", (1, 1, 2))])
    assert {(v.player_id, v.table) for v in outcome.qualified} == {(2, "Anker"), (1, "Krone")}


def test_a_venue_with_too_few_players_sends_those_it_has():
    outcome = q.qualify(q.Rule(q.VENUE, 3, 0), [table("Anker", (1, 1, 1)), table("Krone")])
    assert [v.player_id for v in outcome.qualified] == [1]


@st.composite
def venues(draw):
    """Up to four venues' tables over a pool of players, each table's positions as a table ranks them
    (tied rows share the position of the first of them)."""
    players = list(range(1, draw(st.integers(2, 14)) + 1))
    tables = []
    for number in range(draw(st.integers(1, 4))):
        here = draw(st.lists(st.sampled_from(players), unique=True, max_size=len(players)))
        rows, position = [], 0
        for index, pid in enumerate(here):
            if index == 0 or not draw(st.booleans()) or draw(st.booleans()):
                position = index + 1  # a new position, else tied with the row before
            rows.append((pid, position, draw(st.integers(0, 5))))
        tables.append(table(f"V{number}", *rows))
    return tables


@settings(max_examples=300, deadline=None)
@given(venues(), st.integers(1, 5), st.integers(0, 4))
def test_the_rule_holds_for_any_tables(tables, top, min_nights):
    rule = q.Rule(q.VENUE, top, min_nights)
    outcome = q.qualify(rule, tables)
    qualified = outcome.qualified
    # Nobody counts twice, and everyone has one verdict of his own.
    assert len({v.player_id for v in qualified}) == len(qualified)
    seen = {row.player_id for t in tables for row in t.rows}
    assert {v.player_id for v in outcome.players} == seen
    by_table = dict(outcome.tables)
    for t in tables:
        rows = by_table[t.name]
        sent = [v for v in rows if v.qualified]
        # Everyone sent played enough nights there, and a table sends N unless a tie at the cut adds more
        # or it ran out of players of its own.
        assert all(v.nights >= min_nights for v in sent)
        own_eligible = [v for v in rows if v.nights >= min_nights and v.reason != q.OUT_ELSEWHERE]
        assert len(sent) >= min(top, len(own_eligible))
        if len(sent) > top:
            assert any(v.reason == q.IN_TIE for v in sent)
        # Nobody left out for his place stands above someone sent.
        if sent:
            last = max(v.position for v in sent)
            # (a tie at the cut goes in whole: nobody left out shares a place with someone sent)
            assert all(v.position > last for v in rows if v.reason == q.OUT_PLACE)
        # "Counts elsewhere" names a table where he is in.
        for v in rows:
            if v.reason == q.OUT_ELSEWHERE:
                assert any(w.player_id == v.player_id and w.qualified for w in by_table[v.other])
