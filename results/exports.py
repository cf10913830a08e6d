"""A season's standings and results as rows for the CSV and XLSX exports (as the pages show them: with the
season's points rules, best nights and knockouts)."""

from __future__ import annotations

import datetime

from django.utils.translation import gettext as _

from league.models import Season
from league.rules import standings as rules
from results.standings import season_results, season_standings

__all__ = ["standings_table", "results_table", "as_text_dates"]


def standings_table(season: Season) -> tuple[list[str], list[list[object]]]:
    header = [
        _("Position"),
        _("Player"),
        _("Points"),
        _("Nights"),
        _("Nights not counted"),
        _("Wins"),
        _("2nd"),
        _("3rd"),
    ]
    rows = [
        [row.position, row.name, row.points_shown, row.nights, row.dropped, row.wins, row.seconds, row.thirds]
        for row in season_standings(season).rows
    ]
    return header, rows


def results_table(season: Season) -> tuple[list[str], list[list[object]]]:
    """One row per player and night: the table, the place, knockouts, the points and whether they count."""
    header = [
        _("Night"),
        _("Table"),
        _("Player"),
        _("Place"),
        _("Players at the table"),
        _("Knockouts"),
        _("Points"),
        _("Counts"),
    ]
    yes, no = _("yes"), _("no")
    rows = []
    for r in sorted(season_results(season), key=lambda r: (r.night_date, r.table_number, r.place, r.name)):
        rows.append(
            [
                r.night_date,
                r.table_number,
                r.name,
                r.place,
                r.table_size,
                rules.points_display(r.knockouts),
                rules.points_display(r.points),
                yes if r.counted else no,
            ]
        )
    return header, rows


def as_text_dates(rows: list[list[object]], language: str) -> list[list[object]]:
    """CSV: dates as German Excel writes them (27.11.2026) or ISO in English."""
    return [
        [
            value.strftime("%d.%m.%Y") if isinstance(value, datetime.date) and language == "de" else value
            for value in row
        ]
        for row in rows
    ]
