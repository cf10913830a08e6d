"""Tournaments' migrations 0006-0014 in one: the house games leave this app's state, the tables' later fields.

Django applies it only where none of 0006-0014 has been applied (a new database, or one at 0005 with its
nights and tables); a database at any of them goes on through them as before. Each table's own revision
(0007) is given at the end, once its field exists.
"""

from importlib import import_module

import django.db.models.deletion
from django.db import migrations, models

import tournaments.models.night

# 0007's: AddField gives every existing table the same revision, each needs its own.
one_revision_per_table = import_module("tournaments.migrations.0007_table_revision").one_revision_per_table


class Migration(migrations.Migration):
    replaces = [
        ("tournaments", "0006_housegames_moved_out"),
        ("tournaments", "0007_table_revision"),
        ("tournaments", "0008_tv_screens"),
        ("tournaments", "0009_tracker_snapshot"),
        ("tournaments", "0010_table_figures"),
        ("tournaments", "0011_hand_revision"),
        ("tournaments", "0012_alter_clockstate_tv_screen"),
        ("tournaments", "0013_antes_and_knockouts"),
        ("tournaments", "0014_table_dealer_link_seen"),
    ]

    dependencies = [
        ("housegames", "0001_initial"),
        ("tournaments", "0005_uth"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(
                    name="JackpotMeterEvent",
                ),
                migrations.DeleteModel(
                    name="JackpotMeter",
                ),
                migrations.DeleteModel(
                    name="UthRound",
                ),
                migrations.DeleteModel(
                    name="ImperialRound",
                ),
                migrations.DeleteModel(
                    name="BankrollEntry",
                ),
                migrations.DeleteModel(
                    name="Bankroll",
                ),
            ],
        ),
        migrations.AddField(
            model_name="table",
            name="revision",
            field=models.CharField(
                default=tournaments.models.night.new_revision, max_length=16, verbose_name="revision"
            ),
        ),
        migrations.AddField(
            model_name="clockstate",
            name="announcement",
            field=models.CharField(blank=True, max_length=140, verbose_name="announcement"),
        ),
        migrations.AddField(
            model_name="clockstate",
            name="spoken",
            field=models.BooleanField(default=False, verbose_name="spoken announcements"),
        ),
        migrations.AddField(
            model_name="table",
            name="tracker_snapshot",
            field=models.JSONField(blank=True, editable=False, null=True, verbose_name="tracker snapshot"),
        ),
        migrations.CreateModel(
            name="TableFigures",
            fields=[
                (
                    "table",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="kept_figures",
                        serialize=False,
                        to="tournaments.table",
                        verbose_name="table",
                    ),
                ),
                ("revision", models.CharField(max_length=16, verbose_name="revision")),
                ("version", models.PositiveSmallIntegerField(verbose_name="version")),
                ("figures", models.JSONField(verbose_name="figures")),
                ("knockouts", models.JSONField(default=dict, verbose_name="knockouts")),
                ("computed_at", models.DateTimeField(auto_now=True, verbose_name="computed")),
            ],
            options={
                "verbose_name": "table figures",
                "verbose_name_plural": "table figures",
            },
        ),
        migrations.AddField(
            model_name="hand",
            name="revision",
            field=models.CharField(
                default=tournaments.models.night.new_revision, max_length=16, verbose_name="revision"
            ),
        ),
        migrations.AddField(
            model_name="clockstate",
            name="tv_screen",
            field=models.CharField(
                choices=[
                    ("clock", "Clock"),
                    ("seating", "Seating"),
                    ("eliminations", "Eliminations"),
                    ("standings", "Season standings"),
                    ("tables", "Live tables"),
                    ("rotate", "Take turns"),
                ],
                default="clock",
                max_length=12,
                verbose_name="TV screen",
            ),
        ),
        migrations.AddField(
            model_name="hand",
            name="ante",
            field=models.PositiveIntegerField(default=0, verbose_name="ante"),
        ),
        migrations.AddField(
            model_name="hand",
            name="ante_by",
            field=models.CharField(default="each", max_length=10, verbose_name="ante posted by"),
        ),
        migrations.AddField(
            model_name="placement",
            name="knockouts",
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="knockouts"),
        ),
        migrations.AddField(
            model_name="table",
            name="dealer_link_opened_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="dealer link first opened"),
        ),
        migrations.AddField(
            model_name="table",
            name="qr_printed_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="dealer link's QR code printed"),
        ),
        migrations.RunPython(one_revision_per_table, migrations.RunPython.noop),
    ]
