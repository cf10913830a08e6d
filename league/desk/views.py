"""The registration desk. Thin: parse, call a service, render."""

from __future__ import annotations

from decimal import Decimal

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from league import once
from league.access import get_night_or_404, night_organizer_required
from league.desk import services
from league.desk.forms import FeeForm, NewPlayerForm, RegisterForm, WithdrawForm
from league.models import Entry, Night
from league.rules import names
from league.rules.inputs import clean_search


def _desk_context(request: HttpRequest, night: Night, **extra) -> dict:
    query = clean_search(request.GET.get("q", ""))
    entries = list(
        Entry.objects.filter(night=night)
        .select_related("player", "received_by")
        .order_by("withdrawn_at", "registered_at", "id")
    )
    entered_ids = {entry.player_id for entry in entries if not entry.is_withdrawn}
    context = {
        "night": night,
        "season": night.season,
        "query": query,
        "results": services.find_players(query),
        "entered_ids": entered_ids,
        # Alphabetical: fifteen rows on a phone are found by name, not by when each one came in.
        "active_entries": sorted(
            (entry for entry in entries if not entry.is_withdrawn), key=lambda e: names.sort_key(e.player.name)
        ),
        "withdrawn_entries": [entry for entry in entries if entry.is_withdrawn],
        "totals": services.desk_totals(night),
        "new_player_form": NewPlayerForm(night=night),
    }
    context.update(extra)
    return context


def _desk_response(request: HttpRequest, night: Night, *, registered: bool = False, **extra) -> HttpResponse:
    """After a write: the desk's main part for htmx, a redirect (PRG) otherwise."""
    if not request.htmx:
        return redirect("registration_desk", night.pk)
    # After a registration an empty search box is swapped in out of band, ready for the next player.
    context = _desk_context(request, night, clear_search=registered, **extra)
    if registered:
        context.update(query="", results=[])
    return render(request, "league/desk.html#desk-main", context)


@night_organizer_required
@require_GET
@vary_on_headers("HX-Request")
def registration_desk(request: HttpRequest, night_id: int) -> HttpResponse:
    night = get_night_or_404(night_id)
    template = "league/desk.html"
    if request.htmx and request.htmx.target == "search-results":
        template += "#search-results"
    return render(request, template, _desk_context(request, night))


@night_organizer_required
@require_POST
def register_existing(request: HttpRequest, night_id: int) -> HttpResponse:
    night = get_night_or_404(night_id)
    form = RegisterForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return _desk_response(request, night)
    fee = None
    if form.cleaned_data["pay_now"]:
        fee = form.cleaned_data["amount"] if form.cleaned_data["amount"] is not None else night.season.entry_fee
    try:
        entry = services.register_player(night=night, player=form.cleaned_data["player"], by=request.user, fee=fee)
    except services.LeagueError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("%(name)s is registered.") % {"name": entry.player.name})
        return _desk_response(request, night, registered=True)
    return _desk_response(request, night)


@night_organizer_required
@require_POST
def register_new(request: HttpRequest, night_id: int) -> HttpResponse:
    night = get_night_or_404(night_id)
    form = NewPlayerForm(request.POST, night=night)
    look_alike = None
    if form.is_valid():
        data = form.cleaned_data
        fee = data["fee"] if data["pay_now"] else None
        player_fields = {field: data[field] for field in NewPlayerForm.Meta.fields}
        try:
            with once.spend(request):
                entry = services.create_player_and_register(
                    night=night, by=request.user, fee=fee, another_person=data["another_person"], **player_fields
                )
        except services.LookAlike as error:
            form.add_error("name", str(error))
            look_alike = error
        except (services.LeagueError, once.FormAlreadyApplied) as error:
            messages.error(request, str(error))
        else:
            messages.success(request, _("%(name)s is registered.") % {"name": entry.player.name})
            return _desk_response(request, night, registered=True)
    else:
        messages.error(request, _("The new player was not saved: please correct the marked fields."))
    template = "league/desk.html#desk-main" if request.htmx else "league/desk.html"
    context = _desk_context(request, night, new_player_form=form, show_new_player=True, look_alike=look_alike)
    return render(request, template, context)


def _get_entry_or_404(entry_id: int) -> Entry:
    return get_object_or_404(Entry.objects.select_related("night__season", "player"), pk=entry_id)


@night_organizer_required
@require_POST
def take_fee(request: HttpRequest, entry_id: int) -> HttpResponse:
    entry = _get_entry_or_404(entry_id)
    form = FeeForm(request.POST)
    if not form.is_valid():
        for error in form.errors.get("amount", []):
            messages.error(request, error)
        return _desk_response(request, entry.night)
    try:
        services.take_fee(entry=entry, amount=form.cleaned_data["amount"], by=request.user)
    except services.LeagueError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Fee of %(name)s received.") % {"name": entry.player.name})
    return _desk_response(request, entry.night)


@night_organizer_required
@require_http_methods(["GET", "POST"])
def withdraw_entry(request: HttpRequest, entry_id: int) -> HttpResponse:
    """A confirmation page first: withdrawing a paid entry hands cash back."""
    entry = _get_entry_or_404(entry_id)
    form = WithdrawForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.withdraw_entry(entry=entry, by=request.user, reason=form.cleaned_data["reason"])
        except services.LeagueError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, _("%(name)s was withdrawn.") % {"name": entry.player.name})
        return redirect("registration_desk", entry.night_id)
    refund: Decimal | None = entry.fee_paid if entry.is_paid else None
    context = {"entry": entry, "form": form, "refund": refund, "cancel_to": "registration_desk"}
    return render(request, "league/withdraw_confirm.html", context)
