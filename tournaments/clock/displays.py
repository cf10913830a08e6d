"""The pub's TVs, each with its own screen: which night a TV shows, and the organizer's changes to the list.

A TV's address holds no night: it shows the night the organizer runs now, else the next one planned; once the
last night is finished, the season's standings (docs/features.md, "TVs"). A TV of a venue does so with that
venue's nights only (its standings: the season of the venue's latest night, else the league's); a TV without
a venue with every night of the league, as before there were venues.
"""

from __future__ import annotations

import datetime

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.models import Night, NightStatus, Season, Venue
from tournaments.models import ROTATING_SCREENS, TvDisplay, TvScreen

__all__ = [
    "DisplayError",
    "MAX_DISPLAYS",
    "displays",
    "night_on_tv",
    "season_on_tv",
    "add_display",
    "change_display",
    "remove_display",
    "UNCHANGED",
]

MAX_DISPLAYS = 20  # more TVs than a pub has walls: a bound on the page and on the streams they hold
MIN_SECONDS, MAX_SECONDS = 5, 600


class DisplayError(ValueError):
    """A TV setting refused; `field` names the form field the words belong beside."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


UNCHANGED = object()  # change_display: the TV keeps its venue (a form without the field)


def displays(venue_ids: frozenset[int] | None = None) -> list[TvDisplay]:
    """Every TV (`venue_ids` None: a league organizer's list), else the TVs of these venues (a venue
    organizer's: the league's own TVs and other venues' are not his)."""
    found = TvDisplay.objects.select_related("venue")
    return list(found if venue_ids is None else found.filter(venue_id__in=venue_ids))


def _nights_of(venue_id: int | None):
    nights = Night.objects.select_related("season")
    return nights if venue_id is None else nights.filter(venue_id=venue_id)


def night_on_tv(today: datetime.date | None = None, *, venue_id: int | None = None) -> Night | None:
    """The night a TV shows: the latest not finished that has begun (a night goes on past midnight), else the
    next one planned; None when every night is finished (the TV shows the standings then). With a venue: of
    that venue's nights only."""
    today = today or timezone.localdate()
    open_nights = _nights_of(venue_id).exclude(status=NightStatus.FINISHED)
    return (
        open_nights.filter(date__lte=today).order_by("-date", "-pk").first()
        or open_nights.filter(date__gt=today).order_by("date", "pk").first()
    )


def season_on_tv(*, venue_id: int | None = None) -> Season | None:
    """The season whose standings a TV shows when no night is open: the one of the latest night (with a venue,
    of its latest night; a venue that has had none shows the league's)."""
    night = _nights_of(venue_id).order_by("-date", "-pk").first()
    if night is None and venue_id is not None:
        return season_on_tv()
    return night.season if night is not None else Season.objects.order_by("-pk").first()


def _checked(name: str, screen: str, rotation: list[str], seconds: int) -> tuple[str, str, int]:
    name = " ".join(name.split())
    if not name:
        raise DisplayError("name", _("Give the TV a name, e.g. “Bar”."))
    if len(name) > 40:
        raise DisplayError("name", _("At most 40 characters."))
    if screen not in TvScreen.values:
        raise DisplayError("screen", _("Choose one of the screens."))
    chosen = [value for value in ROTATING_SCREENS if value in rotation]
    if screen == TvScreen.ROTATE and len(chosen) < 2:
        raise DisplayError("rotation", _("Choose at least two screens to take turns."))
    if not MIN_SECONDS <= seconds <= MAX_SECONDS:
        raise DisplayError(
            "seconds",
            _("Between %(low)s and %(high)s seconds.") % {"low": MIN_SECONDS, "high": MAX_SECONDS},
        )
    return name, ",".join(chosen or ROTATING_SCREENS), seconds


def _name_taken(name: str, but: int | None = None) -> bool:
    return TvDisplay.objects.filter(name__iexact=name).exclude(pk=but).exists()


@transaction.atomic
def add_display(
    *, name: str, screen: str = TvScreen.CLOCK, rotation=(), seconds: int = 20, venue: Venue | None = None
) -> TvDisplay:
    """A new TV with its own address (of a venue, or the league's); the TVs it joins keep theirs."""
    name, kept, seconds = _checked(name, screen, list(rotation), seconds)
    if TvDisplay.objects.count() >= MAX_DISPLAYS:
        raise DisplayError("name", _("At most %(count)s TVs.") % {"count": MAX_DISPLAYS})
    if _name_taken(name):
        raise DisplayError("name", _("There is a TV of that name already."))
    try:
        with transaction.atomic():
            return TvDisplay.objects.create(name=name, screen=screen, rotation=kept, seconds=seconds, venue=venue)
    except IntegrityError:  # the same name added at the same moment elsewhere
        raise DisplayError("name", _("There is a TV of that name already.")) from None


@transaction.atomic
def change_display(
    *, display_id: int, name: str, screen: str, rotation, seconds: int, venue=UNCHANGED
) -> TvDisplay | None:
    """What the TV shows, and whose (a venue's, or None: the league's); it follows within a second (its version
    has the row's `updated_at`). None: no such TV."""
    display = TvDisplay.objects.select_for_update().filter(pk=display_id).first()
    if display is None:
        return None
    name, kept, seconds = _checked(name, screen, list(rotation), seconds)
    if _name_taken(name, but=display.pk):
        raise DisplayError("name", _("There is a TV of that name already."))
    display.name, display.screen, display.rotation, display.seconds = name, screen, kept, seconds
    if venue is not UNCHANGED:
        display.venue = venue
    display.save()
    return display


def remove_display(*, display_id: int) -> str | None:
    """The TV's name, once it is gone (its address answers "not found"); None: there was no such TV."""
    display = TvDisplay.objects.filter(pk=display_id).first()
    if display is None:
        return None
    display.delete()
    return display.name
