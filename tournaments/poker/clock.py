"""The blind clock of a league night: the schedule of levels and the time arithmetic.

Pure Python (no Django): the Django side stores a `State` and hands it here with
the season's `Schedule` and the current time. A season with a blind structure of
its own (tournaments/poker/structure.py) gives the schedule its levels (blinds,
ante, minutes) and its breaks; without one, the seed's start blinds double every
level of the season's length.

A night runs through *stages*: the blind levels 1, 2, 3, ... and, when breaks
are set, a break before every (N + 1)-th level (after levels N, 2N, ...). A
break is stored as the level that follows it with ``on_break`` set, so a hand
started during a break takes the blinds of the level after it.

The state keeps how much of the current stage was used (``elapsed``) at the
moment ``running_since`` (``None`` while paused or before the start). The
reading at any later time follows from those two values alone, and a running
clock rolls on through as many stages as have passed: a TV that was off for
forty minutes, a second screen or a restarted server all read the same time.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from tournaments.poker.structure import Break, Structure

__all__ = [
    "LAST_LEVEL",
    "Schedule",
    "Stage",
    "Step",
    "State",
    "Reading",
    "read",
    "settle",
    "start",
    "pause",
    "resume",
    "next_level",
    "previous_level",
    "adjust",
    "format_countdown",
]

# Blinds double each level for as long as the night runs (docs/rules.md, "Blinds double");
# a schedule may still end at a given level (``last_level``), which tests and short formats use.
LAST_LEVEL = None
MINUTE = timedelta(minutes=1)


@dataclass(frozen=True)
class Stage:
    """A blind level, or the break before it (``is_break``)."""

    level: int
    is_break: bool = False


@dataclass(frozen=True)
class Schedule:
    """Level length and start blinds, or the season's own structure (season settings); breaks (the night's
    clock settings, and a structure's own breaks besides)."""

    level_minutes: int = 15
    start_small: int = 25
    start_big: int = 50
    break_every: int = 0  # a break after every N levels; 0: no breaks
    break_minutes: int = 0
    last_level: int | None = LAST_LEVEL  # None: the levels never end
    structure: Structure | None = None  # the season's own levels and breaks; None: the seed's doubling

    def __post_init__(self) -> None:
        if self.level_minutes < 1:
            raise ValueError("a level lasts at least one minute")
        if self.start_small < 0 or self.start_big < self.start_small:
            raise ValueError("the start blinds must be 0 <= small <= big")
        if self.break_every < 0 or self.break_minutes < 0:
            raise ValueError("break settings cannot be negative")
        if self.last_level is not None and self.last_level < 1:
            raise ValueError("there is at least one level")

    @property
    def has_breaks(self) -> bool:
        return self.has_regular_breaks or bool(self.structure and self.structure.breaks)

    @property
    def has_regular_breaks(self) -> bool:
        return self.break_every > 0 and self.break_minutes > 0

    @property
    def ante_by(self) -> str:
        return self.structure.ante_by if self.structure else "each"

    def blinds(self, level: int) -> tuple[int, int]:
        if self.structure is not None:
            listed = self.structure.level(level)
            return listed.small, listed.big
        factor = 2 ** (level - 1)
        return self.start_small * factor, self.start_big * factor

    def ante(self, level: int) -> int:
        return self.structure.level(level).ante if self.structure is not None else 0

    def has_break_before(self, level: int) -> bool:
        if not 1 < level or (self.last_level is not None and level > self.last_level):
            return False
        if self.structure is not None and self.structure.break_after(level - 1) is not None:
            return True
        return self.has_regular_breaks and (level - 1) % self.break_every == 0

    def _listed_break(self, level: int) -> Break | None:
        return self.structure.break_after(level - 1) if self.structure is not None else None

    def length(self, stage: Stage) -> timedelta:
        if stage.is_break:
            listed = self._listed_break(stage.level)
            return timedelta(minutes=listed.minutes if listed else self.break_minutes)
        if self.structure is not None:
            return timedelta(minutes=self.structure.level(stage.level).minutes)
        return timedelta(minutes=self.level_minutes)

    def next_stage(self, stage: Stage) -> Stage | None:
        if stage.is_break:
            return Stage(stage.level)
        if self.last_level is not None and stage.level >= self.last_level:
            return None
        if self.has_break_before(stage.level + 1):
            return Stage(stage.level + 1, is_break=True)
        return Stage(stage.level + 1)

    def previous_stage(self, stage: Stage) -> Stage | None:
        if stage.is_break:
            return Stage(stage.level - 1)
        if stage.level <= 1:
            return None
        if self.has_break_before(stage.level):
            return Stage(stage.level, is_break=True)
        return Stage(stage.level - 1)

    def step(self, stage: Stage) -> Step:
        small, big = self.blinds(stage.level)
        listed = self._listed_break(stage.level) if stage.is_break else None
        return Step(
            stage.level,
            stage.is_break,
            small,
            big,
            int(self.length(stage).total_seconds()),
            self.ante(stage.level),
            listed.note if listed else "",
        )

    def stages_after(self, stage: Stage, count: int) -> tuple[Stage, ...]:
        following: list[Stage] = []
        last = stage
        while len(following) < count and (after := self.next_stage(last)) is not None:
            following.append(after)
            last = after
        return tuple(following)


@dataclass(frozen=True)
class Step:
    """A stage as shown: its level, blinds and ante (for a break: those of the level after it), length, and a
    break's note from the structure."""

    level: int
    is_break: bool
    small_blind: int
    big_blind: int
    seconds: int
    ante: int = 0
    note: str = ""

    def as_dict(self) -> dict[str, int | str]:
        data: dict[str, int | str] = {
            "level": self.level,
            "is_break": self.is_break,
            "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "seconds": self.seconds,
        }
        # Only where a structure has them: a season on the seed's rules sends exactly what it sent before.
        if self.ante:
            data["ante"] = self.ante
        if self.note:
            data["note"] = self.note
        return data


@dataclass(frozen=True)
class State:
    """What is stored: the stage, the time used in it at ``running_since``, and when the night's clock started.

    ``elapsed`` can be negative (minutes added at the start of a level) and is
    frozen while paused (``running_since`` is ``None``); ``started_at`` stays
    ``None`` until the first start.
    """

    level: int = 1
    on_break: bool = False
    elapsed: timedelta = timedelta(0)
    running_since: datetime | None = None
    started_at: datetime | None = None

    @property
    def running(self) -> bool:
        return self.running_since is not None

    @property
    def started(self) -> bool:
        return self.started_at is not None

    @property
    def paused(self) -> bool:
        return self.started and not self.running


@dataclass(frozen=True)
class Reading:
    """The clock at one moment, as a screen shows it."""

    current: Step
    seconds_left: float
    running: bool
    started: bool
    upcoming: tuple[Step, ...]
    previous: Step | None = None
    break_in: float | None = None  # seconds until the next break starts; None: no break ahead (or on one)
    ante_by: str = "each"

    @property
    def level(self) -> int:
        return self.current.level

    @property
    def is_break(self) -> bool:
        return self.current.is_break

    @property
    def small_blind(self) -> int:
        return self.current.small_blind

    @property
    def big_blind(self) -> int:
        return self.current.big_blind

    @property
    def ante(self) -> int:
        return self.current.ante

    @property
    def paused(self) -> bool:
        return self.started and not self.running

    @property
    def next(self) -> Step | None:
        return self.upcoming[0] if self.upcoming else None

    @property
    def countdown(self) -> str:
        return format_countdown(self.seconds_left)

    def as_dict(self) -> dict[str, object]:
        return {
            "level": self.level,
            "is_break": self.is_break,
            "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "level_seconds": self.current.seconds,
            "seconds_left": round(self.seconds_left, 3),
            "running": self.running,
            "started": self.started,
            "paused": self.paused,
            "upcoming": [step.as_dict() for step in self.upcoming],
            "previous": self.previous.as_dict() if self.previous else None,
            "break_in": None if self.break_in is None else round(self.break_in, 3),
            **({"ante": self.ante, "ante_by": self.ante_by} if self.ante else {}),
            **({"note": self.current.note} if self.current.note else {}),
        }


def format_countdown(seconds: float) -> str:
    """Whole seconds rounded up, as minutes:seconds: 899.2 -> "15:00", 0.4 -> "0:01", 0 -> "0:00"."""
    whole = max(0, math.ceil(seconds - 1e-9))
    return f"{whole // 60}:{whole % 60:02d}"


# --- the arithmetic ----------------------------------------------------------


def _stage(state: State, schedule: Schedule) -> Stage:
    """The stored stage, made valid for the schedule (its settings may have changed since)."""
    level = max(state.level, 1)
    if schedule.last_level is not None:
        level = min(level, schedule.last_level)
    return Stage(level, state.on_break and schedule.has_break_before(level))


def _roll(stage: Stage, elapsed: timedelta, schedule: Schedule) -> tuple[Stage, timedelta]:
    """Move on through every stage whose time is used up; the last level stays at 0:00."""
    while elapsed >= (length := schedule.length(stage)):
        following = schedule.next_stage(stage)
        if following is None:
            return stage, length
        elapsed -= length
        stage = following
    return stage, elapsed


def _elapsed_at(state: State, now: datetime) -> timedelta:
    if state.running_since is None:
        return state.elapsed
    return state.elapsed + (now - state.running_since)


def settle(state: State, schedule: Schedule, now: datetime) -> State:
    """The same clock, written down as of `now`: rolled on to the stage running now."""
    stage, elapsed = _roll(_stage(state, schedule), _elapsed_at(state, now), schedule)
    return replace(
        state,
        level=stage.level,
        on_break=stage.is_break,
        elapsed=elapsed,
        running_since=now if state.running else None,
    )


def rebreak(state: State, schedule: Schedule, now: datetime) -> State:
    """A settled clock under new break settings: a break that no longer exists gives way to a fresh level."""
    if state.on_break and not schedule.has_break_before(_stage(state, schedule).level):
        state = replace(state, on_break=False, elapsed=timedelta(0))
    return settle(state, schedule, now)


def read(state: State, schedule: Schedule, now: datetime, *, upcoming: int = 4) -> Reading:
    """The clock at `now`; `upcoming` following stages let a screen roll on by itself."""
    settled = settle(state, schedule, now)
    stage = _stage(settled, schedule)
    left = max((schedule.length(stage) - settled.elapsed).total_seconds(), 0.0)
    previous = schedule.previous_stage(stage)
    return Reading(
        current=schedule.step(stage),
        seconds_left=left,
        running=settled.running,
        started=settled.started,
        upcoming=tuple(schedule.step(s) for s in schedule.stages_after(stage, upcoming)),
        previous=schedule.step(previous) if previous else None,
        break_in=_break_in(stage, left, schedule),
        ante_by=schedule.ante_by,
    )


def _break_in(stage: Stage, left: float, schedule: Schedule) -> float | None:
    """Seconds from now until the next break begins (at most `break_every` stages, or as far as the
    structure's last break, ahead)."""
    if not schedule.has_breaks or stage.is_break:
        return None
    ahead = schedule.break_every + 1 if schedule.has_regular_breaks else 0
    if schedule.structure is not None and schedule.structure.breaks:
        breaks = schedule.structure.breaks
        ahead = max(ahead, max(b.after for b in breaks) + 1 - stage.level + len(breaks))
    seconds = left
    for following in schedule.stages_after(stage, ahead):
        if following.is_break:
            return seconds
        seconds += schedule.length(following).total_seconds()
    return None


# --- what an organizer does (each returns the new state) -----------------------


def start(state: State, schedule: Schedule, now: datetime) -> State:
    """Start the night's clock; on a paused clock this resumes, on a running one it changes nothing."""
    if state.running:
        return state
    return replace(settle(state, schedule, now), running_since=now, started_at=state.started_at or now)


def pause(state: State, schedule: Schedule, now: datetime) -> State:
    if not state.running:
        return state
    return replace(settle(state, schedule, now), running_since=None)


def resume(state: State, schedule: Schedule, now: datetime) -> State:
    if state.running or not state.started:
        return state
    return replace(settle(state, schedule, now), running_since=now)


def _jump(state: State, schedule: Schedule, now: datetime, stage: Stage) -> State:
    return replace(settle(state, schedule, now), level=stage.level, on_break=stage.is_break, elapsed=timedelta(0))


def next_level(state: State, schedule: Schedule, now: datetime) -> State:
    """The next stage from its beginning (the break, if one comes first); nothing after the last level."""
    settled = settle(state, schedule, now)
    following = schedule.next_stage(_stage(settled, schedule))
    return settled if following is None else _jump(settled, schedule, now, following)


def previous_level(state: State, schedule: Schedule, now: datetime) -> State:
    """The previous stage from its beginning; on level 1, level 1 starts over."""
    settled = settle(state, schedule, now)
    stage = _stage(settled, schedule)
    return _jump(settled, schedule, now, schedule.previous_stage(stage) or stage)


def adjust(state: State, schedule: Schedule, now: datetime, *, minutes: int) -> State:
    """Add (positive) or remove (negative) minutes of the current stage.

    The time left never goes below zero: removing a minute with 0:30 left ends
    the stage, and the clock moves on to the next one.
    """
    settled = settle(state, schedule, now)
    stage = _stage(settled, schedule)
    length = schedule.length(stage)
    elapsed = min(settled.elapsed, length) - minutes * MINUTE
    stage, elapsed = _roll(stage, min(elapsed, length), schedule)
    return replace(settled, level=stage.level, on_break=stage.is_break, elapsed=elapsed)
