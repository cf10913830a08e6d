"""League-wide identities: a uid for every player, venue, season, night and saved structure, the same on the
league's server and on every venue's laptop, where the rows' own ids differ (docs/design.md, "Venues that play
offline"). Existing rows get a fresh uid each; new rows get one as they are made."""

import uuid

from django.db import migrations, models

MODELS = ["player", "venue", "season", "night", "savedstructure"]


def a_uid_for_every_row(apps, schema_editor):
    for name in MODELS:
        model = apps.get_model("league", name)
        rows = list(model.objects.only("pk"))
        for row in rows:
            row.uid = uuid.uuid4()
        model.objects.bulk_update(rows, ["uid"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("league", "0014_season_qualifiers_final")]

    operations = [
        *[
            migrations.AddField(model_name=name, name="uid", field=models.UUIDField(null=True, editable=False))
            for name in MODELS
        ],
        migrations.RunPython(a_uid_for_every_row, migrations.RunPython.noop, elidable=True),
        *[
            migrations.AlterField(
                model_name=name,
                name="uid",
                field=models.UUIDField(default=uuid.uuid4, unique=True, editable=False),
            )
            for name in MODELS
        ],
    ]
