"""``python manage.py uth_simulate --hands N --seed S``: the basic strategy's
returns and hand frequencies with confidence intervals, and the exact Trips
return."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command


def run(*args: str) -> str:
    out = StringIO()
    call_command("uth_simulate", *args, stdout=out)
    return out.getvalue()


def test_the_report_names_the_strategy_and_prints_returns_and_frequencies_with_intervals():
    text = run("--hands", "20000", "--seed", "3")
    assert "20,000 simulated rounds, seed 3, rules standard" in text
    assert "Wizard of Odds simple strategy" in text and "wizardofodds.com/games/ultimate-texas-hold-em/" in text
    assert "Ante + Blind + Play, per ante" in text and "Trips, per Trips bet" in text
    assert "Trips, exact                    -3.4979%" in text
    for name in (
        "royal_flush",
        "straight_flush",
        "four_of_a_kind",
        "full_house",
        "flush",
        "straight",
        "three_of_a_kind",
        "two_pair",
        "one_pair",
        "high_card",
    ):
        assert f"  {name} " in text


def test_the_same_seed_gives_the_same_figures_and_json_on_request():
    first = json.loads(run("--hands", "5000", "--seed", "9", "--json"))
    second = json.loads(run("--hands", "5000", "--seed", "9", "--json", "--rules", "standard"))
    first.pop("seconds"), second.pop("seconds")
    assert first == second
    assert first["game_return"]["low"] < first["game_return"]["mean"] < first["game_return"]["high"]
    assert round(first["trips_return"]["exact"], 6) == -0.034979
    assert sum(first["decisions"].values()) == pytest.approx(1.0)


def test_unknown_rules_or_no_hands_are_refused_with_exit_status_2():
    with pytest.raises(CommandError) as error:
        run("--hands", "10", "--rules", "vegas")
    assert error.value.returncode == 2 and "unknown rules 'vegas'" in str(error.value)
    with pytest.raises(CommandError):
        run("--hands", "0")
