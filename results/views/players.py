"""A player's page (public): the nights of the season he played, his places and points, a chart of them, his place
in the standings, and his hand statistics."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from league.seasons import services
from results import players
from results import statistics as results_statistics
from results.views.player_rows import shown_finishes, shown_nights


@require_GET
def player_detail(request: HttpRequest, player_id: int) -> HttpResponse:
    player = players.shown_player(player_id)
    if player is None:
        raise Http404
    seasons, season = services.choose_season(request.GET.get("season"))
    summary = players.player_season(player, season)
    venues = players.night_venues([night.night_id for night in summary.nights])
    chart = players.season_chart(summary.nights) if summary.nights else None
    stats = results_statistics.player_statistics(player.pk, season.pk if season else None)
    scopes = [(_("All time"), stats.all_time)]
    if season:
        scopes.insert(0, (season.name, stats.season))
    context = {
        "player": player,
        "seasons": seasons,
        "season": season,
        "summary": summary,
        "chart": chart,
        "stats": stats,
        "stats_scopes": scopes,
        "nights": shown_nights(summary.nights, venues),
        "several_venues": bool(venues),
        "best_finishes": shown_finishes(summary.best_finishes),
        "knockouts": bool(season and (season.knockout_points or season.points_scheme == "formula")),
    }
    return render(request, "results/player.html", context)
