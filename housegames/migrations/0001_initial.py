"""The house games become an app of their own: their models move here from tournaments.

Nothing is created or copied: the state learns the models under this app while
their tables stay where tournaments made them (db_table below); 0002 then
renames the tables, and tournaments 0006 drops the models from its own state.
Content types (and with them permissions and admin history) follow the models.
"""

from decimal import Decimal

import django.db.models.deletion
from django.db import migrations, models

MOVED_MODELS = ["bankroll", "bankrollentry", "jackpotmeter", "jackpotmeterevent", "uthround", "imperialround"]


def _move_content_types(apps, schema_editor, source, target):
    ContentType = apps.get_model("contenttypes", "ContentType")
    db = schema_editor.connection.alias
    taken = ContentType.objects.using(db).filter(app_label=target).values_list("model", flat=True)
    # A stale row already under the target label would collide: that model keeps its old row.
    movable = set(MOVED_MODELS) - set(taken)
    ContentType.objects.using(db).filter(app_label=source, model__in=movable).update(app_label=target)


def content_types_to_housegames(apps, schema_editor):
    _move_content_types(apps, schema_editor, "tournaments", "housegames")


def content_types_to_tournaments(apps, schema_editor):
    _move_content_types(apps, schema_editor, "housegames", "tournaments")


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("league", "0001_initial"),
        ("tournaments", "0005_uth"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Bankroll",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        (
                            "session_key",
                            models.CharField(blank=True, max_length=64, null=True, unique=True, verbose_name="session"),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True, verbose_name="created")),
                        (
                            "player",
                            models.OneToOneField(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="bankroll",
                                to="league.player",
                                verbose_name="player",
                            ),
                        ),
                    ],
                    options={
                        "verbose_name": "play-money bankroll",
                        "verbose_name_plural": "play-money bankrolls",
                        "db_table": "tournaments_bankroll",
                    },
                ),
                migrations.CreateModel(
                    name="BankrollEntry",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("amount", models.DecimalField(decimal_places=2, max_digits=12, verbose_name="amount")),
                        ("game", models.CharField(blank=True, max_length=20, verbose_name="game")),
                        ("round_id", models.PositiveBigIntegerField(blank=True, null=True, verbose_name="round")),
                        ("reason", models.CharField(max_length=120, verbose_name="reason")),
                        ("created_at", models.DateTimeField(auto_now_add=True, verbose_name="created")),
                        (
                            "bankroll",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="entries",
                                to="housegames.bankroll",
                            ),
                        ),
                    ],
                    options={
                        "verbose_name": "bankroll entry",
                        "verbose_name_plural": "bankroll entries",
                        "db_table": "tournaments_bankrollentry",
                        "ordering": ["created_at", "id"],
                    },
                ),
                migrations.CreateModel(
                    name="JackpotMeter",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("name", models.CharField(default="uth", max_length=40, unique=True, verbose_name="name")),
                        ("amount", models.DecimalField(decimal_places=2, max_digits=12, verbose_name="meter")),
                        (
                            "seed_amount",
                            models.DecimalField(
                                decimal_places=2,
                                default=Decimal("10000.00"),
                                help_text="What the meter starts from, and is reset to after a royal flush.",
                                max_digits=12,
                                verbose_name="seed amount",
                            ),
                        ),
                        (
                            "feed_share",
                            models.DecimalField(
                                decimal_places=4,
                                default=Decimal("0.2500"),
                                help_text="The part of each jackpot bet added to the meter (0.25 = a quarter).",
                                max_digits=5,
                                verbose_name="share that feeds the meter",
                            ),
                        ),
                        ("updated_at", models.DateTimeField(auto_now=True, verbose_name="updated")),
                    ],
                    options={
                        "verbose_name": "jackpot meter",
                        "verbose_name_plural": "jackpot meters",
                        "db_table": "tournaments_jackpotmeter",
                        "constraints": [
                            models.CheckConstraint(
                                condition=models.Q(("amount__gte", 0)), name="uth_meter_not_negative"
                            ),
                            models.CheckConstraint(
                                condition=models.Q(("seed_amount__gte", 0)), name="uth_meter_seed_not_negative"
                            ),
                            models.CheckConstraint(
                                condition=models.Q(("feed_share__gte", 0), ("feed_share__lte", 1)),
                                name="uth_meter_share_0_to_1",
                            ),
                        ],
                    },
                ),
                migrations.CreateModel(
                    name="UthRound",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("state", models.JSONField(verbose_name="state")),
                        ("result", models.JSONField(blank=True, null=True, verbose_name="settlement")),
                        (
                            "status",
                            models.CharField(
                                choices=[("in_play", "in play"), ("settled", "settled")],
                                default="in_play",
                                max_length=10,
                                verbose_name="status",
                            ),
                        ),
                        (
                            "staked",
                            models.DecimalField(
                                decimal_places=2, default=Decimal("0.00"), max_digits=12, verbose_name="staked"
                            ),
                        ),
                        (
                            "returned",
                            models.DecimalField(
                                blank=True, decimal_places=2, max_digits=12, null=True, verbose_name="paid back"
                            ),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True, verbose_name="started")),
                        ("settled_at", models.DateTimeField(blank=True, null=True, verbose_name="settled")),
                        (
                            "bankroll",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="uth_rounds",
                                to="housegames.bankroll",
                                verbose_name="bankroll",
                            ),
                        ),
                    ],
                    options={
                        "verbose_name": "Ultimate Texas Hold'em round",
                        "verbose_name_plural": "Ultimate Texas Hold'em rounds",
                        "db_table": "tournaments_uthround",
                        "ordering": ["-created_at", "-id"],
                    },
                ),
                migrations.CreateModel(
                    name="JackpotMeterEvent",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        (
                            "kind",
                            models.CharField(
                                choices=[
                                    ("seed", "seed"),
                                    ("feed", "feed"),
                                    ("win", "royal flush won"),
                                    ("reset", "reset"),
                                ],
                                max_length=10,
                                verbose_name="kind",
                            ),
                        ),
                        ("amount", models.DecimalField(decimal_places=2, max_digits=12, verbose_name="change")),
                        (
                            "balance_after",
                            models.DecimalField(decimal_places=2, max_digits=12, verbose_name="meter after"),
                        ),
                        ("box", models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="box")),
                        ("created_at", models.DateTimeField(auto_now_add=True, verbose_name="when")),
                        (
                            "meter",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="events",
                                to="housegames.jackpotmeter",
                                verbose_name="meter",
                            ),
                        ),
                        (
                            "uth_round",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="meter_events",
                                to="housegames.uthround",
                                verbose_name="round",
                            ),
                        ),
                    ],
                    options={
                        "verbose_name": "jackpot meter event",
                        "verbose_name_plural": "jackpot meter events",
                        "db_table": "tournaments_jackpotmeterevent",
                        "ordering": ["-created_at", "-id"],
                    },
                ),
                migrations.CreateModel(
                    name="ImperialRound",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("state", models.JSONField(verbose_name="state")),
                        (
                            "status",
                            models.CharField(
                                choices=[("active", "in play"), ("finished", "finished")],
                                default="active",
                                max_length=10,
                                verbose_name="status",
                            ),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True, verbose_name="started")),
                        ("finished_at", models.DateTimeField(blank=True, null=True, verbose_name="finished")),
                        (
                            "bankroll",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="imperial_rounds",
                                to="housegames.bankroll",
                                verbose_name="bankroll",
                            ),
                        ),
                    ],
                    options={
                        "verbose_name": "Imperial Poker round",
                        "verbose_name_plural": "Imperial Poker rounds",
                        "db_table": "tournaments_imperialround",
                        "ordering": ["-created_at", "-id"],
                        "constraints": [
                            models.UniqueConstraint(
                                condition=models.Q(("status", "active")),
                                fields=("bankroll",),
                                name="imperial_one_active_round_per_bankroll",
                            ),
                            models.CheckConstraint(
                                condition=models.Q(
                                    models.Q(("finished_at__isnull", True), ("status", "active")),
                                    models.Q(("finished_at__isnull", False), ("status", "finished")),
                                    _connector="OR",
                                ),
                                name="imperial_finished_at_iff_finished",
                            ),
                        ],
                    },
                ),
                migrations.AddConstraint(
                    model_name="uthround",
                    constraint=models.UniqueConstraint(
                        condition=models.Q(("status", "in_play")),
                        fields=("bankroll",),
                        name="uth_one_round_in_play_per_bankroll",
                    ),
                ),
                migrations.AddConstraint(
                    model_name="uthround",
                    constraint=models.CheckConstraint(
                        condition=models.Q(
                            models.Q(
                                ("result__isnull", True),
                                ("returned__isnull", True),
                                ("settled_at__isnull", True),
                                ("status", "in_play"),
                            ),
                            models.Q(
                                ("result__isnull", False),
                                ("returned__isnull", False),
                                ("settled_at__isnull", False),
                                ("status", "settled"),
                            ),
                            _connector="OR",
                        ),
                        name="uth_settled_iff_result",
                    ),
                ),
                migrations.AddConstraint(
                    model_name="uthround",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("staked__gte", 0)), name="uth_staked_not_negative"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="uthround",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("returned__isnull", True), ("returned__gte", 0), _connector="OR"),
                        name="uth_returned_not_negative",
                    ),
                ),
                migrations.AddConstraint(
                    model_name="jackpotmeterevent",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("balance_after__gte", 0)), name="uth_meter_event_balance_not_negative"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="jackpotmeterevent",
                    constraint=models.CheckConstraint(
                        condition=models.Q(
                            models.Q(("amount__lte", 0), ("kind", "win")),
                            models.Q(models.Q(("kind", "win"), _negated=True), ("amount__gte", 0)),
                            _connector="OR",
                        ),
                        name="uth_meter_event_sign",
                    ),
                ),
            ],
        ),
        migrations.RunPython(content_types_to_housegames, content_types_to_tournaments),
    ]
