"""The order in which the screens list who went out: the latest first, and the players out in one hand in
place order among themselves.

The tracker writes a hand's busted players best place first (docs/rules.md, "Placement": more chips at
the hand's start places better), so by time alone the worse place of one hand would come first: "6."
above "5.". A hand's players are one moment; they are listed where the hand's latest one falls, by place
(equal places by the order they were written in). A table's results typed in from paper are one moment
too, by place.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, TypeVar

from tournaments.models import PlacementReason

__all__ = ["latest_first"]


class Decided(Protocol):
    pk: int
    place: int
    hand_id: int | None
    table_id: int
    reason: str
    decided_at: object


P = TypeVar("P", bound=Decided)


def latest_first(placements: Iterable[P]) -> list[P]:
    """`placements` latest first; those of one hand together, by place."""
    by_time = sorted(placements, key=lambda p: (p.decided_at, p.pk), reverse=True)
    moments: dict[tuple[str, int], list[P]] = {}  # in order of each moment's latest placement
    for placement in by_time:
        if placement.hand_id is not None:
            key = ("hand", placement.hand_id)
        elif placement.reason == PlacementReason.MANUAL:  # typed in from the table's paper sheet at once
            key = ("paper", placement.table_id)
        else:
            key = ("alone", placement.pk)
        moments.setdefault(key, []).append(placement)
    return [p for moment in moments.values() for p in sorted(moment, key=lambda p: (p.place, p.pk))]
