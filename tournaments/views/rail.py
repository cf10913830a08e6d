"""The rail: public, read-only live tables for phones; rail.js polls the pulse and swaps the partial."""
from __future__ import annotations

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from league.views import get_night_or_404

from .. import live, rail
from ..models import Table

RAIL_PULSE_MS = 1000
CACHE_SECONDS = 120


def _cached(key: str, build) -> str:
    """The rail's partial for one pulse, rendered once per worker: the viewers of a table all ask after each tap.
    The partial holds nothing personal (no form, no token), only the table as everyone at it has seen it."""
    key = f"{key}:{get_language()}"
    html = cache.get(key)
    if html is None:
        html = build()
        cache.set(key, html, CACHE_SECONDS)
    return html


@require_GET
@never_cache
@vary_on_headers("HX-Request")
def night_rail(request: HttpRequest, night_id: int) -> HttpResponse:
    night = get_night_or_404(night_id)
    pulse = live.play_part(live.night_pulse(night.pk))  # before the read: a change in between shows at the next poll

    def context() -> dict:
        return {"night": night, "tables": rail.night_rail(night), "pulse": pulse, "pulse_ms": RAIL_PULSE_MS}

    if not request.htmx:
        return render(request, "tournaments/rail/night.html", context())
    return HttpResponse(_cached(f"rail:night:{night.pk}:{pulse}", lambda: render_to_string("tournaments/rail/night.html#rail", context())))


@require_GET
@never_cache
@vary_on_headers("HX-Request")
def table_rail(request: HttpRequest, table_id: int) -> HttpResponse:
    table = get_object_or_404(Table.objects.select_related("night__season"), pk=table_id)
    pulse = live.table_pulse(table.pk)  # before the read: a change in between shows at the next poll

    def context() -> dict:
        return {"night": table.night, "table": table, "rail_table": rail.rail_table(table), "pulse": pulse, "pulse_ms": RAIL_PULSE_MS}

    if not request.htmx:
        return render(request, "tournaments/rail/table.html", context())
    return HttpResponse(_cached(f"rail:table:{table.pk}:{pulse}", lambda: render_to_string("tournaments/rail/table.html#rail", context())))


@require_GET
@never_cache
def night_rail_pulse(request: HttpRequest, night_id: int) -> HttpResponse:
    return HttpResponse(live.play_part(live.night_pulse(night_id)), content_type="text/plain; charset=utf-8")


@require_GET
@never_cache
def table_rail_pulse(request: HttpRequest, table_id: int) -> HttpResponse:
    return HttpResponse(live.table_pulse(table_id), content_type="text/plain; charset=utf-8")
