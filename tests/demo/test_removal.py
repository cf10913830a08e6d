"""Removing the demo in one step (demo/removal.py): the demo goes without a trace, the league's own stays.

"Stays" is measured by the backup file (league/backup.py), which holds every row of the league in a
deterministic order: taken before the demo was set up and after it was removed, the two are equal.
"""

from __future__ import annotations

import datetime
import io
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from demo.removal import demo_contents, remove_demo
from league import backup
from league.cashbook import book
from league.desk import services as desk
from league.models import CashCount, CashLine, Entry, JackpotDeposit, Night, Player, Season
from tests.evening import build_evening
from tournaments.models import Action, Hand, Placement, Seat, Table

pytestmark = pytest.mark.django_db

DEMO_ROWS = (Season, Night, Entry, Player, Table, Seat, Hand, Action, Placement, JackpotDeposit, CashLine, CashCount)


def _setup_demo(settings, tmp_path) -> None:
    settings.ORGANIZER_LOGIN_FILE = tmp_path / "login"
    call_command("setup_demo", stdout=io.StringIO())
    # Money of the demo's own beyond fees and deposits: a stored line and the played night's closed count.
    demo = Season.objects.get(is_demo=True)
    organizer = get_user_model().objects.get(username="organizer")
    played = demo.nights.get(status="finished")
    book.book_line(season=demo, box="box", amount=Decimal("-4.50"), reason="Kartendeck", by=organizer, night=played)
    book.close_night_cash(night=played, by=organizer, counted=Decimal("1.00"), reason="Demo", witness="Wirtin")


def test_a_demo_league_is_removed_without_a_trace(settings, tmp_path):
    _setup_demo(settings, tmp_path)
    assert Hand.objects.count() == 0 and Placement.objects.exists() and CashCount.objects.exists()

    removed = remove_demo()

    assert removed.players == 24 and removed.nights == 2 and removed.seasons[0].startswith("Demo-Saison")
    assert {model.__name__: model.objects.count() for model in DEMO_ROWS} == {model.__name__: 0 for model in DEMO_ROWS}
    assert get_user_model().objects.filter(username="organizer", is_staff=True).exists()  # the login stays
    assert demo_contents().empty and remove_demo().empty  # a second removal finds nothing


def test_removing_the_demo_leaves_the_leagues_own_data_exactly_as_it_was(settings, tmp_path, organizer):
    evening = build_evening(organizer)  # a season with played hands, placements, a correction, a running clock
    before = backup.backup_text()

    _setup_demo(settings, tmp_path)
    assert backup.backup_text() != before
    remove_demo()

    assert backup.backup_text() == before
    assert Season.objects.get() == evening.season


def test_a_demo_player_the_league_has_entered_stays_as_its_own(settings, tmp_path, organizer):
    evening = build_evening(organizer)
    _setup_demo(settings, tmp_path)
    carla = Player.objects.get(name="Carla Wolf", is_demo=True)
    desk.register_player(night=evening.desk_night, player=carla, by=organizer, fee=None)

    contents = demo_contents()
    remove_demo()

    assert contents.players == 23 and contents.players_kept == 1
    carla.refresh_from_db()
    assert not carla.is_demo and list(carla.entries.values_list("night", flat=True)) == [evening.desk_night.pk]
    assert not Player.objects.filter(is_demo=True).exists() and not Season.objects.filter(is_demo=True).exists()


def test_the_command_says_what_goes_and_removes_it(settings, tmp_path):
    _setup_demo(settings, tmp_path)
    out = io.StringIO()
    call_command("remove_demo", "--no-input", stdout=out)
    assert "Die Demo umfasst: Demo-Saison" in out.getvalue() and "24 Spieler" in out.getvalue()
    assert "Die Demo ist entfernt." in out.getvalue()
    assert not Season.objects.exists() and not Player.objects.exists()


def test_the_organizer_confirms_on_a_page_before_the_demo_goes(settings, tmp_path, organizer_client, client):
    _setup_demo(settings, tmp_path)
    organizer_home = organizer_client.get("/organizer/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Demo entfernen" in organizer_home and "/organizer/demo/remove/" in organizer_home

    page = organizer_client.get("/organizer/demo/remove/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Demo entfernen?" in page and "24 Demo-Spieler" in page and "Ja, Demo entfernen" in page
    assert Season.objects.filter(is_demo=True).exists()  # looking changes nothing

    response = organizer_client.post("/organizer/demo/remove/", HTTP_ACCEPT_LANGUAGE="de", follow=True)
    assert "Die Demo ist entfernt." in response.content.decode()
    assert not Season.objects.exists() and not Player.objects.exists()
    assert "Demo entfernen" not in organizer_client.get("/organizer/", HTTP_ACCEPT_LANGUAGE="de").content.decode()


def test_only_an_organizer_can_remove_the_demo(settings, tmp_path, client, django_user_model):
    _setup_demo(settings, tmp_path)
    assert client.post("/organizer/demo/remove/").status_code == 302  # to the login
    django_user_model.objects.create_user("gast", password="Tisch-Sieben-2026!")
    client.force_login(django_user_model.objects.get(username="gast"))
    assert client.post("/organizer/demo/remove/").status_code == 403
    assert Season.objects.filter(is_demo=True).exists()


def test_an_earlier_demo_is_marked_by_the_migration(organizer):
    """A database set up before the demo was marked: its season and its untouched players become the demo."""
    from importlib import import_module

    from django.apps import apps

    migration = import_module("league.migrations.0007_demo_flags")
    old = Season.objects.create(
        name="Demo-Saison 2025", start_date=datetime.date(2025, 1, 1), end_date=datetime.date(2025, 6, 30)
    )
    real = Season.objects.create(
        name="Freitagsliga", start_date=datetime.date(2025, 7, 1), end_date=datetime.date(2025, 12, 31)
    )
    anna = Player.objects.create(name="Anna Berger", date_of_birth=datetime.date(1960, 1, 1))  # the demo's first
    ben = Player.objects.create(name="Ben Schuster", date_of_birth=datetime.date(1961, 2, 2))  # entered by the league
    namesake = Player.objects.create(name="Carla Wolf", date_of_birth=datetime.date(1990, 3, 3))  # not the demo's
    desk.register_player(
        night=Night.objects.create(season=real, date=datetime.date(2025, 7, 4)), player=ben, by=organizer
    )
    desk.register_player(
        night=Night.objects.create(season=old, date=datetime.date(2025, 1, 1)), player=anna, by=organizer
    )

    migration.mark_earlier_demo(apps, None)

    assert list(Season.objects.filter(is_demo=True)) == [old]
    assert list(Player.objects.filter(is_demo=True)) == [anna]
    assert not Player.objects.get(pk=ben.pk).is_demo and not Player.objects.get(pk=namesake.pk).is_demo
