"""The night's blind clock on the Django side: load and store its state, run the organizers' operations.

The arithmetic lives in tournaments/poker/clock.py; every operation here locks the
clock's row, applies one pure function as of `now` and saves the new state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from league.models import Entry, Night, SavedStructure, Season
from league.seasons import services as seasons
from tournaments.models import ClockState, Seat, Table, TableStatus, TvScreen
from tournaments.poker import clock, structure

# How often a page that shows the clock (the TV, the control page) re-reads its state from the server.
SYNC_SECONDS = 12

__all__ = [
    "ClockBoard",
    "clock_for",
    "stored_clock",
    "reading_for",
    "board_for",
    "start_clock",
    "pause_clock",
    "resume_clock",
    "next_level",
    "previous_level",
    "adjust_clock",
    "set_breaks",
    "blinds_now",
    "Stakes",
    "stakes_now",
    "set_tv",
    "StructureFrozen",
    "set_blind_structure",
    "season_structure",
    "save_named_structure",
    "saved_structures",
    "remove_saved_structure",
]


MAX_STORED_BLINDS = 2**31 - 1


def season_breaks(night: Night) -> dict[str, int]:
    """A night's clock starts with its season's default breaks."""
    return {"break_every_levels": night.season.break_every_levels, "break_minutes": night.season.break_minutes}


def clock_for(night: Night) -> ClockState:
    """The night's clock row, created (not started, level 1) on first use."""
    clock_state, _created = ClockState.objects.get_or_create(night=night, defaults=season_breaks(night))
    return clock_state


def stored_clock(night: Night, *, read_with_night: bool = False) -> ClockState:
    """For reading only (a page view writes nothing): the stored row, or an unsaved one at its defaults.

    `read_with_night`: the caller read the clock in the same query as the night (the dealer's tap does).
    """
    clock_relation = Night._meta.get_field("clock")
    if read_with_night and clock_relation.is_cached(night):
        stored = clock_relation.get_cached_value(night)
    else:
        stored = ClockState.objects.filter(night=night).first()
    return stored or ClockState(night=night, **season_breaks(night))


def reading_for(night: Night, now: datetime | None = None, *, read_with_night: bool = False) -> clock.Reading:
    clock_state = stored_clock(night, read_with_night=read_with_night)
    return clock.read(clock_state.state, clock_state.schedule(night.season), now or timezone.now())


@dataclass(frozen=True)
class Stakes:
    """The forced bets of a hand starting now: the level, the blinds and the ante (posted `ante_by`)."""

    level: int
    small_blind: int
    big_blind: int
    ante: int = 0
    ante_by: str = "each"


def stakes_now(night: Night, now: datetime | None = None, *, read_with_night: bool = False) -> Stakes:
    """The level, blinds and ante for a hand starting now.

    Before the clock is started: the first level. During a break: the level after the break.
    """
    reading = reading_for(night, now, read_with_night=read_with_night)
    # The levels never end, but a hand's blinds are stored in integer columns: past level 27 or so every
    # stack is all-in anyway, so the stored blinds stop at the largest value every database keeps.
    return Stakes(
        reading.level,
        min(reading.small_blind, MAX_STORED_BLINDS),
        min(reading.big_blind, MAX_STORED_BLINDS),
        min(reading.ante, MAX_STORED_BLINDS),
        reading.ante_by,
    )


def blinds_now(night: Night, now: datetime | None = None, *, read_with_night: bool = False) -> tuple[int, int, int]:
    """(level, small blind, big blind) for a hand starting now (`stakes_now` has the ante too)."""
    stakes = stakes_now(night, now, read_with_night=read_with_night)
    return stakes.level, stakes.small_blind, stakes.big_blind


@dataclass(frozen=True)
class ClockBoard:
    """What the clock screens show: the reading and how far the night has come."""

    clock_state: ClockState
    reading: clock.Reading
    players_left: int
    tables_playing: int | None  # None until the seating is drawn
    at: datetime

    def as_dict(self) -> dict:
        return {
            **self.reading.as_dict(),
            "players_left": self.players_left,
            "tables_playing": self.tables_playing,
            "server_time": self.at.isoformat(),
        }


def board_for(night: Night, now: datetime | None = None) -> ClockBoard:
    now = now or timezone.now()
    tables = Table.objects.filter(night=night).aggregate(
        total=Count("pk"), playing=Count("pk", filter=~Q(status=TableStatus.FINISHED))
    )
    if tables["total"]:
        players_left = Seat.objects.filter(table__night=night, placement__isnull=True).count()
        tables_playing = tables["playing"]
    else:
        players_left = Entry.objects.paid().filter(night=night).count()
        tables_playing = None
    clock_state = stored_clock(night)
    reading = clock.read(clock_state.state, clock_state.schedule(night.season), now)
    return ClockBoard(clock_state, reading, players_left, tables_playing, now)


# --- the organizers' operations -------------------------------------------------

Operation = Callable[[clock.State, clock.Schedule, datetime], clock.State]


def _apply(night: Night, operation: Operation, now: datetime | None) -> clock.Reading:
    now = now or timezone.now()
    clock_state, _created = ClockState.objects.select_for_update().get_or_create(
        night=night, defaults=season_breaks(night)
    )
    schedule = clock_state.schedule(night.season)
    clock_state.store(operation(clock_state.state, schedule, now))
    clock_state.save()
    return clock.read(clock_state.state, schedule, now)


@transaction.atomic
def start_clock(*, night: Night, now: datetime | None = None) -> clock.Reading:
    return _apply(night, clock.start, now)


@transaction.atomic
def pause_clock(*, night: Night, now: datetime | None = None) -> clock.Reading:
    return _apply(night, clock.pause, now)


@transaction.atomic
def resume_clock(*, night: Night, now: datetime | None = None) -> clock.Reading:
    return _apply(night, clock.resume, now)


@transaction.atomic
def next_level(*, night: Night, now: datetime | None = None) -> clock.Reading:
    return _apply(night, clock.next_level, now)


@transaction.atomic
def previous_level(*, night: Night, now: datetime | None = None) -> clock.Reading:
    return _apply(night, clock.previous_level, now)


@transaction.atomic
def adjust_clock(*, night: Night, minutes: int, now: datetime | None = None) -> clock.Reading:
    """Add (positive) or remove (negative) minutes of the running level; never below 0:00."""
    return _apply(night, lambda state, schedule, at: clock.adjust(state, schedule, at, minutes=minutes), now)


@transaction.atomic
def set_breaks(*, night: Night, every_levels: int, minutes: int, now: datetime | None = None) -> clock.Reading:
    """A break of `minutes` after every `every_levels` levels (0: no breaks), from now on."""
    if every_levels < 0 or minutes < 0:
        raise ValueError("break settings cannot be negative")
    now = now or timezone.now()
    clock_state, _created = ClockState.objects.select_for_update().get_or_create(
        night=night, defaults=season_breaks(night)
    )
    # Written down under the old schedule first, so the time already played keeps its meaning.
    clock_state.store(clock.settle(clock_state.state, clock_state.schedule(night.season), now))
    clock_state.break_every_levels = every_levels
    clock_state.break_minutes = minutes
    schedule = clock_state.schedule(night.season)
    clock_state.store(clock.rebreak(clock_state.state, schedule, now))
    clock_state.save()
    return clock.read(clock_state.state, schedule, now)


@transaction.atomic
def set_tv(*, night: Night, screen: str, announcement: str, spoken: bool) -> ClockState:
    """What the TV shows, the line at its foot and whether it speaks; the TVs follow at their next poll."""
    if screen not in TvScreen.values:
        raise ValueError(f"no such TV screen: {screen}")
    clock_state, _created = ClockState.objects.select_for_update().get_or_create(
        night=night, defaults=season_breaks(night)
    )
    clock_state.tv_screen, clock_state.announcement, clock_state.spoken = screen, announcement[:140], spoken
    clock_state.save()
    return clock_state


# --- the season's blind structure -------------------------------------------------------------------------


class StructureFrozen(Exception):
    """The structure can no longer change; the message says why."""


@transaction.atomic
def set_blind_structure(*, season: Season, levels: structure.Structure | None) -> Season:
    """Give the season its own blind structure (None: back to the seed's doubling of the start blinds).

    Frozen like the blinds once a seating is drawn. The season's start blinds and level minutes follow the
    first level, so everything that shows them (the admin, a printed summary) agrees with the clock.
    """
    season = Season.objects.select_for_update().get(pk=season.pk)
    text = levels.to_text() if levels is not None else ""
    if text == season.blind_structure:
        return season
    reason = seasons.frozen_fields(season).get("blind_structure")
    if reason:
        raise StructureFrozen(_("The blind structure can no longer change (%(reason)s).") % {"reason": reason})
    season.blind_structure = text
    fields = ["blind_structure"]
    if levels is not None:
        first = levels.levels[0]
        season.start_small_blind, season.start_big_blind, season.level_minutes = first.small, first.big, first.minutes
        fields += ["start_small_blind", "start_big_blind", "level_minutes"]
    season.save(update_fields=fields)
    return season


def season_structure(season: Season) -> structure.Structure:
    """The season's levels as a structure: its own, or the seed's doubling written out."""
    if season.blind_structure:
        return structure.from_text(season.blind_structure)
    return structure.doubling(
        season.start_small_blind, max(season.start_big_blind, season.start_small_blind), max(season.level_minutes, 1)
    )


# --- the club's saved structures ---------------------------------------------------------------------------

MAX_NAME = 60


class StructureNameError(ValueError):
    """A name a saved structure cannot have; the message says why."""


def saved_structures() -> list[SavedStructure]:
    return list(SavedStructure.objects.order_by("name", "pk"))


@transaction.atomic
def save_named_structure(*, name: str, levels: structure.Structure) -> tuple[SavedStructure, bool]:
    """Keep `levels` under `name` for any season to start from; a structure of the same name is replaced (the
    organizer saves again after a change). Returns it and whether it replaced one. Seasons that took the
    old one keep their copy."""
    name = " ".join(name.split())
    if not name:
        raise StructureNameError(_("Give the structure a name."))
    if len(name) > MAX_NAME or any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in name):
        raise StructureNameError(
            _("A structure's name: letters, digits and punctuation, at most %(limit)s characters.")
            % {"limit": MAX_NAME}
        )
    kept = SavedStructure.objects.select_for_update().filter(name__iexact=name).first()
    if kept is None:
        return SavedStructure.objects.create(name=name, levels=levels.to_text()), False
    kept.name, kept.levels, kept.saved_at = name, levels.to_text(), timezone.now()
    kept.save(update_fields=["name", "levels", "saved_at"])
    return kept, True


def saved_structure(saved: SavedStructure) -> structure.Structure | None:
    """A saved structure's levels, or None when its text no longer meets the rules (it is then not offered)."""
    try:
        return structure.from_text(saved.levels)
    except structure.StructureError:
        return None


def remove_saved_structure(*, saved_id: int) -> str | None:
    """Remove a saved structure (seasons that took it keep their copy); its name, or None if it was gone."""
    saved = SavedStructure.objects.filter(pk=saved_id).first()
    if saved is None:
        return None
    saved.delete()
    return saved.name
