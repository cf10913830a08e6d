"""Each night's stamps, kept by the database (results/kept/stamps.py): the season's cache key in one cheap query."""

from django.db import migrations

from results.kept import stamps


def create(apps, schema_editor) -> None:
    for statement in stamps.create_sql(schema_editor.connection.vendor):
        schema_editor.execute(statement)


def drop(apps, schema_editor) -> None:
    for statement in stamps.drop_sql(schema_editor.connection.vendor):
        schema_editor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0015_stable_uids"),
        ("tournaments", "0017_tvdisplay_venue"),
    ]

    operations = [migrations.RunPython(create, drop)]
