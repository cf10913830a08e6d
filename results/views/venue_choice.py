"""Which table a results page shows: the league's or one venue's (docs/league-rules.md, "Venues").

Only a league of several venues, in a season that counts every venue, has a choice (`table_venues`); a league
of one pub sees nothing of it, and its links and pages stay exactly as they were. `?venue=<id>` names a venue,
`?venue=all` the league; without either a venue organizer sees his venue's table first (the device's venue
when it is one of his), everyone else the league's, and so does a link to a player's place (`?player=`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.http import HttpRequest
from django.utils.translation import gettext as _

from league.access import venue_ids
from league.models import Season, Venue
from league.rules.inputs import ascii_whole_or_none
from league.venues.device import device_venue
from results.standings import table_venues

LEAGUE = "all"  # the value that names the league's table


@dataclass
class VenueChoice:
    season: Season | None
    venues: list[Venue] = field(default_factory=list)  # the venues with a table of their own; empty: no choice
    venue: Venue | None = None  # the venue whose table is shown; None: the league's
    league_explicit: bool = False  # the link to the league's table says so (a venue organizer's default differs)

    @property
    def league_query(self) -> str:
        query = f"season={self.season.pk}" if self.season else ""
        return f"{query}&venue={LEAGUE}" if self.league_explicit else query

    @property
    def query(self) -> str:
        """The query string that keeps this table (pages, search), without the leading "?"."""
        if self.venue is None:
            return self.league_query
        return (f"season={self.season.pk}&" if self.season else "") + f"venue={self.venue.pk}"

    def options(self) -> list[tuple[str, str, bool]]:
        """(label, query, current) for the league and each venue, in that order."""
        season = f"season={self.season.pk}&" if self.season else ""
        rows = [(_("League"), self.league_query, self.venue is None)]
        rows += [(venue.name, f"{season}venue={venue.pk}", venue == self.venue) for venue in self.venues]
        return rows


def venue_choice(request: HttpRequest, season: Season | None) -> VenueChoice:
    if season is None:
        return VenueChoice(season)
    venues = table_venues(season)
    if not venues:
        return VenueChoice(season)
    own = venue_ids(request.user) if getattr(request.user, "is_staff", False) else None
    mine = [venue for venue in venues if own is not None and venue.pk in own]
    choice = VenueChoice(season, venues, league_explicit=bool(mine))
    asked = request.GET.get("venue")
    if asked == LEAGUE:
        return choice
    if asked is None:
        # A link to a player's place (his page's) counts his place in the league's table.
        if mine and "player" not in request.GET:
            choice.venue = device_venue(request, mine)
        return choice
    wanted = ascii_whole_or_none(asked)
    choice.venue = next((venue for venue in venues if venue.pk == wanted), None)
    return choice
