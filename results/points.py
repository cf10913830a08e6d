"""Changing the points scheme of a season with results: a preview, then the recomputation, logged as a `PointsSchemeChange`."""
from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from league.models import PointsScheme, PointsSchemeChange, Season
from league.rules import standings
from league.rules.standings import RulesError, Standing
from league.web.rule_errors import rules_message
from results.standings import ResultsError, _results, season_has_results


@dataclass
class SchemePreview:
    """What a scheme change would do: each player's points and position now and after."""

    rows: list[tuple[Standing, Standing | None]]

    @property
    def changed(self) -> int:
        return sum(1 for now, after in self.rows if after is None or now.points != after.points or now.position != after.position)


def preview_points_scheme(*, season: Season, scheme: str, fixed_points: str) -> SchemePreview:
    new = standings.Scheme.from_settings(scheme, fixed_points)
    results = _results(Q(table__night__season=season))
    now = standings.season_table(standings.score_results(results, season.scheme))
    after = {row.player_id: row for row in standings.season_table(standings.score_results(results, new))}
    return SchemePreview(rows=[(row, after.get(row.player_id)) for row in now])


@transaction.atomic
def change_points_scheme(
    *, season: Season, scheme: str, fixed_points: str, by: AbstractBaseUser, confirm: bool = False, reason: str = ""
) -> Season:
    """Set the season's points scheme. Once the season has results it is frozen: changing it then
    recomputes every night's points, so it needs `confirm` and a reason, and is logged."""
    season = Season.objects.select_for_update().get(pk=season.pk)
    fixed_points = fixed_points.strip()
    try:
        standings.Scheme.from_settings(scheme, fixed_points or season.fixed_points)
    except RulesError as error:
        raise ResultsError(rules_message(error)) from error
    fixed_points = fixed_points or season.fixed_points
    if scheme == season.points_scheme and (scheme != PointsScheme.FIXED or fixed_points == season.fixed_points):
        raise ResultsError(_("That is already the season's points scheme."))
    if season_has_results(season):
        reason = reason.strip()
        if not confirm:
            raise ResultsError(
                _("This season has results: changing its points scheme recomputes the points of every night. Confirm the change.")
            )
        if not reason:
            raise ResultsError(_("Give a reason for changing the points scheme."))
        PointsSchemeChange.objects.create(
            season=season,
            old_scheme=season.points_scheme,
            old_fixed_points=season.fixed_points,
            new_scheme=scheme,
            new_fixed_points=fixed_points,
            reason=reason[:200],
            changed_by=by,
        )
    season.points_scheme, season.fixed_points = scheme, fixed_points
    season.save(update_fields=["points_scheme", "fixed_points"])
    return season
