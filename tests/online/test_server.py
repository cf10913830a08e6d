"""What a server on the internet needs from the app itself: the health endpoint, German error pages, a wrong
Host without a traceback, private files for secrets, and `manage.py serve`'s server."""

from __future__ import annotations

import json
import logging
import os

import pytest
from django.core.management import call_command

from config import server
from league.venue import server_arguments
from online import health

pytestmark = pytest.mark.django_db


def test_health_answers_ok_with_nothing_private(client):
    response = client.get("/health/")
    assert response.status_code == 200
    assert json.loads(response.content) == {"status": "ok", "database": True, "migrations": True, "data_folder": True}
    assert response["Cache-Control"].startswith("max-age=0")


def test_health_answers_503_when_the_data_folder_cannot_be_written(client, settings, tmp_path):
    settings.DATA_DIR = tmp_path / "missing" / "folder"
    response = client.get("/health/")
    assert response.status_code == 503
    body = json.loads(response.content)
    assert body == {"status": "unavailable", "database": True, "migrations": True, "data_folder": False}
    assert str(tmp_path) not in response.content.decode()


def test_health_sees_a_migration_not_applied(monkeypatch):
    class Unapplied:
        def __init__(self, connection):
            self.loader = type("L", (), {"graph": type("G", (), {"leaf_nodes": lambda self: []})()})()

        def migration_plan(self, targets):
            return [("league", "9999_new")]

    monkeypatch.setattr(health, "MigrationExecutor", Unapplied)
    assert health.health()["migrations"] is False


@pytest.mark.parametrize(("language", "words"), [("de", "Seite nicht gefunden"), ("en", "Page not found")])
def test_a_missing_page_is_a_page_of_the_league_in_the_visitor_s_language(client, settings, language, words):
    settings.DEBUG = False
    response = client.get("/gibt-es-nicht/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 404
    assert words in response.content.decode() and f'<html lang="{language}">' in response.content.decode()


def test_a_page_for_organizers_only_is_refused_in_german(client, django_user_model, settings):
    settings.DEBUG = False
    user = django_user_model.objects.create_user("gast", password="x-1234567")
    client.force_login(user)
    response = client.get("/organizer/", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 403 and "Nicht erlaubt" in response.content.decode()


def test_an_unknown_host_is_a_german_400_and_one_log_line_without_a_traceback(client, settings, caplog):
    settings.DEBUG = False
    settings.ALLOWED_HOSTS = ["league.example.org"]
    logger = logging.getLogger("django.security.DisallowedHost")
    logger.addHandler(caplog.handler)  # the settings keep it from propagating to the root, where caplog listens
    try:
        response = client.get("/", HTTP_HOST="evil.example", HTTP_ACCEPT_LANGUAGE="de")
    finally:
        logger.removeHandler(caplog.handler)
    assert response.status_code == 400 and "Nicht angenommen" in response.content.decode()
    records = [r for r in caplog.records if r.name == "django.security.DisallowedHost"]
    assert len(records) == 1 and "evil.example" in records[0].getMessage()
    # The handler the settings give this logger drops the traceback before it is written.
    from config.log import WithoutTraceback

    record = records[0]
    assert WithoutTraceback().filter(record) and record.exc_info is None
    assert logger.propagate is False
    assert [type(f).__name__ for h in logger.handlers for f in h.filters] == ["WithoutTraceback"]


def test_the_demo_login_file_is_readable_by_its_owner_only(tmp_path, settings):
    login = tmp_path / "login"
    settings.ORGANIZER_LOGIN_FILE = login
    with open(os.devnull, "w") as quiet:
        call_command("setup_demo", stdout=quiet)
    assert login.stat().st_mode & 0o777 == 0o600


def test_serve_runs_the_apps_server_that_reads_requests_whole_before_a_thread_takes_them():
    arguments = server_arguments(binds=["127.0.0.1:8001"], threads=64)
    assert arguments == ["config.server", "--bind", "127.0.0.1:8001", "--threads", "64"]
    # waitress, with the venue's cap on connections per client (the proxy is exempt from it).
    assert issubclass(server.GuardedTcpServer.channel_class, server.VenueChannel)
    settings = server.adjustments(binds=["unix:/run/league/league.sock"], threads=64, connection_limit=1000)
    assert settings["unix_socket"] == "/run/league/league.sock" and "listen" not in settings
    with pytest.raises(ValueError):
        server.adjustments(binds=["unix:/run/a.sock", "127.0.0.1:8001"], threads=64, connection_limit=1000)
