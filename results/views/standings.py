"""The season standings (public): the table, page by page, with a name search and the season's awards.

Thin: parse the request, read `results.standings`, render. Public pages need no login."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from league.rules.inputs import ascii_whole_or_none, clean_search
from league.seasons import services
from league.web.rule_errors import formula_failure_message
from results import standings as season_table
from results import statistics as results_statistics
from results.race import chart as race_chart
from results.views.table_rows import shown_rows

# --- public -------------------------------------------------------------------


@require_GET
def standings(request: HttpRequest) -> HttpResponse:
    """One page of the table (the top first), or the players a name search finds, each with a link to his place.

    `?player=<id>` opens the page that shows him, his row marked (the link also carries `#player-<id>`).
    The season's awards and the race of its top players show on the first page.
    """
    seasons, season = services.choose_season(request.GET.get("season"))
    context: dict[str, object] = {"seasons": seasons, "season": season, "table": None}
    if season is None:
        return render(request, "results/standings.html", context)
    table = season_table.season_standings(season)
    query = clean_search(request.GET.get("q", ""))
    me = table.standing_of(ascii_whole_or_none(request.GET.get("player")) or 0)
    page = Paginator(table.rows, season_table.STANDINGS_PAGE_SIZE).get_page(
        ascii_whole_or_none(request.GET.get("page"), max_digits=6) or (table.page_of(me) if me else 1)
    )
    found = table.search(query) if query else []
    context.update(
        table=table,
        page=page,
        rows=[] if query else shown_rows(page.object_list, season_id=season.pk, me=me),
        query=query,
        me=me,
        found=[(row, table.page_of(row)) for row in found[: season_table.SEARCH_LIMIT]],
        more_found=max(len(found) - season_table.SEARCH_LIMIT, 0),
        awards=results_statistics.season_awards(season, table)
        if table.rows and page.number == 1 and not query
        else None,
        failures=[formula_failure_message(failure) for failure in table.failures],
        race=race_chart.race_html(season, table) if page.number == 1 and not query else None,
    )
    return render(request, "results/standings.html", context)


# --- organizers: the night's jackpot and deposits ------------------------------------


# --- organizers: the season's jackpot -------------------------------------------


# --- organizers: the points scheme ----------------------------------------------------
