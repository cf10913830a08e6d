"""Requests no page can mean, refused before any view: NUL characters and numbers too long for an id.

A NUL in a search or a form is an error on PostgreSQL (a 500 before this), and an id of 5,000 digits
in a URL overflows the database's integer. Both are answered here, with a message, whichever view
(ours or another app's) the URL names.
"""

from __future__ import annotations

import re

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from league.rules.inputs import MAX_ID_DIGITS

_LONG_NUMBER = re.compile(r"\d{%d,}" % (MAX_ID_DIGITS + 1))


class RefuseHostileRequestsMiddleware:
    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if _LONG_NUMBER.search(request.path):
            return render(request, "bad_request.html", {"message": _("There is no such page.")}, status=404)
        if "\x00" in request.path or _has_nul(request.GET) or (request.method == "POST" and _has_nul(request.POST)):
            message = _("The input contains a control character (NUL) and was not accepted. Please type it again.")
            return render(request, "bad_request.html", {"message": message}, status=400)
        return self.get_response(request)


def _has_nul(data) -> bool:
    return any("\x00" in key or any("\x00" in value for value in values) for key, values in data.lists())
