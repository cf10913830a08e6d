"""Tonight's page: thin views over `tournaments.tonight.reading`."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from league.access import get_night_or_404, night_organizer_required, nights_run_by
from league.seasons.services import choose_season
from tournaments.tonight import reading, steps

TEMPLATE = "tournaments/tonight.html"
REFRESH_SECONDS = 5  # the page reads the evening again this often while it is open (htmx, the main part only)


def _render(request: HttpRequest, night, *, chosen: bool) -> HttpResponse:
    context = {"refresh_seconds": REFRESH_SECONDS, "chosen": chosen}
    if night is None:
        context["season"] = choose_season(None)[1]
    else:
        evening = reading.evening(night)
        views = steps.step_views(evening)
        context.update(
            night=night,
            evening=evening,
            steps=views,
            due=next((step for step in views if step.due), None),
            tables=[(line, steps.gap_texts(line)) for line in evening.tables],
        )
    return render(request, TEMPLATE + "#tonight" if request.htmx else TEMPLATE, context)


@night_organizer_required
@require_GET
@vary_on_headers("HX-Request")
def tonight(request: HttpRequest) -> HttpResponse:
    """The night the organizer runs now (or the next one), its steps in order with the due one first."""
    return _render(request, reading.tonights_night(among=nights_run_by(request.user)), chosen=False)


@night_organizer_required
@require_GET
@vary_on_headers("HX-Request")
def night_tonight(request: HttpRequest, night_id: int) -> HttpResponse:
    """The same page for a night of the organizer's choosing."""
    return _render(request, get_night_or_404(night_id), chosen=True)
