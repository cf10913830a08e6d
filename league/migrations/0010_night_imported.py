from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('league', '0009_deposit_reversal_and_reopened_counts'),
    ]

    operations = [
        migrations.AddField(
            model_name='night',
            name='imported',
            field=models.BooleanField(default=False, editable=False, verbose_name='imported'),
        ),
    ]
