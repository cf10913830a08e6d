"""The blind clock's schedule and time arithmetic, with times worked out by hand."""

import ast
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tournaments.poker import clock
from tournaments.poker.clock import Schedule, Stage, State

T0 = datetime(2026, 11, 25, 19, 30, tzinfo=UTC)
LEAGUE = Schedule()  # 15 minutes, 25/50, no breaks
WITH_BREAKS = Schedule(break_every=4, break_minutes=10)


def at(minutes: float = 0, seconds: float = 0) -> datetime:
    return T0 + timedelta(minutes=minutes, seconds=seconds)


def started() -> State:
    return clock.start(State(), LEAGUE, T0)


# --- the schedule ---------------------------------------------------------------------


def test_blinds_double_every_level_from_the_start_blinds():
    assert [LEAGUE.blinds(level) for level in range(1, 6)] == [(25, 50), (50, 100), (100, 200), (200, 400), (400, 800)]
    assert Schedule(start_small=100, start_big=200).blinds(3) == (400, 800)


def test_a_break_comes_after_every_nth_level_and_before_the_next_one():
    assert [WITH_BREAKS.has_break_before(level) for level in range(1, 10)] == [
        False,
        False,
        False,
        False,
        True,
        False,
        False,
        False,
        True,
    ]
    assert WITH_BREAKS.next_stage(Stage(4)) == Stage(5, is_break=True)
    assert WITH_BREAKS.next_stage(Stage(5, is_break=True)) == Stage(5)
    assert WITH_BREAKS.previous_stage(Stage(5)) == Stage(5, is_break=True)
    assert WITH_BREAKS.previous_stage(Stage(5, is_break=True)) == Stage(4)
    assert WITH_BREAKS.length(Stage(5, is_break=True)) == timedelta(minutes=10)
    assert WITH_BREAKS.length(Stage(5)) == timedelta(minutes=15)


def test_there_are_no_breaks_unless_both_settings_are_given():
    assert not any(Schedule(break_every=4).has_break_before(level) for level in range(1, 21))
    assert not any(Schedule(break_minutes=10).has_break_before(level) for level in range(1, 21))


def test_level_one_has_no_previous_stage_and_the_last_level_no_next_one():
    assert LEAGUE.previous_stage(Stage(1)) is None
    assert Schedule(last_level=20).next_stage(Stage(20)) is None


def test_a_schedule_refuses_impossible_settings():
    with pytest.raises(ValueError):
        Schedule(level_minutes=0)
    with pytest.raises(ValueError):
        Schedule(start_small=100, start_big=50)


# --- reading the clock ---------------------------------------------------------------


def test_a_clock_not_yet_started_shows_level_one_with_its_full_time_whenever_it_is_read():
    reading = clock.read(State(), LEAGUE, at(minutes=90))
    assert (reading.level, reading.small_blind, reading.big_blind) == (1, 25, 50)
    assert reading.seconds_left == 900
    assert not reading.running and not reading.started and not reading.paused
    assert reading.countdown == "15:00"
    assert (reading.next.level, reading.next.small_blind, reading.next.big_blind) == (2, 50, 100)


def test_a_running_clock_counts_down():
    reading = clock.read(started(), LEAGUE, at(minutes=3, seconds=20.5))
    assert reading.level == 1
    assert reading.seconds_left == 900 - 200.5  # 11:39.5
    assert reading.countdown == "11:40"
    assert reading.running


def test_a_running_clock_moves_on_by_itself_through_the_levels():
    # 40 minutes: level 1 (0-15), level 2 (15-30), level 3 since 10 minutes, 5 minutes left.
    reading = clock.read(started(), LEAGUE, at(minutes=40))
    assert (reading.level, reading.small_blind, reading.big_blind) == (3, 100, 200)
    assert reading.seconds_left == 300
    assert (reading.next.small_blind, reading.next.big_blind) == (200, 400)


def test_a_level_ends_exactly_on_the_minute():
    assert clock.read(started(), LEAGUE, at(minutes=15, seconds=-0.001)).level == 1
    reading = clock.read(started(), LEAGUE, at(minutes=15))
    assert (reading.level, reading.seconds_left) == (2, 900)


def test_breaks_are_part_of_the_running_time():
    state = clock.start(State(), WITH_BREAKS, T0)
    # Levels 1-4 take 60 minutes, then the 10-minute break before level 5.
    on_break = clock.read(state, WITH_BREAKS, at(minutes=63))
    assert on_break.is_break and on_break.level == 5
    assert (on_break.small_blind, on_break.big_blind) == (400, 800)  # the blinds of the level after it
    assert on_break.seconds_left == 7 * 60
    assert on_break.next == clock.Step(5, False, 400, 800, 900)
    after = clock.read(state, WITH_BREAKS, at(minutes=71))
    assert (after.level, after.is_break, after.seconds_left) == (5, False, 14 * 60)


def test_switching_breaks_off_during_a_break_starts_the_next_level_afresh():
    during = clock.settle(clock.start(State(), WITH_BREAKS, T0), WITH_BREAKS, at(minutes=68))  # 8 min into the break
    assert during.on_break
    changed = clock.rebreak(during, LEAGUE, at(minutes=68))
    reading = clock.read(changed, LEAGUE, at(minutes=69))
    assert (reading.level, reading.is_break, reading.seconds_left) == (5, False, 14 * 60)


def test_the_reading_lists_the_following_stages_for_a_screen_to_roll_on():
    reading = clock.read(clock.start(State(level=3), WITH_BREAKS, T0), WITH_BREAKS, T0)
    assert [(step.level, step.is_break, step.seconds) for step in reading.upcoming] == [
        (4, False, 900),
        (5, True, 600),
        (5, False, 900),
        (6, False, 900),
    ]


def test_the_last_level_stays_at_zero():
    schedule = Schedule(last_level=3)
    reading = clock.read(clock.start(State(), schedule, T0), schedule, at(minutes=100))
    assert (reading.level, reading.seconds_left, reading.countdown) == (3, 0, "0:00")
    assert reading.next is None and reading.upcoming == ()


def test_the_countdown_rounds_up_to_whole_seconds():
    assert clock.format_countdown(900) == "15:00"
    assert clock.format_countdown(899.2) == "15:00"
    assert clock.format_countdown(61) == "1:01"
    assert clock.format_countdown(0.4) == "0:01"
    assert clock.format_countdown(0) == "0:00"
    assert clock.format_countdown(3600) == "60:00"


# --- start, pause, resume --------------------------------------------------------------


def test_starting_records_the_start_and_runs_from_the_full_level():
    state = started()
    assert state.started_at == T0 and state.running_since == T0 and state.elapsed == timedelta(0)
    assert clock.start(state, LEAGUE, at(minutes=5)) == state  # pressing start again changes nothing


def test_a_paused_clock_stays_paused_however_long_it_is_left():
    paused = clock.pause(started(), LEAGUE, at(minutes=5))
    assert paused.paused and paused.elapsed == timedelta(minutes=5)
    for later in (at(minutes=6), at(minutes=60), at(minutes=600)):
        reading = clock.read(paused, LEAGUE, later)
        assert (reading.level, reading.seconds_left, reading.running, reading.paused) == (1, 600, False, True)


def test_resuming_goes_on_from_where_it_was_paused():
    paused = clock.pause(started(), LEAGUE, at(minutes=5))
    resumed = clock.resume(paused, LEAGUE, at(minutes=30))
    assert resumed.running and resumed.started_at == T0
    # 5 minutes before the pause + 2 after the resume = 7 minutes used.
    assert clock.read(resumed, LEAGUE, at(minutes=32)).seconds_left == 8 * 60
    # And on into level 2 at 38 minutes.
    assert clock.read(resumed, LEAGUE, at(minutes=40)).level == 2


def test_pausing_after_levels_have_gone_by_writes_down_the_level_reached():
    paused = clock.pause(started(), LEAGUE, at(minutes=20))
    assert (paused.level, paused.elapsed, paused.running_since) == (2, timedelta(minutes=5), None)


def test_resume_does_nothing_before_the_start_and_start_resumes_a_paused_clock():
    assert clock.resume(State(), LEAGUE, T0) == State()
    paused = clock.pause(started(), LEAGUE, at(minutes=5))
    restarted = clock.start(paused, LEAGUE, at(minutes=10))
    assert restarted.started_at == T0 and restarted.running_since == at(minutes=10)
    assert clock.read(restarted, LEAGUE, at(minutes=10)).seconds_left == 600


# --- next and previous level ---------------------------------------------------------


def test_next_level_starts_the_next_level_from_its_full_time():
    state = clock.next_level(started(), LEAGUE, at(minutes=4))
    reading = clock.read(state, LEAGUE, at(minutes=4))
    assert (reading.level, reading.small_blind, reading.big_blind, reading.seconds_left) == (2, 50, 100, 900)
    assert clock.read(state, LEAGUE, at(minutes=10)).seconds_left == 540


def test_next_level_while_paused_keeps_the_clock_paused():
    paused = clock.pause(started(), LEAGUE, at(minutes=4))
    state = clock.next_level(paused, LEAGUE, at(minutes=5))
    reading = clock.read(state, LEAGUE, at(minutes=50))
    assert (reading.level, reading.seconds_left, reading.paused) == (2, 900, True)


def test_next_level_goes_to_the_break_first_when_one_is_due():
    state = clock.start(State(level=4), WITH_BREAKS, T0)
    on_break = clock.next_level(state, WITH_BREAKS, at(minutes=1))
    assert (on_break.level, on_break.on_break) == (5, True)
    assert clock.read(on_break, WITH_BREAKS, at(minutes=1)).seconds_left == 600
    assert (clock.next_level(on_break, WITH_BREAKS, at(minutes=2)).on_break) is False


def test_next_level_on_the_last_level_changes_nothing():
    schedule = Schedule(last_level=2)
    state = clock.start(State(level=2), schedule, T0)
    assert clock.read(clock.next_level(state, schedule, at(minutes=1)), schedule, at(minutes=1)).seconds_left == 840


def test_previous_level_goes_back_one_level_from_its_full_time():
    state = clock.previous_level(started(), LEAGUE, at(minutes=20))  # on level 2, 5 minutes in
    reading = clock.read(state, LEAGUE, at(minutes=20))
    assert (reading.level, reading.seconds_left, reading.running) == (1, 900, True)


def test_previous_level_never_goes_below_level_one_it_starts_it_over():
    state = clock.previous_level(started(), LEAGUE, at(minutes=6))
    reading = clock.read(state, LEAGUE, at(minutes=6))
    assert (reading.level, reading.seconds_left) == (1, 900)
    assert clock.previous_level(State(), LEAGUE, T0) == State()


# --- adding and removing a minute --------------------------------------------------------


def test_adding_a_minute_gives_the_level_a_minute_more():
    state = clock.adjust(started(), LEAGUE, at(minutes=5), minutes=1)
    assert clock.read(state, LEAGUE, at(minutes=5)).seconds_left == 660
    # The level now ends at 16 minutes, and level 2 has its full 15 minutes from there.
    assert clock.read(state, LEAGUE, at(minutes=16, seconds=-1)).level == 1
    assert clock.read(state, LEAGUE, at(minutes=17)).seconds_left == 840


def test_a_minute_can_be_added_at_the_start_of_a_level_and_on_a_paused_clock():
    state = clock.adjust(State(), LEAGUE, T0, minutes=1)
    assert clock.read(state, LEAGUE, T0).countdown == "16:00"
    paused = clock.pause(started(), LEAGUE, at(minutes=10))
    assert (
        clock.read(clock.adjust(paused, LEAGUE, at(minutes=11), minutes=1), LEAGUE, at(minutes=40)).seconds_left == 360
    )


def test_removing_a_minute_takes_a_minute_off():
    state = clock.adjust(started(), LEAGUE, at(minutes=5), minutes=-1)
    assert clock.read(state, LEAGUE, at(minutes=5)).seconds_left == 540


def test_removing_a_minute_with_thirty_seconds_left_ends_the_level():
    state = clock.adjust(started(), LEAGUE, at(minutes=14, seconds=30), minutes=-1)
    reading = clock.read(state, LEAGUE, at(minutes=14, seconds=30))
    assert (reading.level, reading.seconds_left) == (2, 900)
    assert clock.read(state, LEAGUE, at(minutes=15, seconds=30)).seconds_left == 840


def test_removing_a_minute_from_a_paused_clock_with_thirty_seconds_left_moves_on_still_paused():
    paused = clock.pause(started(), LEAGUE, at(minutes=14, seconds=30))
    reading = clock.read(clock.adjust(paused, LEAGUE, at(minutes=20), minutes=-1), LEAGUE, at(minutes=30))
    assert (reading.level, reading.seconds_left, reading.paused) == (2, 900, True)


def test_on_the_last_level_the_time_left_never_goes_below_zero_and_a_minute_added_counts_from_zero():
    schedule = Schedule(last_level=1)
    state = clock.start(State(), schedule, T0)
    assert (
        clock.read(
            clock.adjust(state, schedule, at(minutes=14, seconds=30), minutes=-1), schedule, at(minutes=15)
        ).seconds_left
        == 0
    )
    overrun = clock.adjust(state, schedule, at(minutes=30), minutes=1)
    assert clock.read(overrun, schedule, at(minutes=30)).seconds_left == 60


# --- changed settings ------------------------------------------------------------------------


def test_a_stored_break_that_the_schedule_no_longer_has_reads_as_the_level():
    state = State(level=5, on_break=True)
    reading = clock.read(state, LEAGUE, T0)
    assert (reading.level, reading.is_break, reading.seconds_left) == (5, False, 900)


def test_the_reading_as_json_data():
    data = clock.read(started(), LEAGUE, at(minutes=1)).as_dict()
    assert data == {
        "level": 1,
        "is_break": False,
        "small_blind": 25,
        "big_blind": 50,
        "level_seconds": 900,
        "seconds_left": 840.0,
        "running": True,
        "started": True,
        "paused": False,
        "upcoming": [
            {"level": 2, "is_break": False, "small_blind": 50, "big_blind": 100, "seconds": 900},
            {"level": 3, "is_break": False, "small_blind": 100, "big_blind": 200, "seconds": 900},
            {"level": 4, "is_break": False, "small_blind": 200, "big_blind": 400, "seconds": 900},
            {"level": 5, "is_break": False, "small_blind": 400, "big_blind": 800, "seconds": 900},
        ],
        "previous": None,
        "break_in": None,
    }


def test_the_clock_module_imports_nothing_from_django():
    source = Path(clock.__file__).read_text(encoding="utf-8")
    modules = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            modules |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            modules.add(node.module)
    assert not {name for name in modules if name == "django" or name.startswith("django.")}


# --- the levels never end (docs/rules.md, "Blinds double") ------------------------------


@pytest.mark.parametrize("hours, level", [(6, 25), (12, 49)])
def test_the_blinds_keep_doubling_every_15_minutes_for_as_long_as_the_night_runs(hours, level):
    schedule = Schedule(level_minutes=15, start_small=25, start_big=50)
    state = clock.start(State(), schedule, T0)
    reading = clock.read(state, schedule, T0 + timedelta(hours=hours, seconds=1))
    assert reading.level == level
    assert (reading.small_blind, reading.big_blind) == (25 * 2 ** (level - 1), 50 * 2 ** (level - 1))
    assert reading.next is not None and reading.next.big_blind == 2 * reading.big_blind
    assert reading.running and 0 < reading.seconds_left < 15 * 60


def test_with_breaks_the_clock_says_how_long_until_the_next_break():
    schedule = Schedule(level_minutes=15, break_every=2, break_minutes=10)
    state = clock.start(State(), schedule, T0)
    reading = clock.read(state, schedule, T0 + timedelta(minutes=5))
    assert reading.break_in == pytest.approx(25 * 60)  # 10 min of level 1, then all of level 2
    assert reading.previous is None
    on_break = clock.read(state, schedule, T0 + timedelta(minutes=31))
    assert on_break.is_break and on_break.break_in is None
    assert on_break.previous is not None and on_break.previous.level == 2
