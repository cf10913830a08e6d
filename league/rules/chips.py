"""A club's chip set as typed on the clock's settings page: one chip a line, its value and its colour.

"25 weiß", "100 red", "5000 #1e90ff": a positive whole number, then a colour from COLOURS (German or English)
or #rrggbb. The values are distinct and at most MAX_CHIPS; the set is given back smallest chip first, each
colour as #rrggbb, so the TV draws it without knowing the words."""

from __future__ import annotations

import re
from dataclasses import dataclass

from league.rules.errors import RulesError

__all__ = ["Chip", "COLOURS", "MAX_CHIPS", "parse_chips", "chips_text"]

MAX_CHIPS = 12  # more denominations than a pub's case holds; the chart stays readable on the TV
MAX_VALUE = 10_000_000
MAX_LINE = 40

# The colours a chip case holds, by the names people type (German and English; lower case).
COLOURS = {
    "weiß": "#f4f4f4", "weiss": "#f4f4f4", "white": "#f4f4f4",
    "rot": "#d32f2f", "red": "#d32f2f",
    "blau": "#1e63d6", "blue": "#1e63d6",
    "grün": "#2e9d4f", "gruen": "#2e9d4f", "green": "#2e9d4f",
    "schwarz": "#1a1a1a", "black": "#1a1a1a",
    "gelb": "#f5d000", "yellow": "#f5d000",
    "orange": "#f08a00",
    "lila": "#7b3fb5", "violett": "#7b3fb5", "purple": "#7b3fb5",
    "rosa": "#f07ab0", "pink": "#f07ab0",
    "grau": "#8c8c8c", "grey": "#8c8c8c", "gray": "#8c8c8c",
    "braun": "#7a4a23", "brown": "#7a4a23",
    "hellblau": "#6ec6ff", "light blue": "#6ec6ff",
}  # fmt: skip

_LINE = re.compile(r"([0-9]+)\s+(.+)")
_HEX = re.compile(r"#[0-9a-f]{6}")


@dataclass(frozen=True)
class Chip:
    value: int
    colour: str  # #rrggbb

    @property
    def dark(self) -> bool:
        """Whether the chip is dark enough that its value is written in white on it."""
        red, green, blue = (int(self.colour[k : k + 2], 16) for k in (1, 3, 5))
        return 0.299 * red + 0.587 * green + 0.114 * blue < 140


def parse_chips(text: str) -> list[Chip]:
    """The chip set in `text`, smallest first; RulesError("chip_line" | "chip_value" | "chip_colour" |
    "chip_twice" | "chip_count", line=, ...) for the first line that breaks a rule."""
    chips: dict[int, Chip] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = " ".join(raw.split())
        if not line:
            continue
        if len(line) > MAX_LINE:
            raise RulesError("chip_line", line=number)
        match = _LINE.fullmatch(line)
        if match is None:
            raise RulesError("chip_line", line=number)
        digits, colour_text = match.groups()
        value = int(digits) if len(digits) <= 8 else MAX_VALUE + 1
        if not 1 <= value <= MAX_VALUE:
            raise RulesError("chip_value", line=number, most=MAX_VALUE)
        colour = _colour(colour_text.casefold())
        if colour is None:
            raise RulesError("chip_colour", line=number, colour=colour_text)
        if value in chips:
            raise RulesError("chip_twice", line=number, value=value)
        chips[value] = Chip(value, colour)
        if len(chips) > MAX_CHIPS:
            raise RulesError("chip_count", most=MAX_CHIPS)
    return sorted(chips.values(), key=lambda chip: chip.value)


def _colour(text: str) -> str | None:
    if _HEX.fullmatch(text):
        return text
    return COLOURS.get(text)


def chips_text(chips: list[Chip]) -> str:
    """The set as it is stored and shown again in the editor: one "value #rrggbb" a line."""
    return "\n".join(f"{chip.value} {chip.colour}" for chip in chips)
