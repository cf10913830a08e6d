"""An existing league of one pub migrates into one venue: every night in it, every organizer still a league
organizer, every season counting every venue; nothing to set up. Its pages look as before: the public pages
and the organizer's show its results and name no venue, offer no table per venue and no venue chooser."""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader
from django.urls import reverse
from django.utils import timezone

from league.access import venue_ids
from league.models import Night, Season, Venue

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE_VENUES = ("league", "0002_squashed_0011_night_imported")


def _migrate(targets) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


def test_a_league_of_one_pub_migrates_into_one_venue_holding_every_night(django_user_model, settings):
    settings.LANGUAGE_CODE = "de"
    latest = MigrationLoader(connection).graph.leaf_nodes()
    _migrate([BEFORE_VENUES])
    old = MigrationLoader(connection).project_state([BEFORE_VENUES]).apps
    season = old.get_model("league", "Season").objects.create(
        name="Saison 2026", start_date=datetime.date(2026, 1, 1), end_date=datetime.date(2026, 12, 31)
    )
    OldNight = old.get_model("league", "Night")
    for day in (7, 14):
        OldNight.objects.create(season_id=season.pk, date=datetime.date(2026, 1, day))
    old.get_model("auth", "User").objects.create(username="wirt", is_staff=True)

    _migrate(latest)

    venue = Venue.objects.get()
    assert venue.name == "Spielort"
    assert set(Night.objects.values_list("venue_id", flat=True)) == {venue.pk}
    assert Season.objects.get().venue is None
    assert venue_ids(django_user_model.objects.get(username="wirt")) is None  # a league organizer, as before


def _old_league_with_results(old, organizer_id: int) -> dict[str, int]:
    """A season of one pub as the app kept it before venues: two finished nights on paper, their entries, seats
    and places, written with the models of that schema. Returns the players' ids by name."""
    season = old.get_model("league", "Season").objects.create(
        name="Saison 2026", start_date=datetime.date(2026, 1, 1), end_date=datetime.date(2026, 12, 31)
    )
    Player = old.get_model("league", "Player")
    Entry = old.get_model("league", "Entry")
    Table = old.get_model("tournaments", "Table")
    Seat = old.get_model("tournaments", "Seat")
    Placement = old.get_model("tournaments", "Placement")
    players = {
        name: Player.objects.create(name=name, date_of_birth=datetime.date(1980, 1, k + 1), created_at=timezone.now())
        for k, name in enumerate(("Anna Berger", "Ben Schuster", "Carla Wolf"))
    }
    now = timezone.now()
    for day, order in ((7, ("Anna Berger", "Ben Schuster", "Carla Wolf")), (14, ("Ben Schuster", "Anna Berger"))):
        night = old.get_model("league", "Night").objects.create(
            season_id=season.pk, date=datetime.date(2026, 1, day), status="finished"
        )
        table = Table.objects.create(night=night, number=1, status="finished", finished_at=now)
        for place, name in enumerate(order, start=1):
            entry = Entry.objects.create(
                night=night,
                player=players[name],
                registered_at=now,
                registered_by_id=organizer_id,
                fee_paid=Decimal("10.00"),
                jackpot_share=Decimal("2.00"),
                paid_at=now,
                received_by_id=organizer_id,
            )
            seat = Seat.objects.create(table=table, entry=entry, position=place, starting_stack=1500)
            Placement.objects.create(table=table, seat=seat, place=place, reason="manual", decided_at=now)
    return {name: player.pk for name, player in players.items()}


def test_the_migrated_pub_s_pages_show_its_results_and_name_no_venue(client, django_user_model, settings):
    """Its results as before, by hand with the field-size points (p-th of n earns n - p + 1): the first night
    Anna 3, Ben 2, Carla 1; the second Ben 2, Anna 1. Anna and Ben have 4 each, one win and one second each,
    and two nights each: they share the top; Carla 1."""
    settings.LANGUAGE_CODE = "de"
    latest = MigrationLoader(connection).graph.leaf_nodes()
    _migrate([BEFORE_VENUES])
    old = MigrationLoader(connection).project_state([BEFORE_VENUES]).apps
    organizer = old.get_model("auth", "User").objects.create(username="wirt", is_staff=True)
    players = _old_league_with_results(old, organizer.pk)

    _migrate(latest)

    season = Season.objects.get()
    nights = list(Night.objects.order_by("date"))
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "de"
    public = [
        reverse("home"),
        f"{reverse('standings')}?season={season.pk}",
        reverse("night_results", args=[nights[0].pk]),
        reverse("night_results", args=[nights[1].pk]),
        reverse("player_detail", args=[players["Anna Berger"]]),
        reverse("jackpot"),
        reverse("season_statistics"),
    ]
    pages = {url: client.get(url) for url in public}
    assert {url: page.status_code for url, page in pages.items()} == dict.fromkeys(public, 200)
    for url, page in pages.items():
        text = page.content.decode()
        for venue_mark in ("Spielort", "venue-filter", "table-venue", "venue-here", "device-venue"):
            assert venue_mark not in text, (url, venue_mark)
    standings = pages[public[1]].content.decode()
    rows = re.findall(
        r'<td class="num pos">(\d+)\..*?<a id="player-\d+"[^>]*>([^<]+)</a></td>\s*<td class="num">([^<]+)<',
        standings,
        re.S,
    )
    assert rows == [("1", "Anna Berger", "4"), ("1", "Ben Schuster", "4"), ("3", "Carla Wolf", "1")]

    client.force_login(django_user_model.objects.get(username="wirt"))
    home = client.get(reverse("organizer_home")).content.decode()
    assert "device-venue" not in home and "venue-here" not in home
