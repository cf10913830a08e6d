"""The organizers' clock control page and its buttons. The TV's pages are in `live/tv/views.py`."""
from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from league.access import get_night_or_404, get_season_or_404, organizer_required
from league.models import Night
from league.rules.inputs import ascii_whole_or_none
from league.seasons import services as seasons
from league.web.next_page import redirect_next
from league.web.public_url import public_reverse
from tournaments.clock import services as clock_control
from tournaments.clock.forms import MORE_ROWS, BreakForm, StructureForm, TvForm, initial_rows
from tournaments.poker import structure


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


# --- the season's blind structure -------------------------------------------------------------------------


def _rows_wanted(request: HttpRequest, levels: structure.Structure | None) -> int:
    listed = len(levels.levels) if levels else 0
    posted = ascii_whole_or_none(request.POST.get("rows")) if request.method == "POST" else None
    rows = max(posted or 0, listed + MORE_ROWS)
    if request.method == "POST" and "more" in request.POST:
        rows += MORE_ROWS
    return rows


def _timeline(levels: structure.Structure) -> list[dict]:
    """The levels and breaks with the minute each begins, for the preview beside the form."""
    lines, minute = [], 0
    for number, level in enumerate(levels.levels, start=1):
        lines.append({"level": number, "small": level.small, "big": level.big, "ante": level.ante,
                      "minutes": level.minutes, "at": minute})
        minute += level.minutes
        pause = levels.break_after(number)
        if pause is not None:
            lines.append({"break": True, "minutes": pause.minutes, "note": pause.note, "at": minute})
            minute += pause.minutes
    following = levels.level(len(levels.levels) + 1)
    lines.append({"after": True, "small": following.small, "big": following.big, "ante": following.ante})
    return lines


@organizer_required
@require_http_methods(["GET", "POST"])
def blind_structure(request: HttpRequest, season_id: int) -> HttpResponse:
    """The season's blind structure: copy a template, edit the levels, save; or go back to the seed's doubling."""
    season = get_season_or_404(season_id)
    own = clock_control.season_structure(season) if season.blind_structure else None
    frozen = seasons.frozen_fields(season).get("blind_structure")
    shown = clock_control.season_structure(season)
    confirm_reset = False
    if request.method == "POST" and not frozen and "reset" in request.POST:
        if "confirmed" in request.POST:
            clock_control.set_blind_structure(season=season, levels=None)
            messages.success(request, _("The season plays the league's doubling blinds again."))
            return redirect("blind_structure", season.pk)
        confirm_reset = True
    template = request.GET.get("template")
    if request.method == "GET" and template in structure.TEMPLATES and not frozen:
        shown = structure.template(
            template, small=season.start_small_blind, big=max(season.start_big_blind, season.start_small_blind),
            minutes=max(season.level_minutes, 1), colour_up=_("Colour-up: the 25 chips go"),
        )
        messages.info(request, _("Template copied: check the levels, change what you like, then save."))
    form = StructureForm(
        request.POST if request.method == "POST" and "reset" not in request.POST else None,
        rows=_rows_wanted(request, shown),
        initial=initial_rows(shown),
    )
    if request.method == "POST" and not frozen and "more" not in request.POST and not confirm_reset:
        levels = form.structure()
        if levels is not None:
            try:
                clock_control.set_blind_structure(season=season, levels=levels)
            except clock_control.StructureFrozen as error:
                messages.error(request, str(error))
            else:
                messages.success(request, _("Blind structure saved: every night of the season follows it."))
                return redirect("blind_structure", season.pk)
        else:
            messages.error(request, _("Nothing was saved: please correct the marked fields."))
    if frozen:
        for field in form.fields.values():
            field.disabled = True
    return render(request, "tournaments/clock/structure.html", {
        "season": season,
        "form": form,
        "own": own,
        "frozen": frozen,
        "confirm_reset": confirm_reset,
        "timeline": _timeline(shown),
        "templates": [
            ("doubling", _("The league's doubling (from the season's start blinds)")),
            ("classic", _("Classic: 20 minutes, antes from level 5")),
            ("turbo", _("Turbo: 10 minutes, big-blind ante")),
        ],
    })
