"""The night's blind clock: one stored state per league night (the arithmetic is in tournaments/poker/clock.py),
and the pub's TVs, each with its own screen."""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.poker import clock, structure

__all__ = ["ClockState", "TvScreen", "TvDisplay", "ROTATING_SCREENS"]


class TvScreen(models.TextChoices):
    """What the pub's TV shows; the organizer chooses on the clock's controls."""

    CLOCK = "clock", _("Clock")
    SEATING = "seating", _("Seating")
    ELIMINATIONS = "eliminations", _("Eliminations")
    STANDINGS = "standings", _("Season standings")
    TABLES = "tables", _("Live tables")
    ROTATE = "rotate", _("Take turns")


class ClockState(models.Model):
    """Where the night's clock stands: the stage, the time used in it, and whether it runs.

    The time left is never stored: it follows from ``elapsed`` as of
    ``running_since`` (``None`` while paused), so every screen and every server
    process computes the same reading. Level length and start blinds are the
    season's settings; the breaks are set per night here.
    """

    night = models.OneToOneField(
        "league.Night", on_delete=models.CASCADE, related_name="clock", verbose_name=_("night")
    )
    level = models.PositiveSmallIntegerField(_("blind level"), default=1)
    on_break = models.BooleanField(_("on the break before this level"), default=False)
    elapsed = models.DurationField(
        _("time used in the level"),
        default=timedelta(0),
        help_text=_("As of “running since”, or while paused. Negative when minutes were added."),
    )
    running_since = models.DateTimeField(_("running since"), null=True, blank=True)
    started_at = models.DateTimeField(_("clock started"), null=True, blank=True)
    break_every_levels = models.PositiveSmallIntegerField(
        _("break after every … levels"), default=0, help_text=_("0: no breaks.")
    )
    break_minutes = models.PositiveSmallIntegerField(_("minutes per break"), default=10)
    announcement = models.CharField(_("announcement"), max_length=140, blank=True)
    tv_screen = models.CharField(_("TV screen"), max_length=12, choices=TvScreen.choices, default=TvScreen.CLOCK)
    spoken = models.BooleanField(_("spoken announcements"), default=False)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("blind clock")
        verbose_name_plural = _("blind clocks")
        constraints = [
            models.CheckConstraint(condition=Q(level__gte=1), name="clock_level_from_one"),
            models.CheckConstraint(
                condition=Q(running_since__isnull=True) | Q(started_at__isnull=False),
                name="clock_runs_only_once_started",
            ),
        ]

    def __str__(self) -> str:
        return _("Blind clock of %(night)s") % {"night": self.night}

    @property
    def state(self) -> clock.State:
        return clock.State(
            level=self.level,
            on_break=self.on_break,
            elapsed=self.elapsed,
            running_since=self.running_since,
            started_at=self.started_at,
        )

    def store(self, state: clock.State) -> None:
        """Copy a state computed by tournaments.poker.clock onto the row (the caller saves)."""
        self.level = state.level
        self.on_break = state.on_break
        self.elapsed = state.elapsed
        self.running_since = state.running_since
        self.started_at = state.started_at

    def schedule(self, season) -> clock.Schedule:
        """The season's levels (its own structure, else the seed's doubling) with this night's breaks."""
        return clock.Schedule(
            level_minutes=max(season.level_minutes, 1),
            start_small=season.start_small_blind,
            start_big=max(season.start_big_blind, season.start_small_blind),
            break_every=self.break_every_levels,
            break_minutes=self.break_minutes,
            structure=structure.from_text(season.blind_structure) if season.blind_structure else None,
        )


def _display_key() -> str:
    # Short enough to type from a sheet of paper; random, so that TVs added in another order keep no one's address.
    return secrets.token_hex(4)


ROTATING_SCREENS = tuple(value for value in TvScreen.values if value != TvScreen.ROTATE)


class TvDisplay(models.Model):
    """One of the pub's TVs, league-wide: its own screen, at an address without the night in it.

    The address (``/tv/<key>/``) stays the same every week: the TV shows tonight's night, or the next one,
    and the season's standings when there is none (tournaments/clock/displays.py). A TV of a venue looks at
    that venue's nights only, and its organizers manage it; one without a venue looks at the league's. Without
    any such TV the night's own TV address (``/nights/<id>/clock/``) is the one TV, as it always was."""

    name = models.CharField(_("name"), max_length=40, unique=True)
    key = models.CharField(_("address"), max_length=16, unique=True, default=_display_key, editable=False)
    screen = models.CharField(_("screen"), max_length=12, choices=TvScreen.choices, default=TvScreen.CLOCK)
    rotation = models.CharField(
        _("screens taking turns"), max_length=80, default=",".join(ROTATING_SCREENS), blank=True
    )
    seconds = models.PositiveSmallIntegerField(_("seconds per screen"), default=20)
    # PROTECT: a venue with TVs is not deleted (league.venues.services says so first).
    venue = models.ForeignKey(
        "league.Venue",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="tv_displays",
        verbose_name=_("venue"),
    )
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("TV")
        verbose_name_plural = _("TVs")
        ordering = ["name", "pk"]
        constraints = [
            models.CheckConstraint(condition=Q(seconds__gte=5) & Q(seconds__lte=600), name="tv_seconds_in_range")
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def rotation_screens(self) -> list[str]:
        return [name for name in self.rotation.split(",") if name in ROTATING_SCREENS]
