"""A named TV's pages (`/tv/<key>/`): the night it shows with its own screen, or the season's standings when no
night is open; its state, pulse and event stream. Public like the night's TV; the address holds no night, so a
TV set up once shows every week's night (tournaments/clock/displays.py decides which: a venue's TV, that
venue's)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import get_language
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from league.models import Night
from league.web.compression import never_compress
from live import events as live_events
from live import versions as live
from live.tv import screens as tv
from live.tv.views import night_events, tv_page
from tournaments.clock.displays import season_on_tv
from tournaments.models import TvDisplay

# With no night open the TV asks this often whether one has begun (or its settings changed); nothing else moves.
IDLE_PULSE_MS = 1000
IDLE_RELOAD_SECONDS = 600  # the standings as corrected since, without anyone touching the TV


def _display(key: str) -> TvDisplay:
    return get_object_or_404(TvDisplay, key=key)


def _urls(display: TvDisplay) -> dict:
    return {name: reverse(f"display_{name}", args=[display.key]) for name in ("state", "pulse", "events")}


def _shown(display: TvDisplay) -> tuple[Night | None, str]:
    """The night the TV shows, and its version: read first, so that a change after it shows at the next look."""
    pulse = live.display_pulse(display.pk)
    night_id = live.night_of_display(pulse)
    if not night_id:
        return None, pulse
    night = Night.objects.select_related("season").filter(pk=int(night_id)).first()
    return night, pulse


@require_GET
@never_cache
def display_tv(request: HttpRequest, key: str) -> HttpResponse:
    """The TV's page: tonight's night (or the next) with the TV's own screen, else the season's standings."""
    display = _display(key)
    night, pulse = _shown(display)
    if night is None:
        season = season_on_tv(venue_id=display.venue_id)
        return render(
            request,
            "live/tv/idle.html",
            {
                "display": display,
                "season": season,
                "leaderboard": tv.season_leaderboard(season, venue=display.venue) if season is not None else [],
                "pulse": pulse,
                "pulse_url": reverse("display_pulse", args=[display.key]),
                "pulse_ms": IDLE_PULSE_MS,
                "reload_seconds": IDLE_RELOAD_SECONDS,
            },
        )
    return tv_page(request, night, tv.display_state(display, night, pulse), _urls(display), display.key)


@require_GET
@never_cache
def display_state(request: HttpRequest, key: str) -> JsonResponse:
    """The state of the night the TV shows, with its screen; 404 while it shows no night (the page reloads)."""
    display = _display(key)
    night, pulse = _shown(display)
    if night is None:
        raise Http404("no night on this TV")
    return JsonResponse(tv.display_state(display, night, pulse))


@require_GET
@never_cache
def display_pulse(request: HttpRequest, key: str) -> HttpResponse:
    """The TV's version "clock-seats-night" for the polling fallback."""
    return HttpResponse(live.display_pulse(_display(key).pk), content_type="text/plain; charset=utf-8")


@require_GET
@never_cache
@never_compress  # gzip would hold the events back until its buffer fills
def display_events(request: HttpRequest, key: str) -> HttpResponse:
    """As the night's TV stream, and "night" when the TV moves on to another night (or to the standings, or the
    TV was removed): the page loads itself again."""
    display = _display(key)
    ticket = live_events.admit_stream(request)
    if ticket is None:
        return live_events.no_stream()
    language = get_language()

    def payloads(seen: str, fresh: str) -> list[bytes]:
        night_id = live.night_of_display(fresh)
        if live.night_of_display(seen) != night_id or not night_id:
            return [live_events.sse("night", event="night", id=fresh)]
        with translation.override(language):
            current = TvDisplay.objects.get(pk=display.pk)
            night = Night.objects.select_related("season").get(pk=int(night_id))
            return night_events(seen, fresh, night, lambda night, pulse: tv.display_state(current, night, pulse))

    return live_events.event_stream(
        live_events.stream(
            ("display", display.pk),
            lambda: live.display_pulse(display.pk),
            live_events.seen_version(request),
            payloads,
            ticket,
        ),
        ticket=ticket,
    )
