"""Correcting a place, typing a paper table's results, switching a tracked table to paper, a season's past
nights from a file (upload, a preview naming every refused row, the import on confirmation): thin views over
`tournaments.placements`."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from league.access import get_season_or_404, night_organizer_required, organizer_required
from league.rules.history import HistoryError
from league.rules.inputs import MAX_PLACE, ascii_whole_or_none, is_ascii_whole
from league.rules.roster import MAX_BYTES
from tournaments.models import Table
from tournaments.models.night import Placement
from tournaments.placements import history as past_nights
from tournaments.placements import paper as manual_results
from tournaments.placements import services, switch
from tournaments.placements.forms import PlacementCorrectionForm
from tournaments.placements.refusals import file_message, row_messages


def _typed_places(request: HttpRequest) -> tuple[list[tuple[int, int]], dict[int, str]]:
    """The form's (seat, place) pairs; a place that is not a whole number is reported by the player's seat."""
    seats, places = request.POST.getlist("seat"), request.POST.getlist("place")
    if len(seats) != len(places):
        raise manual_results.ResultsError(_("The form was incomplete. Reload the page and enter the places again."))
    pairs, typed = [], {}
    for seat, place in zip(seats, places):
        seat_id = ascii_whole_or_none(seat)
        if seat_id is None:
            raise manual_results.ResultsError(_("That player does not sit at this table."))
        place = place.strip()
        typed[seat_id] = place[:10]
        if place:
            if not is_ascii_whole(place, max_digits=len(str(MAX_PLACE))):
                raise manual_results.ResultsError(
                    _("A place is a whole number from 1 up: “%(value)s”.") % {"value": place[:10]}
                )
            pairs.append((seat_id, int(place)))
    return pairs, typed


def _typed_knockouts(request: HttpRequest) -> tuple[dict[int, int], dict[int, str]]:
    """The form's knockouts per seat (an empty field: none entered)."""
    seats, counts = request.POST.getlist("seat"), request.POST.getlist("knockouts")
    if not counts:
        return {}, {}
    if len(seats) != len(counts):
        raise manual_results.ResultsError(_("The form was incomplete. Reload the page and enter the places again."))
    knockouts, typed = {}, {}
    for seat, count in zip(seats, counts):
        seat_id = ascii_whole_or_none(seat)
        count = count.strip()
        if seat_id is None:
            raise manual_results.ResultsError(_("That player does not sit at this table."))
        typed[seat_id] = count[:10]
        if count:
            if not is_ascii_whole(count, max_digits=3):
                raise manual_results.ResultsError(
                    _("Knockouts are a whole number from 0 up: “%(value)s”.") % {"value": count[:10]}
                )
            knockouts[seat_id] = int(count)
    return knockouts, typed


@night_organizer_required
@require_http_methods(["GET", "POST"])
def table_results(request: HttpRequest, table_id: int) -> HttpResponse:
    """Type in a paper table's places from the signed sheet, or correct a finished table's places with a reason."""
    table = get_object_or_404(Table.objects.select_related("night__season", "first_dealer__entry__player"), pk=table_id)
    typed: dict[int, str] = {}
    typed_knockouts: dict[int, str] = {}
    error = ""
    if request.method == "POST":
        try:
            pairs, typed = _typed_places(request)
            knockouts, typed_knockouts = _typed_knockouts(request)
            version = request.POST.get("version", "")
            if request.POST.get("mode") == "correct":
                manual_results.correct_results(
                    table=table, places=pairs, reason=request.POST.get("reason", ""), by=request.user, version=version
                )
                messages.success(request, _("The places of table %(table)s are corrected.") % {"table": table.number})
            else:
                dealer = request.POST.get("first_dealer", "")
                manual_results.record_paper_results(
                    table=table,
                    places=pairs,
                    by=request.user,
                    version=version,
                    first_dealer_seat_id=ascii_whole_or_none(dealer),
                    knockouts=knockouts,
                )
                messages.success(request, _("The places of table %(table)s are saved.") % {"table": table.number})
        except manual_results.StaleResults as failure:
            error, typed, typed_knockouts = str(failure), {}, {}  # show what is stored now, not the old form's values
            table.refresh_from_db()
        except manual_results.ResultsError as failure:
            error = str(failure)
        else:
            return redirect(f"{reverse('night_results', args=[table.night_id])}#table-{table.number}")
    form = manual_results.results_form(table)
    rows = [
        {
            "seat": seat,
            "value": typed.get(seat.pk, str(seat.placement.place) if getattr(seat, "placement", None) else ""),
            "knockouts": typed_knockouts.get(seat.pk, ""),
        }
        for seat in form.seats
    ]
    context = {
        "table": table,
        "night": table.night,
        "rows": rows,
        "mode": form.mode,
        "version": form.version,
        "error": error,
        "reason": request.POST.get("reason", "") if request.method == "POST" else "",
        "size": len(form.seats),
        "first_dealer_choice": request.POST.get("first_dealer", "") if request.method == "POST" else "",
        "remaining": len(form.remaining),
        # A season that gives points for knockouts may take them from the sheet too.
        "knockouts": form.mode in ("enter", "paper") and table.night.season.scheme.uses_knockouts,
    }
    return render(request, "tournaments/results/table_results.html", context)


@night_organizer_required
@require_http_methods(["GET", "POST"])
def correct_placement(request: HttpRequest, placement_id: int) -> HttpResponse:
    placement = get_object_or_404(
        Placement.objects.select_related("table__night", "seat__entry__player"), pk=placement_id
    )
    form = PlacementCorrectionForm(request.POST or None, initial={"place": placement.place})
    if request.method == "POST" and form.is_valid():
        try:
            services.correct_placement(placement=placement, by=request.user, **form.cleaned_data)
        except services.NightError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Placement corrected."))
            return redirect("table_detail", placement.table_id)
    return render(request, "tournaments/placement_correct.html", {"placement": placement, "form": form})


@night_organizer_required
@require_http_methods(["GET", "POST"])
def paper_switch(request: HttpRequest, table_id: int) -> HttpResponse:
    """Confirm that a tracked table goes on on paper (its phone died), or back to the tracker while nothing was typed."""
    table = get_object_or_404(Table, pk=table_id)
    error = ""
    if request.method == "POST":
        try:
            if request.POST.get("op") == "back":
                switch.back_to_tracker(table=table, version=request.POST.get("version", ""))
                messages.success(
                    request, _("Table %(table)s is followed by the tracker again.") % {"table": table.number}
                )
                return redirect("table_detail", table.pk)
            switch.switch_to_paper(table=table, by=request.user, version=request.POST.get("version", ""))
        except switch.SwitchError as failure:
            error = str(failure)
        else:
            messages.success(
                request,
                _("Table %(table)s goes on on paper. Type the places from its sheet when it is finished.")
                % {"table": table.number},
            )
            return redirect("table_results", table.pk)
    return render(
        request,
        "tournaments/results/paper_switch.html",
        {
            "switch": switch.paper_switch(table),
            "night": table.night,
            "table": table,
            "error": error,
        },
    )


def _history_file(request: HttpRequest) -> bytes:
    upload = request.FILES.get("file")
    if upload is not None:
        if upload.size > MAX_BYTES:
            raise HistoryError("too_big", limit=MAX_BYTES // (1024 * 1024))
        return upload.read(MAX_BYTES + 1)
    carried = request.POST.get("content")
    if not carried:
        raise HistoryError("no_file")
    return carried.encode("utf-8")


@organizer_required
@require_http_methods(["GET", "POST"])
def import_past_nights(request: HttpRequest, season_id: int) -> HttpResponse:
    season = get_season_or_404(season_id)
    context = {"season": season, "max_mb": MAX_BYTES // (1024 * 1024)}
    if request.method == "GET":
        return render(request, "tournaments/past_nights.html", context)
    try:
        data = _history_file(request)
        if request.POST.get("confirm"):
            nights = past_nights.import_history(
                season=season, data=data, digest=request.POST.get("digest", ""), by=request.user
            )
            messages.success(
                request,
                ngettext("%(n)s past night imported.", "%(n)s past nights imported.", len(nights)) % {"n": len(nights)},
            )
            return redirect(season.get_absolute_url())
        preview = past_nights.preview_history(season=season, data=data)
    except HistoryError as error:
        context["error"] = file_message(error)
        return render(request, "tournaments/past_nights.html", context)
    except past_nights.HistoryChanged:
        messages.error(request, _("The league changed since the preview. Check the preview again."))
        preview = past_nights.preview_history(season=season, data=data)
    errors = row_messages(preview.rows)
    context.update(
        preview=preview,
        refused=[(row, errors[row.line]) for row in preview.refused],
        digest=past_nights.history_digest(preview),
    )
    return render(request, "tournaments/past_nights.html", context)
