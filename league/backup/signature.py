"""A backup's signature: an HMAC-SHA256 of its text, keyed by the league's secret key.

The league's secret is `SECRET_KEY` when one is set (production); on a venue laptop, where the settings
fall back to Django's public development key, it is the key `manage.py venue` serves with, kept in
`.venue-secret-key` in DATA_DIR beside the database (made now if the venue never ran). Whoever edits a file without
that key cannot sign it again, so `restore` tells an edited file (an account added, a name changed)
from one `backup` wrote. The keys in `SECRET_KEY_FALLBACKS` still verify older files after a change of key.
"""

from __future__ import annotations

import hmac
import os
import secrets
from pathlib import Path

from django.conf import settings
from django.utils.crypto import salted_hmac

PREFIX = "hmac-sha256:"
_SALT = "league.backup.signature"


def venue_secret_file() -> Path:
    """Where `manage.py venue` keeps the key it serves with (its SECRET_FILE; tests point it elsewhere)."""
    return Path(settings.DATA_DIR) / ".venue-secret-key"


def uses_venue_key() -> bool:
    """No secret key of its own was given: the development key of the settings is public."""
    return settings.SECRET_KEY.startswith("django-insecure-")


def _venue_key() -> str:
    path = venue_secret_file()
    if path.exists() and path.read_text().strip():
        return path.read_text().strip()
    key = secrets.token_urlsafe(50)  # as `manage.py venue` makes it: the venue will serve with this one
    with open(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as handle:  # never readable by others
        handle.write(key + "\n")
    return key


def _keys() -> list[str]:
    if uses_venue_key():
        return [_venue_key()]
    return [settings.SECRET_KEY, *getattr(settings, "SECRET_KEY_FALLBACKS", [])]


def sign(text: str) -> str:
    return PREFIX + salted_hmac(_SALT, text, secret=_keys()[0], algorithm="sha256").hexdigest()


def verifies(text: str, signature: object) -> bool:
    """The signature is one of ours over exactly this text."""
    if not isinstance(signature, str) or not signature.startswith(PREFIX):
        return False
    return any(
        hmac.compare_digest(signature, PREFIX + salted_hmac(_SALT, text, secret=key, algorithm="sha256").hexdigest())
        for key in _keys()
    )
