"""Organizer → Remove the demo: what goes and what stays, then one button that removes it."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from demo import removal
from league.access import organizer_required


@organizer_required
@require_http_methods(["GET", "POST"])
def remove_demo(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        removed = removal.remove_demo()
        if removed.empty:
            messages.info(request, _("There is no demo to remove."))
        else:
            messages.success(request, _("The demo has been removed. The league starts with its own first season."))
        return redirect("organizer_home")
    return render(request, "demo/remove.html", {"contents": removal.demo_contents()})
