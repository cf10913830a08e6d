"""Pages rendered for the published static site (`manage.py publish`), not for a visitor of the server.

The publisher asks the server's own views for each page with a WSGI key no browser can send (it has no
`HTTP_` prefix). The templates then leave out what a folder of files cannot do: forms (the season filter
becomes links, the name search and the language buttons go), the login link, the CSRF token, the house
games; a replay shows all its steps in one page.
"""

from __future__ import annotations

from django.http import HttpRequest

STATIC_SITE_KEY = "league.static_site"


def is_static_site(request: HttpRequest | None) -> bool:
    return bool(request is not None and request.META.get(STATIC_SITE_KEY))


def static_site(request: HttpRequest) -> dict[str, bool]:
    """Context processor: `static_site` is true while the publisher renders a page."""
    return {"static_site": is_static_site(request)}
