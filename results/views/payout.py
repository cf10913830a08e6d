"""The season payout (organizers): who is owed what of the season jackpot, paying it out, and its signed sheet."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from league import once
from league.access import get_season_or_404, organizer_required
from league.cashbook import book as cashbook
from league.models import Player
from league.web.downloads import export_language, pdf_response
from league.web.money import format_money
from results import payout as results_payout
from results.forms import PayoutForm


def payout_rule() -> str:
    return _(
        "Tied players (equal points, equal places and equal nights) share the money of the places they cover. "
        "Cents that do not divide evenly go one each to the tied players in the order of the standings; "
        "the cents the percentage split leaves over go to 1st place."
    )


@organizer_required
@require_http_methods(["GET", "POST"])
def season_payout(request: HttpRequest, season_id: int) -> HttpResponse:
    season = get_season_or_404(season_id)
    payout = results_payout.season_payout(season)
    choices = [
        (s.share.key, f"{s.places} {s.share.name} ({format_money(s.owed)})") for s in payout.shares if s.owed > 0
    ]
    form = PayoutForm(
        request.POST if request.method == "POST" else None, choices=choices, season_running=payout.season_running
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        player = get_object_or_404(Player, pk=data["player"])
        try:
            with once.spend(request):
                results_payout.record_payout(
                    season=season,
                    player=player,
                    amount=data["amount"],
                    method=data["method"],
                    by=request.user,
                    note=data["note"],
                    season_over=data.get("season_over", False),
                )
        except (cashbook.CashError, once.FormAlreadyApplied) as error:
            form.add_error(None, str(error))
        else:
            messages.success(
                request,
                _("Payment recorded: %(amount)s to %(name)s.")
                % {"amount": format_money(data["amount"]), "name": player.name},
            )
            return redirect("season_payout", season.pk)
    return render(
        request, "results/payout.html", {"season": season, "payout": payout, "form": form, "rule": payout_rule()}
    )


@organizer_required
@require_GET
def season_payout_pdf(request: HttpRequest, season_id: int) -> HttpResponse:
    from results.sheets import (
        PayoutSheet,
        PayoutSheetRenderer,
        PayoutSheetRow,
    )  # reportlab on first use: league/cashbook/views.py says why

    season = get_season_or_404(season_id)
    language = export_language(request)
    with translation.override(language):
        payout = results_payout.season_payout(season)
        rows = tuple(
            PayoutSheetRow(
                places=s.places,
                name=s.share.name,
                amount=s.share.amount,
                paid=s.paid,
                methods=", ".join(sorted({str(line.method_label) for line in s.payments if line.method})),
            )
            for s in payout.shares
        )
        sheet = PayoutSheet(
            season=season.name, total=payout.total, rows=rows, rule=payout_rule(), printed_at=timezone.now()
        )
    return pdf_response(PayoutSheetRenderer(language=language).generate(sheet))
