"""The organizers' clock control page and its buttons. The TV's pages are in `live/tv/views.py`."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from league.access import get_night_or_404, get_season_or_404, night_organizer_required, organizer_required, venue_ids
from league.models import Night
from league.rules.chips import chips_text
from league.rules.inputs import ascii_whole_or_none
from league.seasons import services as seasons
from league.venues.context import VenuesHere
from league.web.downloads import attachment, export_language
from league.web.next_page import redirect_next
from league.web.public_url import public_reverse
from tournaments.clock import club, structure_file
from tournaments.clock import displays as tv_displays
from tournaments.clock import services as clock_control
from tournaments.clock.forms import (
    MORE_ROWS,
    BreakForm,
    ClubClockForm,
    DisplayForm,
    StructureForm,
    TvForm,
    initial_rows,
    rearranged,
)
from tournaments.models import ROTATING_SCREENS, TvDisplay
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


def _venue_choices(here: VenuesHere) -> tuple[list | None, bool]:
    """The venues this organizer may give a TV (None: the form asks none) and whether he may leave a TV the
    league's. A league of one pub asks nothing; a venue organizer of one venue neither (his TVs are its). Read
    with the header's venues (`here`), so the page costs no query more."""
    venues = here.choices
    return (venues if len(venues) > 1 else None), here.is_league_organizer


def _displays_context(
    request: HttpRequest, night: Night, *, bound: DisplayForm | None = None, new: DisplayForm | None = None
) -> dict:
    """The TVs' section: the night's own TV, each named TV this organizer manages (a venue organizer: his
    venues') with its address, QR code and form, and "Add a TV"."""
    here = VenuesHere(request)
    venues, league_wide = _venue_choices(here)
    shown = []
    for display in tv_displays.displays(venue_ids(request.user)):
        form = (
            bound
            if bound is not None and bound.prefix == f"tv{display.pk}"
            else _display_form(display, venues=venues, league_wide=league_wide)
        )
        shown.append({"display": display, "url": public_reverse("display_tv", display.key), "form": form})
    initial = {"screen": "clock", "rotation": list(ROTATING_SCREENS), "seconds": 20}
    if venues is not None:
        initial["venue"] = night.venue_id
    return {
        "night_tv_url": public_reverse("clock_tv", night.pk),
        "displays": shown,
        "new_display_form": new or DisplayForm(prefix="new", initial=initial, venues=venues, league_wide=league_wide),
        "max_displays": tv_displays.MAX_DISPLAYS,
        "venues_here": here,  # the header's, read once with the TVs' venue choices
    }


def _display_form(display: TvDisplay, data=None, *, venues=None, league_wide: bool = True) -> DisplayForm:
    initial = {
        "name": display.name,
        "screen": display.screen,
        "rotation": display.rotation_screens,
        "seconds": display.seconds,
        "venue": display.venue_id,
    }
    return DisplayForm(data, prefix=f"tv{display.pk}", initial=initial, venues=venues, league_wide=league_wide)


@night_organizer_required
@require_GET
def clock_control_page(request: HttpRequest, night_id: int) -> HttpResponse:
    night = get_night_or_404(night_id)
    return render(
        request, "tournaments/clock/control.html", _control_context(night, **_displays_context(request, night))
    )


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


@night_organizer_required
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


@night_organizer_required
@require_POST
@vary_on_headers("HX-Request")
def clock_breaks(request: HttpRequest, night_id: int) -> HttpResponse:
    night = get_night_or_404(night_id)
    form = BreakForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("The breaks were not changed: please correct the marked fields."))
        if request.htmx:
            return render(
                request, "tournaments/clock/control.html#clock-panel", _control_context(night, break_form=form)
            )
        return render(
            request,
            "tournaments/clock/control.html",
            _control_context(night, break_form=form, **_displays_context(request, night)),
        )
    clock_control.set_breaks(
        night=night, every_levels=form.cleaned_data["every_levels"], minutes=form.cleaned_data["minutes"]
    )
    messages.success(request, _("Breaks saved."))
    return _after_write(request, night)


@night_organizer_required
@require_POST
@vary_on_headers("HX-Request")
def clock_tv_settings(request: HttpRequest, night_id: int) -> HttpResponse:
    night = get_night_or_404(night_id)
    form = TvForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("The TV settings were not changed: please correct the marked fields."))
        if request.htmx:
            return render(request, "tournaments/clock/control.html#clock-panel", _control_context(night, tv_form=form))
        return render(
            request,
            "tournaments/clock/control.html",
            _control_context(night, tv_form=form, **_displays_context(request, night)),
        )
    clock_control.set_tv(
        night=night,
        screen=form.cleaned_data["screen"],
        announcement=form.cleaned_data["announcement"].strip(),
        spoken=form.cleaned_data["spoken"],
    )
    messages.success(request, _("The TV follows within a second."))
    return _after_write(request, night)


# --- the named TVs, each with its own screen ------------------------------------------------------------


def _back_to_tvs(night: Night) -> HttpResponse:
    return redirect(reverse("clock_control", args=[night.pk]) + "#tvs")


def _refused(request: HttpRequest, night: Night, **forms) -> HttpResponse:
    messages.error(request, _("The TVs were not changed: please correct the marked fields."))
    return render(
        request, "tournaments/clock/control.html", _control_context(night, **_displays_context(request, night, **forms))
    )


def _saved(form: DisplayForm, write, **venue) -> bool:
    """Write the form's values with `write(**values)`; the service's refusal goes beside its field. The venue is
    the form's when it asks one, else `venue` (nothing: the TV keeps its own)."""
    if not form.is_valid():
        return False
    if "venue" in form.fields:
        venue = {"venue": form.cleaned_data["venue"]}
    try:
        write(
            name=form.cleaned_data["name"],
            screen=form.cleaned_data["screen"],
            rotation=form.cleaned_data["rotation"],
            seconds=form.cleaned_data["seconds"],
            **venue,
        )
    except tv_displays.DisplayError as error:
        form.add_error(error.field, str(error))
        return False
    return True


@night_organizer_required
@require_POST
def display_add(request: HttpRequest, night_id: int) -> HttpResponse:
    """A new TV: a venue organizer's is one of his venues' (of one venue: the night's, which is his)."""
    night = get_night_or_404(night_id)
    venues, league_wide = _venue_choices(VenuesHere(request))
    form = DisplayForm(request.POST, prefix="new", venues=venues, league_wide=league_wide)
    if not _saved(form, tv_displays.add_display, venue=None if league_wide else night.venue):
        return _refused(request, night, new=form)
    messages.success(request, _("TV added: open its address on the TV once, it keeps it every week."))
    return _back_to_tvs(night)


@night_organizer_required  # with the TV's venue among his (league.access)
@require_POST
def display_change(request: HttpRequest, night_id: int, display_id: int) -> HttpResponse:
    night = get_night_or_404(night_id)
    display = get_object_or_404(TvDisplay, pk=display_id)
    venues, league_wide = _venue_choices(VenuesHere(request))
    form = _display_form(display, request.POST, venues=venues, league_wide=league_wide)
    if not _saved(form, lambda **values: tv_displays.change_display(display_id=display.pk, **values)):
        return _refused(request, night, bound=form)
    messages.success(request, _("“%(name)s” follows within a second.") % {"name": form.cleaned_data["name"]})
    return _back_to_tvs(night)


@night_organizer_required  # with the TV's venue among his (league.access)
@require_POST
def display_remove(request: HttpRequest, night_id: int, display_id: int) -> HttpResponse:
    """Asks first: the TV at that address shows nothing more until it is given another TV's address."""
    night = get_night_or_404(night_id)
    display = get_object_or_404(TvDisplay, pk=display_id)
    if "confirmed" not in request.POST:
        return render(request, "tournaments/clock/display_remove.html", {"night": night, "display": display})
    name = tv_displays.remove_display(display_id=display.pk)
    if name is not None:
        messages.success(request, _("“%(name)s” removed.") % {"name": name})
    return _back_to_tvs(night)


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
        lines.append(
            {
                "level": number,
                "small": level.small,
                "big": level.big,
                "ante": level.ante,
                "minutes": level.minutes,
                "at": minute,
            }
        )
        minute += level.minutes
        pause = levels.break_after(number)
        if pause is not None:
            lines.append({"break": True, "minutes": pause.minutes, "note": pause.note, "at": minute})
            minute += pause.minutes
    following = levels.level(len(levels.levels) + 1)
    lines.append({"after": True, "small": following.small, "big": following.big, "ante": following.ante})
    return lines


def _started_from(request: HttpRequest, season, saved: list) -> structure.Structure | None:
    """`?template=`: a built-in template, or `saved-<id>`, one of the club's saved structures."""
    template = request.GET.get("template", "")
    if template in structure.TEMPLATES:
        messages.info(request, _("Template copied: check the levels, change what you like, then save."))
        return structure.template(
            template,
            small=season.start_small_blind,
            big=max(season.start_big_blind, season.start_small_blind),
            minutes=max(season.level_minutes, 1),
            colour_up=_("Colour-up: the 25 chips go"),
        )
    chosen = next((s for s in saved if f"saved-{s.pk}" == template), None)
    levels = clock_control.saved_structure(chosen) if chosen is not None else None
    if levels is not None:
        messages.info(
            request, _("“%(name)s” copied: check the levels, change what you like, then save.") % {"name": chosen.name}
        )
    return levels


def _imported(request: HttpRequest, shown: structure.Structure) -> tuple[structure.Structure | None, str | None]:
    """The structure of the uploaded file, or the reason it is refused (nothing is written either way)."""
    upload = request.FILES.get("structure_file")
    if upload is None:
        return None, _("Choose a CSV file of levels.")
    try:
        return structure_file.read_structure(
            upload.read(structure_file.MAX_BYTES + 1), after_last=shown.after_last, ante_by=shown.ante_by
        ), None
    except structure_file.StructureFileError as error:
        return None, str(error)


@organizer_required
@require_http_methods(["GET", "POST"])
def blind_structure(request: HttpRequest, season_id: int) -> HttpResponse:
    """The season's blind structure: start from a template or a saved structure, or read a file; edit the levels
    in the grid (move, drop, insert rows); save it for the season, or under a name for other seasons; or go
    back to the seed's doubling."""
    season = get_season_or_404(season_id)
    own = clock_control.season_structure(season) if season.blind_structure else None
    frozen = seasons.frozen_fields(season).get("blind_structure")
    shown = clock_control.season_structure(season)
    saved = clock_control.saved_structures()
    post = request.POST if request.method == "POST" else {}
    confirm_reset = False
    if post and not frozen and "reset" in post:
        if "confirmed" in post:
            clock_control.set_blind_structure(season=season, levels=None)
            messages.success(request, _("The season plays the league's doubling blinds again."))
            return redirect("blind_structure", season.pk)
        confirm_reset = True
    if post and "remove_saved" in post:
        removed = clock_control.remove_saved_structure(saved_id=ascii_whole_or_none(post["remove_saved"]) or 0)
        if removed is not None:
            messages.success(
                request, _("“%(name)s” removed; seasons that took it keep their levels.") % {"name": removed}
            )
        return redirect("blind_structure", season.pk)
    if request.method == "GET" and not frozen:
        shown = _started_from(request, season, saved) or shown
    data, initial, rows, file_error, name_error = (
        post or None,
        initial_rows(shown),
        _rows_wanted(request, shown),
        None,
        None,
    )
    if confirm_reset:
        data = None
    elif post and "import" in post and not frozen:
        levels, file_error = _imported(request, shown)
        data, rows = None, len(shown.levels) + MORE_ROWS
        if levels is not None:
            initial, rows = initial_rows(levels), len(levels.levels) + MORE_ROWS
            messages.info(
                request,
                ngettext(
                    "%(count)s level read from the file: check it, then save.",
                    "%(count)s levels read from the file: check them, then save.",
                    len(levels.levels),
                )
                % {"count": len(levels.levels)},
            )
    elif post and not frozen:
        moved = rearranged(post, min(ascii_whole_or_none(post.get("rows")) or 1, structure.MAX_LEVELS + MORE_ROWS))
        if moved is not None:
            (initial, rows), data = moved, None
    form = StructureForm(data, rows=rows, initial=initial)
    if frozen:
        for field in form.fields.values():
            field.disabled = True
    if data is not None and "save_as" in post:
        levels = form.structure()
        if levels is None:
            messages.error(request, _("Nothing was saved: please correct the marked fields."))
        else:
            try:
                kept, replaced = clock_control.save_named_structure(name=post.get("saved_name", ""), levels=levels)
            except clock_control.StructureNameError as error:
                name_error = str(error)
            else:
                messages.success(
                    request,
                    (
                        _("“%(name)s” replaced: seasons start from it now.")
                        if replaced
                        else _("“%(name)s” saved: every season can start from it.")
                    )
                    % {"name": kept.name},
                )
                return redirect("blind_structure", season.pk)
    elif data is not None and not frozen and "more" not in post:
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
    return render(
        request,
        "tournaments/clock/structure.html",
        {
            "season": season,
            "form": form,
            "own": own,
            "frozen": frozen,
            "confirm_reset": confirm_reset,
            "timeline": _timeline(shown),
            "file_error": file_error,
            "name_error": name_error,
            "saved_name": post.get("saved_name", ""),
            "saved": saved,
            "templates": [
                ("doubling", _("The league's doubling (from the season's start blinds)")),
                ("classic", _("Classic: 20 minutes, antes from level 5")),
                ("turbo", _("Turbo: 10 minutes, big-blind ante")),
                *[(f"saved-{s.pk}", s.name) for s in saved],
            ],
        },
    )


@organizer_required
@require_GET
def blind_structure_file(request: HttpRequest, season_id: int) -> HttpResponse:
    """The season's levels as a CSV file (tournaments/clock/structure_file.py), to share or keep."""
    season = get_season_or_404(season_id)
    language = export_language(request)
    with translation.override(language):
        content = structure_file.to_csv(clock_control.season_structure(season), language=language)
    return attachment(content.encode("utf-8"), f"blinds-season-{season.pk}.csv", "text/csv; charset=utf-8")


# --- the club's clock screen ------------------------------------------------------------------------------


@organizer_required
@require_http_methods(["GET", "POST"])
def club_clock(request: HttpRequest) -> HttpResponse:
    """The club's own clock screen: its logo or sponsor, its chips, the figures the TV shows, a line for the
    night's points or prizes. A refused file or line changes nothing."""
    look = club.club_look()
    if request.method == "POST":
        form = ClubClockForm(request.POST, request.FILES)
        if form.is_valid():
            club.save_club_clock(
                logo=form.cleaned_data["logo"],
                remove_logo=form.cleaned_data["remove_logo"],
                chips=form.cleaned_data["chips"],
                figures=form.cleaned_data["figures"],
                prize_line=form.cleaned_data["prize_line"],
            )
            messages.success(request, _("The club's clock is saved: the TVs show it within half a minute."))
            return redirect("club_clock")
        messages.error(request, _("Nothing was saved: please correct the marked fields."))
    else:
        form = ClubClockForm(
            initial={
                "chips": chips_text(look.chips),
                "figures": list(look.figures),
                "prize_line": look.prize_line,
            }
        )
    return render(request, "tournaments/clock/club.html", {"form": form, "look": look})
