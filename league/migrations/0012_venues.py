"""Venues: every night belongs to one. An existing league gets its one venue here and every night goes into it;
every organizer stays a league organizer (no VenueRole)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

import league.models.venues


def one_venue_for_every_night(apps, schema_editor):
    Venue = apps.get_model("league", "Venue")
    Night = apps.get_model("league", "Night")
    if not Night.objects.exists():
        return  # a new database: its first night makes the venue (Night.save), a restored backup brings its own
    venue = Venue.objects.order_by("pk").first() or Venue.objects.create(name=league.models.venues.first_venue_name())
    Night.objects.filter(venue__isnull=True).update(venue=venue)


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0011_night_imported"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="Venue",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("name", models.CharField(max_length=120, unique=True, verbose_name="name")),
                ("address", models.CharField(blank=True, default="", max_length=300, verbose_name="address")),
                (
                    "weekday",
                    models.PositiveSmallIntegerField(
                        blank=True,
                        choices=[
                            (0, "Monday"),
                            (1, "Tuesday"),
                            (2, "Wednesday"),
                            (3, "Thursday"),
                            (4, "Friday"),
                            (5, "Saturday"),
                            (6, "Sunday"),
                        ],
                        null=True,
                        verbose_name="weekday of its nights",
                    ),
                ),
                (
                    "organizers",
                    models.ManyToManyField(
                        blank=True, related_name="venues", to=settings.AUTH_USER_MODEL, verbose_name="organizers"
                    ),
                ),
            ],
            options={"verbose_name": "venue", "verbose_name_plural": "venues", "ordering": ["name", "pk"]},
        ),
        migrations.CreateModel(
            name="VenueRole",
            fields=[
                (
                    "user",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="venue_role",
                        serialize=False,
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="organizer account",
                    ),
                ),
            ],
            options={"verbose_name": "venue organizer", "verbose_name_plural": "venue organizers"},
        ),
        migrations.AddField(
            model_name="season",
            name="venue",
            field=models.ForeignKey(
                blank=True,
                help_text="Empty: the nights of every venue count.",
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="seasons",
                to="league.venue",
                verbose_name="venue",
            ),
        ),
        migrations.AddField(
            model_name="night",
            name="venue",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="nights",
                to="league.venue",
                verbose_name="venue",
            ),
        ),
        migrations.RunPython(one_venue_for_every_night, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="night",
            name="venue",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT,
                related_name="nights",
                to="league.venue",
                verbose_name="venue",
            ),
        ),
        migrations.RemoveConstraint(model_name="night", name="one_night_per_season_date"),
        migrations.AddConstraint(
            model_name="night",
            constraint=models.UniqueConstraint(
                fields=("season", "venue", "date"), name="one_night_per_season_venue_date"
            ),
        ),
    ]
