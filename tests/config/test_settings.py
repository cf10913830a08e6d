"""config/settings.py is configured by the environment, and only by it.

Each test imports the settings in a fresh interpreter, since settings are read
once per process, with an environment that holds only what the test sets.
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.subprocess  # each test reads the settings in a fresh interpreter

REPO_ROOT = Path(__file__).resolve().parents[2]

# Every variable config/settings.py reads; none may leak in from the caller
# (the PostgreSQL leg of CI sets DATABASE_URL, for one).
SETTINGS_VARIABLES = {
    "DATABASE_URL",
    "DATA_DIR",
    "PUBLIC_URL",
    "HAND_STATS_CACHE_DIR",
    "LIVE_CACHE_DIR",
    "DEBUG",
    "SECRET_KEY",
    "ALLOWED_HOSTS",
    "CSRF_TRUSTED_ORIGINS",
    "CONN_MAX_AGE",
    "TIME_ZONE",
    "CURRENCY",
    "LOG_LEVEL",
    "SECURE_SSL_REDIRECT",
    "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SECURE_HSTS_PRELOAD",
    "SECURE_COOKIES",
    "SQLITE_TIMEOUT",
    "PREPARED_STATEMENTS",
    "DJANGO_SETTINGS_MODULE",
}

_PRINT_SETTINGS = """
import json
import django
from django.conf import settings
django.setup()
db = settings.DATABASES["default"]
print(json.dumps({
    "ENGINE": db["ENGINE"],
    "NAME": str(db["NAME"]),
    "HOST": db.get("HOST", ""),
    "PORT": db.get("PORT", ""),
    "USER": db.get("USER", ""),
    "CONN_MAX_AGE": db["CONN_MAX_AGE"],
    "OPTIONS": db.get("OPTIONS", {}),
    "DEBUG": settings.DEBUG,
    "ALLOWED_HOSTS": settings.ALLOWED_HOSTS,
    "CSRF_TRUSTED_ORIGINS": settings.CSRF_TRUSTED_ORIGINS,
}))
"""


def _run(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    clean = {name: value for name, value in os.environ.items() if name not in SETTINGS_VARIABLES}
    clean["DJANGO_SETTINGS_MODULE"] = "config.settings"
    clean.update(env)
    return subprocess.run(
        [sys.executable, *args],
        cwd=REPO_ROOT,
        env=clean,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _settings(**env: str) -> dict:
    result = _run(["-c", _PRINT_SETTINGS], **env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def _settings_error(**env: str) -> str:
    result = _run(["-c", _PRINT_SETTINGS], **env)
    assert result.returncode != 0, f"settings loaded with {env}: {result.stdout}"
    return result.stderr


def _production_secret() -> str:
    return secrets.token_urlsafe(64)


def test_with_no_environment_it_runs_on_sqlite_in_the_project_folder() -> None:
    values = _settings()

    assert values["ENGINE"] == "django.db.backends.sqlite3"
    assert Path(values["NAME"]) == REPO_ROOT / "db.sqlite3"
    assert values["DEBUG"] is True


def test_an_empty_database_url_is_the_default_sqlite_file() -> None:
    values = _settings(DATABASE_URL=" ")

    assert values["ENGINE"] == "django.db.backends.sqlite3"
    assert Path(values["NAME"]) == REPO_ROOT / "db.sqlite3"


def test_database_url_switches_to_postgresql() -> None:
    values = _settings(DATABASE_URL="postgres://u:p@h:5432/db")

    assert values["ENGINE"] == "django.db.backends.postgresql"
    assert values["NAME"] == "db"
    assert values["HOST"] == "h"
    assert values["USER"] == "u"
    assert int(values["PORT"]) == 5432
    assert (
        values["OPTIONS"]["prepare_threshold"] == 0
    )  # the tracker's statements are prepared (tournaments/tracker/prepared.py)


def test_connections_live_an_hour_unless_told_otherwise() -> None:
    assert _settings()["CONN_MAX_AGE"] == 3600  # not a wave of reconnections every minute (settings.py)
    assert _settings(DATABASE_URL="postgres://u:p@h:5432/db", CONN_MAX_AGE="0")["CONN_MAX_AGE"] == 0
    assert "CONN_MAX_AGE" in _settings_error(CONN_MAX_AGE="an hour")


def test_prepared_statements_can_be_turned_off_for_a_pooler() -> None:
    values = _settings(DATABASE_URL="postgres://u:p@h:5432/db", PREPARED_STATEMENTS="0")
    assert values["OPTIONS"]["prepare_threshold"] is None
    assert "prepare_threshold" not in _settings()["OPTIONS"]  # SQLite: nothing to prepare
    assert "PREPARED_STATEMENTS" in _settings_error(
        DATABASE_URL="postgres://u:p@h:5432/db", PREPARED_STATEMENTS="maybe"
    )


def test_debug_off_without_a_secret_key_refuses_to_start() -> None:
    stderr = _settings_error(DEBUG="0")

    assert "ImproperlyConfigured" in stderr
    assert "SECRET_KEY" in stderr


def test_a_debug_value_that_is_not_a_boolean_refuses_to_start() -> None:
    stderr = _settings_error(DEBUG="maybe")

    assert "ImproperlyConfigured" in stderr
    assert "DEBUG" in stderr


def test_debug_off_with_a_secret_key_starts_with_debug_off() -> None:
    values = _settings(DEBUG="0", SECRET_KEY=_production_secret(), ALLOWED_HOSTS="league.example")

    assert values["DEBUG"] is False
    assert values["ALLOWED_HOSTS"] == ["league.example"]


def test_allowed_hosts_is_a_comma_separated_list() -> None:
    values = _settings(ALLOWED_HOSTS="a.example,b.example")

    assert values["ALLOWED_HOSTS"] == ["a.example", "b.example"]


def test_csrf_trusted_origins_is_a_comma_separated_list() -> None:
    values = _settings(CSRF_TRUSTED_ORIGINS="https://a.example, https://b.example")

    assert values["CSRF_TRUSTED_ORIGINS"] == ["https://a.example", "https://b.example"]


def test_the_deployment_checklist_passes_with_production_settings() -> None:
    result = _run(
        ["manage.py", "check", "--deploy"],
        DEBUG="0",
        SECRET_KEY=_production_secret(),
        ALLOWED_HOSTS="league.example",
        PUBLIC_URL="https://league.example",  # without it, check --deploy warns (online.W001)
    )

    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "System check identified no issues" in output, output
    assert "WARNINGS" not in output, output


def test_data_dir_holds_what_the_app_writes_and_is_made_private(tmp_path) -> None:
    data = tmp_path / "var" / "league"
    script = (
        "import json, django; from django.conf import settings; django.setup(); "
        'print(json.dumps({"NAME": str(settings.DATABASES["default"]["NAME"]), "CACHE": settings.CACHES["hand_stats"]["LOCATION"]}))'
    )
    result = _run(["-c", script], DATA_DIR=str(data))
    assert result.returncode == 0, result.stderr
    values = json.loads(result.stdout)
    assert Path(values["NAME"]) == data / "db.sqlite3"
    assert Path(values["CACHE"]) == data / ".cache" / "hand-stats"
    assert data.is_dir() and data.stat().st_mode & 0o777 == 0o700


def test_check_deploy_warns_when_public_url_is_missing_or_loopback(tmp_path) -> None:
    server = {
        "DEBUG": "0",
        "SECRET_KEY": _production_secret(),
        "ALLOWED_HOSTS": "league.example.org",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "DATA_DIR": str(tmp_path),
    }
    missing = _run(["manage.py", "check", "--deploy"], **server)
    assert "online.W001" in missing.stdout + missing.stderr and "PUBLIC_URL is not set" in missing.stderr
    loopback = _run(["manage.py", "check", "--deploy"], **server, PUBLIC_URL="http://127.0.0.1:8000")
    assert "online.W002" in loopback.stderr
    good = _run(["manage.py", "check", "--deploy"], **server, PUBLIC_URL="https://league.example.org")
    assert good.returncode == 0 and "online.W00" not in good.stdout + good.stderr
    assert "System check identified no issues" in good.stdout, good.stdout + good.stderr
