"""A database made by the old migrations (house games inside tournaments) moves
to the housegames app without losing a row: bankrolls and their ledger, UTH
rounds, the jackpot meter with its history, Imperial rounds."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader
from django.utils import timezone

pytestmark = pytest.mark.django_db(transaction=True)

OLD_TOURNAMENTS = ("tournaments", "0005_uth")


def _migrate(targets) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


def _latest_targets() -> list[tuple[str, str]]:
    return MigrationLoader(connection).graph.leaf_nodes()


def _old_apps():
    """The models as the old migrations left them: every migration still applied once housegames is
    migrated back to nothing (tournaments at 0005, no housegames app at all)."""
    # The migrations one by one, not their squashed replacements: the old ones are what such a database went through.
    loader = MigrationLoader(connection, replace_migrations=False)
    applied = {key for key in loader.applied_migrations if not loader.disk_migrations[key].replaces}
    assert OLD_TOURNAMENTS in applied and not any(app == "housegames" for app, _name in applied)
    return loader.project_state(sorted(applied)).apps  # (a later league migration may build on a newer tournaments)


def _table_names() -> set[str]:
    with connection.cursor() as cursor:
        return set(connection.introspection.table_names(cursor))


def _fill_the_old_tables(apps) -> dict:
    Player = apps.get_model("league", "Player")
    Bankroll = apps.get_model("tournaments", "Bankroll")
    BankrollEntry = apps.get_model("tournaments", "BankrollEntry")
    UthRound = apps.get_model("tournaments", "UthRound")
    JackpotMeter = apps.get_model("tournaments", "JackpotMeter")
    JackpotMeterEvent = apps.get_model("tournaments", "JackpotMeterEvent")
    ImperialRound = apps.get_model("tournaments", "ImperialRound")
    ContentType = apps.get_model("contenttypes", "ContentType")
    Permission = apps.get_model("auth", "Permission")

    player = Player.objects.create(name="Old Guest", date_of_birth=datetime.date(1980, 1, 1))
    guest = Bankroll.objects.create(session_key="s" * 32)
    named = Bankroll.objects.create(player=player)
    for bankroll in (guest, named):
        BankrollEntry.objects.create(bankroll=bankroll, amount=Decimal("1000.00"), reason="starting play money")
    settled = UthRound.objects.create(
        bankroll=guest,
        state={"deck": "AsKs", "decisions": ["4x"]},
        result={"net": "40"},
        status="settled",
        staked=Decimal("65.00"),
        returned=Decimal("105.00"),
        settled_at=timezone.now(),
    )
    in_play = UthRound.objects.create(bankroll=named, state={"deck": "QhQd", "decisions": []}, staked=Decimal("20.00"))
    BankrollEntry.objects.create(
        bankroll=guest, amount=Decimal("-65.00"), game="uth", round_id=settled.pk, reason="bets"
    )
    BankrollEntry.objects.create(
        bankroll=guest, amount=Decimal("105.00"), game="uth", round_id=settled.pk, reason="payout"
    )
    meter = JackpotMeter.objects.create(name="uth", amount=Decimal("10001.25"))
    JackpotMeterEvent.objects.create(
        meter=meter, kind="seed", amount=Decimal("10000.00"), balance_after=Decimal("10000.00")
    )
    JackpotMeterEvent.objects.create(
        meter=meter, kind="feed", amount=Decimal("1.25"), balance_after=Decimal("10001.25"), uth_round=settled, box=1
    )
    imperial = ImperialRound.objects.create(bankroll=named, state={"deck": ["2c"], "actions": ["buy"]})
    # What Django made for the old models: content types and their permissions.
    content_type = ContentType.objects.get_or_create(app_label="tournaments", model="bankroll")[0]
    permission = Permission.objects.get_or_create(
        content_type=content_type, codename="view_bankroll", defaults={"name": "Can view play-money bankroll"}
    )[0]
    return {
        "player": player.pk,
        "guest": guest.pk,
        "named": named.pk,
        "settled": settled.pk,
        "in_play": in_play.pk,
        "meter": meter.pk,
        "imperial": imperial.pk,
        "content_type": content_type.pk,
        "permission": permission.pk,
    }


def test_the_old_database_migrates_to_the_housegames_app_without_loss():
    _migrate([("housegames", None)])  # back to the layout the old migrations made
    try:
        tables = _table_names()
        assert "tournaments_bankroll" in tables and "housegames_bankroll" not in tables
        ids = _fill_the_old_tables(_old_apps())
    finally:
        _migrate(_latest_targets())

    from django.contrib.auth.models import Permission

    from housegames.models import Bankroll, BankrollEntry, ImperialRound, JackpotMeter, JackpotMeterEvent, UthRound

    tables = _table_names()
    assert {
        "housegames_bankroll",
        "housegames_bankrollentry",
        "housegames_uthround",
        "housegames_jackpotmeter",
        "housegames_jackpotmeterevent",
        "housegames_imperialround",
    } <= tables
    assert not {name for name in tables if name in {"tournaments_bankroll", "tournaments_uthround"}}

    guest = Bankroll.objects.get(pk=ids["guest"])
    named = Bankroll.objects.get(pk=ids["named"])
    assert guest.session_key == "s" * 32 and named.player_id == ids["player"]
    assert BankrollEntry.objects.count() == 4
    assert guest.balance() == Decimal("1040.00") and named.balance() == Decimal("1000.00")

    settled = UthRound.objects.get(pk=ids["settled"])
    assert settled.bankroll == guest and settled.status == "settled"
    assert settled.state == {"deck": "AsKs", "decisions": ["4x"]} and settled.result == {"net": "40"}
    assert settled.net == Decimal("40.00")
    assert UthRound.objects.get(pk=ids["in_play"]).bankroll == named

    meter = JackpotMeter.objects.get(pk=ids["meter"])
    assert meter.amount == Decimal("10001.25") == meter.events_total()
    feed = JackpotMeterEvent.objects.get(kind="feed")
    assert feed.uth_round == settled and feed.box == 1

    imperial = ImperialRound.objects.get(pk=ids["imperial"])
    assert imperial.bankroll == named and imperial.actions_seen == 1

    permission = Permission.objects.get(pk=ids["permission"])
    assert (permission.content_type.app_label, permission.content_type.model) == ("housegames", "bankroll")

    # The moved tables take new rows as before: the sequences came along.
    assert Bankroll.objects.create(session_key="new").pk > named.pk
