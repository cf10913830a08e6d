"""The organizers' clock control page and its buttons. The TV's pages are in `live/tv/views.py`."""
from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from league.access import get_night_or_404, organizer_required
from league.models import Night
from league.web.next_page import redirect_next
from league.web.public_url import public_reverse
from tournaments.clock import services as clock_control
from tournaments.clock.forms import BreakForm, TvForm


def _control_context(night: Night, **extra) -> dict:
    board = clock_control.board_for(night)
    context = {
        "night": night,
        "board": board,
        "reading": board.reading,
        "state": board.as_dict(),
        "sync_seconds": clock_control.SYNC_SECONDS,
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
    """htmx: the panel again, with the new reading; otherwise back to the page (PRG), or to the page the button
    was on (tonight's page starts the clock too)."""
    if not request.htmx:
        return redirect_next(request, reverse("clock_control", args=[night.pk]))
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
