"""The moved tables take this app's names (tournaments_bankroll -> housegames_bankroll, ...): a rename, every row stays."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("housegames", "0001_initial"),
        ("tournaments", "0006_housegames_moved_out"),
    ]

    operations = [
        migrations.AlterModelTable(
            name="bankroll",
            table=None,
        ),
        migrations.AlterModelTable(
            name="bankrollentry",
            table=None,
        ),
        migrations.AlterModelTable(
            name="imperialround",
            table=None,
        ),
        migrations.AlterModelTable(
            name="jackpotmeter",
            table=None,
        ),
        migrations.AlterModelTable(
            name="jackpotmeterevent",
            table=None,
        ),
        migrations.AlterModelTable(
            name="uthround",
            table=None,
        ),
    ]
