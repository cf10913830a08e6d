"""A full league night for the TV and rail tests and screenshots.

Two nights of paper results earlier in the season (so the standings show
movement), tonight 28 players at four tables: tables 1 and 2 on the tracker
(one busted player at table 1, a hand running at table 2), tables 3 and 4 on
paper; the clock running with breaks every four levels.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from league.models import Night, Season
from tests.evening import FEE, SHARE, _seat
from tests.league.factories import make_season
from tournaments.clock import services as clock_control
from tournaments.floor import services
from tournaments.models import Table
from tournaments.placements import paper as manual_results
from tournaments.tracker import services as tracker

NAMES = [
    "Anna Berger",
    "Ben Schuster",
    "Carl Weiß",
    "Dora Krämer",
    "Emil Lang",
    "Frida Ost",
    "Gustav Rau",
    "Hanna Sommer",
    "Ida Unger",
    "Jonas Vogt",
    "Katrin Wolf",
    "Lukas Zimmer",
    "Mia Adler",
    "Nico Brandt",
    "Olga Czerny",
    "Paul Dietrich",
    "Quirin Ebert",
    "Rosa Fink",
    "Stefan Graf",
    "Tina Hahn",
    "Uwe Jäger",
    "Vera Kühn",
    "Willi Lorenz",
    "Xenia Maier",
    "Yusuf Nowak",
    "Zoe Otto",
    "Anton Pfeiffer",
    "Bea Quast",
]


@dataclass(frozen=True)
class TvNight:
    season: Season
    night: Night
    tables: list[Table]


def act(table: Table, name: str, verb: str, to: int | None = None) -> None:
    state = tracker.load_state(table)
    tracker.record_action(table=table, version=state.version, seat_id=state.seat_by_name()[name], verb=verb, to=to)


def start(table: Table) -> None:
    tracker.start_hand(table=table, version=tracker.load_state(table).version)


def settle(table: Table, pot_winners=None) -> None:
    tracker.settle(table=table, version=tracker.load_state(table).version, pot_winners=pot_winners)


def _paper_night(season: Season, day: datetime.date, order: list[str], organizer) -> None:
    night = Night.objects.create(season=season, date=day)
    table = Table.objects.create(night=night, number=1)
    seats = _seat(night, table, {name: 1500 for name in order}, organizer)
    night.status = "seated"
    night.save()
    manual_results.record_paper_results(
        table=table,
        places=[(seat.pk, place) for place, seat in enumerate(seats, start=1)],
        by=organizer,
        version=manual_results.results_version(table),
    )


def build_tv_night(organizer, *, today: datetime.date = datetime.date(2026, 11, 25)) -> TvNight:
    season = make_season(name="Saison 2026", entry_fee=FEE, jackpot_share=SHARE)
    _paper_night(season, today - datetime.timedelta(days=14), NAMES[:12], organizer)
    _paper_night(season, today - datetime.timedelta(days=7), list(reversed(NAMES[2:14])), organizer)

    night = Night.objects.create(season=season, date=today)
    tables = []
    for number, names in enumerate((NAMES[0:7], NAMES[7:14], NAMES[14:21], NAMES[21:28]), start=1):
        table = Table.objects.create(night=night, number=number)
        _seat(night, table, {name: 1500 for name in names}, organizer)
        tables.append(table)
    night.status = "seated"
    night.save()
    for table in tables[:2]:
        services.record_first_dealer(table=table, seat=table.seats.order_by("position").first(), by=organizer)
    clock_control.set_breaks(night=night, every_levels=4, minutes=10)
    clock_control.start_clock(night=night)
    return TvNight(season=season, night=night, tables=tables)


def bust_one(table: Table) -> tuple[str, str]:
    """A hand in which the first to act goes all-in, the next one calls (and wins), the others fold."""
    start(table)
    shover = caller = None
    while not (engine := tracker.load_state(table).engine).is_betting_over:
        name = engine.to_act
        if shover is None:
            shover, verb = name, "allin"
        elif caller is None:
            caller, verb = name, "call"
        else:
            verb = "fold"
        act(table, name, verb)
    pots = tracker.load_state(table).engine.pots()
    settle(table, pot_winners=[[caller] if caller in pot.eligible else list(pot.eligible)[:1] for pot in pots])
    return shover, caller
