"""The blind clock's pages: the public TV screen and its JSON state, the organizers' controls."""
from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from league.models import Night
from league.public_url import public_reverse
from league.views import get_night_or_404, organizer_required

from .. import clock_control
from ..qr import qr_svg

DEFAULT_SYNC_SECONDS = 12


def _sync_seconds(request: HttpRequest) -> int:
    """How often a screen re-reads the server's clock; `?sync=N` shortens it (tests, a flaky network)."""
    try:
        return min(max(int(request.GET.get("sync", DEFAULT_SYNC_SECONDS)), 1), 60)
    except ValueError:
        return DEFAULT_SYNC_SECONDS


@require_GET
@never_cache
def clock_tv(request: HttpRequest, night_id: int) -> HttpResponse:
    """The full-screen clock for the pub's TV and the players' phones; no login."""
    night = get_night_or_404(night_id)
    board = clock_control.board_for(night)
    tv_url = public_reverse("clock_tv", night.pk)
    return render(
        request,
        "tournaments/clock/tv.html",
        {
            "night": night,
            "board": board,
            "reading": board.reading,
            "state": board.as_dict(),
            "sync_seconds": _sync_seconds(request),
            "tv_url": tv_url,
            "qr_svg": qr_svg(tv_url, border=2, fixed_size=False),
        },
    )


@require_GET
@never_cache
def clock_state(request: HttpRequest, night_id: int) -> JsonResponse:
    """The clock as of this request; screens count down from it and come back every few seconds."""
    night = get_night_or_404(night_id)
    return JsonResponse(clock_control.board_for(night).as_dict())


class BreakForm(forms.Form):
    every_levels = forms.IntegerField(
        label=gettext_lazy("Break after every … levels"), min_value=0, max_value=20, help_text=gettext_lazy("0: no breaks.")
    )
    minutes = forms.IntegerField(label=gettext_lazy("Minutes per break"), min_value=1, max_value=120)


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
