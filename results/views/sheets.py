"""Placement sheets as PDF (a table's, or all of a night's): thin views over `results.nights` and `results.sheets`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from league.access import night_organizer_required
from league.models import Night
from league.web.downloads import pdf_response
from league.web.public_url import public_reverse
from results import nights
from tournaments.models import Table

if TYPE_CHECKING:
    from results.sheets import PlacementSheetRenderer


def _results_url(night: Night) -> str:
    return public_reverse("night_results", night.pk)


def _renderer() -> PlacementSheetRenderer:
    from results.sheets import PlacementSheetRenderer  # reportlab on first use: league/cashbook/views.py says why

    return PlacementSheetRenderer(language=translation.get_language() or "de")


@night_organizer_required
@require_GET
def table_sheet_pdf(request: HttpRequest, table_id: int) -> HttpResponse:
    """One table's sheet: blank (names, empty places) before play, filled in as the places come."""
    table = get_object_or_404(Table.objects.select_related("night__season"), pk=table_id)
    sheets = nights.placement_sheets(table.night, results_url=_results_url(table.night), table_ids=[table.pk])
    return pdf_response(_renderer().generate(sheets))


@night_organizer_required
@require_GET
def night_sheets_pdf(request: HttpRequest, night_id: int) -> HttpResponse:
    night = get_object_or_404(Night.objects.select_related("season"), pk=night_id)
    sheets = nights.placement_sheets(night, results_url=_results_url(night))
    if not sheets:
        messages.error(request, _("The seating has not been drawn yet: there is no table to print."))
        return redirect("night_results", night.pk)
    return pdf_response(_renderer().generate(sheets))
