"""A real league's first evening starts clean: `manage.py venue` on an empty database makes no demo, makes the
first organizer account, and tells the organizer in German how to log in.

The server is the real one (migrate, collectstatic, gunicorn) on 127.0.0.2, reached as a phone would; the
database is read back with sqlite3, as the server's own file.
"""

from __future__ import annotations

import http.cookiejar
import io
import re
import sqlite3
import urllib.parse
import urllib.request

import pytest

from league.accounts.first_login import FirstLogin
from league.management.commands.venue import Command
from league.venue import VenuePlan
from tests.benchmarks.support.phone_client import start_venue_server

HOST = "127.0.0.2"
# What the console said in English before (and gunicorn's own notes): none of it may show.
ENGLISH = (
    "The league is served",
    "Organizer:",
    "Stop with",
    "No organizer login",
    "setup_demo",
    "Listening at",
    "Booting worker",
    "Starting gunicorn",
)


def _rows(db, sql: str) -> list[tuple]:
    with sqlite3.connect(db) as connection:
        return connection.execute(sql).fetchall()


def _log_in(base: str, username: str, password: str) -> str:
    """Through the login form, as the organizer's browser does; the organizer page it then opens."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    form = opener.open(f"{base}/accounts/login/?next=/organizer/", timeout=10).read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form).group(1)
    data = urllib.parse.urlencode(
        {"csrfmiddlewaretoken": token, "username": username, "password": password, "next": "/organizer/"}
    ).encode()
    request = urllib.request.Request(
        f"{base}/accounts/login/", data=data, headers={"Referer": f"{base}/accounts/login/"}
    )
    return opener.open(request, timeout=10).read().decode()


@pytest.mark.server
def test_the_venue_on_an_empty_database_makes_only_the_first_organizer_and_says_in_german_how_to_log_in(tmp_path):
    db = tmp_path / "league.sqlite3"
    server = start_venue_server(str(db), hosts=(HOST,), log_dir=str(tmp_path))
    try:
        log = server.log()
        home = urllib.request.urlopen(server.url(HOST) + "/", timeout=10).read().decode()
        password = re.search(r"Passwort: (\S+)", log).group(1)
        organizer_page = _log_in(server.url(HOST), "organizer", password)
    finally:
        server.stop()

    assert "Das erste Organisator-Konto ist angelegt. Anmelden mit:" in log
    assert "Benutzername: organizer" in log and "Beenden mit Strg+C." in log
    assert f"Organisator: {server.url(HOST)}/" in log
    assert "Noch keine Saison" in log
    assert not [phrase for phrase in ENGLISH if phrase in log], log
    assert "Alles in Ordnung" in log and "Neu aufgebaut" not in log and "Reparatur" not in log  # nothing to repair
    login_files = list(tmp_path.glob("organizer-login-*"))
    assert len(login_files) == 1 and password in login_files[0].read_text()

    assert _rows(db, "SELECT count(*) FROM league_season") == [(0,)]
    assert _rows(db, "SELECT count(*) FROM league_player") == [(0,)]
    assert _rows(db, "SELECT username, is_staff, is_active FROM auth_user") == [("organizer", 1, 1)]

    assert '<html lang="de"' in home and "Willkommen!" in home  # `/` answers in German
    assert "Erste Saison anlegen" in organizer_page or "Neue Saison" in organizer_page  # the printed login works


def _announce(settings, language: str, login: FirstLogin) -> str:
    settings.LANGUAGE_CODE = language
    plan = VenuePlan(
        binds=("0.0.0.0:8000",),
        phone_addresses=("http://192.168.178.23:8000/",),
        env={"PUBLIC_URL": "http://192.168.178.23:8000"},
    )
    command = Command(stdout=io.StringIO())
    command._announce(plan, login)  # the tests' own language is English: the setting decides
    return command.stdout.getvalue()


@pytest.mark.django_db
def test_with_the_language_set_to_english_the_console_speaks_english(settings, tmp_path):
    login = FirstLogin("organizer", "abcd-efgh-jkmn", created=True, file=tmp_path / ".organizer-login")

    english = _announce(settings, "en", login)
    german = _announce(settings, "de", login)

    assert "The first organizer account has been created. Log in with:" in english
    assert "Password: abcd-efgh-jkmn" in english and "http://192.168.178.23:8000/" in english
    assert "Phones and the TV on the same Wi-Fi can use:" in english
    assert "Handys und der Fernseher im selben WLAN erreichen sie unter:" in german
    assert "Passwort: abcd-efgh-jkmn" in german and "Password" not in german
