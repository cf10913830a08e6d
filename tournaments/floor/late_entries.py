"""After the seating draw: a walk-in who was never registered, and the entries the draw left
unseated because they had not paid. Each joins the smallest table that has not started; when
none can take him he pays all the same and waits for the organizer's way on (`waiting`), or
(for an unpaid entry) is withdrawn.

Every function runs in one transaction and writes nothing when a rule fails.
"""

from __future__ import annotations

from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from league.desk import services as league_services
from league.models import Entry, Night, NightStatus, Player
from tournaments.floor.services import NightError, _lock_night, free_table, seat_late_entry, seat_or_wait
from tournaments.models import Seat


def unseated_entries(night: Night) -> list[Entry]:
    """Active entries without a seat that have not paid: after the draw, the ones left out of it."""
    return list(
        Entry.objects.active()
        .filter(night=night, seat__isnull=True, paid_at__isnull=True)
        .select_related("player")
        .order_by("player__name", "id")
    )


@transaction.atomic
def seat_walk_in(*, night: Night, fee: Decimal, by: AbstractBaseUser, player_fields: dict) -> Seat | Entry:
    """A new player arrives after the draw: created, checked for age, registered, paid and seated, or nothing at all.

    With no table to take him he is created, registered and paid all the same, and waits (the entry is returned)."""
    night = _lock_night(night.pk)
    free_table(night)  # refuse before creating anyone when the night is not seated
    player = Player(**player_fields)
    try:
        league_services.check_age(player=player, on=night.date)
        player.full_clean()
    except league_services.LeagueError as error:
        raise NightError(str(error)) from error
    except ValidationError as error:
        raise NightError(" ".join(error.messages)) from error
    player.save()
    return seat_late_entry(night=night, player=player, fee=fee, by=by)


def _lock_unseated(entry: Entry) -> tuple[Entry, Night]:
    night = _lock_night(entry.night_id)
    entry = Entry.objects.select_for_update().select_related("player").get(pk=entry.pk)
    if night.status != NightStatus.SEATED:
        raise NightError(_("This is for entries left out of the seating draw; use the registration desk."))
    if entry.is_withdrawn:
        raise NightError(_("This entry was withdrawn."))
    if Seat.objects.filter(entry=entry).exists():
        raise NightError(_("%(name)s already has a seat.") % {"name": entry.player.name})
    return entry, night


@transaction.atomic
def pay_and_seat_entry(*, entry: Entry, fee: Decimal, by: AbstractBaseUser) -> Seat | Entry:
    """An entry left out of the draw pays now and joins the smallest table that has not started, or waits
    (the entry is returned) when none can take him."""
    entry, night = _lock_unseated(entry)
    try:
        entry = league_services.take_fee(entry=entry, amount=fee, by=by, after_draw=True)
    except league_services.LeagueError as error:
        raise NightError(str(error)) from error
    return seat_or_wait(night=night, entry=entry) or entry


@transaction.atomic
def withdraw_unseated_entry(*, entry: Entry, by: AbstractBaseUser, reason: str = "") -> Entry:
    """An entry left out of the draw goes home: withdrawn, a paid fee refunded and recorded."""
    entry, _night = _lock_unseated(entry)
    try:
        return league_services.withdraw_entry(entry=entry, by=by, reason=reason, after_draw=True)
    except league_services.LeagueError as error:
        raise NightError(str(error)) from error
