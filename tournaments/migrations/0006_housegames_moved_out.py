"""The house games' models now belong to the housegames app (its 0001 took them
over, its 0002 renames their tables). Here they only leave tournaments' state:
no table is dropped and no row is touched."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0005_uth"),
        ("housegames", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="JackpotMeterEvent"),
                migrations.DeleteModel(name="JackpotMeter"),
                migrations.DeleteModel(name="UthRound"),
                migrations.DeleteModel(name="ImperialRound"),
                migrations.DeleteModel(name="BankrollEntry"),
                migrations.DeleteModel(name="Bankroll"),
            ],
            database_operations=[],
        ),
    ]
