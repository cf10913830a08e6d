"""The season's statistics table (public): every player's figures from the tracked hands, sortable.

Thin: choose the season, read `results.statistics`, sort, render. Sorting is
a plain link (`?sort=vpip`), so it works without JavaScript."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import formats
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

from league.seasons import services
from league.web.numbers import format_percent
from results import statistics as results_statistics
from results.templatetags.hand_stats import share

# column -> how to read it from a row; numbers sort high first, a missing figure last
COLUMNS = {
    "name": lambda row: row.name.lower(),
    "hands": lambda row: row.figures.hands,
    "vpip": lambda row: row.figures.vpip_percent,
    "pfr": lambda row: row.figures.pfr_percent,
    "aggression": lambda row: row.figures.aggression,
    "showdown": lambda row: row.figures.showdown_percent,
    "showdown_won": lambda row: row.figures.showdown_won_percent,
    "all_ins": lambda row: row.figures.all_ins,
    "survived": lambda row: row.figures.all_in_survived_percent,
    "biggest_pot": lambda row: row.figures.biggest_pot,
    "knockouts": lambda row: row.figures.knockouts,
}


def sort_rows(rows: list, column: str) -> list:
    read = COLUMNS[column]
    if column == "name":
        return sorted(rows, key=read)
    known = sorted((row for row in rows if read(row) is not None), key=lambda row: (-read(row), row.name.lower()))
    return known + sorted((row for row in rows if read(row) is None), key=lambda row: row.name.lower())


HEADINGS = [
    ("name", _("Player")),
    ("hands", _("Hands")),
    ("vpip", "VPIP"),
    ("pfr", "PFR"),
    ("aggression", _("Aggression")),
    ("showdown", _("Showdown")),
    ("showdown_won", _("Won at showdown")),
    ("all_ins", _("All-ins")),
    ("survived", _("Survived")),
    ("biggest_pot", _("Biggest pot")),
    ("knockouts", _("Knockouts")),
]


@dataclass
class ShownRow:
    """One row's figures as text, formatted once here: a 300-row table through template filters is slow."""

    row: object
    vpip: str
    pfr: str
    aggression: str
    showdown: str
    showdown_won: str
    survived: str
    knockouts: str
    biggest_pot_url: str


def _shown(rows: list, finished: frozenset[int]) -> list[ShownRow]:
    """Rows as shown; the biggest pot links to its replay only once its table has finished (the replayer's rule)."""

    def percent(value: float | None) -> str:
        return "–" if value is None else format_percent(value, decimals=1)

    shown = []
    for row in rows:
        f = row.figures
        shown.append(
            ShownRow(
                row,
                percent(f.vpip_percent),
                percent(f.pfr_percent),
                "–" if f.aggression is None else formats.number_format(f.aggression, 2, use_l10n=True),
                percent(f.showdown_percent),
                percent(f.showdown_won_percent),
                percent(f.all_in_survived_percent),
                share(f.knockouts),
                reverse("hand_replay", args=f.biggest_pot_hand)
                if f.biggest_pot_hand and f.biggest_pot_hand[0] in finished
                else "",
            )
        )
    return shown


@require_GET
def season_statistics(request: HttpRequest) -> HttpResponse:
    seasons, season = services.choose_season(request.GET.get("season"))
    column = request.GET.get("sort", "hands")
    if column not in COLUMNS:
        column = "hands"
    data = results_statistics.kept_season_statistics(season.pk) if season else None
    rows = sort_rows([row for row in data.rows if row.figures.hands or row.figures.sat_out], column) if data else []
    rows = _shown(rows, data.finished_tables if data else frozenset())
    context = {"seasons": seasons, "season": season, "data": data, "rows": rows, "sort": column, "columns": HEADINGS}
    return render(request, "results/statistics.html", context)
