"""The venue's settings: one public address for every link, SQLite that queues its writers."""

from __future__ import annotations

import json

import pytest

from tests.config.test_settings import _run, _settings_error

pytestmark = pytest.mark.subprocess  # each test reads the settings in a fresh interpreter

_PRINT_VENUE_SETTINGS = """
import json
import django
from django.conf import settings
from django.db import connection
django.setup()
with connection.cursor() as cursor:
    cursor.execute("PRAGMA journal_mode")
    journal = cursor.fetchone()[0]
    cursor.execute("PRAGMA busy_timeout")
    busy_ms = cursor.fetchone()[0]
print(json.dumps({
    "PUBLIC_URL": settings.PUBLIC_URL,
    "OPTIONS": settings.DATABASES["default"].get("OPTIONS", {}),
    "journal": journal,
    "busy_ms": busy_ms,
    "transaction_mode": getattr(connection, "transaction_mode", None),
    "cookies_secure": [settings.SESSION_COOKIE_SECURE, settings.CSRF_COOKIE_SECURE],
    "middleware": settings.MIDDLEWARE,
}))
"""


def _venue_settings(**env: str) -> dict:
    result = _run(["-c", _PRINT_VENUE_SETTINGS], **env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_links_default_to_the_readme_address_and_public_url_sets_them(tmp_path) -> None:
    db = f"sqlite:///{tmp_path / 'a.sqlite3'}"
    assert _venue_settings(DATABASE_URL=db)["PUBLIC_URL"] == "http://127.0.0.1:8000"
    assert (
        _venue_settings(DATABASE_URL=db, PUBLIC_URL="http://192.168.1.20:8000/")["PUBLIC_URL"]
        == "http://192.168.1.20:8000"
    )


def test_a_public_url_that_is_not_an_address_refuses_to_start() -> None:
    for bad in (
        "192.168.1.20:8000",
        "ftp://laptop.local",
        "http://laptop.local/league",
        "http://:8000",
        "http://a:port",
    ):
        stderr = _settings_error(PUBLIC_URL=bad)
        assert "ImproperlyConfigured" in stderr and "PUBLIC_URL" in stderr, bad


def test_sqlite_runs_in_wal_with_a_busy_timeout_and_writes_that_lock_when_they_begin(tmp_path) -> None:
    values = _venue_settings(DATABASE_URL=f"sqlite:///{tmp_path / 'night.sqlite3'}", SQLITE_TIMEOUT="7")

    assert values["journal"] == "wal"
    assert values["busy_ms"] == 7000
    assert values["transaction_mode"] == "IMMEDIATE"
    assert "synchronous=NORMAL" in values["OPTIONS"]["init_command"]


def test_postgresql_gets_none_of_the_sqlite_options() -> None:
    result = _run(
        [
            "-c",
            "import django; from django.conf import settings; django.setup(); "
            "print(settings.DATABASES['default'].get('OPTIONS', {}))",
        ],
        DATABASE_URL="postgres://u:p@h:5432/db",
    )
    assert result.returncode == 0, result.stderr
    assert "transaction_mode" not in result.stdout and "init_command" not in result.stdout


def test_cookies_are_secure_in_production_unless_the_venue_serves_plain_http(tmp_path) -> None:
    db = f"sqlite:///{tmp_path / 'a.sqlite3'}"
    production = _venue_settings(DATABASE_URL=db, DEBUG="0", SECRET_KEY="x" * 60)
    venue = _venue_settings(DATABASE_URL=db, DEBUG="0", SECRET_KEY="x" * 60, SECURE_COOKIES="0")

    assert production["cookies_secure"] == [True, True]
    assert venue["cookies_secure"] == [False, False]
    assert "league.web.compression.GZipMiddleware" in production["middleware"]
