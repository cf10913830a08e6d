"""Which venue this device works for, and the venues an organizer may choose from.

A pub's laptop or phone works for one venue all evening: the venue is kept in the device's session (the
chooser that sets it is the organizer's header), and every form that asks for a venue starts with it."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import QuerySet
from django.http import HttpRequest

from league.access import venue_ids
from league.models import Venue

SESSION_KEY = "venue_id"


def venues_of(user) -> QuerySet[Venue]:
    """The venues this organizer runs: every venue for a league organizer, his own for a venue organizer."""
    ids = venue_ids(user)
    return Venue.objects.all() if ids is None else Venue.objects.filter(pk__in=ids)


def device_venue(request: HttpRequest, choices: Iterable[Venue]) -> Venue | None:
    """The venue this device works for, if it is among `choices`; else the first of them."""
    chosen = request.session.get(SESSION_KEY)
    venues = list(choices)
    return next((venue for venue in venues if venue.pk == chosen), venues[0] if venues else None)


def choose_for_device(request: HttpRequest, venue: Venue) -> None:
    request.session[SESSION_KEY] = venue.pk
