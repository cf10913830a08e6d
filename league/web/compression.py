"""Gzip for HTML, except for the few pages where BREACH could read a secret.

BREACH needs a secret and attacker-chosen text in the same compressed body.
Django masks the CSRF token afresh on every response, so ordinary pages are
safe to compress. A page that shows a dealer link (a table's secret) and also
echoes the query string (the language switcher's `next`) is not: such a view
is marked with `@never_compress`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.http import HttpRequest, HttpResponse
from django.middleware import gzip


class GZipMiddleware(gzip.GZipMiddleware):
    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        if getattr(response, "never_compress", False):
            return response
        return super().process_response(request, response)


def never_compress(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        response = view(request, *args, **kwargs)
        response.never_compress = True
        return response

    return wrapper
