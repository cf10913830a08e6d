"""Use cases of the night before and around play: the seating draw, late entries, the first dealer, the
dealer link, finishing the night. The hand itself goes through `tournaments.tracker.services`."""

from __future__ import annotations

import logging
import random
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Count, Max
from django.utils.translation import gettext as _

from league.desk import services as league_services
from league.models import Entry, Night, NightStatus, Player
from tournaments.models import Hand, Placement, Seat, Table, TableStatus, new_dealer_token
from tournaments.poker import seating

logger = logging.getLogger(__name__)


class NightError(Exception):
    """A rule of the night was broken; the message is shown as it is."""


def _lock_night(night_id: int) -> Night:
    return Night.objects.select_for_update().select_related("season").get(pk=night_id)


def _night_has_play(night: Night) -> bool:
    """A hand dealt or a result entered (on paper) anywhere at the night."""
    return Hand.objects.filter(table__night=night).exists() or Placement.objects.filter(table__night=night).exists()


def seating_version(night: Night) -> str:
    """What the seating looks like now, short: the confirm form carries it, so a draw made on a stale page is refused.

    Seat ids only grow (a redraw deletes and recreates, a late entry adds), so the highest one and the count
    change with every draw, redraw or late entry.
    """
    seats = Seat.objects.filter(table__night=night).aggregate(last=Max("id"), n=Count("id"))
    return f"{night.status}-{seats['last'] or 0}-{seats['n']}"


@transaction.atomic
def draw_seating(*, night: Night, rng: random.Random | None = None, seen_version: str | None = None) -> list[Table]:
    """Seat the night's paid entries at random onto the fewest even tables; closes registration.

    Drawing again replaces the draw, but only while no hand has been played. One writer per night: the
    night's row is locked, and with `seen_version` (what the organizer's page showed) a draw that would
    replace a seating the organizer has not seen is refused instead of silently replacing it.
    """
    night = _lock_night(night.pk)
    if seen_version is not None and seen_version != seating_version(night):
        raise NightError(
            _("The seating changed meanwhile (another draw or a late entry). Check it before drawing again.")
        )
    if night.status == NightStatus.FINISHED:
        raise NightError(_("This night is finished."))
    # The tables' rows are locked before looking for a hand: a dealer starting the first hand locks his table
    # too, so either his hand is seen here or it waits and then finds its table gone (a deleted table would
    # otherwise take a just-dealt hand with it).
    old_tables = list(Table.objects.select_for_update().filter(night=night).order_by("number"))
    if night.status == NightStatus.SEATED and _night_has_play(night):
        raise NightError(_("The first hand has been played: the seating can no longer be drawn again."))
    entries = list(Entry.objects.paid().filter(night=night).order_by("id"))
    if len(entries) < 2:
        raise NightError(_("At least two paid entries are needed to draw the seating."))
    # A table number that stays keeps its dealer link: the QR code lying on that table still works
    # (docs/rules.md, "Nobody is sent home"). The phone has to open it again for the new players.
    links = {table.number: (table.dealer_token, table.qr_printed_at) for table in old_tables}
    Table.objects.filter(night=night).delete()
    stack = night.season.starting_stack
    tables = []
    for number, group in enumerate(seating.draw_tables(entries, rng), start=1):
        token, printed = links.get(number, (new_dealer_token(), None))
        table = Table.objects.create(night=night, number=number, dealer_token=token, qr_printed_at=printed)
        Seat.objects.bulk_create(
            Seat(table=table, entry=entry, position=position, starting_stack=stack)
            for position, entry in enumerate(group, start=1)
        )
        tables.append(table)
    night.status = NightStatus.SEATED
    night.save(update_fields=["status"])
    return tables


@transaction.atomic
def seat_late_entry(*, night: Night, player: Player, fee: Decimal, by: AbstractBaseUser) -> Seat | Entry:
    """Register, take the fee and seat a latecomer at the smallest table that has not started.

    When no table can take him he is registered and paid all the same and waits (the entry is returned):
    nobody who paid is sent home without a way on (docs/rules.md, "Nobody is sent home")."""
    night = _lock_night(night.pk)
    free_table(night)  # refuses before registering anyone when the night is not seated
    try:
        entry = league_services.register_player(night=night, player=player, by=by, fee=fee, late=True)
    except league_services.LeagueError as error:
        raise NightError(str(error)) from error
    return seat_or_wait(night=night, entry=entry) or entry


def free_table(night: Night) -> Table | None:
    """The smallest table that has not started and has a free seat, or None (the caller holds the night's lock)."""
    if night.status != NightStatus.SEATED:
        raise NightError(_("Late entries are taken after the seating draw; use the registration desk."))
    tables = list(Table.objects.filter(night=night).select_for_update())
    seated = Seat.objects.filter(table__night=night).values("table_id").annotate(n=Count("id"))
    sizes = {row["table_id"]: row["n"] for row in seated}
    # A table leaves "waiting" with its first hand (or its paper results) and goes back only if that hand is undone.
    key = seating.table_for_late_entry(
        [seating.OpenTable(t.pk, t.number, sizes.get(t.pk, 0), t.status != TableStatus.WAITING) for t in tables]
    )
    return next((t for t in tables if t.pk == key), None)


def table_for_late_entry(night: Night) -> Table:
    """The smallest table that has not started (the caller holds the night's lock); refuses otherwise."""
    table = free_table(night)
    if table is None:
        raise NightError(_("Every table has started or is full: the late entry cannot be seated."))
    return table


def seat_or_wait(*, night: Night, entry: Entry) -> Seat | None:
    """Seat a paid late entry at the smallest table that has not started; None when none can take him: he waits,
    paid, for the organizer's way on (tournaments.floor.waiting). The caller holds the night's lock."""
    table = free_table(night)
    return seat_late(table=table, entry=entry) if table is not None else None


def late_entry_possible(night: Night) -> bool:
    """Whether a table could still take a late entry now (a reading for the page; the seating itself locks)."""
    sizes = dict(
        Seat.objects.filter(table__night=night)
        .order_by()
        .values("table_id")
        .annotate(n=Count("id"))
        .values_list("table_id", "n")
    )
    tables = [
        seating.OpenTable(t.pk, t.number, sizes.get(t.pk, 0), t.status != TableStatus.WAITING)
        for t in night.tables.all()
    ]
    return seating.table_for_late_entry(tables) is not None


def seat_late(*, table: Table, entry: Entry) -> Seat:
    """The next free seat number at `table` for a paid late entry, with the season's starting chips."""
    position = (table.seats.order_by("-position").values_list("position", flat=True).first() or 0) + 1
    return Seat.objects.create(
        table=table, entry=entry, position=position, starting_stack=table.night.season.starting_stack, late_entry=True
    )


def _lock_waiting_table(table: Table) -> Table:
    table = Table.objects.select_for_update().get(pk=table.pk)
    if table.hands.exists():
        raise NightError(_("The first hand has been dealt: the first dealer is settled."))
    return table


@transaction.atomic
def draw_first_dealer(*, table: Table, rng: random.Random | None = None) -> Seat:
    """The virtual card draw: every seat gets a card, the highest deals first."""
    table = _lock_waiting_table(table)
    seats = list(table.seats.select_related("entry__player").order_by("position"))
    if len(seats) < 2:
        raise NightError(_("A table needs at least two players."))
    cards, winner = seating.draw_first_dealer(seats, rng)
    table.first_dealer = winner
    table.first_dealer_draw = {
        "method": "virtual",
        "cards": [{"seat": seat.pk, "name": seat.player.name, "card": str(cards[seat])} for seat in seats],
    }
    table.save(update_fields=["first_dealer", "first_dealer_draw"])
    table.touch()
    return winner


@transaction.atomic
def record_first_dealer(*, table: Table, seat: Seat, by: AbstractBaseUser) -> Seat:
    """The players drew real cards; the organizer records who drew the highest."""
    table = _lock_waiting_table(table)
    if seat.table_id != table.pk:
        raise NightError(_("That player does not sit at this table."))
    table.first_dealer = seat
    table.first_dealer_draw = {"method": "recorded", "by": by.get_username()}
    table.save(update_fields=["first_dealer", "first_dealer_draw"])
    table.touch()
    return seat


@transaction.atomic
def revoke_dealer_link(*, table: Table) -> Table:
    """A new secret for the table's dealer link; the old link and QR code stop working."""
    table = Table.objects.select_for_update().get(pk=table.pk)
    table.dealer_token = new_dealer_token()
    # The printed QR code and the phones that had the old link are of no use any more.
    table.dealer_link_opened_at = table.qr_printed_at = None
    table.save(update_fields=["dealer_token", "dealer_link_opened_at", "qr_printed_at"])
    return table


def tables_still_playing(night: Night) -> list[Table]:
    return list(night.tables.exclude(status=TableStatus.FINISHED).order_by("number"))


@transaction.atomic
def finish_night(*, night: Night, confirm_unfinished: bool = False) -> Night:
    """Close the night for good: no draw, no late entry after this.

    Needs a drawn seating. A table without its winner yet (still playing, or
    never started) refuses unless `confirm_unfinished`: its results can still
    be entered from the paper sheet later.
    """
    night = _lock_night(night.pk)
    if night.status == NightStatus.FINISHED:
        raise NightError(_("This night is already finished."))
    if night.status != NightStatus.SEATED:
        raise NightError(_("Draw the seating before finishing the night."))
    waiting = (
        Entry.objects.paid().filter(night=night, seat__isnull=True).select_related("player").order_by("player__name")
    )
    if waiting:
        raise NightError(
            _("Paid and without a seat: %(names)s. Give them a table or refund the fee before finishing the night.")
            % {"names": ", ".join(entry.player.name for entry in waiting)}
        )
    open_tables = tables_still_playing(night)
    if open_tables and not confirm_unfinished:
        raise NightError(
            _("Not finished yet: %(tables)s. Confirm to finish the night anyway.")
            % {"tables": ", ".join(str(table) for table in open_tables)}
        )
    night.status = NightStatus.FINISHED
    night.save(update_fields=["status"])
    return night
