"""Each statistic's definition pinned on hand-built hands (tournaments/poker/stats.py)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from tournaments.poker.replay import play_hand
from tournaments.poker.stats import PlayerStats, add_hand, hand_facts, leaders, longest_run, merge


def hand(players, actions, button, *, blinds=(25, 50), **extra):
    data = {
        "blinds": {"small": blinds[0], "big": blinds[1]},
        "button": button,
        "players": [{"name": n, "stack": s, **({"sitting_out": True} if away else {})} for n, s, away in players],
        "actions": [dict(zip(("player", "action", "to"), a)) for a in actions],
        "min_bet_rule": "standard",
        **extra,
    }
    return play_hand(data)


def test_vpip_counts_a_call_or_raise_before_the_flop_and_pfr_only_the_raise():
    played = hand(
        [("Anna", 1500, False), ("Ben", 1500, False), ("Carl", 1500, False), ("Dora", 1500, False)],
        [
            ("Dora", "raise", 150),
            ("Anna", "fold"),
            ("Ben", "call"),
            ("Carl", "fold"),
            ("Ben", "check"),
            ("Dora", "bet", 100),
            ("Ben", "fold"),
        ],
        button="Anna",  # Ben small blind, Carl big blind, Dora first to act
    )
    facts = hand_facts(played)
    assert (facts["Dora"].vpip, facts["Dora"].pfr) == (True, True)
    assert (facts["Ben"].vpip, facts["Ben"].pfr) == (True, False)  # the small blind's call is voluntary
    assert (facts["Carl"].vpip, facts["Carl"].pfr) == (False, False)  # a posted blind is not
    assert (facts["Anna"].vpip, facts["Anna"].pfr) == (False, False)


def test_checking_the_big_blind_is_not_voluntary():
    played = hand(
        [("Anna", 1500, False), ("Ben", 1500, False), ("Carl", 1500, False)],
        [("Anna", "call"), ("Ben", "call"), ("Carl", "check")] + [(p, "check") for p in ("Ben", "Carl", "Anna") * 3],
        button="Anna",
        hole_cards={"Anna": "AsAh", "Ben": "KsKh", "Carl": "2c7d"},
        board="3c 8d 9h Js Qd",
    )
    facts = hand_facts(played)
    assert facts["Carl"].vpip is False
    assert facts["Anna"].vpip and facts["Ben"].vpip


def test_aggression_counts_bets_and_raises_against_calls_on_every_street():
    played = hand(
        [("Anna", 1500, False), ("Ben", 1500, False)],
        [
            ("Anna", "raise", 100),
            ("Ben", "call"),  # heads-up: the button Anna is the small blind
            ("Ben", "bet", 50),
            ("Anna", "raise", 150),
            ("Ben", "call"),
            ("Ben", "check"),
            ("Anna", "bet", 200),
            ("Ben", "call"),
            ("Ben", "check"),
            ("Anna", "check"),
        ],
        button="Anna",
        hole_cards={"Anna": "AsAh", "Ben": "KsKh"},
        board="3c 8d 9h Js Qd",
    )
    facts = hand_facts(played)
    assert (facts["Anna"].bets_raises, facts["Anna"].calls) == (3, 0)
    assert (facts["Ben"].bets_raises, facts["Ben"].calls) == (1, 3)
    stats = PlayerStats()
    stats.add(facts["Ben"], "h1")
    assert stats.aggression == round(1 / 3, 2)
    assert PlayerStats().aggression is None  # no calls: no ratio


def test_showdown_won_and_biggest_pot_count_pot_shares_not_a_returned_bet():
    played = hand(
        [("Anna", 1500, False), ("Ben", 1000, False)],
        [
            ("Anna", "call"),
            ("Ben", "check"),
            ("Ben", "check"),
            ("Anna", "check"),
            ("Ben", "check"),
            ("Anna", "check"),
            ("Ben", "allin"),
            ("Anna", "call"),
        ],
        button="Anna",
        hole_cards={"Anna": "AsAh", "Ben": "KsKh"},
        board="3c 8d 9h Js Qd",
    )
    facts = hand_facts(played)
    assert facts["Anna"].showdown and facts["Anna"].won_at_showdown
    assert facts["Ben"].showdown and not facts["Ben"].won_at_showdown
    assert facts["Anna"].won == 2000  # the pot; her 500 behind never went in
    assert facts["Ben"].all_in and not facts["Ben"].survived
    assert facts["Anna"].knockouts == (("Ben", Fraction(1)),)
    uncalled = hand(
        [("Anna", 1500, False), ("Ben", 1500, False)],
        [("Anna", "raise", 400), ("Ben", "fold")],
        button="Anna",
    )
    facts = hand_facts(uncalled)
    assert facts["Anna"].won == 100  # the pot of two big blinds, not her returned 350
    assert not facts["Anna"].showdown  # nobody showed


def test_a_split_pot_that_busts_a_player_shares_the_knockout():
    played = hand(
        [("Anna", 1500, False), ("Ben", 1500, False), ("Carl", 300, False)],
        [("Anna", "call"), ("Ben", "call"), ("Carl", "allin"), ("Anna", "call"), ("Ben", "call")]
        + [(p, "check") for p in ("Ben", "Anna") * 3],
        button="Anna",  # Ben small blind, Carl big blind
        hole_cards={"Anna": "AhKc", "Ben": "AdKh", "Carl": "3c4d"},
        board="2c 7d 9h Js Qd",
    )
    assert played.result.busted == ("Carl",)
    facts = hand_facts(played)
    assert facts["Anna"].knockouts == (("Carl", Fraction(1, 2)),)
    assert facts["Ben"].knockouts == (("Carl", Fraction(1, 2)),)
    assert facts["Carl"].all_in and not facts["Carl"].survived
    stats = {}
    add_hand(stats, played, "h7", {"Anna": 1, "Ben": 2, "Carl": 3})
    assert stats[1].knockouts == Fraction(1, 2)
    assert [(k.hand, k.victim, k.share) for k in stats[1].knockout_list] == [("h7", 3, Fraction(1, 2))]


def test_the_knockout_goes_to_the_winner_of_the_highest_pot_the_busted_player_was_in():
    # Carl (short) wins the main pot; Dora (medium) loses the side pot she was in to Anna.
    played = hand(
        [("Anna", 3000, False), ("Carl", 200, False), ("Dora", 800, False)],
        [("Anna", "raise", 800), ("Carl", "allin"), ("Dora", "allin")],
        button="Anna",  # Carl small blind, Dora big blind
        hole_cards={"Anna": "KsKh", "Carl": "AsAh", "Dora": "QsQh"},
        board="2c 7d 9h 3s 4d",
    )
    assert played.result.busted == ("Dora",)
    facts = hand_facts(played)
    assert facts["Anna"].knockouts == (("Dora", Fraction(1)),)
    assert facts["Carl"].knockouts == ()
    assert facts["Carl"].all_in and facts["Carl"].survived


def test_a_player_who_sits_out_has_no_hand_played_but_can_be_knocked_out():
    played = hand(
        [("Anna", 1500, False), ("Ben", 1500, False), ("Carl", 40, True)],
        [("Anna", "call"), ("Ben", "call")] + [(p, "check") for p in ("Ben", "Anna") * 3],
        button="Anna",  # Carl, away, posts his big blind with 40 of his 40 chips
        hole_cards={"Anna": "AhKc", "Ben": "2d2h", "Carl": "3c4d"},
        board="5c 7d 9h Js Qd",
    )
    facts = hand_facts(played)
    assert facts["Carl"].sat_out
    stats = {}
    add_hand(stats, played, "h1", {"Anna": "A", "Ben": "B", "Carl": "C"})
    assert (stats["C"].hands, stats["C"].sat_out, stats["C"].all_ins) == (0, 1, 0)
    assert stats["B"].knockouts == 1  # Ben's pair of twos wins
    assert (stats["A"].hands, stats["A"].vpip, stats["A"].showdowns) == (1, 1, 1)


def test_figures_over_several_hands_show_the_hands_behind_them():
    a, b = (
        PlayerStats(hands=4, vpip=1, showdowns=2, showdowns_won=1),
        PlayerStats(hands=6, vpip=4, biggest_pot=900, biggest_pot_hand="x"),
    )
    total = merge([{"p": a}, {"p": b}])["p"]
    assert (total.hands, total.vpip, total.vpip_percent) == (10, 5, 50.0)
    assert total.showdown_won_percent == 50.0 and total.biggest_pot_hand == "x"
    assert PlayerStats().vpip_percent is None


def test_awards_list_every_player_tied_for_the_lead_and_runs_count_consecutive_nights():
    assert leaders({"A": 3, "B": 3, "C": 1}) == (3, ["A", "B"])
    assert leaders({"A": 0}) == (0, [])
    runs = longest_run([1, 2, 3, 4, 5], {"A": {1, 2, 4, 5}, "B": {2, 3, 4}, "C": set()})
    assert runs == {"A": 2, "B": 3, "C": 0}


def _longest_run_walking_every_night(nights, scored):
    """The run's first definition: every night walked for every person (people x nights)."""
    runs = {}
    for person, hits in scored.items():
        best = run = 0
        for night in nights:
            run = run + 1 if night in hits else 0
            best = max(best, run)
        runs[person] = best
    return runs


@pytest.mark.parametrize("seed", range(40))
def test_the_longest_run_from_each_persons_own_nights_is_the_run_walking_every_night(seed):
    import random

    rng = random.Random(seed)
    nights = rng.sample(range(1000), rng.randint(0, 30))  # in the season's order, not sorted by value
    scored = {
        person: {night for night in nights if rng.random() < rng.choice((0.2, 0.5, 0.9))}
        | set(rng.sample(range(1000, 1010), 2))
        for person in range(rng.randint(0, 8))
    }  # each with two nights that are not the season's: in no run
    assert longest_run(nights, scored) == _longest_run_walking_every_night(nights, scored)


def _random_tables(seed: int, tables: int = 6, hands: int = 30):
    """Figures per table from random legal hands (dealer-decided showdowns too, so shares of 1/2, 1/3)."""
    import random

    from tests.tournaments.poker.random_hands import (
        hand_as_contract_input,
        play_random_hand,
        random_deal,
        random_pot_winners,
        random_setup,
    )

    rng = random.Random(seed)
    parts = []
    for t in range(tables):
        figures: dict = {}
        for number in range(hands):
            engine = play_random_hand(random_setup(rng, short_rate=0.5), rng)
            if len(engine.in_hand) > 1 and rng.random() < 0.5:
                data = hand_as_contract_input(engine, pot_winners=random_pot_winners(engine, rng))
            else:
                data = hand_as_contract_input(engine, random_deal(engine, rng) if len(engine.in_hand) > 1 else None)
            played = play_hand(data)
            # Persons: the same few people at every table, so the sums merge across tables.
            add_hand(figures, played, (t, number), {name: name for name in played.hand.names})
        parts.append(figures)
    return parts


def test_kept_figures_come_back_equal_and_add_up_like_merge():
    from tournaments.poker.stats import add_plain, as_plain, from_plain, knockouts_as_plain

    def stored(value):  # through a JSON field
        return json.loads(json.dumps(value))

    parts = _random_tables(7)
    assert any(stats.knockouts.denominator > 1 for part in parts for stats in part.values())  # a shared knockout
    for part in parts:
        for stats in part.values():
            assert from_plain(stored(as_plain(stats)), stored(knockouts_as_plain(stats))) == stats
    merged = merge(parts)
    rows = [
        (person, stored(as_plain(stats)), stored(knockouts_as_plain(stats)))
        for part in parts
        for person, stats in part.items()
    ]
    assert add_plain(rows) == merged
    without_lists = add_plain((person, counts, ()) for person, counts, _ in rows)
    for person, stats in merged.items():
        stats.knockout_list = []
        assert without_lists[person] == stats
