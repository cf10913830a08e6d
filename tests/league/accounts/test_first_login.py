"""The league's first organizer account (league/accounts/first_login.py): made once, told once, kept."""

from __future__ import annotations

import stat

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.http import HttpRequest

from league.accounts.first_login import ALPHABET, ensure_first_organizer, login_file, login_file_for, read_login_file

pytestmark = pytest.mark.django_db


def _logs_in(username: str, password: str) -> bool:
    return (
        authenticate(HttpRequest(), username=username, password=password) is not None
    )  # django-axes needs the request


def test_a_database_without_organizers_gets_one_whose_password_is_shown_once_and_kept_private(tmp_path):
    path = tmp_path / ".organizer-login"

    first = ensure_first_organizer(path)

    assert first.created and first.username == "organizer" and first.file == path
    assert len(first.password) == 14 and set(first.password) <= set(ALPHABET + "-")
    user = get_user_model().objects.get()
    assert user.is_staff and user.is_active and _logs_in("organizer", first.password)
    assert read_login_file(path) == ("organizer", first.password)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600

    again = ensure_first_organizer(path)  # the next start
    assert not again.created and again.password is None and again.file == path
    assert get_user_model().objects.count() == 1 and _logs_in("organizer", first.password)


def test_a_league_with_an_organizer_gets_no_account_and_no_file(tmp_path, organizer):
    path = tmp_path / ".organizer-login"

    login = ensure_first_organizer(path)

    assert not login.created and login.password is None and login.file is None and login.username == "organizer"
    assert not path.exists() and get_user_model().objects.count() == 1
    assert organizer.__class__.objects.get().check_password(organizer.raw_password)  # untouched


def test_once_the_password_is_changed_the_file_is_no_longer_offered(tmp_path):
    path = tmp_path / ".organizer-login"
    ensure_first_organizer(path)
    user = get_user_model().objects.get()
    user.set_password("Tisch-Sieben-2026!")
    user.save()

    assert ensure_first_organizer(path).file is None


def test_the_file_of_an_earlier_version_held_the_password_alone(tmp_path):
    path = tmp_path / "login"
    path.write_text("abc-def\n")
    assert read_login_file(path) == ("organizer", "abc-def")
    path.write_text("Benutzername: petra\nPasswort: abcd-efgh-jkmn\n")
    assert read_login_file(path) == ("petra", "abcd-efgh-jkmn")


SQLITE = "django.db.backends.sqlite3"
POSTGRES = "django.db.backends.postgresql"


def test_the_default_database_keeps_its_login_in_dot_organizer_login_and_every_other_in_a_file_of_its_own(tmp_path):
    default = login_file_for({"ENGINE": SQLITE, "NAME": str(tmp_path / "db.sqlite3")}, tmp_path)
    demo = login_file_for({"ENGINE": SQLITE, "NAME": str(tmp_path / "demo.sqlite3")}, tmp_path)
    elsewhere = login_file_for({"ENGINE": SQLITE, "NAME": str(tmp_path / "copy" / "db.sqlite3")}, tmp_path)
    league = login_file_for({"ENGINE": POSTGRES, "NAME": "liga", "HOST": "localhost", "PORT": 5432}, tmp_path)
    other_server = login_file_for({"ENGINE": POSTGRES, "NAME": "liga", "HOST": "db.example", "PORT": 5432}, tmp_path)

    assert default == tmp_path / ".organizer-login"  # where it always was: the README and the handbook stay true
    assert demo.parent == tmp_path and demo.name.startswith(".organizer-login-demo-")
    assert league.name.startswith(".organizer-login-liga-")
    assert len({default, demo, elsewhere, league, other_server}) == 5


def test_organizer_login_file_wins_over_the_database_s_own(settings, tmp_path):
    settings.ORGANIZER_LOGIN_FILE = tmp_path / "chosen"
    assert login_file({"ENGINE": SQLITE, "NAME": str(tmp_path / "demo.sqlite3")}) == tmp_path / "chosen"
    settings.ORGANIZER_LOGIN_FILE, settings.DATA_DIR = None, tmp_path
    assert login_file({"ENGINE": SQLITE, "NAME": str(tmp_path / "db.sqlite3")}) == tmp_path / ".organizer-login"


def test_a_second_database_s_first_organizer_never_writes_over_the_real_league_s_login(settings, tmp_path):
    settings.ORGANIZER_LOGIN_FILE, settings.DATA_DIR = None, tmp_path
    league = ensure_first_organizer(login_file({"ENGINE": SQLITE, "NAME": str(tmp_path / "db.sqlite3")}))
    kept = league.file.read_text()
    get_user_model().objects.all().delete()  # the second database: nobody can log in there yet

    demo = ensure_first_organizer(login_file({"ENGINE": SQLITE, "NAME": str(tmp_path / "demo.sqlite3")}))

    assert demo.created and demo.file != league.file
    assert league.file.read_text() == kept and read_login_file(league.file) == ("organizer", league.password)
    assert read_login_file(demo.file) == ("organizer", demo.password)
