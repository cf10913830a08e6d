"""Absolute links for phones and paper, all from settings.PUBLIC_URL.

A QR code on the TV or on a printed sheet must open on a phone in the pub, so
it is never built from the host the organizer's own browser happens to use
(often 127.0.0.1). `manage.py venue` sets PUBLIC_URL to the laptop's LAN address.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from django.conf import settings
from django.urls import reverse


def public_url(path: str) -> str:
    """`path` (from `reverse`, starting with a slash) on the configured public address."""
    return settings.PUBLIC_URL.rstrip("/") + path


def public_reverse(viewname: str, *args) -> str:
    return public_url(reverse(viewname, args=args))


def is_loopback(url: str) -> bool:
    """True when only this machine can open `url` (127.0.0.0/8, ::1, localhost)."""
    host = (urlsplit(url).hostname or "").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def public_url_is_loopback() -> bool:
    return is_loopback(settings.PUBLIC_URL)
