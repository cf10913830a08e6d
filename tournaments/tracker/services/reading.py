"""Reading a table: its seats and latest hands in one query while the snapshot describes the rows, else from the rows."""

from __future__ import annotations

import functools
import json

from django.apps import apps
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import Action, Hand, Placement, PlacementCorrection, Seat, Table, TableStatus
from tournaments.tracker import prepared
from tournaments.tracker.services.replaying import derive
from tournaments.tracker.services.snapshot import HAND_FIELDS, from_snapshot, snapshot_of, write_snapshot
from tournaments.tracker.services.state import NoSuchTable, TableState, set_placement

# The profile of a tap (docs/design.md, "The dealer's phone") showed the time going to reading the table twice
# (table, seats, latest hand, actions: four queries each time) and to drawing the page. Now a tap reads the
# seats with their table in one query, and the latest two hands with their actions from the table's
# snapshot, a copy written in the same UPDATE that renews the revision. The rows always win: the snapshot is
# used only while its revision is the table's (any other change of the table renews the revision and so
# retires it) and while it describes the rows it stands for. The same query returns that proof from the rows
# (the latest hand's id and revision, the number and newest id of its actions) and the snapshot names the
# same four; a backup read while tables played restored a snapshot older than its rows with the table's
# revision. Otherwise the rows are read as before and the snapshot is written anew. The engine
# is always the replay of the actions: replaying is about 1% of a tap.


def note_dealer_link_opened(*, table_id: int) -> None:
    """A phone opened the table's dealer link for the first time (one write per link, never on a tap)."""
    Table.objects.filter(pk=table_id, dealer_link_opened_at__isnull=True).update(dealer_link_opened_at=timezone.now())


def read_state(*, table_id: int | None = None, token: str | None = None, for_update: bool = False) -> TableState:
    """The table, its seats and its latest hands: one query while the snapshot is current."""
    state, proof = read_table(table_id=table_id, token=token, for_update=for_update)
    read_hands(state, proof, locked=for_update)
    derive(state)
    return state


def read_table(*, table_id: int | None, token: str | None, for_update: bool) -> tuple[TableState, str | None]:
    """The table with its seats, and the proof of its latest hand as the rows say ("": no hand; None: not read)."""
    connection = connections[DEFAULT_DB_ALIAS]
    sql, columns = _seats_sql(
        connection.vendor, token is not None, for_update and connection.features.has_select_for_update
    )
    key = token if token is not None else table_id
    with prepared.cursor() as cursor:
        cursor.execute(sql, [key, key])  # the proof's subquery, then the seats
        rows = cursor.fetchall()
    if rows:
        seats, table, deposit, on_paper = _seats_from_rows(rows, columns, connection)
        proof = rows[0][-1] or ""
    else:  # no seats yet (or no such table): read the table alone
        seats, deposit, proof, on_paper = [], None, None, False
        tables = Table.objects.select_related("night__season", "night__clock")
        if for_update:
            tables = tables.select_for_update(of=("self",))
        table = (tables.filter(dealer_token=token) if token is not None else tables.filter(pk=table_id)).first()
        if table is None:
            raise NoSuchTable(
                _("This dealer link is not valid (any more). Ask the organizer for the table's current link.")
            )
    return TableState(table=table, seats=seats, hand=None, deposit_confirmed=deposit, on_paper=on_paper), proof


def read_hands(state: TableState, proof: str | None, *, locked: bool) -> None:
    """The latest two hands: from the snapshot if it describes the rows, else from the rows (and the snapshot
    is written anew: now if nobody changed the table meanwhile, or by the change this read is for)."""
    if proof == "":  # the rows hold no hand
        state.hand, state.actions, state.previous, state.previous_actions = None, [], None, []
        state.previous_known, state.previous_json = True, None
        return
    if from_snapshot(state, proof):
        return
    if proof is None and state.table.status == TableStatus.WAITING:
        return  # a table without seats: no hand can be played at it
    _from_rows(state)
    if proof is not None and not locked:
        write_snapshot(state)


# The one read, written out once per process: the ORM built and compiled the same seven-table join on every
# tap (with select_related and two EXISTS), a third of the read's time. The columns come from the models, so a


_JOINS = (  # alias, model, join condition (None: the seat itself), outer join?
    ("s", Seat, None, False),
    ("t", Table, "t.id = s.table_id", False),
    ("n", "league.Night", "n.id = t.night_id", False),
    ("se", "league.Season", "se.id = n.season_id", False),
    ("c", "tournaments.ClockState", "c.night_id = n.id", True),
    ("e", "league.Entry", "e.id = s.entry_id", False),
    ("p", "league.Player", "p.id = e.player_id", False),
    ("pl", Placement, "pl.seat_id = s.id", True),
)


def _model(model):
    return apps.get_model(model) if isinstance(model, str) else model


@functools.cache
def _seats_sql(vendor: str, by_token: bool, lock: bool) -> tuple[str, list]:
    connection = connections[DEFAULT_DB_ALIAS]
    q = connection.ops.quote_name
    select, columns, joins = [], [], []
    for alias, model, on, outer in _JOINS:
        model = _model(model)
        fields = list(model._meta.concrete_fields)
        select += [f"{alias}.{q(f.column)}" for f in fields]
        converters = [(k, chain) for k, f in enumerate(fields) if (chain := _converters(f, alias, connection))]
        columns.append((alias, model, [f.attname for f in fields], converters))
        if on is None:
            joins.append(f"{q(model._meta.db_table)} {alias}")
        else:
            joins.append(f"{'LEFT OUTER JOIN' if outer else 'INNER JOIN'} {q(model._meta.db_table)} {alias} ON {on}")
    deposits = q(_model("league.JackpotDeposit")._meta.db_table)
    corrections = q(PlacementCorrection._meta.db_table)
    sheets = q(_model("league.PaperSheet")._meta.db_table)
    select.append(f"EXISTS (SELECT 1 FROM {sheets} ps WHERE ps.table_id = s.table_id)")
    select.append(f"EXISTS (SELECT 1 FROM {deposits} d WHERE d.table_id = s.table_id)")
    select.append(f"EXISTS (SELECT 1 FROM {corrections} pc WHERE pc.placement_id = pl.id)")
    # The proof of the latest hand as the rows say: "hand id:hand revision:number of actions:newest action id"
    # (see snapshot_proof), NULL without a hand. Not correlated with the seat rows (it takes the table's id or
    # token as a parameter of its own), so both databases compute it once per read, not once per seat.
    hands, actions, tables = (q(m._meta.db_table) for m in (Hand, Action, Table))
    of_table = f"(SELECT tt.id FROM {tables} tt WHERE tt.dealer_token = %s)" if by_token else "%s"
    select.append(
        f"(SELECT h.id || ':' || h.{q('revision')} || ':' || "
        f"(SELECT COUNT(*) || ':' || COALESCE(MAX(a.id), 0) FROM {actions} a WHERE a.hand_id = h.id) "
        f"FROM {hands} h WHERE h.table_id = {of_table} ORDER BY h.{q('number')} DESC LIMIT 1)"
    )
    where = "t.dealer_token = %s" if by_token else "s.table_id = %s"
    sql = f"SELECT {', '.join(select)} FROM {' '.join(joins)} WHERE {where} ORDER BY s.{q('position')}"
    if lock:
        sql += " FOR UPDATE OF t"
    return sql, columns


def _converters(field, alias: str, connection) -> list:
    column = field.get_col(alias)
    return [
        (convert, column) for convert in connection.ops.get_db_converters(column) + column.get_db_converters(connection)
    ]


def _seats_from_rows(rows, columns, connection) -> tuple[list[Seat], Table, bool, bool]:
    objects_of_first_row = {}
    seats = []
    for row_number, row in enumerate(rows):
        at, objects = 0, {}
        for alias, model, attnames, converters in columns:
            values = list(row[at : at + len(attnames)])
            at += len(attnames)
            if alias in ("t", "n", "se", "c") and row_number:
                continue  # the same table, night, season and clock on every row
            if values[0] is None:  # an outer join that found nothing
                objects[alias] = None
                continue
            for k, chain in converters:  # only the columns that have converters
                for convert, column in chain:
                    values[k] = convert(values[k], column, connection)
            objects[alias] = model.from_db(DEFAULT_DB_ALIAS, attnames, values)
        if not row_number:
            objects_of_first_row = objects
            table, night = objects["t"], objects["n"]
            Table._meta.get_field("night").set_cached_value(table, night)
            night._meta.get_field("season").set_cached_value(night, objects["se"])
            night._meta.get_field("clock").set_cached_value(night, objects["c"])
        seat, entry, placement = objects["s"], objects["e"], objects["pl"]
        Seat._meta.get_field("table").set_cached_value(seat, objects_of_first_row["t"])
        Seat._meta.get_field("entry").set_cached_value(seat, entry)
        entry._meta.get_field("player").set_cached_value(entry, objects["p"])
        set_placement(seat, placement)
        if placement is not None:
            Placement._meta.get_field("seat").set_cached_value(placement, seat)
        seat.placement_corrected = bool(row[-2])
        seats.append(seat)
    return seats, objects_of_first_row["t"], bool(rows[0][-3]), bool(rows[0][-4])


def load_state(table: Table, *, for_update: bool = False) -> TableState:
    """The table's state as stored now (the caller's instance may predate a change: it is read afresh)."""
    return read_state(table_id=table.pk, for_update=for_update)


def _from_rows(state: TableState) -> None:
    hands = list(state.table.hands.order_by("-number")[:2])
    actions: dict[int, list[Action]] = {hand.pk: [] for hand in hands}
    if hands:
        for action in Action.objects.filter(hand__in=hands).order_by("hand_id", "index"):
            actions[action.hand_id].append(action)
    state.hand = hands[0] if hands else None
    state.actions = actions[state.hand.pk] if hands else []
    state.previous = hands[1] if len(hands) > 1 else None
    state.previous_actions = actions[state.previous.pk] if state.previous else []
    state.previous_known = True


def previous_from_rows(state: TableState) -> None:
    """The hand before the latest with its actions, in one query (a LEFT JOIN: a hand may have no action)."""
    action_fields = ["actions__id", "actions__index", "actions__seat_id", "actions__verb", "actions__to"]
    rows = list(  # hand numbers run without gaps: only the latest hand is ever deleted
        Hand.objects.filter(table_id=state.table.pk, number=state.hand.number - 1)
        .order_by("actions__index")
        .values_list(*HAND_FIELDS, *action_fields)
    )
    state.previous = Hand.from_db(DEFAULT_DB_ALIAS, HAND_FIELDS, list(rows[0][: len(HAND_FIELDS)])) if rows else None
    state.previous_actions = [
        Action.from_db(
            DEFAULT_DB_ALIAS,
            ["id", "hand_id", "index", "seat_id", "verb", "to"],
            [pk, state.previous.pk, index, seat, verb, to],
        )
        for pk, index, seat, verb, to in (row[len(HAND_FIELDS) :] for row in rows)
        if pk is not None
    ]
    state.previous_known = True


def state_from_rows(table_id: int, *, lock: bool = False) -> TableState:
    """The table's state read from its rows, the snapshot left aside (a check, a rebuild)."""
    state, _proof = read_table(table_id=table_id, token=None, for_update=lock)
    _from_rows(state)
    derive(state)
    return state


def snapshot_disagreement(table_id: int, state: TableState | None = None) -> tuple[dict | None, dict] | None:
    """None if the table's stored snapshot is retired (another revision) or exactly what its rows give now; else
    (the stored snapshot, the snapshot of the rows). For `manage.py check_league`; `state`: read from the rows."""
    state = state or state_from_rows(table_id)
    stored = state.table.tracker_snapshot
    if not stored or not isinstance(stored, dict) or stored.get("revision") != state.table.revision:
        return None
    fresh = _fresh_snapshot(state)
    return (stored, fresh) if _disagrees(stored, fresh) else None


@transaction.atomic
def rebuild_snapshot(*, table_id: int) -> bool:
    """Write the table's snapshot from its rows (the table locked; its revision kept); True if it changed."""
    state = state_from_rows(table_id, lock=True)
    fresh = _fresh_snapshot(state)
    if state.table.tracker_snapshot and not _disagrees(state.table.tracker_snapshot, fresh):
        return False
    state.table.tracker_snapshot = fresh
    prepared.update(state.table, "tracker_snapshot")
    return True


def _fresh_snapshot(state: TableState) -> dict:
    return json.loads(json.dumps(snapshot_of(state)))  # as it is stored: JSON


def _disagrees(stored: dict, fresh: dict) -> bool:
    """The stored snapshot says something else than the rows (the hand before the latest counts if it holds one:
    after a hand dealt by mistake is taken back, it is read from the rows when needed)."""
    keys = ("revision", "proof", "hand", *(("previous",) if "previous" in stored else ()))
    return any(stored.get(key) != fresh.get(key) for key in keys)
