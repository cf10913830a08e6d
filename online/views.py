"""The organizer's "Veröffentlichen" (a run of `manage.py publish` in the background, its progress) and the
health endpoint. Thin: the work is `online.publish`; nothing at the venue waits for it."""

from __future__ import annotations

import subprocess
import sys

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from league.access import organizer_required
from online import health as app_health
from online.publish import status as run_status


def _start_run() -> None:
    """`manage.py publish --status` as a process of its own: the page returns at once and shows its progress."""
    run_status.write_status(
        state="running", phase="start", files=0, total=0, bytes=0, total_bytes=0, to=settings.PUBLISH_TO
    )
    log = open(settings.DATA_DIR / "publish.log", "ab")  # noqa: SIM115  (the child keeps it)
    subprocess.Popen(
        [sys.executable, str(settings.BASE_DIR / "manage.py"), "publish", "--status"],
        cwd=settings.BASE_DIR,
        stdin=subprocess.DEVNULL,
        stdout=log,
        stderr=log,
        start_new_session=True,
    )
    log.close()


def _context() -> dict:
    state = run_status.read_status()
    running = run_status.is_running() or state.get("phase") == "start" and state.get("state") == "running"
    return {"status": state, "running": running, "destination": settings.PUBLISH_TO}


@organizer_required
@require_http_methods(["GET", "POST"])
def publish(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        if not settings.PUBLISH_TO:
            messages.error(request, _("No destination is set: set PUBLISH_TO (see docs/server.md)."))
        elif run_status.is_running():
            messages.info(request, _("Publishing is already under way."))
        else:
            _start_run()
        return redirect("publish")
    return render(request, "online/publish.html", _context())


@organizer_required
@require_GET
@never_cache
def publish_progress(request: HttpRequest) -> HttpResponse:
    return render(request, "online/publish.html#progress", _context())


@require_GET
@never_cache
def health(request: HttpRequest) -> JsonResponse:
    checks = app_health.health()
    ok = all(checks.values())
    return JsonResponse({"status": "ok" if ok else "unavailable", **checks}, status=200 if ok else 503)
