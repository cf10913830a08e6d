"""Files the pages hand out: a generated PDF shown in the browser, an export saved as a file, and the language an
export is written in."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils import translation

EXPORT_LANGUAGES = ("de", "en")


def export_language(request: HttpRequest) -> str:
    """`?lang=de|en` (the organizer may print the other language), else the page's own."""
    chosen = request.GET.get("lang", "")
    if chosen in EXPORT_LANGUAGES:
        return chosen
    active = (translation.get_language() or "de")[:2]
    return active if active in EXPORT_LANGUAGES else "de"


def attachment(content: bytes, filename: str, content_type: str) -> HttpResponse:
    """A file the browser saves rather than shows: the exports (CSV, XLSX, ODS)."""
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


CSV_TYPE = "text/csv; charset=utf-8"


def csv_attachment(text: str, filename: str) -> HttpResponse:
    """A CSV export as a file to save, in UTF-8 (`safe_csv` writes the text)."""
    return attachment(text.encode("utf-8"), filename, CSV_TYPE)


def pdf_response(generated: tuple[str, str, bytes]) -> HttpResponse:
    """A renderer's `(filename, mime type, bytes)` as a response the browser shows (printing is one click)."""
    filename, mime, content = generated
    response = HttpResponse(content, content_type=mime)
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response
