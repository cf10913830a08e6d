"""`manage.py check --deploy`: what a server on the internet must have set that Django's own checks miss."""

from __future__ import annotations

import os

from django.conf import settings
from django.core.checks import Tags, Warning, register

from league.web.public_url import is_loopback


@register(Tags.security, deploy=True)
def public_url_set(app_configs=None, **kwargs) -> list[Warning]:
    """Dealer links, QR codes and printed sheets are built from PUBLIC_URL: its default is this machine only."""
    if not os.environ.get("PUBLIC_URL", "").strip():
        return [
            Warning(
                "PUBLIC_URL is not set: dealer links, QR codes and sheets point to http://127.0.0.1:8000.",
                hint="Set PUBLIC_URL to the address visitors use, e.g. https://league.example.org.",
                id="online.W001",
            )
        ]
    if is_loopback(settings.PUBLIC_URL):
        return [
            Warning(
                f"PUBLIC_URL is {settings.PUBLIC_URL}: only this machine can open its links and QR codes.",
                hint="Set PUBLIC_URL to the address visitors use, e.g. https://league.example.org.",
                id="online.W002",
            )
        ]
    return []
