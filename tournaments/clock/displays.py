"""The pub's TVs, each with its own screen: which night a TV shows, and the organizer's changes to the list.

A TV's address holds no night: it shows the night the organizer runs now, else the next one planned; once the
last night is finished, the season's standings (docs/features.md, "TVs").
"""

from __future__ import annotations

import datetime

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.models import Night, NightStatus, Season
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
]

MAX_DISPLAYS = 20  # more TVs than a pub has walls: a bound on the page and on the streams they hold
MIN_SECONDS, MAX_SECONDS = 5, 600


class DisplayError(ValueError):
    """A TV setting refused; `field` names the form field the words belong beside."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def displays() -> list[TvDisplay]:
    return list(TvDisplay.objects.all())


def night_on_tv(today: datetime.date | None = None) -> Night | None:
    """The night a TV shows: the latest not finished that has begun (a night goes on past midnight), else the
    next one planned; None when every night is finished (the TV shows the standings then)."""
    today = today or timezone.localdate()
    open_nights = Night.objects.select_related("season").exclude(status=NightStatus.FINISHED)
    return (
        open_nights.filter(date__lte=today).order_by("-date", "-pk").first()
        or open_nights.filter(date__gt=today).order_by("date", "pk").first()
    )


def season_on_tv() -> Season | None:
    """The season whose standings a TV shows when no night is open: the one of the latest night."""
    night = Night.objects.select_related("season").order_by("-date", "-pk").first()
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
def add_display(*, name: str, screen: str = TvScreen.CLOCK, rotation=(), seconds: int = 20) -> TvDisplay:
    """A new TV with its own address; the TVs it joins keep theirs."""
    name, kept, seconds = _checked(name, screen, list(rotation), seconds)
    if TvDisplay.objects.count() >= MAX_DISPLAYS:
        raise DisplayError("name", _("At most %(count)s TVs.") % {"count": MAX_DISPLAYS})
    if _name_taken(name):
        raise DisplayError("name", _("There is a TV of that name already."))
    try:
        with transaction.atomic():
            return TvDisplay.objects.create(name=name, screen=screen, rotation=kept, seconds=seconds)
    except IntegrityError:  # the same name added at the same moment elsewhere
        raise DisplayError("name", _("There is a TV of that name already.")) from None


@transaction.atomic
def change_display(*, display_id: int, name: str, screen: str, rotation, seconds: int) -> TvDisplay | None:
    """What the TV shows; it follows within a second (its version has the row's `updated_at`). None: no such TV."""
    display = TvDisplay.objects.select_for_update().filter(pk=display_id).first()
    if display is None:
        return None
    name, kept, seconds = _checked(name, screen, list(rotation), seconds)
    if _name_taken(name, but=display.pk):
        raise DisplayError("name", _("There is a TV of that name already."))
    display.name, display.screen, display.rotation, display.seconds = name, screen, kept, seconds
    display.save()
    return display


def remove_display(*, display_id: int) -> str | None:
    """The TV's name, once it is gone (its address answers "not found"); None: there was no such TV."""
    display = TvDisplay.objects.filter(pk=display_id).first()
    if display is None:
        return None
    display.delete()
    return display.name
