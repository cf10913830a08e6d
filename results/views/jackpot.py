"""The jackpot: the season's pot (public), a night's deposits at the café register, the season's report as page, CSV and PDF."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from league.access import (
    get_night_or_404,
    get_season_or_404,
    night_organizer_required,
    organizer_required,
    venue_ids,
)
from league.models import Venue
from league.seasons import services as seasons
from league.web.csv_safe import safe_csv
from league.web.downloads import csv_attachment, pdf_response
from league.web.money import format_money
from results import jackpot as season_money
from results import payout
from results import standings as season_table
from results.views import contribution_rows
from results.views.payout import payout_rule
from tournaments.models import Table


@require_GET
def jackpot(request: HttpRequest) -> HttpResponse:
    all_seasons, season = seasons.choose_season(request.GET.get("season"))
    report = season_money.season_jackpot(season) if season else None
    # Only another season can owe: a league of one season is spared the query (1.5 ms, a third of the page).
    owing = [o for o in season_money.seasons_owing() if o.season != season] if len(all_seasons) > 1 else []
    nights = contribution_rows.shown_nights(report.nights) if report else []
    context = {"seasons": all_seasons, "season": season, "report": report, "nights": nights, "owing": owing}
    venues = season_money.jackpot_venues(season) if season else []
    if venues:
        # A jackpot per venue: each venue's own, a venue organizer's first.
        own = venue_ids(request.user) if request.user.is_staff else None
        venues.sort(key=lambda venue: own is None or venue.pk not in own)
        context["venue_reports"] = [
            (venue_report, contribution_rows.shown_nights(venue_report.nights))
            for venue_report in season_money.venue_jackpots(season, venues=venues)
        ]
    return render(request, "results/jackpot.html", context)


@night_organizer_required
@require_GET
@vary_on_headers("HX-Request")
def night_jackpot(request: HttpRequest, night_id: int) -> HttpResponse:
    night = get_night_or_404(night_id)
    return render(request, "results/night_jackpot.html", {"night": night, "report": season_money.night_jackpot(night)})


@night_organizer_required
@require_POST
def confirm_deposit(request: HttpRequest, table_id: int) -> HttpResponse:
    table = get_object_or_404(Table.objects.select_related("night__season"), pk=table_id)
    try:
        deposit = season_money.confirm_deposit(table=table, by=request.user)
    except season_table.ResultsError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            _("Deposit of table %(table)s confirmed: %(amount)s.")
            % {"table": table.number, "amount": format_money(deposit.amount)},
        )
    if request.htmx:
        night = table.night
        context = {"night": night, "report": season_money.night_jackpot(night)}
        return render(request, "results/night_jackpot.html#jackpot-main", context)
    return redirect("night_jackpot", table.night_id)


@organizer_required
@require_GET
def season_jackpot(request: HttpRequest, season_id: int) -> HttpResponse:
    season = get_season_or_404(season_id)
    table = season_table.season_standings(season)
    context = {
        "season": season,
        "report": season_money.season_jackpot(season, table=table),
        "payout": payout.season_payout(season, table=table),
        "rule": payout_rule(),
        "venue_reports": season_money.venue_jackpots(season),
    }
    return render(request, "results/season_jackpot.html", context)


@night_organizer_required
@require_GET
def venue_jackpot(request: HttpRequest, season_id: int, venue_id: int) -> HttpResponse:
    """A venue's own jackpot of a season with a jackpot per venue: its deposits and its split over the venue's
    table. Its organizers and the league's (league.access checks the venue); a pooled season has none."""
    season = get_season_or_404(season_id)
    venue = get_object_or_404(Venue, pk=venue_id)
    if venue not in season_money.jackpot_venues(season):
        raise Http404
    table = season_table.season_standings(season, venue=venue)
    context = {
        "season": season,
        "venue": venue,
        "report": season_money.season_jackpot(season, table=table, venue=venue),
        "rule": payout_rule(),
    }
    return render(request, "results/venue_jackpot.html", context)


@organizer_required
@require_GET
def season_jackpot_csv(request: HttpRequest, season_id: int) -> HttpResponse:
    season = get_season_or_404(season_id)
    language = "en" if (translation.get_language() or "de").startswith("en") else "de"
    content = safe_csv(season_money.jackpot_csv_rows(season), language=language)
    return csv_attachment(content, f"jackpot-season-{season.pk}.csv")


@organizer_required
@require_GET
def season_jackpot_pdf(request: HttpRequest, season_id: int) -> HttpResponse:
    from results.sheets import (
        JackpotNightRow,
        JackpotReport,
        JackpotReportRenderer,
        PayoutRow,
    )  # reportlab on first use: league/cashbook/views.py says why

    season = get_season_or_404(season_id)
    report = season_money.season_jackpot(season)
    rows = [PayoutRow(p.places, p.amount, p.holder, p.tied) for p in report.payout]
    venue_reports = season_money.venue_jackpots(season)
    if venue_reports:  # a jackpot per venue: each venue's places, named by the venue
        rows = [
            PayoutRow(f"{r.venue.name if r.venue else ''} {p.places}", p.amount, p.holder, p.tied)
            for r in venue_reports
            for p in r.payout
        ]
    data = JackpotReport(
        season=season.name,
        total=report.total,
        expected=report.expected,
        nights=tuple(JackpotNightRow(n.date, n.tables, n.expected, n.confirmed, n.outstanding) for n in report.nights),
        payout=tuple(rows),
        percents=report.percents,
        printed_at=timezone.now(),
    )
    return pdf_response(JackpotReportRenderer(language=translation.get_language() or "de").generate(data))
