"""Changing the points rules of a season with results (the scheme, its fixed list or formula, the nights that
count, the knockout bonus): a preview, then the recomputation, logged as a `PointsSchemeChange`."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from league.models import PointsScheme, PointsSchemeChange, Season, largest_night
from league.rules import standings
from league.rules.formula import TABLE_SIZES
from league.rules.standings import RulesError, Standing
from league.web.rule_errors import rules_message
from results.kept.rows import results_where, scoring_rows
from results.standings import ResultsError, season_has_results
from tournaments.models import Seat


@dataclass
class SchemePreview:
    """What a scheme change would do: each player's points and position now and after."""

    rows: list[tuple[Standing, Standing | None]]

    @property
    def changed(self) -> int:
        return sum(
            1
            for now, after in self.rows
            if after is None or now.points != after.points or now.position != after.position
        )


@dataclass(frozen=True)
class PointsRules:
    """A season's points settings as the page sets them (None: keep the season's)."""

    scheme: str
    fixed_points: str
    formula: str
    best_nights: int
    knockout_points: Decimal

    @classmethod
    def of(
        cls,
        season: Season,
        *,
        scheme: str,
        fixed_points: str = "",
        formula: str | None = None,
        best_nights: int | None = None,
        knockout_points: Decimal | None = None,
    ) -> PointsRules:
        return cls(
            scheme,
            fixed_points.strip() or season.fixed_points,
            season.points_formula if formula is None else formula.strip(),
            season.best_nights if best_nights is None else best_nights,
            season.knockout_points if knockout_points is None else Decimal(knockout_points),
        )

    def scheme_for(self, season: Season) -> standings.Scheme:
        """The scheme these settings make, checked as settings being set are (the formula on every night up to
        twice the league's largest)."""
        return standings.Scheme.from_settings(
            self.scheme,
            self.fixed_points,
            self.formula,
            fee=season.entry_fee,
            knockout_points=self.knockout_points,
            best_nights=self.best_nights,
            check_up_to=largest_night(),
        )

    def same_as(self, season: Season) -> bool:
        return (
            self.scheme == season.points_scheme
            and (self.scheme != PointsScheme.FIXED or self.fixed_points == season.fixed_points)
            and (self.scheme != PointsScheme.FORMULA or self.formula == season.points_formula)
            and self.best_nights == season.best_nights
            and self.knockout_points == season.knockout_points
        )


def preview_points_scheme(
    *,
    season: Season,
    scheme: str,
    fixed_points: str,
    formula: str | None = None,
    best_nights: int | None = None,
    knockout_points: Decimal | None = None,
) -> SchemePreview:
    rules = PointsRules.of(
        season,
        scheme=scheme,
        fixed_points=fixed_points,
        formula=formula,
        best_nights=best_nights,
        knockout_points=knockout_points,
    )
    new = rules.scheme_for(season)
    now_scheme = season.scheme
    results = scoring_rows(season, results_where(Q(table__night__season=season)), now_scheme, new)
    now = standings.season_table(standings.score_results(results, now_scheme), best_nights=now_scheme.best_nights)
    after = standings.season_table(standings.score_results(results, new), best_nights=new.best_nights)
    after_by_player = {row.player_id: row for row in after}
    return SchemePreview(rows=[(row, after_by_player.get(row.player_id)) for row in now])


@transaction.atomic
def change_points_scheme(
    *,
    season: Season,
    scheme: str,
    fixed_points: str,
    by: AbstractBaseUser,
    confirm: bool = False,
    reason: str = "",
    formula: str | None = None,
    best_nights: int | None = None,
    knockout_points: Decimal | None = None,
) -> Season:
    """Set the season's points rules: the scheme (with its fixed list or formula), the nights that count and
    the knockout bonus (None: keep). Once the season has results they are frozen: changing them then
    recomputes every night's points, so it needs `confirm` and a reason, and is logged."""
    season = Season.objects.select_for_update().get(pk=season.pk)
    rules = PointsRules.of(
        season,
        scheme=scheme,
        fixed_points=fixed_points,
        formula=formula,
        best_nights=best_nights,
        knockout_points=knockout_points,
    )
    try:
        rules.scheme_for(season)
    except RulesError as error:
        raise ResultsError(rules_message(error), field=_field_of(error)) from error
    if scheme == PointsScheme.FORMULA and not rules.formula:
        raise ResultsError(_("The “own formula” scheme needs its formula."), field="points_formula")
    fixed_points = rules.fixed_points
    if rules.same_as(season):
        raise ResultsError(_("That is already the season's points scheme."))
    if season_has_results(season):
        reason = reason.strip()
        if not confirm:
            raise ResultsError(
                _(
                    "This season has results: changing its points scheme recomputes the points of every night. Confirm the change."
                )
            )
        if not reason:
            raise ResultsError(_("Give a reason for changing the points scheme."))
        PointsSchemeChange.objects.create(
            season=season,
            old_scheme=season.points_scheme,
            old_fixed_points=season.fixed_points,
            new_scheme=scheme,
            new_fixed_points=fixed_points,
            old_formula=season.points_formula,
            new_formula=rules.formula,
            old_best_nights=season.best_nights,
            new_best_nights=rules.best_nights,
            old_knockout_points=season.knockout_points,
            new_knockout_points=rules.knockout_points,
            reason=reason[:200],
            changed_by=by,
        )
    season.points_scheme, season.fixed_points, season.points_formula = scheme, fixed_points, rules.formula
    season.best_nights, season.knockout_points = rules.best_nights, rules.knockout_points
    season.save(update_fields=["points_scheme", "fixed_points", "points_formula", "best_nights", "knockout_points"])
    return season


def _field_of(error: RulesError) -> str | None:
    return {
        "formula": "points_formula",
        "points": "fixed_points",
        "knockout": "knockout_points",
        "best": "best_nights",
    }.get(error.code.split("_")[0])


@dataclass
class PointsTable:
    """What a scheme gives each place at tables of 2 to 6 (no knockouts, on a night of `night_players`), or why
    it gives nothing (`error`)."""

    sizes: list[int]
    rows: list[tuple[int, list[Decimal | None]]]  # place, the points at each table size (None: no such place)
    night_players: int
    knockout_points: Decimal
    best_nights: int
    error: str = ""
    error_field: str | None = None  # the form field the error is about (shown beside it as the organizer types)
    # The season's table with these rules, its first rows (each player now and after), when it has results
    season_rows: list[tuple[Standing, Standing | None]] = field(default_factory=list)
    season_changed: int = 0

    @property
    def knockout_points_shown(self) -> Decimal:
        return standings.points_display(self.knockout_points)

    @property
    def knockout_points_count(self) -> int:
        """The count for ngettext: 1 for exactly one point ("1 Punkt"), else 2 ("1,5 Punkte")."""
        return 1 if self.knockout_points == 1 else 2


SIZES = list(TABLE_SIZES)


def points_table(
    *,
    season: Season,
    scheme: str,
    fixed_points: str = "",
    formula: str | None = None,
    best_nights: int | None = None,
    knockout_points: Decimal | None = None,
) -> PointsTable:
    """The live preview of the points page: each place's points at each table size, as the organizer types."""
    rules = PointsRules.of(
        season,
        scheme=scheme,
        fixed_points=fixed_points,
        formula=formula,
        best_nights=best_nights,
        knockout_points=knockout_points,
    )
    night = _typical_night(season)
    table = PointsTable(SIZES, [], night, rules.knockout_points, rules.best_nights)
    if scheme == PointsScheme.FORMULA and not rules.formula:
        table.error, table.error_field = rules_message(RulesError("formula_empty")), "points_formula"
        return table
    try:
        pure = rules.scheme_for(season)
    except RulesError as error:
        table.error, table.error_field = rules_message(error), _field_of(error)
        return table
    tables = max(1, -(-night // 6))
    for place in range(1, max(SIZES) + 1):
        cells = []
        for size in SIZES:
            if place > size:
                cells.append(None)
                continue
            value = pure.points_for_place(place, size, night_players=night, night_tables=tables, knockouts=0)
            cells.append(standings.points_display(value))
        table.rows.append((place, cells))
    if season_has_results(season):
        preview = preview_points_scheme(
            season=season,
            scheme=scheme,
            fixed_points=fixed_points,
            formula=formula,
            best_nights=best_nights,
            knockout_points=knockout_points,
        )
        by_after = sorted(preview.rows, key=lambda pair: pair[1].position if pair[1] else len(preview.rows) + 1)
        table.season_rows, table.season_changed = by_after[:SEASON_ROWS], preview.changed
    return table


SEASON_ROWS = 10  # the live table's first places: the organizer sees who moves at the top as he types


def _typical_night(season: Season) -> int:
    """The players of the season's latest night with a seating, else 24: the night the preview assumes."""
    latest = (
        Seat.objects.filter(table__night__season=season)
        .order_by("-table__night__date")
        .values_list("table__night_id", flat=True)
        .first()
    )
    if latest is None:
        return 24
    return Seat.objects.filter(table__night_id=latest).count()
