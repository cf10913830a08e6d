"""Which venue this device works for, and the venues an organizer may choose from.

A pub's laptop or phone works for one venue all evening, and week after week: the venue is kept in the
device's session and in a cookie of its own, which outlives signing out (the chooser that sets both is the
organizer's header), and every form that asks for a venue starts with it. Either is only a preference: it is
taken only when it names one of the signed-in organizer's venues."""

from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse

from league.access import venue_ids
from league.models import Venue
from league.rules.inputs import ascii_whole_or_none

SESSION_KEY = "venue_id"
COOKIE_NAME = "device_venue"
_COOKIE_DAYS = 400  # the longest a browser keeps a cookie


def venues_of(user) -> QuerySet[Venue]:
    """The venues this organizer runs: every venue for a league organizer, his own for a venue organizer."""
    ids = venue_ids(user)
    return Venue.objects.all() if ids is None else Venue.objects.filter(pk__in=ids)


def device_venue(request: HttpRequest, choices: Iterable[Venue]) -> Venue | None:
    """The venue this device works for, if it is among `choices`; else the first of them."""
    chosen = request.session.get(SESSION_KEY)
    if chosen is None:
        chosen = ascii_whole_or_none(request.COOKIES.get(COOKIE_NAME))
    venues = list(choices)
    return next((venue for venue in venues if venue.pk == chosen), venues[0] if venues else None)


def choose_for_device(request: HttpRequest, response: HttpResponse, venue: Venue) -> None:
    request.session[SESSION_KEY] = venue.pk
    response.set_cookie(
        COOKIE_NAME,
        str(venue.pk),
        max_age=_COOKIE_DAYS * 24 * 3600,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )
