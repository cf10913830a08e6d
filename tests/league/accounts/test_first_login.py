"""The league's first organizer account (league/accounts/first_login.py): made once, told once, kept."""
from __future__ import annotations

import stat

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.http import HttpRequest

from league.accounts.first_login import ALPHABET, ensure_first_organizer, read_login_file

pytestmark = pytest.mark.django_db


def _logs_in(username: str, password: str) -> bool:
    return authenticate(HttpRequest(), username=username, password=password) is not None  # django-axes needs the request


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
