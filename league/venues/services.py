"""The venues' use cases, each all or nothing: a venue deleted, a night moved to another venue, an
organizer held to his venues. Each refuses with a message for the organizer (`VenueError`) and writes nothing."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.utils import formats
from django.utils.translation import gettext as _

from league.models import Night, NightStatus, Venue, VenueRole


class VenueError(Exception):
    """A rule was broken; the message is shown as it is. `field` names the form's field, if one."""

    def __init__(self, message: str, *, field: str | None = None):
        super().__init__(message)
        self.field = field


@transaction.atomic
def delete_venue(*, venue: Venue) -> None:
    """A venue without nights goes; one with nights stays (its nights' tables, cash and results are its)."""
    venue = Venue.objects.select_for_update().get(pk=venue.pk)
    nights = venue.nights.count()
    if nights:
        raise VenueError(
            _("%(venue)s has league nights (%(count)s): a venue with nights cannot be deleted.")
            % {"venue": venue.name, "count": nights}
        )
    season = venue.seasons.order_by("start_date").first()
    if season is not None:
        raise VenueError(
            _("The season %(season)s counts only the nights at %(venue)s: it cannot be deleted.")
            % {"season": season.name, "venue": venue.name}
        )
    # An organizer held to this venue alone would be left with none: he runs nothing, and nobody would know why.
    stranded = [
        user.get_username()
        for user in venue.organizers.filter(venue_role__isnull=False).order_by("username")
        if user.venues.count() == 1
    ]
    if stranded:
        raise VenueError(
            _("%(names)s would have no venue left: give them another venue first, or make them league organizers.")
            % {"names": ", ".join(stranded)}
        )
    venue.delete()


@transaction.atomic
def move_night(*, night: Night, venue: Venue) -> Night:
    """Plan a night at another venue: only before its seating is drawn, within what its season counts, and
    not onto a day the venue already plays in that season."""
    night = Night.objects.select_for_update().select_related("season").get(pk=night.pk)
    if night.venue_id == venue.pk:
        return night
    if night.status in (NightStatus.SEATED, NightStatus.FINISHED):
        raise VenueError(
            _("The seating of this night is drawn: it stays at its venue (its tables, cash and results are there)."),
            field="venue",
        )
    if night.season.venue_id is not None and night.season.venue_id != venue.pk:
        raise VenueError(
            _("This season counts only the nights at %(venue)s.") % {"venue": night.season.venue.name}, field="venue"
        )
    if Night.objects.filter(season=night.season, venue=venue, date=night.date).exists():
        raise VenueError(
            _("%(venue)s already has a night on %(date)s.")
            % {"venue": venue.name, "date": formats.date_format(night.date, "SHORT_DATE_FORMAT")},
            field="venue",
        )
    night.venue = venue
    night.save(update_fields=["venue"])
    return night


@transaction.atomic
def hold_to_venues(*, user, venues: Iterable[Venue]) -> None:
    """Make a staff user a venue organizer of exactly these venues. None: refused (he would run nothing)."""
    chosen = list(venues)
    if not chosen:
        raise VenueError(_("A venue's organizer needs at least one venue."), field="venues")
    VenueRole.objects.get_or_create(user=user)
    user.venues.set(chosen)


@transaction.atomic
def make_league_organizer(*, user) -> None:
    """The organizer runs every venue again (his venues stay listed, as the venues' contacts)."""
    VenueRole.objects.filter(user=user).delete()


@transaction.atomic
def save_venue(*, venue: Venue | None, name: str, address: str, weekday: int | None, organizers: Iterable) -> Venue:
    """A new venue (`venue` None) or its changed name, address, weekday and organizers. A venue organizer taken
    off his last venue is refused: he would run nothing."""
    name = " ".join(name.split())
    if not name:
        raise VenueError(_("Enter the venue's name."), field="name")
    others = Venue.objects.exclude(pk=venue.pk) if venue is not None else Venue.objects.all()
    if others.filter(name__iexact=name).exists():
        raise VenueError(_("There is already a venue named %(name)s.") % {"name": name}, field="name")
    chosen = {user.pk: user for user in organizers}
    if venue is not None:
        venue = Venue.objects.select_for_update().get(pk=venue.pk)
        dropped = venue.organizers.filter(venue_role__isnull=False).exclude(pk__in=chosen).order_by("username")
        stranded = [user.get_username() for user in dropped if user.venues.count() == 1]
        if stranded:
            raise VenueError(
                _("%(names)s would have no venue left: give them another venue first, or make them league organizers.")
                % {"names": ", ".join(stranded)},
                field="organizers",
            )
    else:
        venue = Venue()
    venue.name, venue.address, venue.weekday = name, address.strip(), weekday
    venue.save()
    venue.organizers.set(chosen.values())
    return venue
