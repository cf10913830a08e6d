"""The static files the pages use, under names that carry a hash of their content, and the sitemap.

A page names `/static/css/league.css` (or, on a server with DEBUG off, Django's hashed
`league.1a2b3c4d5e6f.css`); the site gets `static/css/league.<hash>.css` from the file's own bytes, so a
browser may keep it for ever and a changed file is a new file (sent before the pages that name it).
"""

from __future__ import annotations

import hashlib
import io
import posixpath
import re
import zipfile

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.template.loader import render_to_string


def static_name(url_path: str) -> str | None:
    """The static file's name under STATIC_URL for a link's path, or None if the link is not a static file."""
    prefix = "/" + settings.STATIC_URL.strip("/") + "/"
    return url_path[len(prefix) :] if url_path.startswith(prefix) else None


def _original(name: str) -> str:
    hashed_files = getattr(staticfiles_storage, "hashed_files", None)
    if hashed_files:
        originals = {hashed: original for original, hashed in hashed_files.items()}
        return originals.get(name, name)
    return name


def static_file(name: str) -> tuple[str, bytes] | None:
    """(the site's file name, its bytes) for the static file `name`, or None if there is no such file."""
    original = _original(name)
    found = finders.find(original)
    if found:
        with open(found, "rb") as handle:
            content = handle.read()
    elif staticfiles_storage.exists(name):
        with staticfiles_storage.open(name) as handle:
            content = handle.read()
    else:
        return None
    stem, extension = posixpath.splitext(original)
    digest = hashlib.sha256(content).hexdigest()[:12]
    return f"static/{stem}.{digest}{extension}", content


XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
_XLSX_TIMES = re.compile(rb"(<dcterms:(?:created|modified)\b[^>]*>)[^<]*(</dcterms:)")


def steady(content_type: str, body: bytes) -> bytes:
    """A download's bytes the same each time its content is: a spreadsheet carries the time it was written (in
    its properties and in each part of its zip), which would make every publish send it again."""
    if not content_type.startswith(XLSX_TYPE):
        return body
    steady_zip = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(body)) as book, zipfile.ZipFile(steady_zip, "w", zipfile.ZIP_DEFLATED) as out:
        for part in book.infolist():
            data = book.read(part)
            if part.filename == "docProps/core.xml":
                data = _XLSX_TIMES.sub(rb"\g<1>2000-01-01T00:00:00Z\g<2>", data)
            out.writestr(zipfile.ZipInfo(part.filename, date_time=(2000, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
    return steady_zip.getvalue()


def sitemap(pages: list[str], base_url: str) -> bytes:
    """sitemap.xml of the site's pages; absolute with `base_url` (the address the site is served from)."""
    base = base_url.rstrip("/") + "/" if base_url else ""
    return render_to_string("online/sitemap.xml", {"urls": [base + page for page in sorted(pages)]}).encode()
