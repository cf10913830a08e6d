"""What every page may say about venues, read only when a template asks: whether the league has more than one
(a league of one pub shows nothing of them), whether the signed-in user is a league organizer (the links to
the league's own pages), and the device's venue with the venues this organizer may choose from."""

from __future__ import annotations

from functools import cached_property

from django.http import HttpRequest

from league import held
from league.access import venue_ids
from league.models import Venue
from league.venues.device import device_venue, venues_of


def several_venues() -> bool:
    """Whether the league plays in more than one venue. Asked by every night's and player's page: a publish
    reads it once for all its pages (league.held), each page still recorded as having read it (a second venue
    renders them again); the server once per request."""
    return len(held.objects("venues, the first two", lambda: Venue.objects.order_by("pk")[:2])) > 1


class VenuesHere:
    """Lazy: a public page that asks nothing of it costs no query."""

    def __init__(self, request: HttpRequest):
        self._request = request

    @cached_property
    def several(self) -> bool:
        if self.is_league_organizer:
            return len(self.choices) > 1  # his choices are every venue: the header's one query answers both
        return several_venues()

    @cached_property
    def is_league_organizer(self) -> bool:
        user = getattr(self._request, "user", None)
        return bool(user is not None and user.is_staff and venue_ids(user) is None)

    @cached_property
    def choices(self) -> list[Venue]:
        """The venues this organizer may set this device to (none for a visitor)."""
        user = getattr(self._request, "user", None)
        if user is None or not user.is_staff:
            return []
        return list(venues_of(user))

    @cached_property
    def device(self) -> Venue | None:
        """The venue this device works for, named only when the league has more than one."""
        if not self.several or not self.choices:
            return None
        return device_venue(self._request, self.choices)


def venues_here(request: HttpRequest) -> dict[str, VenuesHere]:
    """Context processor: `venues_here` (see VenuesHere)."""
    return {"venues_here": VenuesHere(request)}
