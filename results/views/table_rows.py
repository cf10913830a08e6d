"""The standings' rows as the page shows them: each figure already text in the page's language.

A page of the table has fifty rows of eight figures, a movement and a link each. Written by the template
language one figure at a time (a number localized per cell, a plural looked up per row, a URL reversed per
row, an include per row) that cost most of the page's time; made here once per row, they cost a fraction,
and the template only places them. The text is the same as the template language writes it: whole numbers
as digits (no thousands separator: USE_THOUSAND_SEPARATOR is off), points with the language's decimal mark.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.urls import reverse
from django.utils import formats
from django.utils.translation import gettext, ngettext

from league.rules.standings import Standing

_MARK = 987654321  # an id no league reaches: the one place the route puts it


class TemplateRow(dict):
    """A row's texts, read as `row.name` in Python and in the template. A dict, because the template language
    looks `row.name` up as `row["name"]` first and as an attribute only when that fails: for an object that was
    an exception raised and caught for every cell, a fifth of the template's time on a page of rows."""

    def __getattr__(self, name: str):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


class ShownRow(TemplateRow):
    player_id: str
    name: str
    position: str
    tied: bool  # shares the position
    leader: bool
    me: bool  # the row the link to the page asked for
    player_url: str
    points: str
    nights: str
    dropped: str  # "(2 not counted)"'s inner text, or ""
    wins: str
    seconds: str
    thirds: str
    move: str  # new, up, down, same (the class of its mark)
    move_text: str
    move_title: str


def around_id(name: str, *args: int) -> tuple[str, str]:
    """The route `name` (with `args` first) before and after its last id, reversed once for a page's rows
    (reversing a URL per row was a good part of a page's time)."""
    before, after = reverse(name, args=[*args, _MARK]).split(str(_MARK))
    return before, after


def shown_rows(rows: Iterable[Standing], *, season_id: int, me: Standing | None) -> list[ShownRow]:
    """`rows` as the page shows them, in the active language."""
    before, after = around_id("player_detail")
    query = f"{after}?season={season_id}"
    me_id = me.player_id if me is not None else None
    new = gettext("new")
    # Looked up once per page for each movement, count and figure the rows share (fifty rows, a few values).
    moves: dict[int | None, tuple[str, str, str]] = {}
    not_counted: dict[int, str] = {}
    figures: dict[tuple[type, str], str] = {}
    shown = []
    for row in rows:
        movement = row.movement
        found = moves.get(movement)
        if found is None:
            found = moves[movement] = _move(movement, new)
        move, text, title = found
        dropped = ""
        if row.dropped:
            if row.dropped not in not_counted:
                not_counted[row.dropped] = ngettext("%(n)s not counted", "%(n)s not counted", row.dropped) % {
                    "n": row.dropped
                }
            dropped = not_counted[row.dropped]
        # By its text, not its value: Decimal 3.0 equals 3 and is written "3,0".
        figure = (type(row.points_shown), str(row.points_shown))
        points = figures.get(figure)
        if points is None:
            points = figures[figure] = formats.localize(row.points_shown)
        counts = row.place_counts
        shown.append(
            ShownRow(
                player_id=str(row.player_id),
                name=row.name,
                position=str(row.position),
                tied=row.tied > 1,
                leader=row.position == 1,
                me=row.player_id == me_id,
                player_url=f"{before}{row.player_id}{query}",
                points=points,
                nights=str(row.nights),
                dropped=dropped,
                wins=str(counts[0] if counts else 0),
                seconds=str(counts[1] if len(counts) > 1 else 0),
                thirds=str(counts[2] if len(counts) > 2 else 0),
                move=move,
                move_text=text,
                move_title=title,
            )
        )
    return shown


def _move(movement: int | None, new: str) -> tuple[str, str, str]:
    """A row's movement since the last night: its class, its mark and its title."""
    if movement is None:
        return "new", new, ""
    if movement > 0:
        return "up", f"▲ {movement}", ngettext("up %(n)s place", "up %(n)s places", movement) % {"n": movement}
    if movement < 0:
        return "down", f"▼ {-movement}", ngettext("down %(n)s place", "down %(n)s places", -movement) % {"n": -movement}
    return "same", "=", gettext("no change")
