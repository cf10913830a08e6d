"""The squashed migrations (league 0002-0011, tournaments 0001-0005 and 0006-0014) against the ones they replace:
a new database gets the same tables from either, and a database made before them goes on with its rows."""

from __future__ import annotations

import datetime
import re

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader

pytestmark = pytest.mark.django_db(transaction=True)

APPS = ("league", "tournaments", "housegames")
SQLITE_FK = re.compile(r"fk_\d+")
OLD_LEAVES = [
    ("league", "0011_night_imported"),
    ("tournaments", "0014_table_dealer_link_seen"),
    ("housegames", "0004_uth_round_aborted"),
]


def _migrate(targets, *, one_by_one: bool = False) -> None:
    executor = MigrationExecutor(connection)
    if one_by_one:  # the old migrations themselves, as a database made before the squash went through them
        executor.loader = MigrationLoader(connection, replace_migrations=False)
    executor.loader.build_graph()
    executor.migrate(targets)


def _latest() -> None:
    _migrate(MigrationLoader(connection).graph.leaf_nodes())


def _schema() -> dict:
    """Each table of the three apps: its columns (name, type, null) and its constraints, by what they are and,
    where the database names them, by name (SQLite numbers its unnamed ones and foreign keys, `fk_0`, in the
    order the table was written, which differs between the two ways)."""
    schema = {}
    with connection.cursor() as cursor:
        for table in connection.introspection.table_names(cursor):
            if not table.startswith(tuple(f"{app}_" for app in APPS)):
                continue
            columns = {
                (c.name, str(c.type_code), c.null_ok)
                for c in connection.introspection.get_table_description(cursor, table)
            }
            constraints = {
                (
                    ""
                    if name.startswith("__") or (connection.vendor == "sqlite" and SQLITE_FK.fullmatch(name))
                    else name,
                    tuple(info["columns"]),
                    info["primary_key"],
                    info["unique"],
                    info["foreign_key"],
                    info["check"],
                    info["index"],
                )
                for name, info in connection.introspection.get_constraints(cursor, table).items()
            }
            schema[table] = (columns, constraints)
    return schema


def test_a_new_database_gets_the_same_tables_from_the_squashed_migrations_as_from_the_old_ones():
    squashed = _schema()  # the test database was made by `migrate`: through the squashed migrations
    assert len(squashed) > 20
    try:
        _migrate([("league", None)])  # every table of the three apps gone (they all build on league 0001)
        assert not _schema()
        _migrate(OLD_LEAVES, one_by_one=True)
        _latest()  # the migrations after the squashed ones (venues, the TVs, ...), on top of the old ones
        old = _schema()
    finally:
        _latest()
    assert old == squashed


def test_a_database_made_before_the_squash_goes_on_through_it_with_its_rows():
    """At league 0001 and tournaments 0005 nothing of league 0002-0011 or tournaments 0006-0014 is applied, so
    `migrate` takes the squashed ones from there: the data steps they carry (0007's of each app) still run."""
    try:
        _migrate([("league", None)])
        _migrate([("league", "0001_initial"), ("tournaments", "0005_uth")], one_by_one=True)
        old = (
            MigrationLoader(connection, replace_migrations=False)
            .project_state([("league", "0001_initial"), ("tournaments", "0005_uth")])
            .apps
        )
        Season, Player = old.get_model("league", "Season"), old.get_model("league", "Player")
        Night, Table = old.get_model("league", "Night"), old.get_model("tournaments", "Table")
        season = Season.objects.create(
            name="Demo-Saison 2025", start_date=datetime.date(2025, 1, 1), end_date=datetime.date(2025, 6, 30)
        )
        demo = Player.objects.create(name="Anna Berger", date_of_birth=datetime.date(1960, 1, 1))
        guest = Player.objects.create(name="Old Guest", date_of_birth=datetime.date(1980, 1, 1))
        night = Night.objects.create(season=season, date=datetime.date(2025, 1, 8))
        tables = [Table.objects.create(night=night, number=number).pk for number in (1, 2, 3)]
    finally:
        _latest()

    applied = MigrationLoader(connection).applied_migrations
    assert ("league", "0002_squashed_0011_night_imported") in applied
    assert ("tournaments", "0006_squashed_0014_table_dealer_link_seen") in applied

    from league.models import Night as NewNight
    from league.models import Player as NewPlayer
    from league.models import Season as NewSeason
    from tournaments.models import Table as NewTable

    assert NewSeason.objects.get(pk=season.pk).is_demo
    assert NewPlayer.objects.get(pk=demo.pk).is_demo and not NewPlayer.objects.get(pk=guest.pk).is_demo
    assert NewNight.objects.get(pk=night.pk).date == datetime.date(2025, 1, 8)
    revisions = set(NewTable.objects.filter(pk__in=tables).values_list("revision", flat=True))
    assert len(revisions) == 3  # each table its own, not the one default AddField gave them all
