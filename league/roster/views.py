"""The organizer's player list page: export as CSV, XLSX or ODS, import from CSV, XLSX or ODS with a preview.
Thin views."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods

from league.access import organizer_required
from league.models import Player
from league.roster import services as roster
from league.roster.words import roster_error_message, row_error_messages
from league.rules.inputs import ascii_whole_or_none
from league.rules.roster import MAX_BYTES, RosterError
from league.spreadsheets.ods import ODS_TYPE, ods_bytes
from league.web.csv_safe import safe_csv
from league.web.downloads import attachment, csv_attachment, export_language
from league.web.xlsx import xlsx_bytes, xlsx_response


@organizer_required
@require_GET
def player_list(request: HttpRequest) -> HttpResponse:
    return render(
        request, "league/roster/players.html", {"players": Player.objects.count(), "max_mb": MAX_BYTES // (1024 * 1024)}
    )


def _export(request: HttpRequest, kind: str) -> HttpResponse:
    language = export_language(request)
    with translation.override(language):
        header = roster.player_columns()
        rows = roster.player_rows(language=language, dates_as_text=kind == "csv")
        if kind == "xlsx":
            return xlsx_response(xlsx_bytes([(_("Players"), header, rows)], language=language), "players.xlsx")
        if kind == "ods":
            return attachment(ods_bytes([(_("Players"), header, rows)], language=language), "players.ods", ODS_TYPE)
    return csv_attachment(safe_csv([header, *rows], language=language), "players.csv")


@organizer_required
@require_GET
def players_csv(request: HttpRequest) -> HttpResponse:
    return _export(request, "csv")


@organizer_required
@require_GET
def players_xlsx(request: HttpRequest) -> HttpResponse:
    return _export(request, "xlsx")


@organizer_required
@require_GET
def players_ods(request: HttpRequest) -> HttpResponse:
    return _export(request, "ods")


def _uploaded(request: HttpRequest) -> bytes | None:
    """The file's bytes: uploaded now, or carried by the preview's form (as the UTF-8 text it was read as)."""
    upload = request.FILES.get("file")
    if upload is not None:
        if upload.size > MAX_BYTES:
            raise RosterError("too_big", limit=MAX_BYTES // (1024 * 1024))
        return upload.read(MAX_BYTES + 1)
    carried = request.POST.get("content")
    return carried.encode("utf-8") if carried else None


@organizer_required
@require_http_methods(["GET", "POST"])
def players_import(request: HttpRequest) -> HttpResponse:
    """Upload -> a preview of every row (new, duplicate, similar, error) -> import all of it, or nothing."""
    if request.method == "GET":
        return redirect("player_list")
    try:
        data = _uploaded(request)
        if data is None:
            raise RosterError("no_file")
        if request.POST.get("confirm"):
            take = {line for line in (ascii_whole_or_none(v) for v in request.POST.getlist("take")) if line is not None}
            created = roster.import_players(data=data, digest=request.POST.get("digest", ""), take_similar=take)
            messages.success(
                request,
                ngettext("%(n)s player imported.", "%(n)s players imported.", len(created)) % {"n": len(created)},
            )
            return redirect("player_list")
        preview = roster.preview_import(data=data)
    except RosterError as error:
        messages.error(request, roster_error_message(error))
        return redirect("player_list")
    except roster.RosterImportError as error:
        messages.error(request, str(error))
        preview = roster.preview_import(data=data)
    errors = row_error_messages(preview)
    return render(
        request,
        "league/roster/preview.html",
        {
            "roster": preview,
            "rows": [
                (row, errors.get(row.line, "")) for row in preview.rows
            ],  # each row beside its message, not a search
            "counts": preview.counts(),
            "digest": roster.roster_digest(preview),
            "content": preview.text,
        },
    )
