"""Rows that every page of a publish reads alike, read once per process while a publish holds them.

`manage.py publish` renders hundreds of pages of one state in one process; most of them ask the same
question (every season, for the season filter), and the ORM built and ran it again for each page. While
`held()` is on (the publish's crawl: online.publish.pages) a query asked through `objects()` is built and
run once, and each later page gets model instances made from the same rows. Each page that gets them is
still counted as having read them: the listeners (`read_listeners`; the publish's record of what a page
read, online.publish.fingerprints) are told the statement, its parameters and its rows, exactly as if the
page had run it, so a changed row still renders the page again next time. Without `held()` (the server)
every call runs its query.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from django.db import connections
from django.db.models import Model, QuerySet

_held: dict | None = None
# Told of rows served from what is held, as (sql, params, rows), by the page that gets them.
read_listeners: list[Callable[[str, list, list], None]] = []


@contextmanager
def held() -> Iterator[None]:
    global _held
    previous, _held = _held, {}
    try:
        yield
    finally:
        _held = previous


def kept() -> dict | None:
    """What the run in `held()` keeps, for other modules' once-per-run values under keys of their own (a tuple
    that starts with the module's name); None outside a run."""
    return _held


def objects(key: str, queryset: Callable[[], QuerySet]) -> list[Model]:
    """The instances of `queryset()` (a plain one: its model's own columns, no select_related or annotation);
    while held, its statement is built and run once under `key`, the same rows served again."""
    if _held is None:
        return list(queryset())
    found = _held.get(key)
    if found is None:
        query = queryset()
        compiler = query.query.get_compiler(using=query.db)
        sql, params = compiler.as_sql()
        start, end = compiler.klass_info["select_fields"][0], compiler.klass_info["select_fields"][-1] + 1
        names = [column[0].target.attname for column in compiler.select[start:end]]
        converters = compiler.get_converters([column[0] for column in compiler.select])
        with connections[query.db].cursor() as cursor:
            cursor.execute(sql, params)
            raw = cursor.fetchall()
        rows = [tuple(row) for row in compiler.apply_converters(raw, converters)] if converters else raw
        found = _held[key] = (query.model, query.db, sql, list(params), raw, [row[start:end] for row in rows], names)
    else:
        for listener in read_listeners:
            listener(found[2], found[3], found[4])
    model, database, _sql, _params, _raw, rows, names = found
    return [model.from_db(database, names, row) for row in rows]  # fresh instances: no page sees another's
