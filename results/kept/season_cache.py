"""The season's table and awards, kept under a key derived from every row they are computed from.

Computing a season's standings reads every placement of the season (120,000 at
100 venues x 40 nights) and sorts everyone; the awards replay the hand
figures of every table. The standings page, a player's page, the jackpot pages
and the TV all need them, so they are kept in Django's cache under a key that
one query derives from the nights' stamps, which the database itself draws anew
whenever a row behind them changes (results/kept/stamps.py): any result typed in,
undone or corrected, a seat moved, a player renamed or merged, a night's date
or venue -- each changes the key, as does the points scheme, read from the
season's row; the next view computes afresh. Nothing has to remember to
invalidate anything, and a second app server sharing the database agrees at once.

The key has two parts. "results" covers what the table is computed from.
"play" adds what the hand figures behind the awards come from: each table's
status and the moment it finished (a finished table's figures never change,
`tournaments.hands.figures` keeps them on the same terms), and the hands and
actions. So a tap at a live table renews the awards but leaves the table kept.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from django.core.cache import caches
from django.db import connection

from league import held
from league.models import Season
from results.kept import stamps

T = TypeVar("T")
TIMEOUT = 24 * 3600  # a key that is still current is never wrong; this only lets old seasons fall out
VERSION = 8  # raise when what is kept (its shape or how it is computed) changes


@dataclass(frozen=True)
class SeasonKey:
    results: str
    play: str

    @property
    def awards(self) -> str:
        return f"{self.results}-{self.play}"


PLAY_COLUMNS = 3  # the last columns of the row: the "play" part


def _sql() -> tuple[str, int, int]:
    """The query, how many of its last columns make the "play" part, and how many parameters it takes.

    The nights' stamps (results/kept/stamps.py), which the database renews with every change of a row the table or
    the awards are computed from: a few sums over the season's nights, whatever their size."""
    season = Season._meta.db_table
    scheme = (
        "s.points_scheme || ':' || s.fixed_points || ':' || s.points_formula || ':' || s.best_nights || ':'"
        " || CAST(s.knockout_points AS TEXT) || ':' || CAST(s.entry_fee AS TEXT) || ':' || s.tie_rule"
    )
    sql = (
        f"SELECT ({scheme}), COUNT(st.night_id), SUM(st.results_a), SUM(st.results_b),"
        " SUM(st.results_a * (st.night_id %% 1009 + 1)),"
        " SUM(st.play_a), SUM(st.play_b), SUM(st.play_a * (st.night_id %% 1013 + 1))"
        f" FROM {season} s LEFT JOIN {stamps.TABLE} st ON st.season_id = s.id WHERE s.id = %s GROUP BY s.id"
    )
    return sql, PLAY_COLUMNS, 1


def _digest(parts) -> str:
    return hashlib.blake2s(repr(tuple(parts)).encode(), digest_size=10).hexdigest()


# While `league.held.held()` is on (one process rendering thousands of pages of one state: `manage.py publish`),
# each season's key is read once and what is kept stays in this process's memory, unpickled once.
# Told of each key served from what is held, as (sql, params, row): the publisher's record of what a page
# read (online.publish.fingerprints) counts it as read.
held_reads: list[Callable[[str, list, tuple], None]] = []


def _name(*key: object) -> tuple:
    return ("results.kept.season_cache", *key)


# A part of a season's kept results that a page shows instead of the whole (a player's row of the table and his
# nights): while a publish records what a page read, the page is counted as reading the part's value, not the
# season's key and the statements the part is computed from. A result changes the key, but a page that shows only
# rows the result left as they were is taken over (docs/server.md, "Only changed pages are rendered again").
# The listeners are told (kind, params, value); the next run asks `part_value`.
part_reads: list[Callable[[str, list, tuple], None]] = []
_parts: dict[str, Callable[..., tuple]] = {}
_narrowed = 0


def part(kind: str) -> Callable[[Callable[..., tuple]], Callable[..., tuple]]:
    """Registers a part's function (ids in, a plain tuple out: exactly what the page shows of it), under `kind`,
    so that any process can compute the part again from the ids (`part_value`)."""

    def register(compute: Callable[..., tuple]) -> Callable[..., tuple]:
        _parts[kind] = compute
        return compute

    return register


def shown_part(kind: str, params: tuple[int, ...], compute: Callable[[], tuple]) -> tuple:
    """`compute()`, the part `kind` of `params` as the page shows it (the same value as the registered function
    gives for `params`, from the objects the page has at hand). While a publish records the page, the reads
    that make it are not counted (`narrowed()`), the part's value is."""
    global _narrowed
    if not part_reads:
        return compute()
    _narrowed += 1
    try:
        value = compute()
    finally:
        _narrowed -= 1
    for listener in part_reads:
        listener(kind, list(params), value)
    return value


def part_value(kind: str, params: list) -> tuple | None:
    """The part's value now, or None for a kind no longer known (the page is rendered again)."""
    compute = _parts.get(kind)
    if compute is None:
        return None
    global _narrowed
    _narrowed += 1
    try:
        return compute(*params)
    finally:
        _narrowed -= 1


def narrowed() -> bool:
    """Whether a shown part is being computed: what it reads is the part's, not the page's."""
    return _narrowed > 0


def held_or(name: object, compute: Callable[[], T]) -> T:
    """`compute()`, once per held run (a row every part of a season needs, such as the season itself)."""
    store, name = held.kept(), _name(name)
    if store is None:
        return compute()
    if name not in store:
        store[name] = compute()
    return store[name]


def season_key(season_id: int) -> SeasonKey:
    """The season's key, in one query (each source scanned once, in a single-row derived table)."""
    store, name = held.kept(), _name("key", season_id)
    if store is None:
        return _season_key(season_id)[0]
    if name not in store:
        store[name] = _season_key(season_id)
    else:
        _key, sql, params, row = store[name]
        for reader in held_reads if not _narrowed else ():
            reader(sql, params, row)
    return store[name][0]


def _season_key(season_id: int) -> tuple[SeasonKey, str, list, tuple]:
    sql, play, count = _sql()
    params = [season_id] * count
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone() or (None,) * 8  # no such season: a key of its own, nothing kept under it
    return SeasonKey(results=f"{season_id}:{_digest(row[:-play])}", play=_digest(row[-play:])), sql, params, tuple(row)


def kept(kind: str, key: str, compute: Callable[[], T]) -> T:
    """The value kept under `kind` and `key`, else `compute()` kept there now."""
    cache = caches["default"]
    name = f"season:{kind}:v{VERSION}:{key}"
    store = held.kept()
    if store is not None and _name(name) in store:
        return store[_name(name)]
    value = cache.get(name)
    if value is None:
        value = compute()
        cache.set(name, value, TIMEOUT)
    if store is not None:
        store[_name(name)] = value
    return value


def kept_part(kind: str, key: str, part: object, compute: Callable[[], dict]) -> object | None:
    """One part of a value kept in parts under `kind` and `key` (a player's rows of the season's results):
    `compute()` makes every part at once (part -> value) and each is kept on its own, so a view unpickles
    only the part it shows; None when `compute()` has no such part."""
    cache = caches["default"]
    name = f"season:{kind}:v{VERSION}:{key}"
    store = held.kept()
    if store is not None and _name(name) in store:
        return store[_name(name)].get(part)
    value = cache.get(f"{name}:{part!r}", _MISSING) if store is None else _MISSING
    if value is not _MISSING:
        return value
    parts = compute()
    if store is not None:
        # Held, every part is served from here: keeping each one in the cache too (pickled, thousands of
        # players) was work for a process that ends with the publish.
        store[_name(name)] = parts
        return parts.get(part)
    cache.set_many({f"{name}:{k!r}": v for k, v in parts.items()}, TIMEOUT)
    if part not in parts:
        cache.set(f"{name}:{part!r}", None, TIMEOUT)  # asked again, no need to compute again
    return parts.get(part)


_MISSING = object()
