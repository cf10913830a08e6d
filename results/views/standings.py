"""The season standings (public): the table, page by page, with a name search and the season's awards.

Thin: parse the request, read `results.standings`, render. Public pages need no login."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from league.access import venue_ids
from league.models import Season, Venue
from league.rules.inputs import ascii_whole_or_none, clean_search
from league.seasons import services
from league.venues.device import device_venue
from league.web.rule_errors import formula_failure_message
from results import standings as season_table
from results import statistics as results_statistics
from results.race import chart as race_chart
from results.views.table_rows import shown_rows

# --- which table: the league's or a venue's ------------------------------------------------------------
#
# Which table the standings show: the league's or one venue's (docs/league-rules.md, "Venues").
#
# Only a league of several venues, in a season that counts every venue, has a choice (`table_venues`); a league
# of one pub sees nothing of it, and its links and pages stay exactly as they were. `?venue=<id>` names a venue,
# `?venue=all` the league; without either a venue organizer sees his venue's table first (the device's venue
# when it is one of his), everyone else the league's, and so does a link to a player's place (`?player=`).

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
    venues = season_table.table_venues(season)
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


# --- public -------------------------------------------------------------------


@require_GET
def standings(request: HttpRequest) -> HttpResponse:
    """One page of the table (the top first), or the players a name search finds, each with a link to his place.

    `?player=<id>` opens the page that shows him, his row marked (the link also carries `#player-<id>`).
    The season's awards and the race of its top players show on the first page. In a league of several
    venues `?venue=` chooses a venue's table (`venue_choice` above); the awards are the league's and
    show on its table only.
    """
    seasons, season = services.choose_season(request.GET.get("season"))
    context: dict[str, object] = {"seasons": seasons, "season": season, "table": None}
    if season is None:
        return render(request, "results/standings.html", context)
    choice = venue_choice(request, season)
    table = season_table.season_standings(season, venue=choice.venue)
    query = clean_search(request.GET.get("q", ""))
    me = table.standing_of(ascii_whole_or_none(request.GET.get("player")) or 0)
    page = Paginator(table.rows, season_table.STANDINGS_PAGE_SIZE).get_page(
        ascii_whole_or_none(request.GET.get("page"), max_digits=6) or (table.page_of(me) if me else 1)
    )
    found = table.search(query) if query else []
    context.update(
        table=table,
        choice=choice,
        page=page,
        rows=[] if query else shown_rows(page.object_list, season_id=season.pk, me=me),
        query=query,
        me=me,
        found=[(row, table.page_of(row)) for row in found[: season_table.SEARCH_LIMIT]],
        more_found=max(len(found) - season_table.SEARCH_LIMIT, 0),
        awards=results_statistics.season_awards(season, table)
        if table.rows and page.number == 1 and not query and choice.venue is None
        else None,
        failures=[formula_failure_message(failure) for failure in table.failures],
        race=race_chart.race_html(season, table) if page.number == 1 and not query else None,
    )
    return render(request, "results/standings.html", context)


# --- organizers: the night's jackpot and deposits ------------------------------------


# --- organizers: the season's jackpot -------------------------------------------


# --- organizers: the points scheme ----------------------------------------------------
