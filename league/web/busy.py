"""SQLite's "database is locked": the write waited its timeout and was not made.

With WAL and IMMEDIATE transactions (config/settings.py) taps queue for the
lock; one that still cannot get it in SQLITE_TIMEOUT seconds failed at BEGIN,
so nothing of it was written. The person gets a "try again" message instead of
a server error. The dealer's page answers it itself (tournaments/tracker/views.py);
this middleware answers everywhere else (the desk, the clock controls, ...).
"""

from __future__ import annotations

from django.contrib import messages
from django.db import OperationalError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext_lazy as _
from django_htmx.http import HttpResponseClientRefresh

BUSY_MESSAGE = _("Too many taps at the same moment: nothing was saved. Check the page and tap again.")


def is_database_busy(error: BaseException) -> bool:
    return isinstance(error, OperationalError) and "database is locked" in str(error)


class BusyDatabaseMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not is_database_busy(exception):
            return None
        back = request.META.get("HTTP_REFERER", "")
        if request.method in ("GET", "HEAD", "OPTIONS") or not (
            request.htmx or url_has_allowed_host_and_scheme(back, {request.get_host()}, request.is_secure())
        ):
            # Nowhere safe to send the person back to (and a page view retried could loop): say it plainly.
            return HttpResponse(
                str(BUSY_MESSAGE), status=503, headers={"Retry-After": "2"}, content_type="text/plain; charset=utf-8"
            )
        messages.error(request, BUSY_MESSAGE)
        if request.htmx:
            return HttpResponseClientRefresh()  # the page the form is on, again, with the message
        return redirect(back)  # the form's page (POST, redirect, GET), with the message
