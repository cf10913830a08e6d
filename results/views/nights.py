"""A night's results (public)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from league.access import get_night_or_404
from results import nights
from results.views.night_rows import shown_tables


@require_GET
def night_results(request: HttpRequest, night_id: int) -> HttpResponse:
    night = get_night_or_404(night_id)
    return render(
        request,
        "results/night.html",
        {
            "night": night,
            # No deposit on this page (the night's jackpot page has them): the tables read as plain rows.
            "tables": shown_tables(nights.tables_results(night, deposits=False), season_id=night.season_id),
        },
    )
