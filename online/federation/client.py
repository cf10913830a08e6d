"""The laptop's side of the wire: one signed request to its league's server, over HTTPS (or HTTP on a
loopback address in tests), with a timeout, and every failure as a `LinkError` whose message the organizer
reads as it is (German at the venue). The server's certificate is checked against the system's authorities;
a league with a certificate of its own points `SSL_CERT_FILE` at it (docs/server.md)."""

from __future__ import annotations

import json
import ssl
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from django.utils.translation import gettext as _

from online.federation import auth
from online.models import LeagueLink

__all__ = ["TIMEOUT_SECONDS", "LinkError", "request"]

TIMEOUT_SECONDS = 30
# An answer larger than this is not the league's: the pre-night fetch of a league of 100 venues is a few MB.
MAX_ANSWER_BYTES = 64 * 1024 * 1024


class LinkError(Exception):
    """The request did not do what it should; `str()` says why, in words for the organizer."""


def _url(server_url: str, path: str) -> str:
    return urllib.parse.urljoin(server_url.rstrip("/") + "/", path.lstrip("/"))


def request(
    link: LeagueLink | None,
    method: str,
    path: str,
    *,
    body: bytes = b"",
    server_url: str | None = None,
    content_type: str = "application/json",
    timeout: float = TIMEOUT_SECONDS,
) -> Any:
    """Send one request and return the server's JSON answer. `link` signs it (None: unsigned, for joining,
    with `server_url`). A refusal by the server raises LinkError with the server's own words."""
    base = server_url or (link.server_url if link else "")
    url = _url(base, path)
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("https", "http") or not parts.hostname:
        raise LinkError(_("The league server's address must start with https:// (%(url)s).") % {"url": base})
    signed_path = parts.path + (f"?{parts.query}" if parts.query else "")
    headers = {"Content-Type": content_type, "Accept": "application/json"}
    if link is not None:
        headers.update(auth.signed_headers(link, method, signed_path, body))
    data = body if method.upper() in ("POST", "PUT") else None
    outgoing = urllib.request.Request(url, data=data, method=method.upper(), headers=headers)
    context = ssl.create_default_context() if parts.scheme == "https" else None
    try:
        with urllib.request.urlopen(outgoing, timeout=timeout, context=context) as answer:
            raw = answer.read(MAX_ANSWER_BYTES + 1)
    except urllib.error.HTTPError as refusal:
        raise LinkError(_refusal_words(refusal)) from None
    except TimeoutError:
        raise LinkError(_("The league server did not answer in time: try again later; nothing is lost.")) from None
    except (urllib.error.URLError, OSError) as error:
        raise LinkError(_failure_words(error)) from None
    if len(raw) > MAX_ANSWER_BYTES:
        raise LinkError(_("The league server's answer is too large: nothing was changed."))
    try:
        return json.loads(raw)
    except ValueError:
        raise LinkError(_("The league server gave an answer that is not the league's: nothing was changed.")) from None


def _failure_words(error: OSError) -> str:
    """Only a certificate that fails its check is the certificate's fault; a line that drops during the
    handshake (an SSL error too: the other end went away) is a line that is down."""
    reason = getattr(error, "reason", error)
    if isinstance(reason, ssl.SSLCertVerificationError):
        return _("The league server's certificate could not be checked (%(reason)s): nothing was sent.") % {
            "reason": reason.verify_message or reason.reason or reason
        }
    if isinstance(reason, ssl.SSLError):
        reason = reason.reason or reason
    return _(
        "The league server cannot be reached (%(reason)s): try again when the laptop is online; nothing is lost."
    ) % {"reason": reason}


def _refusal_words(refusal: urllib.error.HTTPError) -> str:
    try:
        message = json.loads(refusal.read(65536)).get("error")
    except (ValueError, AttributeError, OSError):
        message = None
    if isinstance(message, str) and message:
        return message
    return _("The league server refused the request (HTTP %(status)s): nothing was changed.") % {"status": refusal.code}
