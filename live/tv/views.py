"""The TV's pages: the clock screen, its JSON state, pulse and event stream, and its other screens. Public, never cached."""

from __future__ import annotations

import json
from collections.abc import Callable

from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from league.access import get_night_or_404
from league.models import Night
from league.rules.inputs import ascii_whole_or_none
from league.web.compression import never_compress
from league.web.public_url import public_reverse
from live import events as live_events
from live import versions as live
from live.tv import screens as tv
from tournaments.clock import club
from tournaments.clock import services as clock_control
from tournaments.clock.logo import EXTENSIONS
from tournaments.clock.services import SYNC_SECONDS

# Without an event stream the TV asks "has anything changed?" this often; a full re-read every
# TV_SYNC_SECONDS keeps it honest either way.
TV_PULSE_MS = 500
TV_SYNC_SECONDS = 30


def _sync_seconds(request: HttpRequest) -> int:
    """How often a screen re-reads the server's clock; `?sync=N` shortens it (tests, a flaky network)."""
    seconds = ascii_whole_or_none(request.GET.get("sync"), max_digits=2)
    return SYNC_SECONDS if seconds is None else min(max(seconds, 1), 60)


def _sync_or(request: HttpRequest, default: int) -> int:
    return _sync_seconds(request) if "sync" in request.GET else default


@require_GET
@never_cache
def clock_tv(request: HttpRequest, night_id: int) -> HttpResponse:
    """The pub's TV: the clock and the other screens (seating, eliminations, standings); no login. Without named
    TVs this is the one TV, showing the screen the organizer chose for the night."""
    night = get_night_or_404(night_id)
    urls = {
        "state": reverse("clock_state", args=[night.pk]),
        "pulse": reverse("clock_pulse", args=[night.pk]),
        "events": reverse("clock_events", args=[night.pk]),
    }
    return tv_page(request, night, tv.tv_state(night), urls)


def tv_page(request: HttpRequest, night: Night, state: dict, urls: dict, display_key: str = "") -> HttpResponse:
    """The TV's page for `night` with `state`, following the stream and pulse at `urls` (the night's own, or a
    named TV's, which also say when the TV moves on to another night)."""
    board = clock_control.board_for(night)
    return render(
        request,
        "live/tv/tv.html",
        {
            "night": night,
            "board": board,
            "reading": board.reading,
            "state": state,
            "urls": urls,
            "display_key": display_key,
            "sync_seconds": _sync_or(request, TV_SYNC_SECONDS),
            "pulse_ms": TV_PULSE_MS,
            "rail_url": public_reverse("night_rail", night.pk),
            # The clock's keys post its buttons only for an organizer logged in on this browser.
            "keys_act": reverse("clock_act", args=[night.pk, "ACTION"]) if request.user.is_staff else "",
            "look": club.club_look(),
            **_screens_context(night),
        },
    )


def _screens_context(night: Night) -> dict:
    return tv.screens_context(night)


@require_GET
@never_cache
def tv_screens(request: HttpRequest, night_id: int) -> HttpResponse:
    """The TV's other screens again (the polling fallback, after the pulse said something changed)."""
    night = get_night_or_404(night_id)
    return HttpResponse(tv.screens_html(night, live.night_pulse(night.pk)))


@require_GET
@never_cache
def clock_state(request: HttpRequest, night_id: int) -> JsonResponse:
    """The clock and the night's figures as of this request; screens count down from it."""
    night = get_night_or_404(night_id)
    return JsonResponse(tv.tv_state(night))


@require_GET
@never_cache
def clock_pulse(request: HttpRequest, night_id: int) -> HttpResponse:
    """A short version string for the polling fallback: the TV fetches the state only when it changes."""
    return HttpResponse(live.night_pulse(night_id), content_type="text/plain; charset=utf-8")


def night_events(seen: str, fresh: str, night: Night, state_of: Callable[..., dict]) -> list[bytes]:
    """The TV's events from version `seen` to `fresh`: the state after an organizer's button (or a seat, or a
    player out), the other screens when someone sat down or went out."""
    was, now = live.parts(seen), live.parts(fresh)
    events = []
    if (was.clock, was.seats) != (now.clock, now.seats):
        state = state_of(night, pulse=fresh)
        events.append(live_events.sse(json.dumps(state, cls=DjangoJSONEncoder), event="state", id=fresh))
    if was.seats != now.seats:
        events.append(live_events.sse(tv.screens_html(night, fresh), event="screens", id=fresh))
    return events


@require_GET
@never_cache
@never_compress  # gzip would hold the events back until its buffer fills
def clock_events(request: HttpRequest, night_id: int) -> HttpResponse:
    """The TV's event stream: the state at once after an organizer's button (or a seat, or a player out),
    the other screens when someone sat down or went out; a tap at a table sends nothing."""
    night = get_night_or_404(night_id)
    ticket = live_events.admit_stream(request)
    if ticket is None:
        return live_events.no_stream()
    language = get_language()

    def payloads(seen: str, fresh: str) -> list[bytes]:
        with translation.override(language):
            current = Night.objects.select_related("season").get(pk=night.pk)
            return night_events(seen, fresh, current, tv.tv_state)

    # Its own topic, "clock-seats": a tap at a table does not even wake a TV's stream.
    topic = ("tv", night.pk)
    return live_events.event_stream(
        live_events.stream(
            topic,
            lambda: live.tv_part(live.night_pulse(night.pk)),
            live_events.seen_version(request),
            payloads,
            ticket,
        ),
        ticket=ticket,
    )


@require_GET
def club_logo(request: HttpRequest, digest: str, extension: str) -> HttpResponse:
    """The club's logo (tournaments/clock/club.py), from the database: in the backups, and on a TV without the
    internet. Its address holds its digest, so a browser keeps it for a year; a new logo has a new address."""
    row = club.logo_row(digest)
    if row is None or EXTENSIONS.get(row.logo_type) != extension:
        raise Http404(_("There is no such logo."))
    response = HttpResponse(bytes(row.logo), content_type=row.logo_type)
    response["Cache-Control"] = "public, max-age=31536000, immutable"
    response["X-Content-Type-Options"] = "nosniff"
    return response
