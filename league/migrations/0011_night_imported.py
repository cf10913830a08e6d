from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0010_season_ties_and_saved_structures"),
    ]

    operations = [
        migrations.AddField(
            model_name="night",
            name="imported",
            field=models.BooleanField(default=False, editable=False, verbose_name="imported"),
        ),
    ]
