"""What the tracker reads and writes: a table's state, derived from its rows, and the errors shown to the dealer."""

from __future__ import annotations

from dataclasses import dataclass, field

from league.models import JackpotDeposit, NightStatus
from tournaments.models import Action, Hand, HandStatus, Placement, Seat, Table, TableStatus
from tournaments.poker import holdem
from tournaments.tracker.seat_names import unique_names


class TrackerError(Exception):
    """The input cannot be taken; the message is shown to the dealer as it is."""


class StaleTable(TrackerError):
    """The phone's view is out of date: someone else changed the table."""


class NoSuchTable(TrackerError):
    """No table has this dealer link (any more)."""


class ResultStands(TrackerError):
    """The table's result is accepted: the dealer link shows it read-only."""


class OnPaper(TrackerError):
    """The organizer switched the table to paper: the dealer link shows it read-only."""


@dataclass
class TableState:
    """Everything the tracker page shows, derived from the stored rows."""

    table: Table
    seats: list[Seat]  # every seat, clockwise
    hand: Hand | None  # the latest hand
    actions: list[Action] = field(default_factory=list)
    engine: holdem.Hand | None = None
    stacks: dict[int, int] = field(default_factory=dict)  # seat id -> chips now (behind, during a hand)
    # The hand before the latest, kept so that taking back a hand dealt by mistake needs no further read.
    previous: Hand | None = None
    previous_actions: list[Action] = field(default_factory=list)
    previous_known: bool = True
    # Read from the snapshot, the hand before is kept as its JSON until a change needs it (undoing a deal):
    # most taps only write it back, and making its actions into model instances was a tenth of the read.
    # None: decoded (or there was no hand before), and `previous` with `previous_actions` stand.
    previous_json: dict | None = None
    deposit_confirmed: bool | None = None  # read with the seats; None: not read
    # The organizer switched the table to paper (its phone died) or typed it from a paper sheet: the tracker
    # shows it read-only (docs/rules.md, "A table that goes on on paper"). Read with the seats.
    on_paper: bool = False

    @property
    def version(self) -> str:
        """What a request must have seen to change the table: its random revision, renewed by every change."""
        return self.table.revision

    @property
    def result_stands(self) -> bool:
        if self.deposit_confirmed is None:
            return result_stands(self.table)
        return self.table.status == TableStatus.FINISHED and (
            self.table.night.status == NightStatus.FINISHED or self.deposit_confirmed
        )

    @property
    def hand_open(self) -> bool:
        return self.hand is not None and self.hand.status != HandStatus.COMPLETE

    @property
    def remaining(self) -> list[Seat]:
        """Seats still in the tournament (no placement yet)."""
        return [seat for seat in self.seats if not has_placement(seat)]

    @property
    def placed(self) -> list[Seat]:
        """Seats that have their placement."""
        return [seat for seat in self.seats if has_placement(seat)]

    def engine_names(self) -> dict[int, str]:
        if self.hand is not None:
            return {p["seat"]: p["name"] for p in self.hand.players}
        return unique_names(self.seats)

    def seat_by_name(self) -> dict[str, int]:
        return {name: seat_id for seat_id, name in self.engine_names().items()}


def result_stands(table: Table) -> bool:
    """The table is over and its result accepted (deposit confirmed, or the night finished):
    closed to the dealer link; only an organizer's recorded correction changes it now. A deposit reversed
    later (a money mistake, league.cashbook.book.reverse_deposit) still accepted the result: it counts here."""
    if table.status != TableStatus.FINISHED:
        return False
    return table.night.status == NightStatus.FINISHED or JackpotDeposit.objects.filter(table_id=table.pk).exists()


def has_placement(seat: Seat) -> bool:
    # A missing reverse one-to-one raises an AttributeError subclass, so getattr's default applies.
    return getattr(seat, "placement", None) is not None


def set_placement(seat: Seat, placement: Placement | None) -> None:
    """What the seat's placement is now, known without asking the database (None: known to have none)."""
    Seat._meta.get_field("placement").set_cached_value(seat, placement)
