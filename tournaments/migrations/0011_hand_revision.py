# Every hand gets a revision that each write of its row renews: the tracker's snapshot names it, so a snapshot
# older than its rows (a restored backup) is told from a current one.
# Existing hands share the default: the snapshot's proof names the hand's id as well, and snapshots written
# before this migration carry no proof at all, so they are read from the rows and written anew.

from django.db import migrations, models

import tournaments.models.night


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0010_table_figures"),
    ]

    operations = [
        migrations.AddField(
            model_name="hand",
            name="revision",
            field=models.CharField(
                default=tournaments.models.night.new_revision, max_length=16, verbose_name="revision"
            ),
        ),
    ]
