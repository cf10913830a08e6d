"""The venues' use cases, each all or nothing: a venue deleted, a night moved to another venue, an
organizer held to his venues. Each refuses with a message for the organizer (`VenueError`) and writes nothing."""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth import get_user_model
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
    """A venue without nights goes; one with nights stays (its nights' tables, cash and results are its), as does
    one a season counts alone, one with TVs, and one an organizer would be left without."""
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
    # Its TVs are the tournaments app's rows, reached by their relation's name (this layer imports nothing above).
    tvs = list(venue.tv_displays.order_by("name").values_list("name", flat=True))
    if tvs:
        raise VenueError(
            _("%(venue)s has TVs (%(names)s): remove them on the clock's page, or give them another venue, first.")
            % {"venue": venue.name, "names": ", ".join(tvs)}
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


def takes_rights_away(*, user, venues: Iterable[Venue] | None) -> bool:
    """Whether giving this organizer this role leaves him fewer rights: a league organizer held to venues, or a
    venue organizer losing one of his venues (the page asks before such a change)."""
    if venues is None:
        return False
    if not VenueRole.objects.filter(user=user).exists():
        return True
    kept = {venue.pk for venue in venues}
    return user.venues.exclude(pk__in=kept).exists()


@transaction.atomic
def change_role(*, by, user, venues: Iterable[Venue] | None) -> None:
    """Give an organizer his role: a league organizer (`venues` None) or the organizer of these venues. Nobody
    changes his own role (he could lock himself out), and the league keeps at least one league organizer: both
    refused, nothing changed."""
    if user.pk == by.pk:
        raise VenueError(_("You cannot change your own role: another league organizer can."), field="role")
    # Every organizer's row locked, in one order: two organizers taking each other's role at the same moment
    # are one after the other, and the second sees the first's change.
    organizers = list(get_user_model().objects.select_for_update().filter(is_staff=True, is_active=True).order_by("pk"))
    if venues is None:
        make_league_organizer(user=user)
        return
    chosen = list(venues)
    if not chosen:
        raise VenueError(_("A venue's organizer needs at least one venue."), field="venues")
    held = set(VenueRole.objects.filter(user__in=organizers).values_list("user_id", flat=True))
    league_organizers = [organizer for organizer in organizers if organizer.pk not in held]
    if [organizer.pk for organizer in league_organizers] == [user.pk]:
        raise VenueError(
            _("%(name)s is the league's last organizer: make another organizer a league organizer first.")
            % {"name": user.get_username()},
            field="role",
        )
    hold_to_venues(user=user, venues=chosen)


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
