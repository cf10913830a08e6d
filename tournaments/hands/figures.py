"""A finished table's hand statistics, kept: stored hands -> replay -> figures per seat.

The figures are defined in :mod:`tournaments.poker.stats` (pure); this module
replays the hands of some tables (the same replay as the tracker and
``replay_hand``) and adds them up per seat. A finished table's figures are
computed once, when it finishes, and kept in the database
(:class:`~tournaments.models.TableFigures`, one row per table, stamped with the
table's revision). A table without a current row (finished before the upgrade,
or changed since: an undo, a corrected place) is replayed on view and its row
written then. Hands of tables still playing are replayed each time. The
hand-history documents are kept in a file cache, under a key that names the
database, the table, the moment it finished (a reopened table finishes anew)
and a digest of what else the documents print (the season's name, the night's
date, the table's number). `manage.py check_league` compares both kept forms
with a fresh replay (`kept_figures_disagreements`, `kept_documents_disagreements`
in `exports.py`). The season's readings of these figures are in
`results/statistics.py`."""

from __future__ import annotations

import datetime
import hashlib
import json
import threading
from collections import OrderedDict, defaultdict
from collections.abc import Iterable, Sequence

from django.core.cache import caches
from django.db import connection
from django.db.models import Q

from tournaments.hands.stored import load_hands, played_hand
from tournaments.models import Action, Hand, Table, TableFigures, TableStatus
from tournaments.poker import stats as pure

HandKey = tuple[int, int]  # (table id, hand number)
SeatFigures = dict[int, pure.PlayerStats]  # seat id -> figures at that table


class _FiguresCache:
    """Finished tables' figures: in this process's memory (least recently used go first), and on disk in
    Django's ``hand_stats`` cache, so that a restart reads them back instead of replaying the season."""

    def __init__(self, size: int = 20000) -> None:
        self._items: OrderedDict[str, object] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    @staticmethod
    def _disk():
        return caches["hand_stats"]

    def get_many(self, keys: Sequence[str]) -> dict[str, object]:
        found = {}
        with self._lock:
            for key in keys:
                value = self._items.get(key)
                if value is not None:
                    self._items.move_to_end(key)
                    found[key] = value
        rest = [key for key in keys if key not in found]
        if rest:
            from_disk = self._disk().get_many(rest)
            self._remember(from_disk)
            found.update(from_disk)
        return found

    def put_many(self, values: dict[str, object]) -> None:
        if values:
            self._remember(values)
            self._disk().set_many(values)

    def _remember(self, values: dict[str, object]) -> None:
        with self._lock:
            for key, value in values.items():
                self._items[key] = value
                self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)

    def clear(self, *, disk: bool = True) -> None:
        with self._lock:
            self._items.clear()
        if disk:
            self._disk().clear()


figures_cache = _FiguresCache()  # the hand-history documents of finished tables (tournaments.hands.exports)
VERSION = 3  # raise when a definition in tournaments/poker/stats.py or an export changes


def cache_key(
    kind: str, table_id: int, status: str, finished_at: datetime.datetime | None, source: str = ""
) -> str | None:
    """The key of a finished table's figures or files; None for a table still playing (never kept). `source`: a
    digest of anything else the kept value is drawn from. The database is named too: the file cache outlives
    a database (a restore, a second league, the test suite) and table ids repeat."""
    if status != TableStatus.FINISHED or finished_at is None:
        return None
    return f"{kind}:v{VERSION}:{_database()}:{table_id}:{finished_at.isoformat()}:{source}"


def _database() -> str:
    return hashlib.blake2s(str(connection.settings_dict["NAME"]).encode(), digest_size=6).hexdigest()


def _figures_of(hands: Iterable[tuple[Hand, list[Action]]]) -> dict[int, SeatFigures]:
    figures: dict[int, SeatFigures] = defaultdict(dict)
    for hand, actions in hands:
        person_of = {p["name"]: p["seat"] for p in hand.players}
        pure.add_hand(figures[hand.table_id], played_hand(hand, actions), (hand.table_id, hand.number), person_of)
    return figures


def per_table(kind: str, tables: Sequence[tuple[int, str, datetime.datetime | None, str]], build) -> dict[int, object]:
    """``build(hands of some tables) -> {table id: value}`` for each table given as (id, status, finished_at,
    source), read from the cache where kept; the tables that must be built cost two queries together."""
    keys = {
        table_id: cache_key(kind, table_id, status, finished, source) for table_id, status, finished, source in tables
    }
    cached = figures_cache.get_many([key for key in keys.values() if key])
    found = {table_id: cached[key] for table_id, key in keys.items() if key in cached}
    missing = [table_id for table_id in keys if table_id not in found]
    if missing:
        built = build(load_hands(Q(table_id__in=missing)))
        fresh = {}
        for table_id in missing:
            found[table_id] = built.get(table_id) or {}
            if keys[table_id]:
                fresh[keys[table_id]] = found[table_id]
        figures_cache.put_many(fresh)
    return found


TableRow = tuple[int, str, str]  # id, status, revision
FILL_BATCH = 40  # tables replayed and kept together on view (40 x 80 hands: a few seconds)


PlainFigures = dict[str, tuple[list, list]]  # seat id (as text) -> (as_plain, knockouts_as_plain)


def _stored_rows(table_ids: Sequence[int], *, knockouts: bool) -> dict[int, tuple[str, int, PlainFigures]]:
    """The kept rows of these tables: table id -> (revision, version, figures); a query per 900 tables.
    Without ``knockouts`` the knockouts' lists are not read (a season's table needs the counts only).
    Written as SQL, the JSON read as the model's fields read it: built by the ORM on each of a publish's
    hundreds of player pages, the statement cost half of the player's statistics."""
    rows: dict[int, tuple[str, int, PlainFigures]] = {}
    ids = list(table_ids)
    meta = TableFigures._meta
    columns = ["table_id", "revision", "version", "figures"] + (["knockouts"] if knockouts else [])
    read_figures, read_lists = meta.get_field("figures").from_db_value, meta.get_field("knockouts").from_db_value
    for k in range(0, len(ids), 900):
        part = ids[k : k + 900]
        sql = f"SELECT {', '.join(columns)} FROM {meta.db_table} WHERE table_id IN ({', '.join(['%s'] * len(part))})"
        with connection.cursor() as cursor:
            cursor.execute(sql, part)
            found = cursor.fetchall()
        for table_id, revision, version, figures, *lists in found:
            figures = read_figures(figures, None, connection)
            lists = read_lists(lists[0], None, connection) if lists else {}
            rows[table_id] = (
                revision,
                version,
                {seat: (plain, lists.get(seat, ())) for seat, plain in figures.items()},
            )
    return rows


def _plain(figures: SeatFigures) -> PlainFigures:
    return {str(seat_id): (pure.as_plain(stats), pure.knockouts_as_plain(stats)) for seat_id, stats in figures.items()}


def _decode(plain: PlainFigures) -> SeatFigures:
    return {int(seat_id): pure.from_plain(counts, knockouts) for seat_id, (counts, knockouts) in plain.items()}


def _store(plain: dict[int, PlainFigures], revisions: dict[int, str]) -> None:
    """Write (or replace) the rows of these finished tables, stamped with the revision they were read at."""
    TableFigures.objects.bulk_create(
        [
            TableFigures(
                table_id=table_id,
                revision=revision,
                version=VERSION,
                figures={seat: counts for seat, (counts, _) in plain.get(table_id, {}).items()},
                knockouts={seat: lists for seat, (_, lists) in plain.get(table_id, {}).items() if lists},
            )
            for table_id, revision in revisions.items()
        ],
        batch_size=200,
        update_conflicts=True,
        unique_fields=["table"],
        update_fields=["revision", "version", "figures", "knockouts", "computed_at"],
    )


def table_plain_figures(tables: Sequence[TableRow], *, knockouts: bool = True) -> dict[int, PlainFigures]:
    """Plain figures for each table given as (id, status, revision): a finished table's from its kept row
    if current, else replayed (and kept, if finished). A query per 900 tables; for the others, per
    :data:`FILL_BATCH` tables, two to replay them and one to keep them."""
    finished = {table_id: revision for table_id, status, revision in tables if status == TableStatus.FINISHED}
    found: dict[int, PlainFigures] = {}
    for table_id, (revision, version, figures) in _stored_rows(list(finished), knockouts=knockouts).items():
        if revision == finished[table_id] and version == VERSION:
            found[table_id] = figures
    missing = [table_id for table_id, _status, _revision in tables if table_id not in found]
    # Kept batch by batch: a view cut off by the server's timeout (a season never filled) still leaves
    # its work for the next one.
    for k in range(0, len(missing), FILL_BATCH):
        part = missing[k : k + FILL_BATCH]
        built = _figures_of(load_hands(Q(table_id__in=part)))
        for table_id in part:
            found[table_id] = _plain(built.get(table_id) or {})
        stale = {table_id: finished[table_id] for table_id in part if table_id in finished}
        if stale:
            _store(found, stale)
    return found


def table_figures(tables: Sequence[TableRow]) -> dict[int, SeatFigures]:
    """Figures per seat for each table given as (id, status, revision) (see :func:`table_plain_figures`)."""
    return {table_id: _decode(plain) for table_id, plain in table_plain_figures(tables).items()}


def keep_table_figures(table_id: int) -> None:
    """Compute and keep a finished table's figures (the tracker calls this when a table finishes; a
    corrected place calls it too). The revision is read first: a change while replaying outdates the row."""
    row = Table.objects.filter(pk=table_id).values_list("pk", "status", "revision").first()
    if row is None or row[1] != TableStatus.FINISHED:
        return
    figures = _figures_of(load_hands(Q(table_id=table_id)))
    _store({table_id: _plain(figures.get(table_id, {}))}, {table_id: row[2]})


def kept_figures_disagreements(table_ids: Sequence[int]) -> list[int]:
    """The finished tables among these whose kept row counts (the table's revision, this VERSION) but is not
    what a replay of their hands gives now; a row that does not count is never read, so it is no finding."""
    tables = dict(
        Table.objects.filter(pk__in=list(table_ids), status=TableStatus.FINISHED).values_list("pk", "revision")
    )
    kept = _stored_rows(list(tables), knockouts=True)
    current = sorted(
        pk for pk, (revision, version, _figures) in kept.items() if revision == tables[pk] and version == VERSION
    )
    wrong = []
    for k in range(0, len(current), FILL_BATCH):
        part = current[k : k + FILL_BATCH]
        built = _figures_of(load_hands(Q(table_id__in=part)))
        for table_id in part:
            if _json(_plain(built.get(table_id) or {})) != _json(kept[table_id][2]):
                wrong.append(table_id)
    return wrong


def _json(value: object) -> object:
    return json.loads(json.dumps(value))


def _without_current_figures() -> list[tuple[int, str]]:
    tables = list(Table.objects.filter(status=TableStatus.FINISHED).order_by("pk").values_list("pk", "revision"))
    kept = _stored_rows([pk for pk, _ in tables], knockouts=False)
    return [
        (pk, revision) for pk, revision in tables if pk not in kept or kept[pk][0] != revision or kept[pk][1] != VERSION
    ]


def tables_without_current_figures() -> list[int]:
    """The finished tables that have no kept row, or one of another revision or version."""
    return [pk for pk, _revision in _without_current_figures()]


def keep_all_table_figures(*, batch: int = FILL_BATCH, progress=None) -> int:
    """Fill the rows of every finished table that has none or an outdated one (``manage.py
    keep_table_figures``, after the upgrade); returns how many tables were replayed."""
    todo = _without_current_figures()
    for k in range(0, len(todo), batch):
        part = dict(todo[k : k + batch])
        figures = _figures_of(load_hands(Q(table_id__in=list(part))))
        _store({table_id: _plain(figures.get(table_id, {})) for table_id in part}, part)
        if progress:
            progress(min(k + batch, len(todo)), len(todo))
    return len(todo)
