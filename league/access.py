"""Who may open a page, and the rows organizer pages start from: the organizer checks and the 404s.

Two kinds of organizer (docs/design.md, "Venues and who runs them"): a league organizer (a staff user) runs
everything; a venue organizer (a staff user with a `VenueRole`) runs only the nights of his venues. Every
organizer page says which it is for, by its decorator, and nothing else decides:

- `organizer_required`: the league organizers' pages (seasons, rules, players, the whole cash book, backup,
  publishing). A venue organizer is refused.
- `night_organizer_required`: the pages of one night and of what belongs to it (its desk, seating, tables,
  clock, cash count, sheets). A venue organizer may open them for his venues' nights: every id in the URL is
  looked up here (`_NIGHT_OF`; a venue's own rows, its TVs, by `_VENUE_OF`) before the view runs, and one of
  another venue, or of a kind not listed, is refused. So a view cannot forget the check, and a new kind of id
  is refused until it is given its lookup.
"""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from league import statements
from league.models import Night, Season, Venue, VenueRole
from league.rules.inputs import ascii_whole_or_none

# How each id in an organizer page's URL leads to the night(s) it belongs to: a lookup on Night. The tables and
# placements are the tournaments app's rows; their reverse relations are named here, not imported (the league
# layer imports nothing above it).
_NIGHT_OF = {
    "night_id": "pk",
    "entry_id": "entries",
    "table_id": "tables",
    "placement_id": "tables__placements",
}
# Ids of rows that belong to a venue itself rather than to a night: a lookup on Venue (the tournaments app's
# named TVs, by their relation's name). A row of no venue is the league's: refused to a venue organizer.
_VENUE_OF = {
    "display_id": "tv_displays",
}
# URL parts that name no row of a venue (a hand's number within its table, a file format, a clock button).
_NOT_IDS = frozenset({"number", "fmt", "action"})
_ATTRIBUTE = "_venue_ids"


def venue_ids(user) -> frozenset[int] | None:
    """The venues a venue organizer runs; None for a league organizer (every venue). Read once per request."""
    if not getattr(user, "is_staff", False):
        return frozenset()
    cached = getattr(user, _ATTRIBUTE, False)
    if cached is not False:
        return cached
    try:
        user.venue_role  # noqa: B018 - read with the user (league.accounts.backend): no query of its own
    except VenueRole.DoesNotExist:
        ids = None
    else:
        ids = frozenset(user.venues.values_list("pk", flat=True))
    setattr(user, _ATTRIBUTE, ids)
    return ids


def runs_night(user, night: Night) -> bool:
    """Whether this user runs this night: a league organizer every night, a venue organizer his venues'."""
    if not getattr(user, "is_staff", False):
        return False
    ids = venue_ids(user)
    return ids is None or night.venue_id in ids


def nights_run_by(user):
    """The nights this organizer runs, as a queryset (for lists and for "tonight")."""
    ids = venue_ids(user)
    return Night.objects.all() if ids is None else Night.objects.filter(venue_id__in=ids)


def _refused() -> PermissionDenied:
    return PermissionDenied(_("This belongs to another venue: its organizers or a league organizer run it."))


def check_url_ids(user, kwargs: dict) -> None:
    """Refuse a venue organizer any id of another venue's rows (or of a kind without a lookup here)."""
    ids = venue_ids(user)
    if ids is None:
        return
    for name, value in kwargs.items():
        if name in _NOT_IDS:
            continue
        if name == "season_id":
            # A season is the league's: a venue organizer reaches one only to plan a night at his venue, in a
            # season that counts every venue or his.
            season = get_object_or_404(Season.objects.only("pk", "venue_id"), pk=value)
            if season.venue_id is not None and season.venue_id not in ids:
                raise _refused()
            continue
        if name == "venue_id":  # a venue's own page (its jackpot): his venues only
            if ascii_whole_or_none(str(value)) not in ids:
                raise _refused()
            continue
        if name in _VENUE_OF:
            if not Venue.objects.filter(pk__in=ids, **{_VENUE_OF[name]: value}).exists():
                raise _refused()
            continue
        lookup = _NIGHT_OF.get(name)
        if lookup is None:
            raise _refused()
        venues = set(Night.objects.filter(**{lookup: value}).values_list("venue_id", flat=True))
        if not venues:
            raise Http404
        if not venues <= ids:
            raise _refused()


def organizer_required(view):
    """League organizers only; anonymous visitors go to the login page."""

    @login_required
    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not request.user.is_staff:
            raise PermissionDenied(_("Only organizers may do this."))
        if venue_ids(request.user) is not None:
            raise PermissionDenied(_("Only the league's organizers may do this; you run the nights of your venue."))
        return view(request, *args, **kwargs)

    return wrapper


def night_organizer_required(view):
    """Organizers of the night the URL names (through its night, table, entry or placement); league
    organizers of every night. Anonymous visitors go to the login page."""

    @login_required
    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not request.user.is_staff:
            raise PermissionDenied(_("Only organizers may do this."))
        check_url_ids(request.user, kwargs)
        return view(request, *args, **kwargs)

    return wrapper


def get_night_or_404(night_id: int) -> Night:
    """The night with its season and venue (every night's page names them), from a statement built once."""
    found = statements.instances("night with its season and venue", _night_with_season, night_id)
    if not found:
        raise Http404(f"No {Night._meta.object_name} matches the given query.")
    return found[0]


def _night_with_season(night_id: int) -> QuerySet[Night]:
    return Night.objects.select_related("season", "venue").filter(pk=night_id)


def get_season_or_404(season_id: int) -> Season:
    return get_object_or_404(Season, pk=season_id)
