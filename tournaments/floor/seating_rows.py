"""The night's tables with their seated players as the seating pages list them: plain rows, not models.

Thirty seats read as Seat, Entry and Player objects (every column converted, the prefetch's machinery) were
a third of the seating page's time; the pages show of each seat only its number, the player's name and
whether he came late.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from league.models import Night
from tournaments.models import Seat, Table


@dataclass(frozen=True)
class SeatedPlayer:
    pk: int  # the seat's: the table marks its first dealer by it
    position: int
    name: str
    late_entry: bool


def tables_with_seats(night: Night) -> list[Table]:
    """The night's tables, each with `seated`: its players by seat number (two queries)."""
    # The tracker's snapshot of a table (JSON, the whole state of its play) is not shown.
    tables = list(night.tables.defer("tracker_snapshot", "first_dealer_draw"))
    seated: dict[int, list[SeatedPlayer]] = defaultdict(list)
    rows = (
        Seat.objects.filter(table__night=night)
        .order_by("table_id", "position")
        .values_list("table_id", "pk", "position", "entry__player__name", "late_entry")
    )
    for table_id, pk, position, name, late in rows:
        seated[table_id].append(SeatedPlayer(pk, position, name, late))
    for table in tables:
        table.seated = seated[table.pk]  # type: ignore[attr-defined]
    return tables
