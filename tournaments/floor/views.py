"""Seating, tables, the first dealer, walk-ins and late entries, finishing the night: thin views over `tournaments.floor.services`."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from league import once
from league.access import get_night_or_404, night_organizer_required, runs_night
from league.desk.forms import WithdrawForm
from league.models import Entry, NightStatus, Player
from league.rules.inputs import ascii_whole_or_none
from league.web.compression import never_compress
from league.web.public_url import public_reverse
from tournaments.floor import late_entries, seating_rows, services, waiting
from tournaments.floor.forms import FinishNightForm, LateEntryForm, PayAndSeatForm, WalkInForm
from tournaments.floor.services import NightError
from tournaments.models import Placement, Seat, Table
from tournaments.poker import seating as seating_rules


@require_GET
def seating(request: HttpRequest, night_id: int) -> HttpResponse:
    """The seating list: by table and alphabetically; prints on A4, readable on a screen."""
    night = get_night_or_404(night_id)
    tables = seating_rows.tables_with_seats(night)
    # The numbers as text: the template language localized each of them on its own (all the same digits).
    by_name = sorted(
        ((seat.name, str(table.number), str(seat.position)) for table in tables for seat in table.seated),
        key=lambda row: row[0].casefold(),
    )
    template = "tournaments/seating_screen.html" if request.GET.get("screen") else "tournaments/seating.html"
    late_candidates = []
    # Who runs the night sees the late entries' forms; anyone else (another venue's organizer too) the list.
    runs = runs_night(request.user, night) and night.status == NightStatus.SEATED
    if runs:
        # The final takes its qualified players only (the desk refuses anyone else): offer no one else.
        candidates = night.qualified.all() if night.is_final else Player.objects.all()
        late_candidates = list(
            candidates.exclude(pk__in=Entry.objects.active().filter(night=night).values("player_id"))
        )
    context = {"night": night, "tables": tables, "by_name": by_name, "late_candidates": late_candidates}
    if runs:
        context.update(
            unseated=late_entries.unseated_entries(night),
            walk_in_form=WalkInForm(night=night),
            late_possible=services.late_entry_possible(night),
            way_on=waiting.way_on(night),
        )
    return render(request, template, context)


@night_organizer_required
@require_http_methods(["GET", "POST"])
def draw_seating(request: HttpRequest, night_id: int) -> HttpResponse:
    """Draw (POST). Drawing again replaces the tables, so that asks for a confirmation first."""
    night = get_night_or_404(night_id)
    redraw = night.tables.exists()
    if request.method == "GET" or (redraw and request.POST.get("confirm") != "yes"):
        unpaid = Entry.objects.active().filter(night=night, paid_at__isnull=True).select_related("player")
        context = {"night": night, "redraw": redraw, "unpaid": unpaid, "version": services.seating_version(night)}
        return render(request, "tournaments/seating_confirm.html", context)
    try:
        tables = services.draw_seating(night=night, seen_version=request.POST.get("version", ""))
    except services.NightError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Seating drawn: %(n)s tables. Registration is closed.") % {"n": len(tables)})
    return redirect("seating", night.pk)


@night_organizer_required
@require_POST
def late_entry(request: HttpRequest, night_id: int) -> HttpResponse:
    night = get_night_or_404(night_id)
    form = LateEntryForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return redirect("seating", night.pk)
    player = form.cleaned_data["player"]
    try:
        arrival = services.seat_late_entry(night=night, player=player, fee=form.cleaned_data["amount"], by=request.user)
    except services.NightError as error:
        messages.error(request, str(error))
        return redirect("seating", night.pk)
    return _arrived(request, arrival)


def _get_table_or_404(table_id: int) -> Table:
    return get_object_or_404(Table.objects.select_related("night__season", "first_dealer__entry__player"), pk=table_id)


@night_organizer_required
@require_GET
@never_compress  # the dealer link is a secret and the page echoes the query string (BREACH)
def table_detail(request: HttpRequest, table_id: int) -> HttpResponse:
    table = _get_table_or_404(table_id)
    seats = list(table.seats.select_related("entry__player", "placement").order_by("position"))
    placements = list(
        Placement.objects.filter(table=table).select_related("seat__entry__player").prefetch_related("corrections")
    )
    dealer_url = public_reverse("dealer_tracker", table.dealer_token)
    return render(
        request,
        "tournaments/table.html",
        {
            "table": table,
            "night": table.night,
            "seats": seats,
            "placements": placements,
            "dealer_url": dealer_url,
            "has_hands": table.hands.exists(),
        },
    )


@night_organizer_required
@require_POST
def first_dealer(request: HttpRequest, table_id: int) -> HttpResponse:
    table = _get_table_or_404(table_id)
    try:
        if request.POST.get("seat"):
            seat_id = ascii_whole_or_none(request.POST["seat"])
            seat = table.seats.filter(pk=seat_id).first() if seat_id is not None else None
            if seat is None:
                raise services.NightError(_("That player does not sit at this table."))
            services.record_first_dealer(table=table, seat=seat, by=request.user)
        else:
            seat = services.draw_first_dealer(table=table)
    except services.NightError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("%(name)s deals first.") % {"name": seat.player.name})
    return redirect("table_detail", table.pk)


@night_organizer_required
@require_http_methods(["GET", "POST"])
def revoke_dealer_link(request: HttpRequest, table_id: int) -> HttpResponse:
    table = _get_table_or_404(table_id)
    if request.method == "POST":
        services.revoke_dealer_link(table=table)
        messages.success(request, _("The old dealer link no longer works. Hand out the new one."))
        return redirect("table_detail", table.pk)
    return render(request, "tournaments/revoke_confirm.html", {"table": table})


@night_organizer_required
@require_http_methods(["GET", "POST"])
def night_finish(request: HttpRequest, night_id: int) -> HttpResponse:
    night = get_night_or_404(night_id)
    form = FinishNightForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            services.finish_night(night=night, confirm_unfinished=form.cleaned_data["confirm_unfinished"])
        except services.NightError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("The night is finished."))
            return redirect("night_results", night.pk)
    context = {"night": night, "form": form, "open_tables": services.tables_still_playing(night)}
    return render(request, "league/organizer/night_finish.html", context)


def _arrived(request: HttpRequest, arrival: Seat | Entry) -> HttpResponse:
    """A paid late arrival: seated (back to the seating), or waiting (on to his way on, to be confirmed)."""
    if isinstance(arrival, Entry):
        messages.warning(
            request,
            _("%(name)s has paid, but every table has started or is full: choose the way to a table.")
            % {"name": arrival.player.name},
        )
        return redirect("way_on", arrival.night_id)
    messages.success(
        request,
        _("%(name)s joins table %(table)s, seat %(seat)s.")
        % {"name": arrival.player.name, "table": arrival.table.number, "seat": arrival.position},
    )
    return redirect("seating", arrival.table.night_id)


@night_organizer_required
@require_http_methods(["GET", "POST"])
def walk_in(request: HttpRequest, night_id: int) -> HttpResponse:
    """A new player after the draw. The seating page carries the form; errors are shown here."""
    night = get_night_or_404(night_id)
    form = WalkInForm(request.POST if request.method == "POST" else None, night=night)
    if request.method == "POST" and form.is_valid():
        try:
            with once.spend(request):
                arrival = late_entries.seat_walk_in(
                    night=night, fee=form.cleaned_data["fee"], by=request.user, player_fields=form.player_fields()
                )
        except (NightError, once.FormAlreadyApplied) as error:
            form.add_error(None, str(error))
        else:
            return _arrived(request, arrival)
    return render(request, "tournaments/late/walk_in.html", {"night": night, "form": form})


def _get_entry_or_404(entry_id: int) -> Entry:
    return get_object_or_404(Entry.objects.select_related("night__season", "player"), pk=entry_id)


@night_organizer_required
@require_POST
def pay_and_seat(request: HttpRequest, entry_id: int) -> HttpResponse:
    entry = _get_entry_or_404(entry_id)
    form = PayAndSeatForm(request.POST)
    if not form.is_valid():
        for error in form.errors.get("amount", []):
            messages.error(request, error)
        return redirect("seating", entry.night_id)
    try:
        arrival = late_entries.pay_and_seat_entry(entry=entry, fee=form.cleaned_data["amount"], by=request.user)
    except NightError as error:
        messages.error(request, str(error))
        return redirect("seating", entry.night_id)
    return _arrived(request, arrival)


@night_organizer_required
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
    context = {"entry": entry, "form": form, "refund": refund, "cancel_to": "seating"}
    return render(request, "league/withdraw_confirm.html", context)


@night_organizer_required
@require_http_methods(["GET", "POST"])
def way_on(request: HttpRequest, night_id: int) -> HttpResponse:
    """The players who paid but found no seat: the way on the rules give now, confirmed once (docs/rules.md)."""
    night = get_night_or_404(night_id)
    if request.method == "POST":
        try:
            tables = waiting.give_way_on(
                night=night, way=request.POST.get("way", ""), seen_version=request.POST.get("version", "")
            )
        except NightError as error:
            messages.error(request, str(error))
            return redirect("way_on", night.pk)
        messages.success(request, _("Seated: %(tables)s.") % {"tables": ", ".join(str(table) for table in tables)})
        return redirect("seating", night.pk)
    way = waiting.way_on(night)
    if way is None:
        messages.info(request, _("Nobody is waiting for a seat."))
        return redirect("seating", night.pk)
    context = {"night": night, "way": way}
    numbers = list(night.tables.values_list("number", flat=True))
    if way.way == seating_rules.WAY_REDRAW:
        kept = [n for n in numbers if n <= len(way.sizes)]
        new = list(range(max(numbers, default=0) + 1, len(way.sizes) + 1))
        context.update(
            players=sum(way.sizes),
            sizes=", ".join(str(size) for size in way.sizes),
            kept=", ".join(map(str, kept)),
            kept_count=len(kept),
            new=", ".join(map(str, new)),
            new_count=len(new),
        )
    elif way.way == seating_rules.WAY_NEW_TABLE:
        context["number"] = max(numbers, default=0) + 1
    return render(request, "tournaments/late/way_on.html", context)
