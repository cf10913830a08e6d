"""A season's points rules: the scheme (the seed's, a fixed list, a formula), the nights that count and the
knockout bonus. A live preview of each place's points as the organizer types; once the season has results, a
preview of the new table, then a confirmed recomputation."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from league.access import get_season_or_404, organizer_required
from league.models import PointsScheme, Season
from league.rules.formula import PRESETS
from league.rules.standings import RulesError
from league.web.rule_errors import formula_failure_message
from results import points
from results import standings as season_table
from results.forms import PointsSchemeForm


def _initial(season: Season, preset: str | None) -> dict:
    initial = {
        "points_scheme": season.points_scheme,
        "fixed_points": season.fixed_points,
        "points_formula": season.points_formula,
        "best_nights": season.best_nights,
        "knockout_points": season.knockout_points,
    }
    if preset in PRESETS:
        initial.update(points_scheme=PointsScheme.FORMULA, points_formula=PRESETS[preset])
    elif preset == "field_size":
        initial["points_scheme"] = PointsScheme.FIELD_SIZE
    return initial


def _settings(data: dict) -> dict:
    """The form's values as the services take them."""
    return {
        "scheme": data["points_scheme"],
        "fixed_points": data.get("fixed_points") or "",
        "formula": data.get("points_formula") or "",
        "best_nights": data.get("best_nights") or 0,
        "knockout_points": data.get("knockout_points") or 0,
    }


def _table_for(season: Season, form: PointsSchemeForm) -> points.PointsTable:
    """The preview table of what the form holds (or of the season's own rules), with the form's error if any."""
    if form.is_bound and not form.is_valid():
        table = points.points_table(season=season, scheme=season.points_scheme)
        name, errors = next(iter(form.errors.items()))
        label = form.fields[name].label if name in form.fields else ""
        table.rows, table.error = [], f"{label}: {errors[0]}" if label and name != "points_formula" else errors[0]
        table.error_field = name
        return table
    if form.is_bound:
        return points.points_table(season=season, **_settings(form.cleaned_data))
    initial = form.initial
    return points.points_table(
        season=season,
        scheme=initial["points_scheme"],
        fixed_points=initial["fixed_points"],
        formula=initial["points_formula"],
        best_nights=initial["best_nights"],
        knockout_points=initial["knockout_points"],
    )


@organizer_required
@require_http_methods(["GET", "POST"])
def points_scheme(request: HttpRequest, season_id: int) -> HttpResponse:
    """Before the first results the rules are simply set; afterwards the page shows what changes and asks first."""
    season = get_season_or_404(season_id)
    frozen = season_table.season_has_results(season)
    form = PointsSchemeForm(request.POST or None, initial=_initial(season, request.GET.get("preset")))
    preview = None
    if request.method == "POST" and "preview" not in request.POST and form.is_valid():
        data = form.cleaned_data
        try:
            points.change_points_scheme(
                season=season, by=request.user, confirm=data["confirm"], reason=data["reason"], **_settings(data)
            )
        except season_table.ResultsError as error:
            form.add_error(error.field if error.field in form.fields else None, str(error))
            if frozen:
                try:
                    preview = points.preview_points_scheme(season=season, **_settings(data))
                except RulesError:
                    preview = None
        else:
            messages.success(request, _("The points scheme of %(season)s is changed.") % {"season": season.name})
            return redirect(season.get_absolute_url())
    context = {
        "season": season,
        "form": form,
        "frozen": frozen,
        "preview": preview,
        "table": _table_for(season, form),
        "presets": PRESETS,
        "changes": season.scheme_changes.select_related("changed_by"),
        "failures": [formula_failure_message(f) for f in season_table.season_standings(season).failures],
    }
    return render(request, "results/points_scheme.html", context)


@organizer_required
@require_POST
def points_scheme_preview(request: HttpRequest, season_id: int) -> HttpResponse:
    """The preview table alone, for the page to show as the organizer types (htmx), and the formula's error
    beside its field (the table's own is below the fold on a laptop). Saves nothing."""
    season = get_season_or_404(season_id)
    form = PointsSchemeForm(request.POST)
    context = {"season": season, "table": _table_for(season, form), "live": True}
    return render(request, "results/points_scheme_live.html", context)
