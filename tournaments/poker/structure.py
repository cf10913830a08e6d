"""A season's own blind structure: the levels (small blind, big blind, ante, minutes), the breaks between them
and what follows the last level. Pure Python (no Django).

A season without a structure of its own plays the seed's: its start blinds doubling every level for as long
as the night runs (tournaments/poker/clock.py's ``Schedule`` without a ``structure``). A structure is kept in
the season's row as compact JSON text (:meth:`Structure.to_text`, :func:`from_text`); reading it back is
cached, so a dealer's tap that deals a hand pays for the parse once per process.

Every rule a structure must keep is checked here and broken with a :class:`StructureError` whose ``code``
and ``params`` the organizer's page turns into a sentence in his language (which level, which value).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "AFTER_LAST",
    "ANTE_BY",
    "MAX_LEVELS",
    "MAX_CHIPS",
    "MAX_MINUTES",
    "MAX_BREAK_MINUTES",
    "MAX_NOTE",
    "StructureError",
    "Level",
    "Break",
    "Structure",
    "from_text",
    "from_rows",
    "doubling",
    "classic",
    "turbo",
    "TEMPLATES",
    "template",
]

AFTER_LAST = ("double", "repeat")  # after the last level: keep doubling (the seed) or play the last one again
ANTE_BY = ("each", "big_blind")  # docs/contracts.md: every player dealt in, or the big blind for the table
MAX_LEVELS = 40
MAX_CHIPS = 10_000_000  # no pub night's blind comes near it; anything above is a typing slip
MAX_MINUTES = 120  # a level
MAX_BREAK_MINUTES = 120
MAX_NOTE = 60  # a break's note on the TV ("Colour-up: the 25s go")


class StructureError(ValueError):
    """A structure that breaks a rule: ``code`` says which, ``params`` (``level``, ``value``, ...) where."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code, params)
        self.code = code
        self.params = params


@dataclass(frozen=True)
class Level:
    small: int
    big: int
    ante: int = 0
    minutes: int = 15


@dataclass(frozen=True)
class Break:
    """A break after level ``after`` (before level ``after + 1``), with a note for the TV."""

    after: int
    minutes: int
    note: str = ""


@dataclass(frozen=True)
class Structure:
    levels: tuple[Level, ...]
    breaks: tuple[Break, ...] = ()
    after_last: str = "double"
    ante_by: str = "each"
    _breaks_by_level: dict[int, Break] = field(default_factory=dict, init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        _check(self)
        object.__setattr__(self, "_breaks_by_level", {b.after: b for b in self.breaks})

    def level(self, number: int) -> Level:
        """Level ``number`` (from 1); past the list, the last one doubled each level, or repeated."""
        listed = len(self.levels)
        if number <= listed:
            return self.levels[max(number, 1) - 1]
        last = self.levels[-1]
        if self.after_last == "repeat":
            return last
        factor = 2 ** (number - listed)
        return Level(last.small * factor, last.big * factor, last.ante * factor, last.minutes)

    def break_after(self, number: int) -> Break | None:
        return self._breaks_by_level.get(number)

    @property
    def has_antes(self) -> bool:
        return any(level.ante for level in self.levels)

    def to_text(self) -> str:
        """Compact JSON for the season's row; :func:`from_text` reads it back."""
        data = {
            "levels": [[lv.small, lv.big, lv.ante, lv.minutes] for lv in self.levels],
            "breaks": [[b.after, b.minutes, b.note] for b in self.breaks],
            "after_last": self.after_last,
            "ante_by": self.ante_by,
        }
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    def as_rows(self) -> list[dict[str, int | str | None]]:
        """One row per level for the organizer's form: the level's values and the break after it, if any."""
        rows = []
        for number, lv in enumerate(self.levels, start=1):
            pause = self.break_after(number)
            rows.append(
                {
                    "small": lv.small,
                    "big": lv.big,
                    "ante": lv.ante,
                    "minutes": lv.minutes,
                    "break_minutes": pause.minutes if pause else None,
                    "note": pause.note if pause else "",
                }
            )
        return rows


def _whole(value: object, code: str, **params: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise StructureError(code, **params)
    return value


def _check(structure: Structure) -> None:
    levels = structure.levels
    if not levels:
        raise StructureError("empty")
    if len(levels) > MAX_LEVELS:
        raise StructureError("too_many_levels", limit=MAX_LEVELS)
    if structure.after_last not in AFTER_LAST:
        raise StructureError("after_last_unknown", value=str(structure.after_last)[:20])
    if structure.ante_by not in ANTE_BY:
        raise StructureError("ante_by_unknown", value=str(structure.ante_by)[:20])
    previous: Level | None = None
    for number, lv in enumerate(levels, start=1):
        for name, value, low, high in (
            ("small", lv.small, 1, MAX_CHIPS),
            ("big", lv.big, 1, MAX_CHIPS),
            ("ante", lv.ante, 0, MAX_CHIPS),
            ("minutes", lv.minutes, 1, MAX_MINUTES),
        ):
            _whole(value, "not_whole", level=number, field=name)
            if value < low:
                raise StructureError("too_small", level=number, field=name, value=value, limit=low)
            if value > high:
                raise StructureError("too_large", level=number, field=name, value=value, limit=high)
        if lv.small > lv.big:
            raise StructureError("small_above_big", level=number, small=lv.small, big=lv.big)
        if lv.ante > lv.big * (1 if structure.ante_by == "each" else 2):
            raise StructureError("ante_above_big", level=number, ante=lv.ante, big=lv.big)
        # docs/rules.md, "Blind structures": blinds never go down, and each level raises the blinds or the
        # ante (100/200, then 100/200 ante 25, as tournament clocks write an ante's arrival).
        if previous is not None:
            if lv.big < previous.big:
                raise StructureError("big_falling", level=number, big=lv.big, previous=previous.big)
            if lv.small < previous.small:
                raise StructureError("small_falling", level=number, small=lv.small, previous=previous.small)
            if (lv.small, lv.big) == (previous.small, previous.big) and lv.ante <= previous.ante:
                raise StructureError("nothing_rising", level=number, big=lv.big, ante=lv.ante, previous=previous.ante)
        previous = lv
    seen = set()
    for pause in structure.breaks:
        _whole(pause.after, "break_level", level=pause.after)
        if not 1 <= pause.after <= len(levels) or pause.after in seen:
            raise StructureError("break_level", level=pause.after)
        seen.add(pause.after)
        _whole(pause.minutes, "not_whole", level=pause.after, field="break_minutes")
        if not 1 <= pause.minutes <= MAX_BREAK_MINUTES:
            raise StructureError("break_minutes", level=pause.after, value=pause.minutes, limit=MAX_BREAK_MINUTES)
        if not isinstance(pause.note, str) or len(pause.note) > MAX_NOTE:
            raise StructureError("note_too_long", level=pause.after, limit=MAX_NOTE)
        if any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in pause.note):
            raise StructureError("note_control", level=pause.after)


@functools.lru_cache(maxsize=64)
def from_text(text: str) -> Structure:
    """The structure kept as text (cached: every tap that deals a hand reads it)."""
    try:
        data = json.loads(text)
        levels = tuple(Level(*row) for row in data["levels"])
        breaks = tuple(Break(*row) for row in data.get("breaks", ()))
        return Structure(levels, breaks, data.get("after_last", "double"), data.get("ante_by", "each"))
    except StructureError:
        raise
    except (ValueError, TypeError, KeyError) as error:
        raise StructureError("unreadable") from error


def from_rows(rows: Iterable[Mapping[str, object]], *, after_last: str, ante_by: str) -> Structure:
    """A structure from the organizer's form: one mapping per level with ``small``, ``big``, ``ante``,
    ``minutes`` (whole numbers, or None for an empty field), and ``break_minutes`` and ``note`` for a break
    after it. Rows left entirely empty are skipped; a row with some fields empty names the first."""
    levels: list[Level] = []
    breaks: list[Break] = []
    for row in rows:
        # Whatever the form gave: _check (through Structure) refuses what is not a whole number.
        values: dict[str, Any] = {key: row.get(key) for key in ("small", "big", "ante", "minutes", "break_minutes")}
        note = str(row.get("note") or "").strip()
        if all(value is None for value in values.values()) and not note:
            continue
        number = len(levels) + 1
        for key in ("small", "big", "minutes"):
            if values[key] is None:
                raise StructureError("missing", level=number, field=key)
        levels.append(Level(values["small"], values["big"], values["ante"] or 0, values["minutes"]))
        if values["break_minutes"] is not None and values["break_minutes"] != 0:
            breaks.append(Break(number, values["break_minutes"], note))
        elif note:
            raise StructureError("note_without_break", level=number)
    return Structure(tuple(levels), tuple(breaks), after_last, ante_by)


# --- templates ------------------------------------------------------------------------------------


def doubling(small: int = 25, big: int = 50, minutes: int = 15, *, levels: int = 10) -> Structure:
    """The seed's rule written out: the start blinds doubling each level, and after the list on and on."""
    return Structure(tuple(Level(small * 2**k, big * 2**k, 0, minutes) for k in range(levels)), (), "double", "each")


def _listed(
    rows: Sequence[tuple[int, int, int]], minutes: int, breaks: Sequence[Break], after_last: str, ante_by: str
) -> Structure:
    return Structure(tuple(Level(s, b, a, minutes) for s, b, a in rows), tuple(breaks), after_last, ante_by)


# Two structures common in pub and home tournaments for 1,500 starting chips. The note of the colour-up break
# comes from the caller, in the organizer's language.
def classic(colour_up: str = "") -> Structure:
    """20-minute levels rising by steps, antes from level 5, breaks after levels 4 and 8; the last level repeats."""
    return _listed(
        [
            (25, 50, 0),
            (50, 100, 0),
            (75, 150, 0),
            (100, 200, 0),
            (150, 300, 25),
            (200, 400, 50),
            (300, 600, 75),
            (400, 800, 100),
            (500, 1000, 100),
            (600, 1200, 200),
            (800, 1600, 200),
            (1000, 2000, 300),
        ],
        20,
        [Break(4, 10, colour_up), Break(8, 10, "")],
        "repeat",
        "each",
    )


def turbo(colour_up: str = "") -> Structure:
    """10-minute levels with a big-blind ante from level 3, one break after level 6, then doubling."""
    return _listed(
        [
            (25, 50, 0),
            (50, 100, 0),
            (75, 150, 150),
            (100, 200, 200),
            (150, 300, 300),
            (200, 400, 400),
            (300, 600, 600),
            (400, 800, 800),
            (500, 1000, 1000),
            (700, 1400, 1400),
            (1000, 2000, 2000),
        ],
        10,
        [Break(6, 5, colour_up)],
        "double",
        "big_blind",
    )


TEMPLATES = ("doubling", "classic", "turbo")


def template(name: str, *, small: int = 25, big: int = 50, minutes: int = 15, colour_up: str = "") -> Structure:
    """A template to copy: the seed's doubling from the season's start blinds, or one of the two above."""
    if name == "doubling":
        return doubling(small, big, minutes)
    if name == "classic":
        return classic(colour_up)
    if name == "turbo":
        return turbo(colour_up)
    raise StructureError("template_unknown", value=str(name)[:20])
