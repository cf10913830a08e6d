"""The blind clock's pages: the public TV screen and its JSON state, the organizers' controls."""
from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from league.models import Night
from league.public_url import public_reverse
from league.views import get_night_or_404, organizer_required

from .. import clock_control, live, tv
from ..models import TvScreen
from ..qr import qr_svg

DEFAULT_SYNC_SECONDS = 12
# The TV asks "has anything changed?" this often; a full re-read every TV_SYNC_SECONDS keeps it honest.
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
    return {
        "night": night,
        "seating": tv.seating_screen(night),
        "eliminations": tv.eliminations(night),
        "leaderboard": tv.leaderboard(night),
    }


@require_GET
@never_cache
def tv_screens(request: HttpRequest, night_id: int) -> HttpResponse:
    """The TV's other screens again, after the pulse said something changed."""
    night = get_night_or_404(night_id)
    pulse = live.night_pulse(night.pk)
    html = tv.cached_for_play(
        "screens", night, pulse, lambda: render_to_string("tournaments/clock/_screens.html", _screens_context(night), request)
    )
    return HttpResponse(html)


@require_GET
@never_cache
def clock_state(request: HttpRequest, night_id: int) -> JsonResponse:
    """The clock and the night's figures as of this request; screens count down from it."""
    night = get_night_or_404(night_id)
    return JsonResponse(tv.tv_state(night))


@require_GET
@never_cache
def clock_pulse(request: HttpRequest, night_id: int) -> HttpResponse:
    """A short version string: the TV fetches the full state only when it changes (one query, no night lookup)."""
    return HttpResponse(live.night_pulse(night_id), content_type="text/plain; charset=utf-8")


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
