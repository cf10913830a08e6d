"""Back to the page a form came from: a button on tonight's page acts and returns there, not to the page the
form usually belongs to. Only an address on this site is followed."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme


def redirect_next(request: HttpRequest, fallback: str) -> HttpResponseRedirect:
    """To the form's `next` (a path on this site), else to `fallback`."""
    wanted = request.POST.get("next") or ""
    if (
        wanted
        and url_has_allowed_host_and_scheme(wanted, {request.get_host()}, request.is_secure())
        and wanted.startswith("/")
    ):
        return HttpResponseRedirect(wanted)
    return HttpResponseRedirect(fallback)
