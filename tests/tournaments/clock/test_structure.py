"""A season's own blind structure: the pure rules (tournaments/poker/structure.py), the clock that follows it
(tournaments/poker/clock.py), the organizer's page, and the tracker's hands that take their ante from it."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse

from league.models import Season
from tests.league.factories import make_night, make_season
from tests.tournaments.conftest import Dealer, table_of
from tournaments.clock import services as clock_control
from tournaments.models import Hand
from tournaments.poker import clock, structure
from tournaments.poker.clock import Schedule, State
from tournaments.poker.structure import Break, Level, Structure, StructureError

T0 = datetime(2026, 11, 25, 19, 30, tzinfo=UTC)
OWN = Structure(
    (Level(25, 50, 0, 20), Level(50, 100, 0, 20), Level(75, 150, 25, 15), Level(100, 200, 25, 15)),
    (Break(2, 10, "Farbwechsel: die 25er gehen"),),
    "double",
    "each",
)


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


# --- the pure rules ---------------------------------------------------------------------------------


def test_past_the_list_the_last_level_doubles_or_repeats():
    assert OWN.level(4) == Level(100, 200, 25, 15)
    assert OWN.level(5) == Level(200, 400, 50, 15) and OWN.level(6) == Level(400, 800, 100, 15)
    repeat = dataclasses.replace(OWN, after_last="repeat")
    assert repeat.level(9) == Level(100, 200, 25, 15)


def test_a_structure_is_kept_as_text_and_read_back_the_same():
    assert structure.from_text(OWN.to_text()) == OWN
    for name in structure.TEMPLATES:
        template = structure.template(name, colour_up="x")
        assert structure.from_text(template.to_text()) == template


def test_the_seed_s_doubling_written_out_is_the_seed_s_clock():
    seed = Schedule(level_minutes=15, start_small=25, start_big=50)
    written = Schedule(structure=structure.doubling(25, 50, 15))
    for level in range(1, 30):
        assert seed.blinds(level) == written.blinds(level)
        assert seed.length(clock.Stage(level)) == written.length(clock.Stage(level))


@pytest.mark.parametrize(
    ("levels", "breaks", "code", "params"),
    [
        ([], [], "empty", {}),
        ([Level(25, 50), Level(25, 50)], [], "nothing_rising", {"level": 2, "big": 50, "previous": 0}),
        ([Level(100, 200, 25), Level(100, 200, 25)], [], "nothing_rising", {"level": 2, "ante": 25}),
        ([Level(100, 200, 50), Level(100, 200, 25)], [], "nothing_rising", {"level": 2, "previous": 50}),
        ([Level(25, 50), Level(25, 40)], [], "big_falling", {"level": 2, "big": 40, "previous": 50}),
        ([Level(50, 100), Level(40, 120)], [], "small_falling", {"level": 2, "small": 40, "previous": 50}),
        ([Level(-25, 50)], [], "too_small", {"level": 1, "field": "small"}),
        ([Level(25, 50, -1)], [], "too_small", {"level": 1, "field": "ante"}),
        ([Level(25, 50, 0, 0)], [], "too_small", {"level": 1, "field": "minutes"}),
        ([Level(25, 50, 0, 500)], [], "too_large", {"level": 1, "field": "minutes"}),
        ([Level(25, 50_000_000)], [], "too_large", {"level": 1, "field": "big"}),
        ([Level(100, 50)], [], "small_above_big", {"level": 1}),
        ([Level(25, 50, 75)], [], "ante_above_big", {"level": 1}),
        ([Level(25, 50)], [Break(3, 10)], "break_level", {"level": 3}),
        ([Level(25, 50)], [Break(1, 0)], "break_minutes", {"level": 1}),
        ([Level(25, 50)], [Break(1, 10, "x" * 61)], "note_too_long", {"level": 1}),
        ([Level(25, 50)], [Break(1, 10, "a\x07b")], "note_control", {"level": 1}),
        ([Level(25, 50, 0, 15.5)], [], "not_whole", {"level": 1}),
        ([Level(k, k * 2) for k in range(1, 42)], [], "too_many_levels", {}),
    ],
)
def test_a_bad_structure_is_refused_naming_the_level(levels, breaks, code, params):
    with pytest.raises(StructureError) as caught:
        Structure(tuple(levels), tuple(breaks))
    assert caught.value.code == code
    assert params.items() <= caught.value.params.items()


def test_rows_from_the_form_skip_empty_ones_and_name_a_missing_field():
    rows = [
        {"small": 25, "big": 50, "minutes": 15},
        {},
        {"small": 50, "big": 100, "ante": 10, "minutes": 15, "break_minutes": 10, "note": "Pause"},
    ]
    built = structure.from_rows(rows, after_last="repeat", ante_by="big_blind")
    assert built.levels == (Level(25, 50, 0, 15), Level(50, 100, 10, 15)) and built.breaks == (Break(2, 10, "Pause"),)
    with pytest.raises(StructureError) as caught:
        structure.from_rows(
            [{"small": 25, "big": 50, "minutes": 15}, {"small": 50, "minutes": 15}], after_last="double", ante_by="each"
        )
    assert (caught.value.code, caught.value.params) == ("missing", {"level": 2, "field": "big"})
    with pytest.raises(StructureError, match="note_without_break"):
        structure.from_rows(
            [{"small": 25, "big": 50, "minutes": 15, "note": "Hi"}], after_last="double", ante_by="each"
        )


# --- the clock follows it --------------------------------------------------------------------------


def test_the_clock_runs_the_levels_their_minutes_and_the_break_with_its_note():
    schedule = Schedule(structure=OWN)
    state = clock.start(State(), schedule, T0)
    reading = clock.read(state, schedule, at(19))
    assert (reading.level, reading.small_blind, reading.big_blind, reading.ante) == (1, 25, 50, 0)
    assert reading.break_in == pytest.approx(21 * 60)  # level 1 (1 min left) + level 2 (20 min)
    on_break = clock.read(state, schedule, at(41))
    assert on_break.is_break and on_break.current.note == "Farbwechsel: die 25er gehen"
    assert (on_break.level, on_break.ante) == (3, 25)  # a break shows the level after it
    assert on_break.as_dict()["note"] == "Farbwechsel: die 25er gehen" and on_break.as_dict()["ante"] == 25
    level3 = clock.read(state, schedule, at(51))
    assert (level3.level, level3.is_break, level3.seconds_left) == (3, False, 14 * 60)
    assert clock.read(state, schedule, at(80)).level == 5  # 20 + 20 + 10 + 15 + 15 = 80: level 5 begins
    assert clock.read(state, schedule, at(80)).big_blind == 400


def test_the_night_s_own_breaks_add_to_the_structure_s():
    schedule = Schedule(break_every=3, break_minutes=5, structure=OWN)
    assert schedule.has_break_before(3) and schedule.has_break_before(4)  # the structure's, the night's (after 3)
    assert schedule.length(clock.Stage(3, True)) == timedelta(minutes=10)
    assert schedule.length(clock.Stage(4, True)) == timedelta(minutes=5)


def test_a_season_on_the_seed_s_rules_sends_the_screens_what_it_sent_before():
    data = clock.read(State(), Schedule(level_minutes=15, start_small=25, start_big=50), T0).as_dict()
    assert "ante" not in data and "note" not in data and all("ante" not in step for step in data["upcoming"])


# --- the season's page -------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def english_client(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


def _post(client, season, rows, **extra):
    data = {"rows": str(len(rows) + 2), "after_last": "double", "ante_by": "each", "save": "1", **extra}
    for k, row in enumerate(rows, start=1):
        for key, value in row.items():
            data[f"{key}_{k}"] = value
    return client.post(reverse("blind_structure", args=[season.pk]), data)


@pytest.mark.django_db
def test_the_organizer_copies_a_template_edits_it_and_saves(organizer_client):
    season = make_season()
    url = reverse("blind_structure", args=[season.pk])
    page = organizer_client.get(url, {"template": "classic"}).content.decode()
    assert 'value="75"' in page and 'name="ante_5"' in page
    assert Season.objects.get().blind_structure == ""  # a template is copied into the form, not saved
    response = _post(
        organizer_client,
        season,
        [
            {"small": 25, "big": 50, "minutes": 20},
            {"small": 50, "big": 100, "minutes": 20, "break_minutes": 10, "note": "Farbwechsel"},
            {"small": 100, "big": 200, "ante": 25, "minutes": 15},
        ],
        ante_by="big_blind",
    )
    assert response.status_code == 302
    season.refresh_from_db()
    kept = structure.from_text(season.blind_structure)
    assert kept.levels[2] == Level(100, 200, 25, 15) and kept.breaks == (Break(2, 10, "Farbwechsel"),)
    assert kept.ante_by == "big_blind"
    assert (season.start_small_blind, season.start_big_blind, season.level_minutes) == (25, 50, 20)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("rows", "message"),
    [
        (
            [{"small": 25, "big": 50, "minutes": 15}, {"small": 25, "big": 40, "minutes": 15}],
            "Level 2: the big blind (40) is below the one of the level before (50); blinds never go down.",
        ),
        (
            [{"small": 100, "big": 200, "minutes": 15}, {"small": 100, "big": 200, "minutes": 15}],
            "Level 2: same blinds as the level before: raise the blinds, or the ante above 0.",
        ),
        (
            [{"small": 25, "big": 50, "minutes": 15}, {"small": 50, "big": "-100", "minutes": 15}],
            "greater than or equal to 0",
        ),
        (
            [{"small": 25, "big": 50, "minutes": 15}, {"small": 50, "big": 100, "minutes": 0}],
            "Level 2: the minutes must be at least 1.",
        ),
        ([{"small": 25, "big": "99999999", "minutes": 15}], "less than or equal to 10000000"),
        ([], "Enter at least one level."),
        (
            [{"small": 25, "big": 50, "minutes": 15, "ante": 80}],
            "Level 1: an ante of 80 is more than the big blind (50) allows.",
        ),
    ],
)
def test_a_bad_structure_is_refused_on_the_page_and_nothing_is_saved(organizer_client, rows, message):
    season = make_season()
    response = _post(organizer_client, season, rows)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert Season.objects.get().blind_structure == ""


@pytest.mark.django_db
def test_the_structure_freezes_with_the_first_seating(organizer_client, organizer):
    table = table_of({"Anna": 1500, "Ben": 1500}, organizer)
    season = table.night.season
    response = _post(organizer_client, season, [{"small": 25, "big": 50, "minutes": 20}])
    assert response.status_code == 200 and "can no longer change" in response.content.decode()
    assert Season.objects.get().blind_structure == ""
    with pytest.raises(clock_control.StructureFrozen):
        clock_control.set_blind_structure(season=season, levels=OWN)


@pytest.mark.django_db
def test_going_back_to_the_league_s_doubling_asks_first(organizer_client):
    season = make_season()
    clock_control.set_blind_structure(season=season, levels=OWN)
    url = reverse("blind_structure", args=[season.pk])
    page = organizer_client.post(url, {"reset": "1"}).content.decode()
    assert "play the doubling blinds again?" in page and Season.objects.get().blind_structure
    assert organizer_client.post(url, {"reset": "1", "confirmed": "1"}).status_code == 302
    assert Season.objects.get().blind_structure == ""


@pytest.mark.django_db
def test_only_organizers_see_or_change_the_structure(client):
    season = make_season()
    url = reverse("blind_structure", args=[season.pk])
    assert client.get(url).status_code == 302
    assert (
        client.post(
            url,
            {"rows": "1", "small_1": "10", "big_1": "20", "minutes_1": "5", "after_last": "double", "ante_by": "each"},
        ).status_code
        == 302
    )
    assert Season.objects.get().blind_structure == ""


@pytest.mark.django_db
def test_the_tv_state_and_the_control_page_show_the_ante_and_the_break_note(organizer_client):
    season = make_season()
    clock_control.set_blind_structure(
        season=season, levels=dataclasses.replace(OWN, levels=(Level(25, 50, 10, 20),) + OWN.levels[1:])
    )
    night = make_night(season)
    clock_control.start_clock(night=night, now=clock_control.timezone.now() - timedelta(minutes=1))
    state = organizer_client.get(reverse("clock_state", args=[night.pk])).json()
    assert (state["small_blind"], state["big_blind"], state["ante"], state["level_seconds"]) == (25, 50, 10, 1200)
    page = organizer_client.get(reverse("clock_control", args=[night.pk])).content.decode()
    assert "has-ante" in page and 'data-clock-field="ante">10<' in page


@pytest.mark.django_db
def test_a_tracked_hand_takes_its_ante_from_the_structure_and_replays_with_it(organizer):
    table = table_of({"Anna": 1500, "Ben": 1500, "Carl": 1500}, organizer)
    season = table.night.season
    Season.objects.filter(pk=season.pk).update(
        blind_structure=Structure((Level(25, 50, 10, 15), Level(50, 100, 20, 15)), (), "double", "each").to_text()
    )
    dealer = Dealer(table)
    dealer.next_hand()
    hand = Hand.objects.get()
    assert (hand.small_blind, hand.big_blind, hand.ante, hand.ante_by) == (25, 50, 10, "each")
    # Anna (button), Ben SB, Carl BB; each antes 10: 1490, 1465, 1440 behind.
    assert dealer.stacks() == {"Anna": 1490, "Ben": 1465, "Carl": 1440}
    dealer.act("Anna", "fold")
    dealer.act("Ben", "fold")
    dealer.settle()
    # Carl wins the antes (30), Ben's 25 and his own blind back.
    assert dealer.stacks() == {"Anna": 1490, "Ben": 1465, "Carl": 1545}
    from tournaments.hands.stored import replay_json

    data = replay_json(Hand.objects.get(), list(Hand.objects.get().actions.order_by("index")))
    assert data["blinds"] == {"small": 25, "big": 50, "ante": 10, "ante_by": "each"}


@pytest.mark.django_db
def test_a_hand_without_an_ante_is_stored_and_replayed_exactly_as_before(organizer):
    table = table_of({"Anna": 1500, "Ben": 1500}, organizer)
    dealer = Dealer(table)
    dealer.next_hand()
    from tournaments.hands.stored import replay_json

    hand = Hand.objects.get()
    assert hand.ante == 0 and replay_json(hand, [])["blinds"] == {"small": 25, "big": 50}


@pytest.mark.django_db
def test_a_snapshot_written_before_antes_reads_as_no_ante(organizer):
    table = table_of({"Anna": 1500, "Ben": 1500}, organizer)
    dealer = Dealer(table)
    dealer.next_hand()
    table.refresh_from_db()
    snapshot = table.tracker_snapshot
    for name in ("ante", "ante_by"):
        del snapshot["hand"]["fields"][name]
    type(table).objects.filter(pk=table.pk).update(tracker_snapshot=snapshot)
    dealer.act("Anna", "fold")  # read from the old snapshot, then replayed and written as usual
    dealer.settle()
    assert dealer.stacks() == {"Anna": 1475, "Ben": 1525}


def test_a_level_may_bring_an_ante_at_the_same_blinds():
    levels = Structure((Level(50, 100), Level(100, 200), Level(100, 200, 25), Level(100, 200, 50), Level(150, 300, 50)))
    assert levels.level(3) == Level(100, 200, 25)


def test_a_level_may_raise_only_the_small_blind():
    assert Structure((Level(25, 50), Level(50, 50))).level(2) == Level(50, 50)
