"""`manage.py setup_demo`: a demo league for trying the app, marked as the demo, never the real league's."""

import datetime
import io
import re

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command
from django.http import HttpRequest
from django.utils import timezone

from league.models import Entry, Night, Player, Season
from league.seasons import services as seasons
from tests.league.factories import make_season
from tournaments.models import Placement

pytestmark = pytest.mark.django_db


def _run() -> str:
    out = io.StringIO()
    call_command("setup_demo", stdout=out)
    return out.getvalue()


def test_the_demo_can_be_set_up_twice_keeping_its_data_and_login(settings, tmp_path):
    settings.ORGANIZER_LOGIN_FILE = tmp_path / "login"
    first = _run()
    counts = (Season.objects.count(), Player.objects.count(), Night.objects.count(), Entry.objects.count())
    second = _run()
    assert counts == (Season.objects.count(), Player.objects.count(), Night.objects.count(), Entry.objects.count())
    assert Player.objects.count() == 24 and Placement.objects.exists()
    # In the venue's language; the login is shown when it is made, and the second run says where it is kept.
    assert first.startswith("Demo-Daten sind angelegt.")
    password = re.search(r"Organisator-Anmeldung: organizer / (\S+)", first).group(1)
    assert password not in second and f"das Passwort steht in {tmp_path / 'login'}" in second
    user = authenticate(HttpRequest(), username="organizer", password=password)  # django-axes needs the request
    assert user is not None and user.is_staff


def test_everything_the_demo_makes_is_marked_as_the_demo(settings, tmp_path):
    settings.ORGANIZER_LOGIN_FILE = tmp_path / "login"
    _run()
    assert list(Season.objects.values_list("is_demo", flat=True)) == [True]
    assert set(Player.objects.values_list("is_demo", flat=True)) == {True}


def test_the_demo_keeps_to_its_own_season_and_leaves_the_leagues_accounts_alone(settings, tmp_path, organizer):
    """A real Friday season running today: the demo adds nothing to it, and the organizer's password stays."""
    settings.ORGANIZER_LOGIN_FILE = tmp_path / "login"
    today = timezone.localdate()
    friday = make_season(
        name="Freitagsliga",
        start_date=today - datetime.timedelta(days=3),
        end_date=today + datetime.timedelta(days=90),
        weekday=4,
    )

    output = _run()

    assert not friday.nights.exists() and not Entry.objects.filter(night__season=friday).exists()
    assert Season.objects.get(is_demo=True).name.startswith("Demo-Saison")
    organizer.refresh_from_db()
    assert organizer.check_password(organizer.raw_password) and not (tmp_path / "login").exists()
    assert "Organisator-Anmeldung" not in output and "„organizer“" in output


def test_the_demo_is_never_the_real_leagues_current_season_or_next_night(settings, tmp_path, organizer_client):
    """The issue's case: the demo's Wednesday night is nearer than the first night of a new Friday season."""
    settings.ORGANIZER_LOGIN_FILE = tmp_path / "login"
    _run()
    demo_night = seasons.next_night()
    assert demo_night.season.is_demo  # with nothing else, the demo is the league on show
    today = timezone.localdate()
    friday = make_season(name="Freitagsliga", start_date=today, end_date=today + datetime.timedelta(days=90), weekday=4)

    assert seasons.next_night() is None  # the Friday season has no night yet: not the demo's instead
    assert seasons.choose_season(None)[1] == friday
    night = seasons.create_night(season=friday, date=seasons.suggest_night_date(friday), confirm_weekday=True)
    assert seasons.next_night() == night

    page = organizer_client.get("/").content.decode()
    assert "Freitagsliga" in page and f"/nights/{night.pk}/desk/" in page
    assert f"/nights/{demo_night.pk}/desk/" not in page


def test_the_demo_leaves_the_system_checks_to_the_migrate_run_just_before_it(settings, tmp_path, monkeypatch):
    # `migrate && setup_demo`: migrate has just run every check; a second run was a sixth of this command's CPU.
    from django.core.management.base import BaseCommand

    from demo.management.commands.setup_demo import Command

    settings.ORGANIZER_LOGIN_FILE = tmp_path / "login"
    monkeypatch.setattr(BaseCommand, "check", lambda *args, **kwargs: pytest.fail("the checks ran again"))
    # As `manage.py setup_demo` runs it (call_command skips the checks of every command).
    Command().execute(stdout=io.StringIO(), stderr=io.StringIO(), force_color=False, no_color=True, skip_checks=False)
    assert Player.objects.count() == 24
