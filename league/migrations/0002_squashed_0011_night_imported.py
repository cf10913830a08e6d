"""League's migrations 0002-0011 in one: the results, the cash book, the season's rules and the rest,
each new table made once with its final fields and constraints instead of altered step by step.

Django applies it only where none of 0002-0011 has been applied (a new database, or one at 0001 with
its seasons and players, which the demo marking at the end still finds); a database at any of them
goes on through them as before.
"""

from decimal import Decimal
from importlib import import_module

import django.core.validators
import django.db.models.deletion
import django.db.models.expressions
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models

import league.models.seasons

# 0007's marking of an earlier setup_demo's data (it reads only fields that 0002-0011 keep).
mark_earlier_demo = import_module("league.migrations.0007_demo_flags").mark_earlier_demo


class Migration(migrations.Migration):
    replaces = [
        ("league", "0002_results"),
        ("league", "0003_season_minimums"),
        ("league", "0004_season_breaks_closed_registration"),
        ("league", "0005_cashbook"),
        ("league", "0006_form_submissions"),
        ("league", "0007_demo_flags"),
        ("league", "0008_season_rules"),
        ("league", "0009_deposit_reversal_and_reopened_counts"),
        ("league", "0010_season_ties_and_saved_structures"),
        ("league", "0011_night_imported"),
    ]

    dependencies = [
        ("league", "0001_initial"),
        ("tournaments", "0011_hand_revision"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterField(
            model_name="season",
            name="fixed_points",
            field=models.CharField(
                blank=True,
                default="10,7,5,3,2,1",
                help_text="Points for 1st, 2nd, ... place, separated by commas (used by the “fixed” scheme).",
                max_length=200,
                validators=[league.models.seasons.validate_points_list],
                verbose_name="fixed points",
            ),
        ),
        migrations.AlterField(
            model_name="season",
            name="jackpot_payout_split",
            field=models.CharField(
                default="50,30,20",
                help_text="Percent for 1st, 2nd, ... place.",
                max_length=100,
                validators=[league.models.seasons.validate_payout_split],
                verbose_name="jackpot payout split (%)",
            ),
        ),
        migrations.CreateModel(
            name="PaperSheet",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("entered_at", models.DateTimeField(default=django.utils.timezone.now, verbose_name="entered")),
                (
                    "entered_by",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="entered by",
                    ),
                ),
                (
                    "table",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="paper_sheet",
                        to="tournaments.table",
                        verbose_name="table",
                    ),
                ),
            ],
            options={
                "verbose_name": "paper placement sheet",
                "verbose_name_plural": "paper placement sheets",
                "ordering": ["-entered_at"],
            },
        ),
        migrations.AlterField(
            model_name="season",
            name="level_minutes",
            field=models.PositiveSmallIntegerField(
                default=15,
                validators=[django.core.validators.MinValueValidator(1)],
                verbose_name="minutes per blind level",
            ),
        ),
        migrations.AlterField(
            model_name="season",
            name="start_big_blind",
            field=models.PositiveIntegerField(
                default=50, validators=[django.core.validators.MinValueValidator(1)], verbose_name="first big blind"
            ),
        ),
        migrations.AlterField(
            model_name="season",
            name="start_small_blind",
            field=models.PositiveIntegerField(
                default=25, validators=[django.core.validators.MinValueValidator(1)], verbose_name="first small blind"
            ),
        ),
        migrations.AlterField(
            model_name="season",
            name="starting_stack",
            field=models.PositiveIntegerField(
                default=1500, validators=[django.core.validators.MinValueValidator(1)], verbose_name="starting chips"
            ),
        ),
        migrations.AddField(
            model_name="season",
            name="break_every_levels",
            field=models.PositiveSmallIntegerField(
                default=0, help_text="0: no breaks.", verbose_name="break after every … levels"
            ),
        ),
        migrations.AddField(
            model_name="season",
            name="break_minutes",
            field=models.PositiveSmallIntegerField(default=10, verbose_name="minutes per break"),
        ),
        migrations.AlterField(
            model_name="night",
            name="status",
            field=models.CharField(
                choices=[
                    ("registration", "Registration open"),
                    ("closed", "Registration closed"),
                    ("seated", "Seated, registration closed"),
                    ("finished", "Finished"),
                ],
                default="registration",
                max_length=20,
                verbose_name="status",
            ),
        ),
        migrations.CreateModel(
            name="CashLine",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                (
                    "box",
                    models.CharField(
                        choices=[("box", "Organizer's cash box"), ("jackpot", "Jackpot fund at the café register")],
                        max_length=10,
                        verbose_name="cash box",
                    ),
                ),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("manual", "Other receipt or expense"),
                            ("payout", "Season jackpot payout"),
                            ("difference", "Counting difference"),
                            ("reversal", "Reversal"),
                        ],
                        max_length=12,
                        verbose_name="kind",
                    ),
                ),
                ("amount", models.DecimalField(decimal_places=2, max_digits=10, verbose_name="amount")),
                ("booked_at", models.DateTimeField(default=django.utils.timezone.now, verbose_name="booked")),
                ("reason", models.CharField(max_length=200, verbose_name="reason")),
                (
                    "method",
                    models.CharField(
                        blank=True,
                        choices=[("cash", "Cash"), ("transfer", "Bank transfer")],
                        max_length=10,
                        verbose_name="paid by",
                    ),
                ),
                ("reverses", models.CharField(blank=True, max_length=40, verbose_name="reverses")),
                (
                    "booked_by",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="booked by",
                    ),
                ),
                (
                    "night",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="cash_lines",
                        to="league.night",
                        verbose_name="night",
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="cash_lines",
                        to="league.player",
                        verbose_name="player",
                    ),
                ),
                (
                    "season",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="cash_lines",
                        to="league.season",
                        verbose_name="season",
                    ),
                ),
            ],
            options={
                "verbose_name": "cash book line",
                "verbose_name_plural": "cash book lines",
                "ordering": ["booked_at", "id"],
                "constraints": [
                    models.CheckConstraint(condition=models.Q(("amount", 0), _negated=True), name="cash_line_not_zero"),
                    models.CheckConstraint(
                        condition=models.Q(("reason", ""), _negated=True), name="cash_line_has_reason"
                    ),
                    models.UniqueConstraint(
                        condition=models.Q(("reverses", ""), _negated=True),
                        fields=("reverses",),
                        name="cash_line_reversed_once",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            models.Q(("kind", "reversal"), ("reverses__gt", "")),
                            models.Q(models.Q(("kind", "reversal"), _negated=True), ("reverses", "")),
                            _connector="OR",
                        ),
                        name="cash_line_reversal_names_its_line",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            models.Q(("kind", "payout"), _negated=True),
                            models.Q(("amount__lt", 0), ("box", "jackpot"), ("player__isnull", False)),
                            _connector="OR",
                        ),
                        name="cash_line_payout_to_a_player_from_the_fund",
                    ),
                ],
            },
        ),
        migrations.CreateModel(
            name="FormSubmission",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("token", models.CharField(max_length=64, unique=True)),
                ("applied_at", models.DateTimeField(auto_now_add=True)),
            ],
            options={
                "verbose_name": "applied form",
            },
        ),
        migrations.AddField(
            model_name="player",
            name="is_demo",
            field=models.BooleanField(default=False, editable=False, verbose_name="demo player"),
        ),
        migrations.AddField(
            model_name="season",
            name="is_demo",
            field=models.BooleanField(default=False, editable=False, verbose_name="demo season"),
        ),
        migrations.AddField(
            model_name="season",
            name="best_nights",
            field=models.PositiveSmallIntegerField(
                default=0,
                help_text="Only each player's best N nights count; 0: every night.",
                verbose_name="nights that count",
            ),
        ),
        migrations.AddField(
            model_name="season",
            name="blind_structure",
            field=models.TextField(blank=True, default="", verbose_name="blind structure"),
        ),
        migrations.AddField(
            model_name="season",
            name="knockout_points",
            field=models.DecimalField(
                decimal_places=2,
                default=Decimal("0"),
                help_text="Added for each player a player knocks out; 0: no bonus.",
                max_digits=6,
                validators=[django.core.validators.MinValueValidator(0)],
                verbose_name="points per knockout",
            ),
        ),
        migrations.AddField(
            model_name="season",
            name="points_formula",
            field=models.CharField(
                blank=True,
                default="",
                help_text="Used by the “own formula” scheme, for example log((n + 1) / r).",
                max_length=200,
                verbose_name="points formula",
            ),
        ),
        migrations.CreateModel(
            name="PointsSchemeChange",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                (
                    "old_scheme",
                    models.CharField(
                        choices=[
                            ("field_size", "Field size (n - place + 1)"),
                            ("fixed", "Fixed list"),
                            ("formula", "Own formula"),
                        ],
                        max_length=20,
                        verbose_name="old scheme",
                    ),
                ),
                ("old_fixed_points", models.CharField(blank=True, max_length=200, verbose_name="old fixed points")),
                (
                    "new_scheme",
                    models.CharField(
                        choices=[
                            ("field_size", "Field size (n - place + 1)"),
                            ("fixed", "Fixed list"),
                            ("formula", "Own formula"),
                        ],
                        max_length=20,
                        verbose_name="new scheme",
                    ),
                ),
                ("new_fixed_points", models.CharField(blank=True, max_length=200, verbose_name="new fixed points")),
                ("reason", models.CharField(max_length=200, verbose_name="reason")),
                ("changed_at", models.DateTimeField(default=django.utils.timezone.now, verbose_name="changed")),
                (
                    "changed_by",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="changed by",
                    ),
                ),
                (
                    "season",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="scheme_changes",
                        to="league.season",
                        verbose_name="season",
                    ),
                ),
                ("new_best_nights", models.PositiveSmallIntegerField(default=0, verbose_name="new nights that count")),
                ("new_formula", models.CharField(blank=True, default="", max_length=200, verbose_name="new formula")),
                (
                    "new_knockout_points",
                    models.DecimalField(
                        decimal_places=2, default=Decimal("0"), max_digits=6, verbose_name="new points per knockout"
                    ),
                ),
                ("old_best_nights", models.PositiveSmallIntegerField(default=0, verbose_name="old nights that count")),
                ("old_formula", models.CharField(blank=True, default="", max_length=200, verbose_name="old formula")),
                (
                    "old_knockout_points",
                    models.DecimalField(
                        decimal_places=2, default=Decimal("0"), max_digits=6, verbose_name="old points per knockout"
                    ),
                ),
            ],
            options={
                "verbose_name": "points scheme change",
                "verbose_name_plural": "points scheme changes",
                "ordering": ["-changed_at"],
            },
        ),
        migrations.AlterField(
            model_name="season",
            name="points_scheme",
            field=models.CharField(
                choices=[
                    ("field_size", "Field size (n - place + 1)"),
                    ("fixed", "Fixed list"),
                    ("formula", "Own formula"),
                ],
                default="field_size",
                max_length=20,
                verbose_name="points scheme",
            ),
        ),
        migrations.AddConstraint(
            model_name="season",
            constraint=models.CheckConstraint(
                condition=models.Q(("knockout_points__gte", 0)), name="season_knockout_points_not_negative"
            ),
        ),
        migrations.CreateModel(
            name="CashCount",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("expected", models.DecimalField(decimal_places=2, max_digits=10, verbose_name="expected")),
                ("counted", models.DecimalField(decimal_places=2, max_digits=10, verbose_name="counted")),
                ("difference", models.DecimalField(decimal_places=2, max_digits=10, verbose_name="difference")),
                ("denominations", models.JSONField(blank=True, default=dict, verbose_name="count by denomination")),
                ("reason", models.CharField(blank=True, max_length=200, verbose_name="reason for the difference")),
                ("witness", models.CharField(blank=True, max_length=120, verbose_name="witness")),
                ("counted_at", models.DateTimeField(default=django.utils.timezone.now, verbose_name="counted")),
                (
                    "counted_by",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="counted by",
                    ),
                ),
                (
                    "night",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="cash_counts",
                        to="league.night",
                        verbose_name="night",
                    ),
                ),
                (
                    "difference_line",
                    models.OneToOneField(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="count",
                        to="league.cashline",
                        verbose_name="difference booked",
                    ),
                ),
                ("reopen_reason", models.CharField(blank=True, max_length=200, verbose_name="reason for reopening")),
                ("reopened_at", models.DateTimeField(blank=True, null=True, verbose_name="reopened")),
                (
                    "reopened_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="reopened by",
                    ),
                ),
            ],
            options={
                "verbose_name": "cash count",
                "verbose_name_plural": "cash counts",
                "ordering": ["-counted_at"],
                "constraints": [
                    models.CheckConstraint(condition=models.Q(("counted__gte", 0)), name="cash_count_not_negative"),
                    models.CheckConstraint(
                        condition=models.Q(
                            (
                                "difference",
                                django.db.models.expressions.CombinedExpression(
                                    models.F("counted"), "-", models.F("expected")
                                ),
                            )
                        ),
                        name="cash_count_difference_adds_up",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(("difference", 0), models.Q(("reason", ""), _negated=True), _connector="OR"),
                        name="cash_count_difference_has_reason",
                    ),
                    models.UniqueConstraint(
                        condition=models.Q(("reopened_at__isnull", True)),
                        fields=("night",),
                        name="cash_count_one_standing_per_night",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            models.Q(
                                ("reopen_reason", ""), ("reopened_at__isnull", True), ("reopened_by__isnull", True)
                            ),
                            models.Q(
                                ("reopened_at__isnull", False),
                                ("reopened_by__isnull", False),
                                models.Q(("reopen_reason", ""), _negated=True),
                            ),
                            _connector="OR",
                        ),
                        name="cash_count_reopening_recorded",
                    ),
                ],
            },
        ),
        migrations.CreateModel(
            name="JackpotDeposit",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("amount", models.DecimalField(decimal_places=2, max_digits=8, verbose_name="amount")),
                (
                    "paid_in_by",
                    models.CharField(
                        blank=True, help_text="The table's first dealer.", max_length=120, verbose_name="paid in by"
                    ),
                ),
                ("confirmed_at", models.DateTimeField(default=django.utils.timezone.now, verbose_name="confirmed")),
                (
                    "confirmed_by",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="confirmed by",
                    ),
                ),
                (
                    "table",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="jackpot_deposits",
                        to="tournaments.table",
                        verbose_name="table",
                    ),
                ),
                (
                    "reversal_reason",
                    models.CharField(blank=True, max_length=200, verbose_name="reason for the reversal"),
                ),
                ("reversed_at", models.DateTimeField(blank=True, null=True, verbose_name="reversed")),
                (
                    "reversed_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="reversed by",
                    ),
                ),
            ],
            options={
                "verbose_name": "jackpot deposit",
                "verbose_name_plural": "jackpot deposits",
                "ordering": ["-confirmed_at"],
                "constraints": [
                    models.CheckConstraint(condition=models.Q(("amount__gte", 0)), name="jackpot_deposit_not_negative"),
                    models.UniqueConstraint(
                        condition=models.Q(("reversed_at__isnull", True)),
                        fields=("table",),
                        name="jackpot_deposit_one_standing_per_table",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            models.Q(
                                ("reversal_reason", ""), ("reversed_at__isnull", True), ("reversed_by__isnull", True)
                            ),
                            models.Q(
                                ("reversed_at__isnull", False),
                                ("reversed_by__isnull", False),
                                models.Q(("reversal_reason", ""), _negated=True),
                            ),
                            _connector="OR",
                        ),
                        name="jackpot_deposit_reversal_recorded",
                    ),
                ],
            },
        ),
        migrations.CreateModel(
            name="SavedStructure",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("name", models.CharField(max_length=60, unique=True, verbose_name="name")),
                ("levels", models.TextField(verbose_name="levels")),
                ("saved_at", models.DateTimeField(default=django.utils.timezone.now, verbose_name="saved")),
            ],
            options={
                "verbose_name": "saved blind structure",
                "verbose_name_plural": "saved blind structures",
                "ordering": ["name"],
            },
        ),
        migrations.AddField(
            model_name="season",
            name="tie_rule",
            field=models.CharField(
                choices=[
                    ("average", "Average of the places they share"),
                    ("best", "Points of the best place they share"),
                ],
                default="average",
                help_text="For players out in the same hand with equal chips.",
                max_length=10,
                verbose_name="tied players earn",
            ),
        ),
        migrations.AddField(
            model_name="night",
            name="imported",
            field=models.BooleanField(default=False, editable=False, verbose_name="imported"),
        ),
        migrations.RunPython(mark_earlier_demo, migrations.RunPython.noop),
    ]
