"""Players who share a name at one table, told apart by seat: the engine needs unique names, people need to see who is who."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class _Player(Protocol):
    name: str


class _Seat(Protocol):
    pk: int
    position: int
    player: _Player


def unique_names(seats: Sequence[_Seat]) -> dict[int, str]:
    """Names that tell the players apart: the player's name, with the seat number where two share a name.

    The engine needs unique names. Adding the seat number blindly is not enough: "Bob", "Bob" and
    "Bob (1)" gave "Bob (1)" twice (seat 1's Bob and the player called "Bob (1)"), and every deal
    failed. A name nobody shares is kept as it is; a shared one gets its seat, "Bob (2)", or where
    even that is someone's name, "Bob [1]".
    """
    counts: dict[str, int] = {}
    for seat in seats:
        counts[seat.player.name] = counts.get(seat.player.name, 0) + 1
    names = {seat.pk: seat.player.name for seat in seats if counts[seat.player.name] == 1}
    taken = set(names.values())
    for seat in sorted(seats, key=lambda s: s.position):
        if seat.pk in names:
            continue
        name, k = seat.player.name, 1
        candidate = f"{name} ({seat.position})"
        if candidate in taken:
            candidate = f"{name} [{seat.position}]"
        while candidate in taken:
            k += 1
            candidate = f"{name} [{seat.position}.{k}]"
        names[seat.pk] = candidate
        taken.add(candidate)
    return names
