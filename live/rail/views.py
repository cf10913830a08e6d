"""The rail: public, read-only live tables for phones; rail.js keeps an event stream open (or polls) and swaps the partial."""

from __future__ import annotations

import functools

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from league.access import get_night_or_404
from league.models import Night
from league.web.compression import never_compress
from live import cache as live_cache
from live import events as live_events
from live import versions as live
from live.rail import table_card as rail_card
from live.rail import tables as rail
from tournaments.models import Table
from tournaments.tracker import services as tracker

RAIL_PULSE_MS = 1000  # the polling fallback's interval


def _cached(key: str, build) -> str:
    """The rail's HTML for one version, rendered once for all the server's processes: the viewers of a table
    all want it after each tap. It holds nothing personal (no form, no token), only the table as everyone
    at it has seen it."""
    return mark_safe(live_cache.shared(f"{key}:{get_language()}", build))  # our own rendering, read back from the cache


def _not_modified(request: HttpRequest, pulse: str) -> HttpResponse | None:
    """The polling fallback asks for the partial with the version it holds (If-None-Match): unchanged
    costs one query and no body, so "has it changed?" and "what is it now?" are one request."""
    if request.htmx and request.headers.get("If-None-Match", "").strip('"') == pulse:
        return _tagged(HttpResponseNotModified(), pulse)
    return None


def _tagged(response: HttpResponse, pulse: str) -> HttpResponse:
    response["ETag"] = f'"{pulse}"'
    return response


def _card(table_id: int, pulse: str) -> str:
    """One table's card (`rail_card.py`), rendered once for each state of that table: the table's own rail
    and the night's rail both show it, and their streams send it alone after a tap."""

    def build() -> str:
        try:  # one read: the table comes with its seats (tracker.read_state)
            rt = rail.rail_table(Table(pk=table_id))
        except tracker.NoSuchTable:
            raise Http404 from None
        return rail_card.card_html(rt)

    return _cached(f"rail:card:{table_id}:{pulse}", build)


@functools.lru_cache(maxsize=256)
def _rail_event(html: str, version: str) -> bytes:
    """Event "rail" with a card or the whole partial, encoded once per process for all the viewers it serves."""
    return live_events.sse(html, event="rail", id=version)


def _playing(tables: dict[int, live.NightTable]) -> dict[int, str]:
    """The versions of the tables that play on the tracker (a table with a hand): those the rail shows."""
    return {table_id: table.pulse for table_id, table in tables.items() if table.hands}


def _night_context(night: Night, pulse: str, tables: dict[int, live.NightTable] | None = None) -> dict:
    tables = tables if tables is not None else live.table_pulses(night.pk)
    return {
        "night": night,
        "cards": [
            _card(table_id, table.pulse)
            for table_id, table in sorted(tables.items(), key=lambda item: item[1].number)
            if table.hands
        ],  # the tracked ones
        "pulse": pulse,
        "pulse_ms": RAIL_PULSE_MS,
    }


def _night_partial(night_id: int, pulse: str, tables: dict[int, live.NightTable] | None = None) -> str:
    """The night's #rail for a version ("seats-play"): one query for every table's version (none when the
    caller has them: the stream sends the cards of exactly these versions), and only the card of the table
    that changed is rendered again."""
    key = f"rail:night:{night_id}:{pulse}"
    if tables is not None:
        key += ":" + ",".join(f"{table_id}={version}" for table_id, version in sorted(_playing(tables).items()))
    return _cached(
        key,
        lambda: render_to_string(
            "live/rail/night.html#rail", _night_context(get_night_or_404(night_id), pulse, tables)
        ),
    )


def _table_context(table: Table, pulse: str) -> dict:
    return {
        "night": table.night,
        "table": table,
        "card": _card(table.pk, pulse),
        "pulse": pulse,
        "pulse_ms": RAIL_PULSE_MS,
    }


def _table_partial(table_id: int, pulse: str) -> str:
    def build() -> str:
        table = Table.objects.select_related("night__season").get(pk=table_id)
        return render_to_string("live/rail/table.html#rail", _table_context(table, pulse))

    return _cached(f"rail:table:{table_id}:{pulse}", build)


@require_GET
@never_cache
@vary_on_headers("HX-Request")
def night_rail(request: HttpRequest, night_id: int) -> HttpResponse:
    """Every tracked table of the night."""
    pulse = live.play_part(live.night_pulse(night_id))  # before the read: a change in between shows at the next update
    if (unchanged := _not_modified(request, pulse)) is not None:
        return unchanged
    night = get_night_or_404(night_id)
    if request.htmx:
        return _tagged(HttpResponse(_night_partial(night.pk, pulse)), pulse)
    return _tagged(render(request, "live/rail/night.html", _night_context(night, pulse)), pulse)


@require_GET
@never_cache
@vary_on_headers("HX-Request")
def table_rail(request: HttpRequest, table_id: int) -> HttpResponse:
    pulse = live.table_pulse(table_id)  # before the read: a change in between shows at the next update
    if (unchanged := _not_modified(request, pulse)) is not None:
        return unchanged
    table = get_object_or_404(Table.objects.select_related("night__season"), pk=table_id)
    if not request.htmx:
        return render(request, "live/rail/table.html", _table_context(table, pulse))
    return _tagged(HttpResponse(_table_partial(table.pk, pulse)), pulse)


def _rail_stream(request: HttpRequest, topic: live_events.Topic, version, payloads) -> HttpResponse:
    ticket = live_events.admit_stream(request)
    if ticket is None:
        return live_events.no_stream()
    language = get_language()

    def in_language(seen: str, fresh: str) -> list[bytes]:
        with translation.override(language):
            return payloads(seen, fresh)

    return live_events.event_stream(
        live_events.stream(topic, version, live_events.seen_version(request), in_language, ticket),
        ticket=ticket,
    )


def _table_payloads(table_id: int):
    """A table's rail: event "rail" with the table's card (rail.js swaps the card of the same id) whenever
    the table's version changed. The card alone: the rest of the partial never changes."""

    def payloads(seen: str, fresh: str) -> list[bytes]:
        return [_rail_event(_card(table_id, fresh), fresh)] if seen != fresh else []

    return payloads


class _NightRailEvents:
    """The night's rail: after a tap only the card of the table that changed (one of six, not the whole rail),
    found by the tables' versions the watcher read anyway (`live.events.hub.tables`); the whole #rail partial
    when the page's version is unknown, a table started or stopped playing, or the seats changed."""

    def __init__(self, night_id: int, seen: str) -> None:
        self.night_id = night_id
        self.seen = seen
        self.shown: dict[int, str] | None = None  # the card versions the page holds, where known

    def version(self) -> str:
        """The night's version when the stream starts; the page's cards are known if it holds that version.
        The tables are read first: a tap in between makes the page's cards look older than they are (a card
        sent again), never newer (a change never sent)."""
        tables = _playing(live.table_pulses(self.night_id))
        current = live.night_pulse(self.night_id)
        self.shown = tables if _rail_part(current) == _rail_part(self.seen) else None
        return current

    def payloads(self, seen: str, fresh: str) -> list[bytes]:
        if _rail_part(seen) == _rail_part(fresh):
            return []  # the clock changed: nothing the rail shows
        tables = live_events.hub.tables(self.night_id, fresh)
        if tables is None:  # the watcher has not read them at this version (yet): read after `fresh`, as new or newer
            tables = live.table_pulses(self.night_id)
        playing = _playing(tables)
        shown, self.shown = self.shown, playing
        if shown is None or shown.keys() != playing.keys() or _seats_part(seen) != _seats_part(fresh):
            # Drawn from the same versions the stream now holds as shown, so no later change is taken as seen.
            partial = _night_partial(self.night_id, _rail_part(fresh), tables)
            return [_rail_event(partial, fresh)]
        return [
            _rail_event(_card(table_id, pulse), fresh)
            for table_id, pulse in playing.items()
            if shown[table_id] != pulse
        ]


def _rail_part(pulse: str) -> str:
    """The night's rail version from a night pulse ("clock-seats-play"), or the rail's own ("seats-play")."""
    return pulse if pulse.count("-") < 2 else live.play_part(pulse)


def _seats_part(pulse: str) -> str:
    return _rail_part(pulse).partition("-")[0]


@require_GET
@never_cache
@never_compress  # gzip would hold the events back until its buffer fills
def night_rail_events(request: HttpRequest, night_id: int) -> HttpResponse:
    night = get_night_or_404(night_id)
    events = _NightRailEvents(night.pk, live_events.seen_version(request))
    return _rail_stream(request, ("night", night.pk), events.version, events.payloads)


@require_GET
@never_cache
@never_compress
def table_rail_events(request: HttpRequest, table_id: int) -> HttpResponse:
    table = get_object_or_404(Table, pk=table_id)
    return _rail_stream(request, ("table", table.pk), lambda: live.table_pulse(table.pk), _table_payloads(table.pk))


@require_GET
@never_cache
def night_rail_pulse(request: HttpRequest, night_id: int) -> HttpResponse:
    return HttpResponse(live.play_part(live.night_pulse(night_id)), content_type="text/plain; charset=utf-8")


@require_GET
@never_cache
def table_rail_pulse(request: HttpRequest, table_id: int) -> HttpResponse:
    return HttpResponse(live.table_pulse(table_id), content_type="text/plain; charset=utf-8")
