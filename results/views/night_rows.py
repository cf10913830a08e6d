"""The placements of a night's tables as its results page shows them: each figure already text in the page's
language.

A night of thirty players has thirty rows; written by the template language one figure at a time (a player's
URL and a replay's reversed, points localized, a time formatted per row) they cost most of the page's
template time. Made here once per row, the template only places them. The text is what the template
language wrote: points with the language's decimal mark, the time in the language's TIME_FORMAT and the
current time zone, each escaped as it escaped them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils import formats
from django.utils.timezone import template_localtime
from django.utils.translation import gettext

from results.nights import PlacementRow, TableResults
from results.views.table_rows import TemplateRow, around_id
from tournaments.models import PlacementReason, TableStatus


class ShownPlacement(TemplateRow):
    winner: bool
    place: str
    tied: bool  # shares the place
    player_url: str
    name: str
    disqualified: str  # the reason's name when he was disqualified, else ""
    points: str
    out: str  # "winner", the time he went out, or "–"
    replay_url: str  # the hand he went out in, once the table has finished; else ""
    hand: str  # "hand 12"


@dataclass(frozen=True)
class ShownTable:
    result: TableResults
    placed: list[ShownPlacement]
    fingerprint: str = ""  # computed once: the page shows it and asks whether there is one
    status: str = ""  # the table's status in words (get_status_display built the choices' dict on each call)


def shown_tables(tables: Iterable[TableResults], *, season_id: int) -> list[ShownTable]:
    """Each table with its placed rows as the page shows them, in the active language."""
    before, after = around_id("player_detail")
    query = f"{after}?season={season_id}"
    winner = gettext("winner")
    statuses = dict(TableStatus.choices)
    figures: dict[tuple[type, str], str] = {}  # each table's points are the others': localized once a page
    shown = []
    for result in tables:
        replay = around_id("hand_replay", result.table.pk) if result.finished else None
        rows = [_row(row, before, query, winner, replay, figures) for row in result.placed]
        status = result.table.status
        shown.append(ShownTable(result, rows, result.fingerprint, str(statuses.get(status, status))))
    return shown


def _row(
    row: PlacementRow, before: str, query: str, winner: str, replay: tuple[str, str] | None, figures: dict
) -> ShownPlacement:
    is_winner = row.winner
    if is_winner:
        out = winner
    elif row.shows_time:
        out = formats.time_format(template_localtime(row.decided_at), "TIME_FORMAT")
    else:
        out = "–"
    replay_url = hand = ""
    if row.hand_number and replay is not None and not is_winner:
        replay_url = f"{replay[0]}{row.hand_number}{replay[1]}"
        hand = gettext("hand %(n)s") % {"n": row.hand_number}
    figure = (type(row.points), str(row.points))  # by its text: Decimal 3.0 equals 3 and is written "3,0"
    points = figures.get(figure)
    if points is None:
        points = figures[figure] = formats.localize(row.points)
    return ShownPlacement(
        winner=is_winner,
        place=str(row.place),
        tied=row.tied > 1,
        player_url=f"{before}{row.player_id}{query}",
        name=row.name,
        disqualified=row.reason_label if row.reason == PlacementReason.DISQUALIFIED else "",
        points=points,
        out=out,
        replay_url=replay_url,
        hand=hand,
    )
