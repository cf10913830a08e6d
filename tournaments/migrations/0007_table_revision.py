# Every table gets a random revision: the version a dealer's phone must have seen to change the table.

import secrets

from django.db import migrations, models

import tournaments.models.night


def one_revision_per_table(apps, schema_editor):
    # AddField gives every existing row the same default; each table needs its own.
    Table = apps.get_model("tournaments", "Table")
    for table in Table.objects.only("pk"):
        Table.objects.filter(pk=table.pk).update(revision=secrets.token_urlsafe(9))


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0006_housegames_moved_out"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="revision",
            field=models.CharField(
                default=tournaments.models.night.new_revision, max_length=16, verbose_name="revision"
            ),
        ),
        migrations.RunPython(one_revision_per_table, migrations.RunPython.noop),
    ]
