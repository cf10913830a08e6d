"""Paid players no table could take after the draw, and their way on (docs/rules.md, "Nobody is sent home"):
a re-draw with them before the first hand, a free seat if one opens, a new table once two wait; one alone
waits for a second or is refunded (`late_entries.withdraw_unseated_entry`, the desk's refund).

The organizer confirms the way the page showed; `give_way_on` works it out again under the night's and the
tables' locks and changes nothing, with words, when it is no longer the way (a hand started meanwhile).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from league.models import Entry, Night, NightStatus
from tournaments.floor.services import (
    NightError,
    _lock_night,
    _night_has_play,
    draw_first_dealer,
    draw_seating,
    free_table,
    late_entry_possible,
    seat_late,
    seating_version,
)
from tournaments.models import Seat, Table
from tournaments.poker import seating


@dataclass(frozen=True)
class WayOn:
    way: str  # one of seating.WAY_*
    waiting: list[Entry]
    sizes: list[int]  # the tables after a re-draw
    version: str  # the seating this was read from: the confirmation carries it

    @property
    def names(self) -> str:
        return ", ".join(entry.player.name for entry in self.waiting)


def waiting_entries(night: Night) -> list[Entry]:
    """Paid, not withdrawn, and without a seat: after the draw, the players waiting for a way on, first paid first."""
    return list(
        Entry.objects.paid().filter(night=night, seat__isnull=True).select_related("player").order_by("paid_at", "id")
    )


def _read(night: Night, free: bool) -> WayOn | None:
    if night.status != NightStatus.SEATED:
        return None
    waiting = waiting_entries(night)
    way = seating.way_on(waiting=len(waiting), free_seat=free, play_started=_night_has_play(night))
    if way is None:
        return None
    paid = Entry.objects.paid().filter(night=night).count()
    sizes = seating.table_sizes(paid) if way == seating.WAY_REDRAW else []
    return WayOn(way, waiting, sizes, seating_version(night))


def way_on(night: Night) -> WayOn | None:
    """The way on the page offers now, or None when nobody waits (a reading; `give_way_on` decides under locks)."""
    night = Night.objects.get(pk=night.pk)  # its status as it is now, not as the caller's copy saw it
    return _read(night, late_entry_possible(night) if night.status == NightStatus.SEATED else False)


@transaction.atomic
def give_way_on(*, night: Night, way: str, seen_version: str, rng: random.Random | None = None) -> list[Table]:
    """Do the way on the organizer confirmed; returns the tables it seated the waiting players at."""
    night = _lock_night(night.pk)
    if night.status != NightStatus.SEATED:
        raise NightError(_("This is for players waiting after the seating draw."))
    list(Table.objects.select_for_update().filter(night=night))  # no first hand starts while this decides
    now = _read(night, free_table(night) is not None)
    if now is None:
        raise NightError(_("Nobody is waiting for a seat any more: nothing was changed."))
    if now.version != seen_version or now.way != way:
        raise NightError(
            _(
                "The night changed meanwhile (a hand was dealt, a player arrived or was seated): nothing was changed. "
                "Here is the way on as it is now."
            )
        )
    if way == seating.WAY_REDRAW:
        return _redraw(night, rng)
    if way == seating.WAY_NEW_TABLE:
        return [_new_table(night, now.waiting, rng)]
    if way == seating.WAY_SEAT:
        return _seat(night, now.waiting)
    raise NightError(
        _("%(name)s waits alone: a table needs a second player. A second arrival opens one; or refund the fee.")
        % {"name": now.names}
    )


def _redraw(night: Night, rng: random.Random | None) -> list[Table]:
    # draw_seating locks again and checks again for a first hand; the first dealers are drawn anew, because
    # the one of the replaced table may now sit elsewhere.
    tables = draw_seating(night=night, rng=rng, seen_version=seating_version(night))
    for table in tables:
        draw_first_dealer(table=table, rng=rng)
        table.refresh_from_db()
    return tables


def _new_table(night: Night, waiting: list[Entry], rng: random.Random | None) -> Table:
    number = (Table.objects.filter(night=night).order_by("-number").values_list("number", flat=True).first() or 0) + 1
    table = Table.objects.create(night=night, number=number)
    # The first to have paid come first when more wait than a table holds; the rest wait for the next way on.
    players = seating.draw_tables(waiting[: seating.MAX_SEATS], rng)[0]
    stack = night.season.starting_stack
    Seat.objects.bulk_create(
        Seat(table=table, entry=entry, position=position, starting_stack=stack, late_entry=True)
        for position, entry in enumerate(players, start=1)
    )
    draw_first_dealer(table=table, rng=rng)
    table.refresh_from_db()
    return table


def _seat(night: Night, waiting: list[Entry]) -> list[Table]:
    tables = []
    for entry in waiting:
        table = free_table(night)
        if table is None:
            break  # the others keep waiting, and the page offers their way on
        tables.append(seat_late(table=table, entry=entry).table)
    return tables
