"""`manage.py organizer_password [USERNAME]`: a lost organizer password set anew on the league's laptop, shown once
in the venue's language and kept in the database's login file; an unknown name changes nothing and says why."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.http import HttpRequest

from league.accounts.first_login import read_login_file

pytestmark = pytest.mark.django_db


def _logs_in(username: str, password: str) -> bool:
    return (
        authenticate(HttpRequest(), username=username, password=password) is not None
    )  # django-axes needs the request


def _run(*args: str) -> str:
    out = io.StringIO()
    call_command("organizer_password", *args, stdout=out)
    return out.getvalue()


@pytest.fixture
def german(settings, tmp_path):
    settings.LANGUAGE_CODE = "de"
    settings.ORGANIZER_LOGIN_FILE = tmp_path / ".organizer-login"
    return settings.ORGANIZER_LOGIN_FILE


def test_the_only_organizer_gets_a_new_password_shown_once_in_german_that_logs_in(german, organizer):
    out = _run()

    assert "Neues Passwort gesetzt. Anmelden mit:" in out and "Benutzername: organizer" in out
    password = out.split("Passwort: ", 1)[1].split()[0]
    assert f"es steht auch in {german}" in out and "Das alte Passwort gilt nicht mehr" in out
    assert "Password" not in out and "Username" not in out
    assert _logs_in("organizer", password) and not _logs_in("organizer", organizer.raw_password)
    assert read_login_file(german) == ("organizer", password)


def test_of_several_organizers_the_one_named_gets_it_and_the_others_keep_theirs(german, organizer):
    get_user_model().objects.create_user("petra", password="Tisch-Sieben-2026!", is_staff=True)
    with pytest.raises(CommandError, match="Es gibt mehrere Organisator-Konten \\(organizer, petra\\)"):
        _run()

    out = _run("petra")

    password = out.split("Passwort: ", 1)[1].split()[0]
    assert _logs_in("petra", password) and _logs_in("organizer", organizer.raw_password)


def test_an_unknown_name_or_a_player_s_account_is_refused_in_german_and_changes_nothing(german, organizer):
    get_user_model().objects.create_user("gast", password="Gast-Passwort-2026")
    before = list(get_user_model().objects.order_by("pk").values_list("password", flat=True))

    for name in ("nobody", "gast"):
        with pytest.raises(
            CommandError, match=f"Es gibt kein Organisator-Konto „{name}“ \\(die Organisator-Konten: organizer\\)"
        ):
            _run(name)

    assert list(get_user_model().objects.order_by("pk").values_list("password", flat=True)) == before
    assert not german.exists()


def test_without_any_organizer_it_points_to_the_first_start(german):
    with pytest.raises(CommandError, match="Es gibt noch kein Organisator-Konto: `manage.py venue` legt das erste an"):
        _run()
