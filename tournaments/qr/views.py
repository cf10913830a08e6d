"""The night's QR sheet as PDF: a thin view over tournaments.qr.sheet."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from league.access import get_night_or_404, night_organizer_required
from league.web.downloads import pdf_response
from league.web.public_url import public_reverse
from tournaments.qr.printed import note_qr_sheet_printed


@night_organizer_required
@require_GET
def night_qr_sheet_pdf(request: HttpRequest, night_id: int) -> HttpResponse:
    from tournaments.qr.sheet import (
        QrSheet,
        QrSheetRenderer,
    )  # reportlab on first use: league/cashbook/views.py says why

    night = get_night_or_404(night_id)
    tables = list(night.tables.order_by("number").values_list("number", "dealer_token"))
    if not tables:
        messages.error(request, _("The seating has not been drawn yet: there is no table to print."))
        return redirect("seating", night.pk)
    sheet = QrSheet(
        season=night.season.name,
        night_date=night.date,
        table_urls=tuple((number, public_reverse("dealer_tracker", token)) for number, token in tables),
        clock_url=public_reverse("clock_tv", night.pk),
        results_url=public_reverse("night_results", night.pk),
    )
    response = pdf_response(QrSheetRenderer(language=translation.get_language() or "de").generate(sheet))
    note_qr_sheet_printed(night=night)
    return response
