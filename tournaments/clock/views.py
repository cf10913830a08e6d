"""The blind clock's pages: the public TV screen and its JSON state, the organizers' controls."""
from __future__ import annotations

import json

from django import forms
from django.contrib import messages
from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from league.web.compression import never_compress
from league.models import Night
from league.web.public_url import public_reverse
from league.desk.views import get_night_or_404, organizer_required

from tournaments.clock import services as clock_control
from live import versions as live, events as live_events
from live.tv import screens as tv
from tournaments.models import TvScreen
from tournaments.qr.codes import qr_svg

DEFAULT_SYNC_SECONDS = 12
# Without an event stream the TV asks "has anything changed?" this often; a full re-read every
# TV_SYNC_SECONDS keeps it honest either way.
TV_PULSE_MS = 500
TV_SYNC_SECONDS = 30


def _sync_seconds(request: HttpRequest) -> int:
    """How often a screen re-reads the server's clock; `?sync=N` shortens it (tests, a flaky network)."""
    try:
        return min(max(int(request.GET.get("sync", DEFAULT_SYNC_SECONDS)), 1), 60)
    except ValueError:
        return DEFAULT_SYNC_SECONDS


def _sync_or(request: HttpRequest, default: int) -> int:
    return _sync_seconds(request) if "sync" in request.GET else default


@require_GET
@never_cache
def clock_tv(request: HttpRequest, night_id: int) -> HttpResponse:
    """The pub's TV: the clock and the other screens (seating, eliminations, standings); no login."""
    night = get_night_or_404(night_id)
    board = clock_control.board_for(night)
    rail_url = public_reverse("night_rail", night.pk)
    return render(
        request,
        "tournaments/clock/tv.html",
        {
            "night": night,
            "board": board,
            "reading": board.reading,
            "state": tv.tv_state(night),
            "sync_seconds": _sync_or(request, TV_SYNC_SECONDS),
            "pulse_ms": TV_PULSE_MS,
            "rail_url": rail_url,
            "qr_svg": qr_svg(rail_url, border=2, fixed_size=False),
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


@require_GET
@never_cache
@never_compress  # gzip would hold the events back until its buffer fills
def clock_events(request: HttpRequest, night_id: int) -> HttpResponse:
    """The TV's event stream: the state at once after an organizer's button (or a seat, or a player out),
    the other screens when someone sat down or went out; a tap at a table sends nothing."""
    night = get_night_or_404(night_id)
    if not live_events.streams_allowed(request.META):
        return live_events.no_stream()
    language = get_language()

    def payloads(seen: str, fresh: str) -> list[bytes]:
        was, now = live.parts(seen), live.parts(fresh)
        events = []
        with translation.override(language):
            current = Night.objects.select_related("season").get(pk=night.pk)
            if (was.clock, was.seats) != (now.clock, now.seats):
                state = tv.tv_state(current, pulse=fresh)
                events.append(live_events.sse(json.dumps(state, cls=DjangoJSONEncoder), event="state", id=fresh))
            if was.seats != now.seats:
                events.append(live_events.sse(tv.screens_html(current, fresh), event="screens", id=fresh))
        return events

    # Its own topic, "clock-seats": a tap at a table does not even wake a TV's stream.
    topic = ("tv", night.pk)
    return live_events.event_stream(
        live_events.stream(topic, lambda: live.tv_part(live.night_pulse(night.pk)), live_events.seen_version(request), payloads)
    )


class BreakForm(forms.Form):
    every_levels = forms.IntegerField(
        label=gettext_lazy("Break after every … levels"), min_value=0, max_value=20, help_text=gettext_lazy("0: no breaks.")
    )
    minutes = forms.IntegerField(label=gettext_lazy("Minutes per break"), min_value=1, max_value=120)


class TvForm(forms.Form):
    screen = forms.ChoiceField(label=gettext_lazy("The TV shows"), choices=TvScreen.choices, widget=forms.RadioSelect)
    announcement = forms.CharField(
        label=gettext_lazy("Announcement line"), max_length=140, required=False,
        help_text=gettext_lazy("Shown at the foot of every TV screen; empty: none."),
    )
    spoken = forms.BooleanField(label=gettext_lazy("Spoken announcements (level changes, the announcement)"), required=False)


def _control_context(night: Night, **extra) -> dict:
    board = clock_control.board_for(night)
    context = {
        "night": night,
        "board": board,
        "reading": board.reading,
        "state": board.as_dict(),
        "sync_seconds": DEFAULT_SYNC_SECONDS,
        "break_form": BreakForm(
            initial={"every_levels": board.clock_state.break_every_levels, "minutes": board.clock_state.break_minutes}
        ),
        "tv_form": TvForm(
            initial={
                "screen": board.clock_state.tv_screen,
                "announcement": board.clock_state.announcement,
                "spoken": board.clock_state.spoken,
            }
        ),
        "rail_url": public_reverse("night_rail", night.pk),
    }
    context.update(extra)
    return context


@organizer_required
@require_GET
def clock_control_page(request: HttpRequest, night_id: int) -> HttpResponse:
    night = get_night_or_404(night_id)
    return render(request, "tournaments/clock/control.html", _control_context(night))


def _after_write(request: HttpRequest, night: Night, **extra) -> HttpResponse:
    """htmx: the panel again, with the new reading; otherwise back to the page (PRG)."""
    if not request.htmx:
        return redirect("clock_control", night.pk)
    return render(request, "tournaments/clock/control.html#clock-panel", _control_context(night, **extra))


# What each button does, and what the organizer is told.
_ACTIONS = {
    "start": (clock_control.start_clock, {}, gettext_lazy("The clock is running.")),
    "pause": (clock_control.pause_clock, {}, gettext_lazy("The clock is paused.")),
    "resume": (clock_control.resume_clock, {}, gettext_lazy("The clock is running again.")),
    "next": (clock_control.next_level, {}, gettext_lazy("On to the next level.")),
    "previous": (clock_control.previous_level, {}, gettext_lazy("Back to the previous level.")),
    "plus-minute": (clock_control.adjust_clock, {"minutes": 1}, gettext_lazy("One minute added.")),
    "minus-minute": (clock_control.adjust_clock, {"minutes": -1}, gettext_lazy("One minute taken off.")),
}


@organizer_required
@require_POST
@vary_on_headers("HX-Request")
def clock_act(request: HttpRequest, night_id: int, action: str) -> HttpResponse:
    if action not in _ACTIONS:
        raise Http404(_("There is no such clock button."))
    night = get_night_or_404(night_id)
    operation, arguments, done = _ACTIONS[action]
    operation(night=night, **arguments)
    messages.success(request, done)
    return _after_write(request, night)


@organizer_required
@require_POST
@vary_on_headers("HX-Request")
def clock_breaks(request: HttpRequest, night_id: int) -> HttpResponse:
    night = get_night_or_404(night_id)
    form = BreakForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("The breaks were not changed: please correct the marked fields."))
        if request.htmx:
            return render(request, "tournaments/clock/control.html#clock-panel", _control_context(night, break_form=form))
        return render(request, "tournaments/clock/control.html", _control_context(night, break_form=form))
    clock_control.set_breaks(night=night, every_levels=form.cleaned_data["every_levels"], minutes=form.cleaned_data["minutes"])
    messages.success(request, _("Breaks saved."))
    return _after_write(request, night)


@organizer_required
@require_POST
@vary_on_headers("HX-Request")
def clock_tv_settings(request: HttpRequest, night_id: int) -> HttpResponse:
    night = get_night_or_404(night_id)
    form = TvForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("The TV settings were not changed: please correct the marked fields."))
        template = "tournaments/clock/control.html#clock-panel" if request.htmx else "tournaments/clock/control.html"
        return render(request, template, _control_context(night, tv_form=form))
    clock_control.set_tv(
        night=night,
        screen=form.cleaned_data["screen"],
        announcement=form.cleaned_data["announcement"].strip(),
        spoken=form.cleaned_data["spoken"],
    )
    messages.success(request, _("The TV follows within a second."))
    return _after_write(request, night)
