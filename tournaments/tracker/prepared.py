"""The statements every tap runs: prepared on PostgreSQL, through an ordinary cursor elsewhere.

The profile of a tap on PostgreSQL (docs/design.md, "The dealer's phone") found the server planning the
locked read, a join of eight tables, in about 1.2 ms, six times as long as running it. Django binds
parameters in the client and never prepares. This cursor binds on the server, and psycopg prepares each
statement the first time a connection runs it (`prepare_threshold` in the settings; Django's own cursors
still bind in the client and never prepare). Each connection is told to plan them once, for any
parameters (`generic_plans`): left to choose, PostgreSQL planned the read anew on every run for a while
after each ANALYZE of the tables (the load benchmark saw 1.4 ms of planning a tap for 30 s after
autovacuum). The statements are the same text on every tap, so a connection holds a handful of them.

A tap's two writes (its action, the table's new revision and snapshot) go through `insert` and `update`,
which write the same row the ORM's `save()` and `update()` write, from SQL made once per process. The
ORM compiled both on every tap, and its client-side binding escaped the snapshot's JSON in Python: about
a tenth of a tap's CPU. They serve models without parents, custom `save()` or signal receivers (the
project has none).

Queries go through Django's cursor wrapper as any other, database errors turned into Django's. While
Django logs queries (DEBUG, a test counting them) this gives Django's own cursor: the log reads the SQL
back from a cursor that binds in the client. The statements and their answers are the same either way.
"""

from __future__ import annotations

import functools

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.utils import CursorWrapper
from django.db.models import Model

__all__ = ["cursor", "generic_plans", "insert", "update"]


def generic_plans(sender, connection, **kwargs) -> None:
    """On a new connection (`connection_created`): one plan per prepared statement, made at its first run.

    The statements look rows up by primary key, foreign key or the dealer's token, so one plan serves every
    parameter; Django's own queries are not prepared, so the setting does not touch them. Behind a pooler
    in transaction mode the setting may stay with another server connection: the statements are then
    planned as PostgreSQL chooses (`auto`), as before.
    """
    if _prepares(connection):
        with connection.cursor() as c:
            c.execute("SET plan_cache_mode = force_generic_plan")


def _prepares(connection) -> bool:
    return (
        connection.vendor == "postgresql" and connection.settings_dict["OPTIONS"].get("prepare_threshold") is not None
    )


def cursor(alias: str = DEFAULT_DB_ALIAS) -> CursorWrapper:
    """A cursor whose statements PostgreSQL keeps prepared; Django's own cursor where that cannot be."""
    connection = connections[alias]
    if not _prepares(connection) or connection.queries_logged:
        return connection.cursor()
    from django.db.backends.postgresql.base import ServerBindingCursor

    connection.close_if_health_check_failed()  # what connection.cursor() does before it makes a cursor
    connection.ensure_connection()
    with connection.wrap_database_errors:
        return connection._prepare_cursor(ServerBindingCursor(connection.connection))


def insert(instance: Model) -> None:
    """Write a new instance's row, as `instance.save()` would: defaults and `auto_now_add` applied, its id set."""
    connection = connections[DEFAULT_DB_ALIAS]
    sql, fields, returning = _insert_sql(type(instance), connection.vendor)
    values = [field.get_db_prep_save(field.pre_save(instance, True), connection) for field in fields]
    with cursor() as c:
        c.execute(sql, values)
        instance.pk = c.fetchone()[0] if returning else c.lastrowid
    instance._state.adding, instance._state.db = False, DEFAULT_DB_ALIAS


def update(instance: Model, *names: str) -> None:
    """Write the named fields of a stored instance, as `Model.objects.filter(pk=...).update(...)` would."""
    connection = connections[DEFAULT_DB_ALIAS]
    sql, fields = _update_sql(type(instance), names, connection.vendor)
    values = [field.get_db_prep_save(getattr(instance, field.attname), connection) for field in fields]
    with cursor() as c:
        c.execute(sql, [*values, instance.pk])


@functools.cache
def _insert_sql(model: type[Model], vendor: str) -> tuple[str, list, bool]:
    connection = connections[DEFAULT_DB_ALIAS]
    q = connection.ops.quote_name
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    returning = connection.features.can_return_columns_from_insert
    sql = (
        f"INSERT INTO {q(model._meta.db_table)} ({', '.join(q(f.column) for f in fields)}) "
        f"VALUES ({', '.join(['%s'] * len(fields))})"
    )
    if returning:
        sql += f" RETURNING {q(model._meta.pk.column)}"
    return sql, fields, returning


@functools.cache
def _update_sql(model: type[Model], names: tuple[str, ...], vendor: str) -> tuple[str, list]:
    connection = connections[DEFAULT_DB_ALIAS]
    q = connection.ops.quote_name
    fields = [model._meta.get_field(name) for name in names]
    sets = ", ".join(f"{q(f.column)} = %s" for f in fields)
    return f"UPDATE {q(model._meta.db_table)} SET {sets} WHERE {q(model._meta.pk.column)} = %s", fields
