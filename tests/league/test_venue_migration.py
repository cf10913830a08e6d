"""An existing league of one pub migrates into one venue: every night in it, every organizer still a league
organizer, every season counting every venue; nothing to set up."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader

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
