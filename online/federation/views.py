"""The league link's pages and addresses. Thin: parse, call joining/snapshot/fetching, render or answer JSON.

On the league's server: a venue's joining codes and joined laptops (league organizers), the laptops' joining
(`POST /league-link/join/`, unsigned: the one-time code is the proof) and their pre-night snapshot (signed).
On a venue's laptop: its link page, where it joins and fetches."""

from __future__ import annotations

import json

from django.contrib import messages
from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import F
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from league.access import organizer_required
from league.models import Venue
from online.federation import fetching, joining, snapshot
from online.federation.auth import refused, venue_signed
from online.federation.forms import JoinForm
from online.models import LeagueLink, VenueKey

# A join request is a code, a key and a label: anything larger is not one.
MAX_JOIN_BYTES = 4096


# --- the league's server: the organizer's page ------------------------------------------------------------------


def _venue_page(request: HttpRequest, venue: Venue, code: str = "") -> HttpResponse:
    # The laptops that speak for the venue first, then those locked out (NULLs sort apart by database).
    keys = VenueKey.objects.filter(venue=venue).order_by(F("revoked_at").asc(nulls_first=True), "-joined_at")
    return render(request, "online/league_link/venue.html", {"venue": venue, "keys": keys, "code": code})


@organizer_required
@require_http_methods(["GET", "POST"])
@never_cache
def venue_laptops(request: HttpRequest, venue_id: int) -> HttpResponse:
    """A venue's joined laptops; POST makes a one-time code, shown on this answer only."""
    venue = get_object_or_404(Venue, pk=venue_id)
    if request.method == "POST":
        return _venue_page(request, venue, joining.make_code(venue=venue, by=request.user))
    return _venue_page(request, venue)


@organizer_required
@require_http_methods(["GET", "POST"])
def revoke_laptop(request: HttpRequest, key_id: int) -> HttpResponse:
    """GET asks first; POST revokes: the laptop no longer speaks for its venue."""
    key = get_object_or_404(VenueKey.objects.select_related("venue"), pk=key_id)
    if request.method == "POST":
        joining.revoke(key=key)
        messages.success(
            request, _("The laptop “%(label)s” is locked out.") % {"label": key.label or key.public_key[:12]}
        )
        return redirect("league_link_venue", venue_id=key.venue_id)
    return render(request, "online/league_link/revoke.html", {"key": key})


# --- the league's server: the laptops' addresses ----------------------------------------------------------------


@csrf_exempt
@require_POST
def join(request: HttpRequest) -> HttpResponse:
    """A laptop joins with a one-time code and its public key; the answer names the venue it speaks for."""
    if len(request.body) > MAX_JOIN_BYTES:
        return refused(_("The joining request is too large: nothing was stored."))
    try:
        data = json.loads(request.body)
    except ValueError:
        return refused(_("The joining request is not the league link's: nothing was stored."))
    if not isinstance(data, dict):
        return refused(_("The joining request is not the league link's: nothing was stored."))
    try:
        key = joining.join(code=data.get("code"), public_key=data.get("public_key"), label=data.get("label"))
    except joining.JoinError as error:
        return refused(str(error))
    return JsonResponse({"venue_uid": str(key.venue.uid), "venue_name": key.venue.name}, status=201)


@require_GET
@venue_signed
def league_snapshot(request: HttpRequest) -> HttpResponse:
    return JsonResponse(snapshot.build(), encoder=DjangoJSONEncoder, json_dumps_params={"separators": (",", ":")})


# --- the venue's laptop -----------------------------------------------------------------------------------------


@organizer_required
@require_http_methods(["GET", "POST"])
def laptop(request: HttpRequest) -> HttpResponse:
    """This laptop's link: joining (again only when confirmed) and the button that fetches the league."""
    link = LeagueLink.objects.first()
    initial = {"server_url": link.server_url} if link else {}
    form = JoinForm(request.POST if request.method == "POST" else None, initial=initial, joined=link is not None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            link = joining.join_league(
                server_url=data["server_url"], code=data["code"], label=data["label"], replace=True
            )
        except joining.JoinError as error:
            form.add_error("code", str(error))
        else:
            messages.success(
                request, _("This laptop is joined to the league for “%(venue)s”.") % {"venue": link.venue_name}
            )
            return redirect("league_link")
    return render(request, "online/league_link/laptop.html", {"link": link, "form": form})


@organizer_required
@require_POST
def laptop_fetch(request: HttpRequest) -> HttpResponse:
    try:
        fetched = fetching.fetch_league(by=request.user)
    except fetching.FetchError as error:
        messages.error(request, _("Nothing fetched: %(reason)s") % {"reason": error})
    else:
        messages.success(request, _("League fetched: %(counts)s") % {"counts": fetching.fetched_counts(fetched)})
        for warning in fetched.warnings:
            messages.warning(request, warning)
    return redirect("league_link")
