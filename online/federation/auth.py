"""Who is asking: every request of a venue's laptop to the league's server carries the laptop's signature
over the method, the path, the time and the body (signing.request_message) in one header:

    Authorization: LeagueVenue key=<public key>, ts=<unix seconds>, sig=<signature>

The server answers only a key it knows and has not revoked, within `WINDOW_SECONDS` of its own clock."""

from __future__ import annotations

import functools
import re
import time
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt

from online.federation import signing
from online.models import LeagueLink, VenueKey

__all__ = ["WINDOW_SECONDS", "refused", "signed_headers", "venue_signed"]

WINDOW_SECONDS = 300
_HEADER = re.compile(r"^LeagueVenue key=([A-Za-z0-9_-]{43}), ts=(\d{1,12}), sig=([A-Za-z0-9_-]{86})$")


def signed_headers(link: LeagueLink, method: str, path: str, body: bytes = b"", *, now: float | None = None) -> dict:
    """The laptop's header for one request to its league's server."""
    timestamp = int(time.time() if now is None else now)
    signature = signing.sign(link.private_key, signing.request_message(method, path, timestamp, body))
    return {"Authorization": f"LeagueVenue key={link.public_key}, ts={timestamp}, sig={signature}"}


def refused(message: str, status: int = 400) -> JsonResponse:
    """The server's answer to what it will not do: the reason in words, for the laptop to show as it is."""
    return JsonResponse({"error": message}, status=status, json_dumps_params={"ensure_ascii": False})


def venue_signed(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """The view answers only a joined venue's laptop; it finds the laptop's key in `request.venue_key`."""

    @csrf_exempt
    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        match = _HEADER.match(request.headers.get("Authorization", ""))
        if match is None:
            return refused(_("This address answers only a venue's laptop joined to the league."), 401)
        public_key, timestamp, signature = match.group(1), int(match.group(2)), match.group(3)
        if abs(time.time() - timestamp) > WINDOW_SECONDS:
            return refused(
                _("The laptop's clock is more than five minutes off the server's: set its time and try again."), 401
            )
        key = VenueKey.objects.select_related("venue").filter(public_key=public_key, revoked_at__isnull=True).first()
        if key is None:
            return refused(_("This laptop is not joined to the league (or its key was revoked): join it again."), 403)
        message = signing.request_message(request.method or "GET", request.get_full_path(), timestamp, request.body)
        if not signing.verify(public_key, message, signature):
            return refused(_("The request's signature does not match: nothing was changed."), 403)
        request.venue_key = key  # type: ignore[attr-defined]
        return view(request, *args, **kwargs)

    return wrapper
