"""After the draw, from the seating page: a walk-in, and the entries the draw left unseated."""
from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from league import once
from league.desk.forms import WithdrawForm
from league.seasons.forms import PayAndSeatForm, WalkInForm
from league.models import Entry
from league.desk.views import get_night_or_404, organizer_required

from tournaments.night import late_entries
from tournaments.models import Seat
from tournaments.night.services import NightError


def _seated_message(request: HttpRequest, seat: Seat) -> None:
    messages.success(
        request,
        _("%(name)s joins table %(table)s, seat %(seat)s.")
        % {"name": seat.player.name, "table": seat.table.number, "seat": seat.position},
    )


@organizer_required
@require_http_methods(["GET", "POST"])
def walk_in(request: HttpRequest, night_id: int) -> HttpResponse:
    """A new player after the draw. The seating page carries the form; errors are shown here."""
    night = get_night_or_404(night_id)
    form = WalkInForm(request.POST if request.method == "POST" else None, night=night)
    if request.method == "POST" and form.is_valid():
        try:
            with once.spend(request):
                seat = late_entries.seat_walk_in(
                    night=night, fee=form.cleaned_data["fee"], by=request.user, player_fields=form.player_fields()
                )
        except (NightError, once.FormAlreadyApplied) as error:
            form.add_error(None, str(error))
        else:
            _seated_message(request, seat)
            return redirect("seating", night.pk)
    return render(request, "tournaments/late/walk_in.html", {"night": night, "form": form})


def _get_entry_or_404(entry_id: int) -> Entry:
    return get_object_or_404(Entry.objects.select_related("night__season", "player"), pk=entry_id)


@organizer_required
@require_POST
def pay_and_seat(request: HttpRequest, entry_id: int) -> HttpResponse:
    entry = _get_entry_or_404(entry_id)
    form = PayAndSeatForm(request.POST)
    if not form.is_valid():
        for error in form.errors.get("amount", []):
            messages.error(request, error)
        return redirect("seating", entry.night_id)
    try:
        seat = late_entries.pay_and_seat_entry(entry=entry, fee=form.cleaned_data["amount"], by=request.user)
    except NightError as error:
        messages.error(request, str(error))
    else:
        _seated_message(request, seat)
    return redirect("seating", entry.night_id)


@organizer_required
@require_http_methods(["GET", "POST"])
def withdraw_unseated(request: HttpRequest, entry_id: int) -> HttpResponse:
    """A confirmation first: a paid fee is handed back."""
    entry = _get_entry_or_404(entry_id)
    form = WithdrawForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            late_entries.withdraw_unseated_entry(entry=entry, by=request.user, reason=form.cleaned_data["reason"])
        except NightError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, _("%(name)s was withdrawn.") % {"name": entry.player.name})
        return redirect("seating", entry.night_id)
    refund = entry.fee_paid if entry.is_paid else None
    return render(request, "tournaments/late/withdraw_confirm.html", {"entry": entry, "form": form, "refund": refund})
