"""Tournaments' migrations 0001-0005 in one, for a new database: each table made once with its constraints.

Django applies it only where none of 0001-0005 has been applied; a database at any of them goes on through
them as before. It stops at 0005 because housegames 0001 takes the house games' models over from there.
"""

import datetime
from decimal import Decimal

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

import tournaments.models.night


class Migration(migrations.Migration):
    replaces = [
        ("tournaments", "0001_bankroll"),
        ("tournaments", "0002_night"),
        ("tournaments", "0003_clock"),
        ("tournaments", "0004_imperial"),
        ("tournaments", "0005_uth"),
    ]

    initial = True

    dependencies = [
        ("league", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="Bankroll",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
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
            },
        ),
        migrations.CreateModel(
            name="BankrollEntry",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("amount", models.DecimalField(decimal_places=2, max_digits=12, verbose_name="amount")),
                ("game", models.CharField(blank=True, max_length=20, verbose_name="game")),
                ("round_id", models.PositiveBigIntegerField(blank=True, null=True, verbose_name="round")),
                ("reason", models.CharField(max_length=120, verbose_name="reason")),
                ("created_at", models.DateTimeField(auto_now_add=True, verbose_name="created")),
                (
                    "bankroll",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="entries", to="tournaments.bankroll"
                    ),
                ),
            ],
            options={
                "verbose_name": "bankroll entry",
                "verbose_name_plural": "bankroll entries",
                "ordering": ["created_at", "id"],
            },
        ),
        migrations.CreateModel(
            name="ImperialRound",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
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
                        to="tournaments.bankroll",
                        verbose_name="bankroll",
                    ),
                ),
            ],
            options={
                "verbose_name": "Imperial Poker round",
                "verbose_name_plural": "Imperial Poker rounds",
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
        migrations.CreateModel(
            name="JackpotMeter",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
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
                "constraints": [
                    models.CheckConstraint(condition=models.Q(("amount__gte", 0)), name="uth_meter_not_negative"),
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
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
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
                        to="tournaments.bankroll",
                        verbose_name="bankroll",
                    ),
                ),
            ],
            options={
                "verbose_name": "Ultimate Texas Hold'em round",
                "verbose_name_plural": "Ultimate Texas Hold'em rounds",
                "ordering": ["-created_at", "-id"],
                "constraints": [
                    models.UniqueConstraint(
                        condition=models.Q(("status", "in_play")),
                        fields=("bankroll",),
                        name="uth_one_round_in_play_per_bankroll",
                    ),
                    models.CheckConstraint(
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
                    models.CheckConstraint(condition=models.Q(("staked__gte", 0)), name="uth_staked_not_negative"),
                    models.CheckConstraint(
                        condition=models.Q(("returned__isnull", True), ("returned__gte", 0), _connector="OR"),
                        name="uth_returned_not_negative",
                    ),
                ],
            },
        ),
        migrations.CreateModel(
            name="JackpotMeterEvent",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                (
                    "kind",
                    models.CharField(
                        choices=[("seed", "seed"), ("feed", "feed"), ("win", "royal flush won"), ("reset", "reset")],
                        max_length=10,
                        verbose_name="kind",
                    ),
                ),
                ("amount", models.DecimalField(decimal_places=2, max_digits=12, verbose_name="change")),
                ("balance_after", models.DecimalField(decimal_places=2, max_digits=12, verbose_name="meter after")),
                ("box", models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="box")),
                ("created_at", models.DateTimeField(auto_now_add=True, verbose_name="when")),
                (
                    "meter",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="events",
                        to="tournaments.jackpotmeter",
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
                        to="tournaments.uthround",
                        verbose_name="round",
                    ),
                ),
            ],
            options={
                "verbose_name": "jackpot meter event",
                "verbose_name_plural": "jackpot meter events",
                "ordering": ["-created_at", "-id"],
                "constraints": [
                    models.CheckConstraint(
                        condition=models.Q(("balance_after__gte", 0)), name="uth_meter_event_balance_not_negative"
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            models.Q(("amount__lte", 0), ("kind", "win")),
                            models.Q(models.Q(("kind", "win"), _negated=True), ("amount__gte", 0)),
                            _connector="OR",
                        ),
                        name="uth_meter_event_sign",
                    ),
                ],
            },
        ),
        migrations.CreateModel(
            name="Table",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("number", models.PositiveSmallIntegerField(verbose_name="table number")),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("waiting", "Waiting for the first hand"),
                            ("playing", "Playing"),
                            ("finished", "Finished"),
                        ],
                        default="waiting",
                        max_length=10,
                        verbose_name="status",
                    ),
                ),
                (
                    "first_dealer_draw",
                    models.JSONField(
                        blank=True,
                        default=dict,
                        help_text="The cards of the virtual draw, or who recorded the real one.",
                        verbose_name="first dealer draw",
                    ),
                ),
                (
                    "dealer_token",
                    models.CharField(
                        default=tournaments.models.night.new_dealer_token,
                        max_length=40,
                        unique=True,
                        verbose_name="dealer link token",
                    ),
                ),
                ("finished_at", models.DateTimeField(blank=True, null=True, verbose_name="finished")),
                (
                    "night",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="tables",
                        to="league.night",
                        verbose_name="night",
                    ),
                ),
            ],
            options={
                "verbose_name": "table",
                "verbose_name_plural": "tables",
                "ordering": ["night", "number"],
                "constraints": [models.UniqueConstraint(fields=("night", "number"), name="one_table_number_per_night")],
            },
        ),
        migrations.CreateModel(
            name="Seat",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("position", models.PositiveSmallIntegerField(verbose_name="seat")),
                ("starting_stack", models.PositiveIntegerField(verbose_name="starting chips")),
                ("sitting_out", models.BooleanField(default=False, verbose_name="sitting out")),
                ("late_entry", models.BooleanField(default=False, verbose_name="late entry")),
                (
                    "entry",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="seat",
                        to="league.entry",
                        verbose_name="entry",
                    ),
                ),
                (
                    "table",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="seats",
                        to="tournaments.table",
                        verbose_name="table",
                    ),
                ),
            ],
            options={
                "verbose_name": "seat",
                "verbose_name_plural": "seats",
                "ordering": ["table", "position"],
                "constraints": [models.UniqueConstraint(fields=("table", "position"), name="one_player_per_seat")],
            },
        ),
        migrations.CreateModel(
            name="Hand",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("number", models.PositiveIntegerField(verbose_name="hand number")),
                ("level", models.PositiveSmallIntegerField(verbose_name="blind level")),
                ("small_blind", models.PositiveIntegerField(verbose_name="small blind")),
                ("big_blind", models.PositiveIntegerField(verbose_name="big blind")),
                ("min_bet_rule", models.CharField(max_length=10, verbose_name="minimum bet rule")),
                ("players", models.JSONField(verbose_name="players at the start")),
                (
                    "status",
                    models.CharField(
                        choices=[("betting", "Betting"), ("showdown", "Showdown"), ("complete", "Complete")],
                        default="betting",
                        max_length=10,
                        verbose_name="status",
                    ),
                ),
                ("board", models.CharField(blank=True, max_length=20, verbose_name="board")),
                ("hole_cards", models.JSONField(blank=True, default=dict, verbose_name="hole cards")),
                ("pot_winners", models.JSONField(blank=True, null=True, verbose_name="pot winners")),
                ("final_stacks", models.JSONField(blank=True, null=True, verbose_name="final stacks")),
                ("result", models.JSONField(blank=True, null=True, verbose_name="result")),
                ("started_at", models.DateTimeField(auto_now_add=True, verbose_name="started")),
                ("finished_at", models.DateTimeField(blank=True, null=True, verbose_name="finished")),
                (
                    "button",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="tournaments.seat",
                        verbose_name="button",
                    ),
                ),
                (
                    "table",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="hands",
                        to="tournaments.table",
                        verbose_name="table",
                    ),
                ),
            ],
            options={
                "verbose_name": "hand",
                "verbose_name_plural": "hands",
                "ordering": ["table", "number"],
                "constraints": [
                    models.UniqueConstraint(fields=("table", "number"), name="one_hand_number_per_table"),
                    models.UniqueConstraint(
                        condition=models.Q(("status", "complete"), _negated=True),
                        fields=("table",),
                        name="one_open_hand_per_table",
                    ),
                ],
            },
        ),
        migrations.CreateModel(
            name="Placement",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("place", models.PositiveSmallIntegerField(verbose_name="place")),
                (
                    "reason",
                    models.CharField(
                        choices=[
                            ("busted", "Eliminated"),
                            ("disqualified", "Disqualified"),
                            ("winner", "Won the table"),
                            ("manual", "Entered from the paper sheet"),
                        ],
                        max_length=12,
                        verbose_name="reason",
                    ),
                ),
                ("chips_removed", models.PositiveIntegerField(default=0, verbose_name="chips removed from play")),
                ("decided_at", models.DateTimeField(auto_now_add=True, verbose_name="time")),
                (
                    "hand",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to="tournaments.hand",
                        verbose_name="hand",
                    ),
                ),
                (
                    "seat",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="placement",
                        to="tournaments.seat",
                        verbose_name="seat",
                    ),
                ),
                (
                    "table",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="placements",
                        to="tournaments.table",
                        verbose_name="table",
                    ),
                ),
            ],
            options={
                "verbose_name": "placement",
                "verbose_name_plural": "placements",
                "ordering": ["table", "place", "seat__position"],
            },
        ),
        migrations.CreateModel(
            name="PlacementCorrection",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("old_place", models.PositiveSmallIntegerField(verbose_name="old place")),
                ("new_place", models.PositiveSmallIntegerField(verbose_name="new place")),
                ("reason", models.CharField(max_length=200, verbose_name="reason")),
                ("corrected_at", models.DateTimeField(auto_now_add=True, verbose_name="corrected")),
                (
                    "corrected_by",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT, related_name="+", to=settings.AUTH_USER_MODEL
                    ),
                ),
                (
                    "placement",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="corrections",
                        to="tournaments.placement",
                    ),
                ),
            ],
            options={
                "verbose_name": "placement correction",
                "verbose_name_plural": "placement corrections",
                "ordering": ["-corrected_at"],
            },
        ),
        migrations.CreateModel(
            name="Action",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("index", models.PositiveIntegerField(verbose_name="index")),
                ("verb", models.CharField(max_length=10, verbose_name="action")),
                ("to", models.PositiveIntegerField(blank=True, null=True, verbose_name="to")),
                ("created_at", models.DateTimeField(auto_now_add=True, verbose_name="entered")),
                (
                    "hand",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="actions",
                        to="tournaments.hand",
                        verbose_name="hand",
                    ),
                ),
                (
                    "seat",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="tournaments.seat",
                        verbose_name="seat",
                    ),
                ),
            ],
            options={
                "verbose_name": "action",
                "verbose_name_plural": "actions",
                "ordering": ["hand", "index"],
                "constraints": [models.UniqueConstraint(fields=("hand", "index"), name="one_action_per_index")],
            },
        ),
        migrations.AddField(
            model_name="table",
            name="first_dealer",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="tournaments.seat",
                verbose_name="first dealer",
            ),
        ),
        migrations.CreateModel(
            name="ClockState",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("level", models.PositiveSmallIntegerField(default=1, verbose_name="blind level")),
                ("on_break", models.BooleanField(default=False, verbose_name="on the break before this level")),
                (
                    "elapsed",
                    models.DurationField(
                        default=datetime.timedelta(0),
                        help_text="As of “running since”, or while paused. Negative when minutes were added.",
                        verbose_name="time used in the level",
                    ),
                ),
                ("running_since", models.DateTimeField(blank=True, null=True, verbose_name="running since")),
                ("started_at", models.DateTimeField(blank=True, null=True, verbose_name="clock started")),
                (
                    "break_every_levels",
                    models.PositiveSmallIntegerField(
                        default=0, help_text="0: no breaks.", verbose_name="break after every … levels"
                    ),
                ),
                ("break_minutes", models.PositiveSmallIntegerField(default=10, verbose_name="minutes per break")),
                ("updated_at", models.DateTimeField(auto_now=True, verbose_name="updated")),
                (
                    "night",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="clock",
                        to="league.night",
                        verbose_name="night",
                    ),
                ),
            ],
            options={
                "verbose_name": "blind clock",
                "verbose_name_plural": "blind clocks",
                "constraints": [
                    models.CheckConstraint(condition=models.Q(("level__gte", 1)), name="clock_level_from_one"),
                    models.CheckConstraint(
                        condition=models.Q(
                            ("running_since__isnull", True), ("started_at__isnull", False), _connector="OR"
                        ),
                        name="clock_runs_only_once_started",
                    ),
                ],
            },
        ),
    ]
