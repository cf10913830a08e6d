"""The venues' pages: the league organizers' list, add, edit and delete, and an organizer's role; any
organizer's choice of the venue this device works for; a night moved to another venue. Thin: parse, call a use
case, render."""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from league.access import get_night_or_404, night_organizer_required, organizer_required, venue_ids
from league.models import Venue, VenueRole
from league.rules.inputs import ascii_whole_or_none
from league.venues import services
from league.venues.device import choose_for_device, venues_of
from league.venues.forms import LEAGUE, VENUE, MoveNightForm, RoleForm, VenueForm, organizer_accounts
from league.web.next_page import redirect_next


@organizer_required
@require_GET
def venue_list(request: HttpRequest) -> HttpResponse:
    venues = Venue.objects.annotate(night_count=Count("nights")).prefetch_related("organizers")
    held = set(VenueRole.objects.values_list("user_id", flat=True))
    accounts = [
        {"user": user, "venues": list(user.venues.all()) if user.pk in held else None}
        for user in organizer_accounts().prefetch_related("venues")
    ]
    return render(request, "league/venues/list.html", {"venues": venues, "accounts": accounts})


@organizer_required
@require_http_methods(["GET", "POST"])
def organizer_role(request: HttpRequest, user_id: int) -> HttpResponse:
    """An organizer's role: the league's, or his venues'. Asks first when it takes rights away; nobody changes
    his own, and the league keeps a league organizer (the use case refuses both)."""
    account = get_object_or_404(organizer_accounts(), pk=user_id)
    held = venue_ids(account)
    initial = {"role": LEAGUE if held is None else VENUE, "venues": sorted(held or ())}
    form = RoleForm(request.POST if request.method == "POST" else None, initial=initial)
    own = account.pk == request.user.pk
    if request.method == "POST" and form.is_valid():
        venues = form.chosen_venues()
        if not own and not form.cleaned_data["confirmed"] and services.takes_rights_away(user=account, venues=venues):
            context = {"account": account, "form": form, "venues": venues, "was_league": held is None}
            if held is not None:
                kept = {venue.pk for venue in venues or ()}
                context["lost"] = [venue for venue in account.venues.all() if venue.pk not in kept]
            return render(request, "league/venues/role_confirm.html", context)
        try:
            services.change_role(by=request.user, user=account, venues=venues)
        except services.VenueError as error:
            form.add_error(error.field, str(error))
        else:
            messages.success(request, _("The role of %(name)s is changed.") % {"name": account.get_username()})
            return redirect("venue_list")
    return render(request, "league/venues/role.html", {"form": form, "account": account, "own": own})


def _venue_form(request: HttpRequest, venue: Venue | None) -> HttpResponse:
    form = VenueForm(request.POST if request.method == "POST" else None, venue=venue)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            saved = services.save_venue(
                venue=venue,
                name=data["name"],
                address=data["address"],
                weekday=data["weekday"],
                organizers=data["organizers"],
            )
        except services.VenueError as error:
            form.add_error(error.field, str(error))
        else:
            messages.success(request, _("“%(name)s” saved.") % {"name": saved.name})
            return redirect("venue_list")
    return render(request, "league/venues/form.html", {"form": form, "venue": venue})


@organizer_required
@require_http_methods(["GET", "POST"])
def venue_create(request: HttpRequest) -> HttpResponse:
    return _venue_form(request, None)


@organizer_required
@require_http_methods(["GET", "POST"])
def venue_edit(request: HttpRequest, venue_id: int) -> HttpResponse:
    return _venue_form(request, get_object_or_404(Venue, pk=venue_id))


@organizer_required
@require_POST
def venue_delete(request: HttpRequest, venue_id: int) -> HttpResponse:
    venue = get_object_or_404(Venue, pk=venue_id)
    try:
        services.delete_venue(venue=venue)
    except services.VenueError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("“%(name)s” deleted.") % {"name": venue.name})
    return redirect("venue_list")


@night_organizer_required
@require_POST
def choose_venue(request: HttpRequest) -> HttpResponse:
    """This device works for the chosen venue from now on (one of the organizer's own; any other: 404)."""
    wanted = ascii_whole_or_none(request.POST.get("venue"))
    venue = venues_of(request.user).filter(pk=wanted).first() if wanted is not None else None
    if venue is None:
        raise Http404
    response = redirect_next(request, reverse("organizer_home"))
    choose_for_device(request, response, venue)
    return response


@organizer_required
@require_http_methods(["GET", "POST"])
def night_venue(request: HttpRequest, night_id: int) -> HttpResponse:
    """Plan a night at another venue (before its draw: the use case refuses after)."""
    night = get_night_or_404(night_id)
    form = MoveNightForm(request.POST if request.method == "POST" else None, initial={"venue": night.venue_id})
    if request.method == "POST" and form.is_valid():
        try:
            services.move_night(night=night, venue=form.cleaned_data["venue"])
        except services.VenueError as error:
            form.add_error(error.field, str(error))
        else:
            messages.success(request, _("The night is now at %(venue)s.") % {"venue": form.cleaned_data["venue"]})
            return redirect("organizer_home")
    return render(request, "league/venues/night_venue.html", {"form": form, "night": night})
