"""Results pages: standings, nights, players and the jackpot (public), and the organizer's jackpot desk.

Thin: parse the request, call `results.standings`, render. Public pages need no
login; they show nothing an organizer typed about money beyond the jackpot.
"""
from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from tournaments.hands import figures as statistics
from tournaments.models import Table
from results.sheets import JackpotNightRow, JackpotReport, JackpotReportRenderer, PayoutRow

from league.cashbook import book as cashbook
from results import standings as results
from league.web.csv_safe import safe_csv
from league.rules.inputs import ascii_whole_or_none, clean_search
from league.web.money import format_money
from league.models import Player, PointsScheme, Season, validate_points_list
from league.desk.views import get_night_or_404, organizer_required
from league.cashbook.views import payout_rule


def _get_season_or_404(season_id: int) -> Season:
    return get_object_or_404(Season, pk=season_id)


# --- public -------------------------------------------------------------------


@require_GET
def standings(request: HttpRequest) -> HttpResponse:
    """One page of the table (the top first), or the players a name search finds, each with a link to his place.

    `?player=<id>` opens the page that shows him, his row marked (the link also carries `#player-<id>`).
    The season's awards show on the first page.
    """
    seasons, season = results.choose_season(request.GET.get("season"))
    context: dict[str, object] = {"seasons": seasons, "season": season, "table": None}
    if season is None:
        return render(request, "league/results/standings.html", context)
    table = results.season_standings(season)
    query = clean_search(request.GET.get("q", ""))
    me = table.standing_of(ascii_whole_or_none(request.GET.get("player")) or 0)
    page = Paginator(table.rows, results.STANDINGS_PAGE_SIZE).get_page(
        request.GET.get("page") or (table.page_of(me) if me else 1)
    )
    found = table.search(query) if query else []
    context.update(
        table=table,
        page=page,
        query=query,
        me=me,
        found=[(row, table.page_of(row)) for row in found[: results.SEARCH_LIMIT]],
        more_found=max(len(found) - results.SEARCH_LIMIT, 0),
        awards=results.season_awards(season, table) if table.rows and page.number == 1 and not query else None,
    )
    return render(request, "league/results/standings.html", context)


@require_GET
def night_results(request: HttpRequest, night_id: int) -> HttpResponse:
    night = get_night_or_404(night_id)
    return render(request, "league/results/night.html", {"night": night, "tables": results.tables_results(night)})


@require_GET
def player_detail(request: HttpRequest, player_id: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=player_id)
    seasons, season = results.choose_season(request.GET.get("season"))
    summary = results.player_season(player, season)
    chart = results.season_chart(summary.nights) if summary.played else None
    stats = statistics.player_statistics(player.pk, season.pk if season else None)
    scopes = [(_("All time"), stats.all_time)]
    if season:
        scopes.insert(0, (season.name, stats.season))
    context = {"player": player, "seasons": seasons, "season": season, "summary": summary, "chart": chart,
               "stats": stats, "stats_scopes": scopes}
    return render(request, "league/results/player.html", context)


@require_GET
def jackpot(request: HttpRequest) -> HttpResponse:
    seasons, season = results.choose_season(request.GET.get("season"))
    report = results.season_jackpot(season) if season else None
    return render(request, "league/results/jackpot.html", {"seasons": seasons, "season": season, "report": report})


# --- organizers: the night's jackpot and deposits ------------------------------------


@organizer_required
@require_GET
@vary_on_headers("HX-Request")
def night_jackpot(request: HttpRequest, night_id: int) -> HttpResponse:
    night = get_night_or_404(night_id)
    return render(request, "league/results/night_jackpot.html", {"night": night, "report": results.night_jackpot(night)})


@organizer_required
@require_POST
def confirm_deposit(request: HttpRequest, table_id: int) -> HttpResponse:
    table = get_object_or_404(Table.objects.select_related("night__season"), pk=table_id)
    try:
        deposit = results.confirm_deposit(table=table, by=request.user)
    except results.ResultsError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            _("Deposit of table %(table)s confirmed: %(amount)s.")
            % {"table": table.number, "amount": format_money(deposit.amount)},
        )
    if request.htmx:
        night = table.night
        context = {"night": night, "report": results.night_jackpot(night)}
        return render(request, "league/results/night_jackpot.html#jackpot-main", context)
    return redirect("night_jackpot", table.night_id)


# --- organizers: the season's jackpot -------------------------------------------


@organizer_required
@require_GET
def season_jackpot(request: HttpRequest, season_id: int) -> HttpResponse:
    season = _get_season_or_404(season_id)
    table = results.season_standings(season)
    context = {
        "season": season,
        "report": results.season_jackpot(season, table=table),
        "payout": cashbook.season_payout(season, table=table),
        "rule": payout_rule(),
    }
    return render(request, "league/results/season_jackpot.html", context)


@organizer_required
@require_GET
def season_jackpot_csv(request: HttpRequest, season_id: int) -> HttpResponse:
    season = _get_season_or_404(season_id)
    language = "en" if (translation.get_language() or "de").startswith("en") else "de"
    content = safe_csv(results.jackpot_csv_rows(season), language=language)
    response = HttpResponse(content.encode("utf-8"), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="jackpot-season-{season.pk}.csv"'
    return response


@organizer_required
@require_GET
def season_jackpot_pdf(request: HttpRequest, season_id: int) -> HttpResponse:
    season = _get_season_or_404(season_id)
    report = results.season_jackpot(season)
    data = JackpotReport(
        season=season.name,
        total=report.total,
        expected=report.expected,
        nights=tuple(JackpotNightRow(n.date, n.tables, n.expected, n.confirmed, n.outstanding) for n in report.nights),
        payout=tuple(PayoutRow(p.place, p.percent, p.amount, p.holder) for p in report.payout),
        printed_at=timezone.now(),
    )
    filename, mime, content = JackpotReportRenderer(language=translation.get_language() or "de").generate(data)
    response = HttpResponse(content, content_type=mime)
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


# --- organizers: the points scheme ----------------------------------------------------


class PointsSchemeForm(forms.Form):
    points_scheme = forms.ChoiceField(label=gettext_lazy("Points scheme"), choices=PointsScheme.choices)
    fixed_points = forms.CharField(
        label=gettext_lazy("Fixed points"),
        required=False,
        max_length=200,
        help_text=gettext_lazy("Points for 1st, 2nd, ... place, separated by commas (used by the “fixed” scheme)."),
        validators=[validate_points_list],
    )
    reason = forms.CharField(label=gettext_lazy("Reason"), required=False, max_length=200)
    confirm = forms.BooleanField(
        label=gettext_lazy("Yes, recompute the points of every night of this season"), required=False
    )


@organizer_required
@require_http_methods(["GET", "POST"])
def points_scheme(request: HttpRequest, season_id: int) -> HttpResponse:
    """Before the first results the scheme is simply set; afterwards the page shows what changes and asks first."""
    season = _get_season_or_404(season_id)
    frozen = results.season_has_results(season)
    form = PointsSchemeForm(
        request.POST or None, initial={"points_scheme": season.points_scheme, "fixed_points": season.fixed_points}
    )
    preview = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            results.change_points_scheme(
                season=season,
                scheme=data["points_scheme"],
                fixed_points=data["fixed_points"],
                by=request.user,
                confirm=data["confirm"],
                reason=data["reason"],
            )
        except results.ResultsError as error:
            form.add_error(None, str(error))
            if frozen:
                try:
                    preview = results.preview_points_scheme(
                        season=season, scheme=data["points_scheme"], fixed_points=data["fixed_points"] or season.fixed_points
                    )
                except results.RulesError:
                    preview = None
        else:
            messages.success(request, _("The points scheme of %(season)s is changed.") % {"season": season.name})
            return redirect(season.get_absolute_url())
    context = {"season": season, "form": form, "frozen": frozen, "preview": preview, "changes": season.scheme_changes.select_related("changed_by")}
    return render(request, "league/results/points_scheme.html", context)
