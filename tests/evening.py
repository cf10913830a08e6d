"""A league with everything on screen at once, for tests that walk through every page.

One season with a played night (paper results, a deposit to confirm, a
correction), tonight's seated night (a tracked table in the middle of a hand
with a hand already played, a table at a showdown, a paper table, the clock
running, a late entry possible) and next week's night at the desk (a paid and
an unpaid entry). Stacks of 1,500 and a fee of 12.50 make a thousands
separator or a decimal comma show wherever one could slip in.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal

from league.desk import services as league_services
from league.models import Entry, Night, Player, Season
from tests.league.factories import make_player, make_season
from tournaments.clock import services as clock_control
from tournaments.floor import services
from tournaments.models import Placement, Seat, Table
from tournaments.placements import paper as manual_results
from tournaments.placements import services as placements_services
from tournaments.tracker import services as tracker

FEE = Decimal("12.50")
SHARE = Decimal("2.50")


@dataclass(frozen=True)
class Evening:
    season: Season
    played: Night
    played_table: Table
    placement: Placement
    tonight: Night
    tracked_table: Table
    showdown_table: Table
    paper_table: Table
    desk_night: Night
    paid_entry: Entry
    unpaid_entry: Entry
    player: Player


def _seat(night: Night, table: Table, names_and_stacks: dict[str, int], by) -> list[Seat]:
    seats = []
    for position, (name, stack) in enumerate(names_and_stacks.items(), start=1):
        player = Player.objects.filter(name=name).first() or make_player(name)
        entry = league_services.register_player(night=night, player=player, by=by, fee=FEE)
        seats.append(Seat.objects.create(table=table, entry=entry, position=position, starting_stack=stack))
    return seats


def _act(table: Table, name: str, verb: str, to: int | None = None) -> None:
    state = tracker.load_state(table)
    tracker.record_action(table=table, version=state.version, seat_id=state.seat_by_name()[name], verb=verb, to=to)


def _start(table: Table) -> None:
    tracker.start_hand(table=table, version=tracker.load_state(table).version)


def build_evening(organizer) -> Evening:
    today = datetime.date(2026, 11, 25)
    season = make_season(name="Saison 2026", entry_fee=FEE, jackpot_share=SHARE)

    # Last week: one table played on paper, its deposit not yet confirmed, one place corrected.
    played = Night.objects.create(season=season, date=today - datetime.timedelta(days=7))
    played_table = Table.objects.create(night=played, number=1)
    seats = _seat(
        played,
        played_table,
        {"Anna Berger": 1500, "Ben Schuster": 1500, "Carl Weiß": 1500, "Dora Krämer": 1500},
        organizer,
    )
    played.status = "seated"
    played.save()
    manual_results.record_paper_results(
        table=played_table,
        places=[(seat.pk, place) for seat, place in zip(seats, (2, 1, 3, 4))],
        by=organizer,
        version=manual_results.results_version(played_table),
        first_dealer_seat_id=seats[3].pk,
    )
    placement = Placement.objects.get(seat=seats[3])
    placements_services.correct_placement(
        placement=Placement.objects.get(seat=seats[3]), place=3, reason="Zettel", by=organizer
    )

    # Tonight: seated, the clock running.
    tonight = Night.objects.create(season=season, date=today)
    tracked_table = Table.objects.create(night=tonight, number=1)
    _seat(tonight, tracked_table, {"Anna Berger": 1500, "Ben Schuster": 1500, "Carl Weiß": 1500}, organizer)
    showdown_table = Table.objects.create(night=tonight, number=2)
    _seat(tonight, showdown_table, {"Dora Krämer": 1500, "Emil Lang": 1500, "Frida Ost": 1500}, organizer)
    paper_table = Table.objects.create(night=tonight, number=3)
    _seat(tonight, paper_table, {"Gustav Rau": 1500, "Hanna Sommer": 1500}, organizer)
    tonight.status = "seated"
    tonight.save()
    for table in (tracked_table, showdown_table):
        services.record_first_dealer(table=table, seat=table.seats.first(), by=organizer)
    clock_control.start_clock(night=tonight)

    # Table 1: a hand folded to the big blind, then the next hand waits for a raise.
    _start(tracked_table)
    _act(tracked_table, "Anna Berger", "fold")
    _act(tracked_table, "Ben Schuster", "fold")
    tracker.settle(table=tracked_table, version=tracker.load_state(tracked_table).version)
    _start(tracked_table)
    # Table 2: everybody all-in before the flop, the winners still to be tapped.
    _start(showdown_table)
    _act(showdown_table, "Dora Krämer", "allin")
    _act(showdown_table, "Emil Lang", "call")
    _act(showdown_table, "Frida Ost", "call")

    # Next week at the desk: one paid, one not, and a player still to find.
    desk_night = Night.objects.create(season=season, date=today + datetime.timedelta(days=7))
    paid_entry = league_services.register_player(
        night=desk_night, player=Player.objects.get(name="Anna Berger"), by=organizer, fee=FEE
    )
    unpaid_entry = league_services.register_player(
        night=desk_night, player=Player.objects.get(name="Ben Schuster"), by=organizer
    )
    make_player("Ida Unger", nickname="Idee")

    return Evening(
        season=season,
        played=played,
        played_table=played_table,
        placement=placement,
        tonight=tonight,
        tracked_table=tracked_table,
        showdown_table=showdown_table,
        paper_table=paper_table,
        desk_night=desk_night,
        paid_entry=paid_entry,
        unpaid_entry=unpaid_entry,
        player=Player.objects.get(name="Anna Berger"),
    )
