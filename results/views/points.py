"""Changing a season's points scheme once it has results: a preview of the new table, then a confirmed recomputation."""
from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from league.access import get_season_or_404, organizer_required
from league.rules.standings import RulesError
from results import points
from results import standings as season_table
from results.forms import PointsSchemeForm


@organizer_required
@require_http_methods(["GET", "POST"])
def points_scheme(request: HttpRequest, season_id: int) -> HttpResponse:
    """Before the first results the scheme is simply set; afterwards the page shows what changes and asks first."""
    season = get_season_or_404(season_id)
    frozen = season_table.season_has_results(season)
    form = PointsSchemeForm(
        request.POST or None, initial={"points_scheme": season.points_scheme, "fixed_points": season.fixed_points}
    )
    preview = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            points.change_points_scheme(
                season=season,
                scheme=data["points_scheme"],
                fixed_points=data["fixed_points"],
                by=request.user,
                confirm=data["confirm"],
                reason=data["reason"],
            )
        except season_table.ResultsError as error:
            form.add_error(None, str(error))
            if frozen:
                try:
                    preview = points.preview_points_scheme(
                        season=season, scheme=data["points_scheme"], fixed_points=data["fixed_points"] or season.fixed_points
                    )
                except RulesError:
                    preview = None
        else:
            messages.success(request, _("The points scheme of %(season)s is changed.") % {"season": season.name})
            return redirect(season.get_absolute_url())
    context = {"season": season, "form": form, "frozen": frozen, "preview": preview, "changes": season.scheme_changes.select_related("changed_by")}
    return render(request, "results/points_scheme.html", context)
