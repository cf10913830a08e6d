"""A season's standings and results as CSV (safe for spreadsheets), XLSX or ODS. Public, like the pages."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from league.models import Season
from league.spreadsheets.ods import ODS_TYPE, ods_bytes
from league.web.csv_safe import safe_csv
from league.web.downloads import attachment, csv_attachment, export_language
from league.web.xlsx import xlsx_bytes, xlsx_response
from results import exports

FORMATS = ("csv", "xlsx", "ods")


def _file(request: HttpRequest, season: Season, fmt: str, name: str, build) -> HttpResponse:
    if fmt not in FORMATS:
        raise Http404(_("There is no such file."))
    language = export_language(request)
    with translation.override(language):
        header, rows = build(season)
        title = _("Standings") if name == "standings" else _("Results")
        if fmt == "xlsx":
            return xlsx_response(
                xlsx_bytes([(title, header, rows)], language=language), f"{name}-season-{season.pk}.xlsx"
            )
        if fmt == "ods":
            content = ods_bytes([(title, header, rows)], language=language)
            return attachment(content, f"{name}-season-{season.pk}.ods", ODS_TYPE)
        content = safe_csv([header, *exports.as_text_dates(rows, language)], language=language)
    return csv_attachment(content, f"{name}-season-{season.pk}.csv")


@require_GET
def season_standings_file(request: HttpRequest, season_id: int, fmt: str) -> HttpResponse:
    return _file(request, get_object_or_404(Season, pk=season_id), fmt, "standings", exports.standings_table)


@require_GET
def season_results_file(request: HttpRequest, season_id: int, fmt: str) -> HttpResponse:
    return _file(request, get_object_or_404(Season, pk=season_id), fmt, "results", exports.results_table)
