"""The rail: public, read-only live tables for phones; rail.js polls the pulse and swaps the partial."""
from __future__ import annotations

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
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


def _not_modified(request: HttpRequest, pulse: str) -> HttpResponse | None:
    """rail.js asks for the partial with the pulse it holds (If-None-Match): unchanged costs one query and
    no body, so "has it changed?" and "what is it now?" are one request."""
    if request.htmx and request.headers.get("If-None-Match", "").strip('"') == pulse:
        return _tagged(HttpResponseNotModified(), pulse)
    return None


def _tagged(response: HttpResponse, pulse: str) -> HttpResponse:
    response["ETag"] = f'"{pulse}"'
    return response


def _table_card(table: Table) -> str:
    """One table's card, rendered once per worker for each state of that table."""
    pulse = live.table_pulse(table.pk)
    return _cached(
        f"rail:card:{table.pk}:{pulse}",
        lambda: render_to_string("tournaments/rail/_table.html", {"rt": rail.rail_table(table)}),
    )


@require_GET
@never_cache
@vary_on_headers("HX-Request")
def night_rail(request: HttpRequest, night_id: int) -> HttpResponse:
    """Every tracked table of the night; a tap re-renders only its own table's card."""
    pulse = live.play_part(live.night_pulse(night_id))  # before the read: a change in between shows at the next poll
    if (unchanged := _not_modified(request, pulse)) is not None:
        return unchanged
    night = get_night_or_404(night_id)
    context = {
        "night": night,
        "cards": [_table_card(table) for table in rail.tracked_tables(night)],
        "pulse": pulse,
        "pulse_ms": RAIL_PULSE_MS,
    }
    template = "tournaments/rail/night.html#rail" if request.htmx else "tournaments/rail/night.html"
    return _tagged(render(request, template, context), pulse)


@require_GET
@never_cache
@vary_on_headers("HX-Request")
def table_rail(request: HttpRequest, table_id: int) -> HttpResponse:
    pulse = live.table_pulse(table_id)  # before the read: a change in between shows at the next poll
    if (unchanged := _not_modified(request, pulse)) is not None:
        return unchanged
    table = get_object_or_404(Table.objects.select_related("night__season"), pk=table_id)

    def context() -> dict:
        return {"night": table.night, "table": table, "rail_table": rail.rail_table(table), "pulse": pulse, "pulse_ms": RAIL_PULSE_MS}

    if not request.htmx:
        return render(request, "tournaments/rail/table.html", context())
    html = _cached(f"rail:table:{table.pk}:{pulse}", lambda: render_to_string("tournaments/rail/table.html#rail", context()))
    return _tagged(HttpResponse(html), pulse)


@require_GET
@never_cache
def night_rail_pulse(request: HttpRequest, night_id: int) -> HttpResponse:
    return HttpResponse(live.play_part(live.night_pulse(night_id)), content_type="text/plain; charset=utf-8")


@require_GET
@never_cache
def table_rail_pulse(request: HttpRequest, table_id: int) -> HttpResponse:
    return HttpResponse(live.table_pulse(table_id), content_type="text/plain; charset=utf-8")
