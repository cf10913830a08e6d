"""People and tables for the night's tests."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

from league.desk import services as league_services
from league.models import Night
from tests.league.factories import make_night, make_player
from tournaments.floor import services
from tournaments.models import Seat, Table
from tournaments.poker.cards import seeded_rng
from tournaments.tracker import services as tracker

FEE = Decimal("10.00")


def paid_night(organizer, players: int, **night_fields) -> Night:
    night = make_night(**night_fields)
    for k in range(players):
        player = make_player(f"Player {k + 1:02d}", born=datetime.date(1980, 1, 1) + datetime.timedelta(days=k))
        league_services.register_player(night=night, player=player, by=organizer, fee=FEE)
    return night


def table_of(players: dict[str, int], organizer, *, button: str | None = None, night: Night | None = None) -> Table:
    """One table seated in the given order with the given stacks; the first player (or `button`) deals first."""
    night = night or make_night()
    night.status = "registration"
    night.save()
    table = Table.objects.create(night=night, number=night.tables.count() + 1)
    for position, (name, stack) in enumerate(players.items(), start=1):
        entry = league_services.register_player(night=night, player=make_player(name), by=organizer, fee=FEE)
        Seat.objects.create(table=table, entry=entry, position=position, starting_stack=stack)
    night.status = "seated"
    night.save()
    dealer = table.seats.get(entry__player__name=button or next(iter(players)))
    services.record_first_dealer(table=table, seat=dealer, by=organizer)
    return table


class Dealer:
    """Drives a table through tracker.py the way the phone page does: always with the current version."""

    def __init__(self, table: Table):
        self.table = table

    @property
    def state(self) -> tracker.TableState:
        self.table.refresh_from_db()
        return tracker.load_state(self.table)

    def seat(self, name: str) -> int:
        return self.state.seat_by_name()[name]

    def next_hand(self):
        return tracker.start_hand(table=self.table, version=self.state.version)

    def act(self, name: str, verb: str, to: int | None = None):
        return tracker.record_action(
            table=self.table, version=self.state.version, seat_id=self.seat(name), verb=verb, to=to
        )

    def cards(self, board: str, **holes: str):
        holes = {name.replace("_", " "): cards for name, cards in holes.items()}
        tracker.save_cards(table=self.table, version=self.state.version, board=board, hole_cards=holes)

    def settle(self, pot_winners=None):
        return tracker.settle(table=self.table, version=self.state.version, pot_winners=pot_winners)

    def undo(self):
        tracker.undo(table=self.table, version=self.state.version)

    def stacks(self) -> dict[str, int]:
        state = self.state
        names = {seat.pk: seat.player.name for seat in state.seats}
        return {names[seat_id]: chips for seat_id, chips in state.stacks.items()}


@pytest.fixture
def rng():
    return seeded_rng(7)


@pytest.fixture
def three_way(db, organizer) -> Table:
    """Anna deals first; Ben 1500, Carl a short 300."""
    return table_of({"Anna": 1500, "Ben": 1500, "Carl": 300}, organizer)


@pytest.fixture
def dealer(three_way) -> Dealer:
    return Dealer(three_way)
