"""Statements the ORM builds once per process and that are then run again with other ids.

A public page asks a few questions of one shape with another id each time (the night of its URL with its
season and venue, that night's tables, its seats with their players and places). Building such a statement
(the lookups, joins, select_related's columns) cost the ORM more than the database took to answer it: on a
night's results page the three cost about a quarter of the page. Here the first call builds the queryset and
its statement; a later call under the same key runs that statement with its own ids and makes the rows,
converted by the ORM's own converters, into what the ORM would have made of them: model instances with their
select_related ones (`instances`), or plain rows (`rows`, for a values_list).

Only for a queryset whose statement's parameters are exactly its values, in order (the ids, and any constant
it compares with, passed in too); the values are plain ints, strings or dates (`today`), each of which the
database is handed as the ORM hands it, whatever its value. A queryset whose statement has other parameters, or
writes one of them into its text, is asked of the ORM every time: nothing is served on a guess. The statement is the ORM's own
text, so a page's record of what it read (online.publish.fingerprints) and a count of its queries are those of
the ORM's queryset.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import EmptyResultSet
from django.db import connections
from django.db.models import Model, QuerySet
from django.db.models.query import get_related_populators


@dataclass(frozen=True)
class _Built:
    sql: str
    passing: tuple[bool, ...]  # each value as it is, or as its ISO text (a date on SQLite)
    database: str
    compiler: Any  # the ORM's compiler of the first queryset: its converters and its columns
    converters: dict
    model: type[Model] | None  # None for plain rows
    start: int = 0  # the model's own columns: row[start:end]
    end: int = 0
    names: tuple[str, ...] = ()
    populators: tuple = ()  # select_related's instances, made from their columns of the row


_PLAIN = (int, str, datetime.date)  # exactly these: no None (IS NULL), no bool (NOT …), no list, no datetime
# (key, what it makes) → the statement; never emptied: a handful of shapes per process.
_built: dict[tuple[str, str], _Built | None] = {}


def _ids(ids: tuple) -> bool:
    return all(type(value) in _PLAIN for value in ids)


def _passing(params: list, ids: tuple) -> tuple[bool, ...] | None:
    """How the statement is handed each value: as it is (False), or a date as its ISO text (True: SQLite's
    adapter writes it so); None when its parameters are not the values, in order (True is no 1)."""
    if len(params) != len(ids):
        return None
    passing = []
    for param, value in zip(params, ids, strict=True):
        if type(value) is datetime.date and param == value.isoformat():
            passing.append(True)
        elif isinstance(param, type(value)) and type(param) is not bool and param == value:
            passing.append(False)  # an int, a string, a choice's enum for its string
        else:
            return None
    return tuple(passing)


def _build(queryset: QuerySet, ids: tuple, objects: bool) -> _Built | None:
    compiler = queryset.query.get_compiler(using=queryset.db)
    try:
        sql, params = compiler.as_sql()
    except EmptyResultSet:
        return None
    passing = _passing(list(params), ids)
    if passing is None:
        return None
    converters = compiler.get_converters([column[0] for column in compiler.select[: compiler.col_count]])
    if not objects:
        return _Built(sql, passing, queryset.db, compiler, converters, None)
    klass_info = compiler.klass_info
    if compiler.annotation_col_map or queryset._known_related_objects or queryset._prefetch_related_lookups:
        return None  # what the ORM adds to its instances besides their columns: not here
    start, end = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
    names = tuple(column[0].target.attname for column in compiler.select[start:end])
    populators = tuple(get_related_populators(klass_info, compiler.select, queryset.db))
    return _Built(sql, passing, queryset.db, compiler, converters, klass_info["model"], start, end, names, populators)


def _run(built: _Built, ids: tuple) -> list:
    with connections[built.database].cursor() as cursor:
        cursor.execute(built.sql, [value.isoformat() if iso else value for value, iso in zip(ids, built.passing)])
        raw = cursor.fetchall()
    return list(built.compiler.apply_converters(raw, built.converters)) if built.converters else raw


def instances(key: str, queryset: Callable[..., QuerySet], *ids: int | str | datetime.date) -> list[Model]:
    """The model instances `queryset(*ids)` gives (a plain queryset: its model's columns and select_related's;
    no annotation, prefetch or related manager's instance), from its statement built once per process."""
    built = _built.get((key, "instances")) if _ids(ids) else None
    if built is None:
        query = queryset(*ids)
        if not _ids(ids) or (key, "instances") in _built:
            return list(query)  # built before, and found to need the ORM every time
        built = _built[(key, "instances")] = _build(query, ids, objects=True)
        if built is None:
            return list(query)
    found = []
    model, database, names, start, end = built.model, built.database, list(built.names), built.start, built.end
    assert model is not None
    for row in _run(built, ids):
        instance = model.from_db(database, names, row[start:end])
        for populator in built.populators:
            populator.populate(row, instance)
        found.append(instance)
    return found


def rows(key: str, queryset: Callable[..., QuerySet], *ids: int | str | datetime.date) -> list[tuple]:
    """The rows of `queryset(*ids)` (a values_list), from its statement built once per process."""
    built = _built.get((key, "rows")) if _ids(ids) else None
    if built is None:
        query = queryset(*ids)
        if not _ids(ids) or (key, "rows") in _built:
            return [tuple(row) for row in query]
        built = _built[(key, "rows")] = _build(query, ids, objects=False)
        if built is None:
            return [tuple(row) for row in query]
    return [tuple(row) for row in _run(built, ids)]
