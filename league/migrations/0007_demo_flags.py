"""Demo data is marked: Season.is_demo and Player.is_demo, so `remove_demo` takes exactly the demo away.

A database set up with an earlier `setup_demo` gets its demo marked too: the seasons it named
"Demo-Saison <year>", and its 24 players (the same name and date of birth) who have played in no other
season, so that the demo can be removed there as well.
"""

import datetime
import re

from django.db import migrations, models

# setup_demo's players as it made them (demo/management/commands/setup_demo.py, before this migration).
DEMO_PLAYERS = [
    "Anna Berger",
    "Ben Schuster",
    "Carla Wolf",
    "David Krause",
    "Elif Yilmaz",
    "Felix Braun",
    "Greta Hoffmann",
    "Hakan Demir",
    "Ines Vogel",
    "Jonas Richter",
    "Katrin Neumann",
    "Lukas Schmid",
    "Mara König",
    "Nico Fischer",
    "Olga Petrova",
    "Paul Zimmermann",
    "Queenie Lang",
    "Rafael Costa",
    "Sofia Weber",
    "Tim Hartmann",
    "Ute Krüger",
    "Viktor Lehmann",
    "Wiebke Jansen",
    "Yusuf Aydin",
]
DEMO_SEASON = re.compile(r"Demo-Saison \d{4}")


def mark_earlier_demo(apps, schema_editor):
    Season = apps.get_model("league", "Season")
    Player = apps.get_model("league", "Player")
    Entry = apps.get_model("league", "Entry")
    demo = [season.pk for season in Season.objects.all() if DEMO_SEASON.fullmatch(season.name)]
    if not demo:
        return
    Season.objects.filter(pk__in=demo).update(is_demo=True)
    for index, name in enumerate(DEMO_PLAYERS):
        born = datetime.date(1960 + index, 1 + index % 12, 1 + index % 28)
        for player in Player.objects.filter(name=name, date_of_birth=born):
            if not Entry.objects.filter(player=player).exclude(night__season__in=demo).exists():
                Player.objects.filter(pk=player.pk).update(is_demo=True)


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0006_form_submissions"),
    ]

    operations = [
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
        migrations.RunPython(mark_earlier_demo, migrations.RunPython.noop),
    ]
