"""The race of a season as the standings page shows it: the first rows of the table, their running points
after each night (`league.rules.race`, from the same scored results as the table), placed by `geometry` and
drawn by `results/_race.html`. The league's table of a season whose nights are at several venues steps by
calendar week instead (docs/league-rules.md, "Venues"): 40 weeks, not 4,000 nights, at 100 pubs.

The drawing is kept with the season's table (`results.kept.season_cache`, under the table's key and the language):
the page's figures change only when a result does, and drawing 8 lines and a table of 40 nights at every view
would cost the page more than the table it sits under."""

from __future__ import annotations

from collections.abc import Sequence

from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import SafeString

from league.models import Season
from league.rules import race as running
from league.rules.standings import Result, points_display
from results.kept import season_cache
from results.race import geometry
from results.standings import SeasonStandings, season_results

TOP_PLAYERS = 8  # lines a phone can still tell apart; the table's first eight rows, in its order


def race_context(season: Season, table: SeasonStandings) -> dict[str, object]:
    """The runners (the table's first rows), their running points after each step as shown, and the chart."""
    shown = table.rows[:TOP_PLAYERS]
    current = table.current
    if current is not None and all(row.player_id in current.runners for row in shown):
        scored: Sequence[Result] = [r for row in shown for r in current.runners[row.player_id]]  # theirs: enough
        by_week = current.several_venues
    else:
        scored = table.scored if table.scored is not None else season_results(season, venue=table.venue)
        by_week = running.at_several_venues(scored)  # a venue's table has its nights only
    race = running.running_points(
        scored,
        [row.player_id for row in shown],
        best_nights=season.best_nights,
        by_week=by_week,
        nights=table.nights,  # the nights with results, as the table found them
    )
    dates = [date for date, _night_id in race.nights]
    weeks = [week for _year, week in race.weeks] if by_week else [None] * len(dates)
    chart = geometry.race_chart(dates, [(row.name, race.points[row.player_id]) for row in shown])
    figures = [[points_display(p) if p is not None else None for p in race.points[row.player_id]] for row in shown]
    return {
        "chart": chart,
        "runners": [(row, line) for row, line in zip(shown, chart.lines)],
        "rows": [(date, weeks[k], [column[k] for column in figures]) for k, date in enumerate(dates)],
        "leader": shown[0],
        "nights": len(dates),  # the steps: nights, or weeks with `by_week`
        "by_week": by_week,
    }


def race_html(season: Season, table: SeasonStandings) -> SafeString | None:
    """The race drawn (None before the first night's results), kept under the table's key and the language."""
    if not table.rows:
        return None

    key = table.kept_under  # a venue's table has its own race
    if key is None:  # a table computed now, not kept
        return render_to_string("results/_race.html", race_context(season, table))

    def draw() -> SafeString:
        # The figures once for both languages: a publish draws each season's race in German and in English.
        return render_to_string(
            "results/_race.html", season_cache.kept("race-figures", key, lambda: race_context(season, table))
        )

    return season_cache.kept("race", f"{key}:{translation.get_language()}", draw)
