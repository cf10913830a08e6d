"""The hand tracker: the only place that turns a dealer's input into stored actions.

A hand's state is always the replay of its `Action` rows through the poker
engine. Every write locks the table row, compares the version the dealer's
phone saw with the current one (two phones on one table: the second tap is
refused, never applied twice), checks the input with the engine, and only
then writes.
"""
from __future__ import annotations

import functools
import json
import logging
import re
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from django.apps import apps
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from league.models import JackpotDeposit, NightStatus
from tournaments.clock.services import stakes_now
from tournaments.hands.figures import keep_table_figures
from tournaments.models import (
    Action,
    Hand,
    HandStatus,
    Placement,
    PlacementCorrection,
    PlacementReason,
    Seat,
    Table,
    TableStatus,
    new_revision,
)
from tournaments.poker import holdem
from tournaments.poker.cards import CardError, ensure_distinct, format_cards, parse_cards
from tournaments.tracker import prepared
from tournaments.tracker.seat_names import unique_names

logger = logging.getLogger(__name__)


class TrackerError(Exception):
    """The input cannot be taken; the message is shown to the dealer as it is."""


class StaleTable(TrackerError):
    """The phone's view is out of date: someone else changed the table."""


@dataclass
class TableState:
    """Everything the tracker page shows, derived from the stored rows."""

    table: Table
    seats: list[Seat]  # every seat, clockwise
    hand: Hand | None  # the latest hand
    actions: list[Action] = field(default_factory=list)
    engine: holdem.Hand | None = None
    stacks: dict[int, int] = field(default_factory=dict)  # seat id -> chips now (behind, during a hand)
    # The hand before the latest, kept so that taking back a hand dealt by mistake needs no further read.
    previous: Hand | None = None
    previous_actions: list[Action] = field(default_factory=list)
    previous_known: bool = True
    # Read from the snapshot, the hand before is kept as its JSON until a change needs it (undoing a deal):
    # most taps only write it back, and making its actions into model instances was a tenth of the read.
    # None: decoded (or there was no hand before), and `previous` with `previous_actions` stand.
    previous_json: dict | None = None
    deposit_confirmed: bool | None = None  # read with the seats; None: not read
    # The organizer switched the table to paper (its phone died) or typed it from a paper sheet: the tracker
    # shows it read-only (docs/rules.md, "A table that goes on on paper"). Read with the seats.
    on_paper: bool = False

    @property
    def version(self) -> str:
        """What a request must have seen to change the table: its random revision, renewed by every change."""
        return self.table.revision

    @property
    def result_stands(self) -> bool:
        if self.deposit_confirmed is None:
            return result_stands(self.table)
        return self.table.status == TableStatus.FINISHED and (
            self.table.night.status == NightStatus.FINISHED or self.deposit_confirmed
        )

    @property
    def hand_open(self) -> bool:
        return self.hand is not None and self.hand.status != HandStatus.COMPLETE

    @property
    def remaining(self) -> list[Seat]:
        """Seats still in the tournament (no placement yet)."""
        return [seat for seat in self.seats if not _has_placement(seat)]

    @property
    def placed(self) -> list[Seat]:
        """Seats that have their placement."""
        return [seat for seat in self.seats if _has_placement(seat)]

    def engine_names(self) -> dict[int, str]:
        if self.hand is not None:
            return {p["seat"]: p["name"] for p in self.hand.players}
        return unique_names(self.seats)

    def seat_by_name(self) -> dict[str, int]:
        return {name: seat_id for seat_id, name in self.engine_names().items()}


def result_stands(table: Table) -> bool:
    """The table is over and its result accepted (deposit confirmed, or the night finished):
    closed to the dealer link; only an organizer's recorded correction changes it now. A deposit reversed
    later (a money mistake, league.cashbook.book.reverse_deposit) still accepted the result: it counts here."""
    if table.status != TableStatus.FINISHED:
        return False
    return table.night.status == NightStatus.FINISHED or JackpotDeposit.objects.filter(table_id=table.pk).exists()


def _has_placement(seat: Seat) -> bool:
    # A missing reverse one-to-one raises an AttributeError subclass, so getattr's default applies.
    return getattr(seat, "placement", None) is not None


def _set_placement(seat: Seat, placement: Placement | None) -> None:
    """What the seat's placement is now, known without asking the database (None: known to have none)."""
    Seat._meta.get_field("placement").set_cached_value(seat, placement)


# --- reading --------------------------------------------------------------
#
# The profile of a tap (docs/design.md, "The dealer's phone") showed the time going to reading the table twice
# (table, seats, latest hand, actions: four queries each time) and to drawing the page. Now a tap reads the
# seats with their table in one query, and the latest two hands with their actions from the table's
# snapshot, a copy written in the same UPDATE that renews the revision. The rows always win: the snapshot is
# used only while its revision is the table's (any other change of the table renews the revision and so
# retires it) and while it describes the rows it stands for. The same query returns that proof from the rows
# (the latest hand's id and revision, the number and newest id of its actions) and the snapshot names the
# same four; a backup read while tables played restored a snapshot older than its rows with the table's
# revision (issue 31). Otherwise the rows are read as before and the snapshot is written anew. The engine
# is always the replay of the actions: replaying is about 1% of a tap.


class NoSuchTable(TrackerError):
    """No table has this dealer link (any more)."""


def note_dealer_link_opened(*, table_id: int) -> None:
    """A phone opened the table's dealer link for the first time (one write per link, never on a tap)."""
    Table.objects.filter(pk=table_id, dealer_link_opened_at__isnull=True).update(dealer_link_opened_at=timezone.now())


def read_state(*, table_id: int | None = None, token: str | None = None, for_update: bool = False) -> TableState:
    """The table, its seats and its latest hands: one query while the snapshot is current."""
    state, proof = _read_table(table_id=table_id, token=token, for_update=for_update)
    _read_hands(state, proof, locked=for_update)
    derive(state)
    return state


def _read_table(*, table_id: int | None, token: str | None, for_update: bool) -> tuple[TableState, str | None]:
    """The table with its seats, and the proof of its latest hand as the rows say ("": no hand; None: not read)."""
    connection = connections[DEFAULT_DB_ALIAS]
    sql, columns = _seats_sql(connection.vendor, token is not None, for_update and connection.features.has_select_for_update)
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
            raise NoSuchTable(_("This dealer link is not valid (any more). Ask the organizer for the table's current link."))
    return TableState(table=table, seats=seats, hand=None, deposit_confirmed=deposit, on_paper=on_paper), proof


def _read_hands(state: TableState, proof: str | None, *, locked: bool) -> None:
    """The latest two hands: from the snapshot if it describes the rows, else from the rows (and the snapshot
    is written anew: now if nobody changed the table meanwhile, or by the change this read is for)."""
    if proof == "":  # the rows hold no hand
        state.hand, state.actions, state.previous, state.previous_actions = None, [], None, []
        state.previous_known, state.previous_json = True, None
        return
    if _from_snapshot(state, proof):
        return
    if proof is None and state.table.status == TableStatus.WAITING:
        return  # a table without seats: no hand can be played at it
    _from_rows(state)
    if proof is not None and not locked:
        _write_snapshot(state)


# The one read, written out once per process: the ORM built and compiled the same seven-table join on every
# tap (with select_related and two EXISTS), a third of the read's time. The columns come from the models, so a
# new field is read like any other; values pass through the same converters the ORM applies.
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
    return [(convert, column) for convert in connection.ops.get_db_converters(column) + column.get_db_converters(connection)]


def _seats_from_rows(rows, columns, connection) -> tuple[list[Seat], Table, bool, bool]:
    objects_of_first_row = {}
    seats = []
    for row_number, row in enumerate(rows):
        at, objects = 0, {}
        for alias, model, attnames, converters in columns:
            values = list(row[at: at + len(attnames)])
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
        _set_placement(seat, placement)
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


def _previous_from_rows(state: TableState) -> None:
    """The hand before the latest with its actions, in one query (a LEFT JOIN: a hand may have no action)."""
    action_fields = ["actions__id", "actions__index", "actions__seat_id", "actions__verb", "actions__to"]
    rows = list(  # hand numbers run without gaps: only the latest hand is ever deleted
        Hand.objects.filter(table_id=state.table.pk, number=state.hand.number - 1)
        .order_by("actions__index").values_list(*_HAND_FIELDS, *action_fields)
    )
    state.previous = Hand.from_db(DEFAULT_DB_ALIAS, _HAND_FIELDS, list(rows[0][: len(_HAND_FIELDS)])) if rows else None
    state.previous_actions = [
        Action.from_db(DEFAULT_DB_ALIAS, ["id", "hand_id", "index", "seat_id", "verb", "to"], [pk, state.previous.pk, index, seat, verb, to])
        for pk, index, seat, verb, to in (row[len(_HAND_FIELDS):] for row in rows) if pk is not None
    ]
    state.previous_known = True


def derive(state: TableState) -> None:
    """Engine and stacks from the hand and its actions (the replay is the truth)."""
    hand = state.hand
    state.engine = None
    if hand is None:
        state.stacks = {seat.pk: seat.starting_stack for seat in state.seats}
    elif hand.status == HandStatus.COMPLETE:
        state.stacks = {int(k): v for k, v in hand.final_stacks.items()}
    else:
        state.engine = _replay(hand, state.actions)
        by_name = state.seat_by_name()
        state.stacks = {by_name[name]: chips for name, chips in state.engine.stacks.items()}


_HAND_FIELDS = [f.attname for f in Hand._meta.concrete_fields]
_DATETIMES = {f.attname for f in Hand._meta.concrete_fields if f.get_internal_type() == "DateTimeField"}
_ADDED_LATER = {"ante": 0, "ante_by": "each"}  # issue 28


def _hand_json(hand: Hand | None, actions: Sequence[Action]) -> dict | None:
    if hand is None:
        return None
    fields = {}
    for name in _HAND_FIELDS:
        value = getattr(hand, name)
        fields[name] = value.isoformat() if name in _DATETIMES and value is not None else value
    return {"fields": fields, "actions": [[a.pk, a.seat_id, a.verb, a.to] for a in actions]}


def _hand_from_json(data: dict | None) -> tuple[Hand | None, list[Action]]:
    if data is None:
        return None, []
    fields = data["fields"]
    for name, default in _ADDED_LATER.items():  # a snapshot written before these fields came reads as their default
        fields.setdefault(name, default)
    values = [
        datetime.fromisoformat(fields[name]) if name in _DATETIMES and fields[name] is not None else fields[name]
        for name in _HAND_FIELDS
    ]
    hand = Hand.from_db(DEFAULT_DB_ALIAS, _HAND_FIELDS, values)
    actions = [
        Action.from_db(DEFAULT_DB_ALIAS, ["id", "hand_id", "index", "seat_id", "verb", "to"], [pk, hand.pk, k, seat, verb, to])
        for k, (pk, seat, verb, to) in enumerate(data["actions"])
    ]
    return hand, actions


def snapshot_proof(hand: Hand | None, actions: Sequence[Action]) -> str:
    """What the locked read returns for these rows: the hand, its revision (renewed by every write of the hand's
    row), the number of its actions and the newest action's id ("" without a hand). Actions are only added
    after and taken from the end, and ids only grow: the newest id names the whole list, the number the gaps."""
    if hand is None:
        return ""
    return f"{hand.pk}:{hand.revision}:{len(actions)}:{max((a.pk for a in actions), default=0)}"


def snapshot_of(state: TableState) -> dict:
    """What the table's snapshot holds for this state (the hands as the rows now stand)."""
    snapshot = {
        "revision": state.table.revision,
        "proof": snapshot_proof(state.hand, state.actions),
        "hand": _hand_json(state.hand, state.actions),
    }
    if state.previous_json is not None:
        snapshot["previous"] = state.previous_json  # as it was read: nothing changed it
    elif state.previous_known:
        snapshot["previous"] = _hand_json(state.previous, state.previous_actions)
    return snapshot


_logged_mismatches: set[tuple[int, str]] = set()


def _from_snapshot(state: TableState, proof: str | None) -> bool:
    """Take the hands from the snapshot if it is the table's current one and describes the rows.

    The hand before the latest needs no proof of its own: only the latest hand is ever changed or deleted,
    so the one before stays as it was while the latest (proven) exists."""
    snapshot = state.table.tracker_snapshot
    if not snapshot or snapshot.get("revision") != state.table.revision:
        return False
    if proof is None or snapshot.get("proof") != proof:
        if (state.table.pk, state.table.revision) not in _logged_mismatches:  # once, not at every poll of a page
            if len(_logged_mismatches) > 10_000:
                _logged_mismatches.clear()
            _logged_mismatches.add((state.table.pk, state.table.revision))
            logger.warning(
                "table %s: its snapshot does not describe its rows (snapshot %r, rows %r): read from the rows and written anew",
                state.table.pk, snapshot.get("proof"), proof,
            )
        return False
    state.hand, state.actions = _hand_from_json(snapshot["hand"])
    state.previous_known = "previous" in snapshot
    state.previous_json = snapshot.get("previous")
    return True


def _write_snapshot(state: TableState) -> None:
    """The snapshot of the rows just read, written unless the table changed since (its revision is kept: the
    phones' pages stay current). A change of the table writes its own snapshot anyway."""
    table = state.table
    table.tracker_snapshot = snapshot_of(state)
    Table.objects.filter(pk=table.pk, revision=table.revision).update(tracker_snapshot=table.tracker_snapshot)


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


def state_from_rows(table_id: int, *, lock: bool = False) -> TableState:
    """The table's state read from its rows, the snapshot left aside (a check, a rebuild)."""
    state, _proof = _read_table(table_id=table_id, token=None, for_update=lock)
    _from_rows(state)
    derive(state)
    return state


def _previous_decoded(state: TableState) -> None:
    if state.previous_json is not None:
        state.previous, state.previous_actions = _hand_from_json(state.previous_json)
        state.previous_json = None


def _setup(hand: Hand) -> holdem.HandSetup:
    names = {p["seat"]: p["name"] for p in hand.players}
    return holdem.HandSetup(
        players=tuple(holdem.Seat(p["name"], p["stack"], p["sitting_out"]) for p in hand.players),
        button=names[hand.button_id],
        small_blind=hand.small_blind,
        big_blind=hand.big_blind,
        min_bet_rule=hand.min_bet_rule,
        ante=hand.ante,
        ante_by=hand.ante_by,
    )


def _engine_actions(hand: Hand, actions: Sequence[Action]) -> list[holdem.Action]:
    names = {p["seat"]: p["name"] for p in hand.players}
    return [holdem.Action(names[a.seat_id], a.verb, a.to) for a in actions]


def _replay(hand: Hand, actions: Sequence[Action]) -> holdem.Hand:
    return holdem.replay(_setup(hand), _engine_actions(hand, actions))


replay = _replay  # a stored hand and its actions through the engine (raises holdem.HandError)


def settled_again(hand: Hand, engine: holdem.Hand) -> holdem.HandResult:
    """The settlement `settle` made, made again from the hand's stored inputs (winners named, or cards)."""
    if hand.pot_winners is not None:
        return engine.settle(pot_winners=hand.pot_winners)
    if len(engine.in_hand) == 1 or all(len(pot.eligible) == 1 for pot in engine.pots()):
        return engine.settle()
    return engine.settle(hole_cards=hand.hole_cards, board=hand.board)


def hand_steps(hand: Hand, actions: Sequence[Action]) -> list[holdem.Step]:
    """What each input of a stored hand did (blinds and automatic folds included), for the hand history."""
    return list(_replay(hand, actions).history)


def _disqualified(state: TableState) -> list[Seat]:
    return [seat for seat in state.placed if seat.placement.reason == PlacementReason.DISQUALIFIED]


def chips_in_play(state: TableState) -> int:
    """All chips at the table now, counted from the stacks and the pot."""
    if state.engine is not None:
        return sum(state.engine.stacks.values()) + state.engine.pot_total
    removed = {seat.pk for seat in _disqualified(state)}
    return sum(chips for seat_id, chips in state.stacks.items() if seat_id not in removed)


def chips_expected(state: TableState) -> int:
    """What chips_in_play must be: the players' starting chips less those a disqualification removed."""
    brought = sum(seat.starting_stack for seat in state.seats)
    return brought - sum(seat.placement.chips_removed for seat in _disqualified(state))


# --- writing --------------------------------------------------------------


def _locked(table: Table, version: str) -> TableState:
    """The table locked for this change, if the phone saw its current revision.

    `table` may be unsaved with only its dealer token set (the dealer's link): then the table is found by
    the token in the same query. The change ends with `_save`, which renews the revision; the caller's
    instance carries the state the change produced (`tracker_state`), so the page is drawn without reading
    the table again.
    """
    if table.pk is None:
        state, proof = _read_table(table_id=None, token=table.dealer_token, for_update=True)
    else:
        state, proof = _read_table(table_id=table.pk, token=None, for_update=True)
    if state.result_stands:
        raise ResultStands(_("The result of this table stands: changes only by an organizer's correction."))
    if state.on_paper:
        if state.table.status == TableStatus.FINISHED:
            raise OnPaper(_("This table is finished."))
        raise OnPaper(_("This table goes on on paper: nothing can be entered here any more. Write the places on the placement sheet; the organizer types them in."))
    if not isinstance(version, str) or not secrets.compare_digest(version.encode(), state.version.encode()):
        raise StaleTable(_("The table changed — reloaded. Check the current state and tap again."))
    # The hands only now: on PostgreSQL a read that waited for the lock sees the table as the change before it
    # left it, but the proof as it was when the read began; that change renewed the revision, so such a read
    # ends above, and here the proof and the table are of one moment.
    _read_hands(state, proof, locked=True)
    derive(state)
    table.tracker_state = state
    return state


def _save(state: TableState, *table_fields: str) -> None:
    """The change is written: a new revision, the snapshot of the hands and the table fields named, in one UPDATE.

    In the transaction of the change: if anything after it fails, all of it rolls back together.
    """
    table = state.table
    table.revision = new_revision()
    table.tracker_snapshot = snapshot_of(state)
    prepared.update(table, "revision", "tracker_snapshot", *table_fields)
    derive(state)


class ResultStands(TrackerError):
    """The table's result is accepted: the dealer link shows it read-only."""


class OnPaper(TrackerError):
    """The organizer switched the table to paper: the dealer link shows it read-only."""


def _next_button(state: TableState, playing: list[Seat]) -> Seat:
    if state.hand is None:
        if state.table.first_dealer_id is None:
            raise TrackerError(_("Draw or record the first dealer before the first hand."))
        return next(seat for seat in playing if seat.pk == state.table.first_dealer_id)
    previous = next(seat for seat in state.seats if seat.pk == state.hand.button_id)
    later = [seat for seat in playing if seat.position > previous.position]
    return later[0] if later else playing[0]


@transaction.atomic
def start_hand(*, table: Table, version: str) -> Hand:
    """Deal the next hand: the button moves on, busted players have left, blinds from the clock."""
    state = _locked(table, version)
    if state.table.status == TableStatus.FINISHED:
        raise TrackerError(_("This table is finished."))
    if state.hand_open:
        raise TrackerError(_("Finish the current hand first."))
    playing = [seat for seat in state.remaining if state.stacks.get(seat.pk, 0) > 0]
    if len(playing) < 2:
        raise TrackerError(_("A hand needs at least two players with chips."))
    button = _next_button(state, playing)
    stakes = stakes_now(state.table.night, read_with_night=True)  # the clock came with the seats
    names = unique_names(state.seats)
    hand = Hand(
        table=state.table,
        number=(state.hand.number + 1) if state.hand else 1,
        button=button,
        level=stakes.level,
        small_blind=stakes.small_blind,
        big_blind=stakes.big_blind,
        ante=stakes.ante,
        ante_by=stakes.ante_by,
        min_bet_rule=state.table.night.season.min_bet_rule,
        players=[
            {"seat": seat.pk, "name": names[seat.pk], "stack": state.stacks[seat.pk], "sitting_out": seat.sitting_out}
            for seat in playing
        ],
    )
    # The status from the replay before the row is written: blinds that put everyone all-in end the betting.
    hand.status = HandStatus.SHOWDOWN if _replay(hand, []).is_betting_over else HandStatus.BETTING
    hand.save(force_insert=True)
    state.previous, state.previous_actions, state.previous_known = state.hand, state.actions, True
    state.previous_json = None
    state.hand, state.actions = hand, []
    if state.table.status == TableStatus.WAITING:
        state.table.status = TableStatus.PLAYING
        _save(state, "status")
    else:
        _save(state)
    return hand


def _update_status(hand: Hand, engine: holdem.Hand) -> None:
    status = HandStatus.SHOWDOWN if engine.is_betting_over else HandStatus.BETTING
    if hand.status != status:
        hand.status = status
        _write_hand(hand, "status")


def _write_hand(hand: Hand, *fields: str) -> None:
    """Save these fields of the hand with a new revision of its row (the snapshot's proof names it)."""
    hand.revision = new_revision()
    hand.save(update_fields=[*fields, "revision"])


def _check_input(legal: holdem.LegalActions | None, name: str, verb: str, to: int | None) -> None:
    """The dealer's usual slips, said in his language; the engine's own refusal stays the last word."""
    if legal is None:
        return
    if name != legal.player:
        raise TrackerError(_("It is %(name)s's turn.") % {"name": legal.player})
    if verb == "check" and not legal.can_check:
        raise TrackerError(_("%(name)s cannot check facing a bet of %(bet)s.") % {"name": name, "bet": _chips(legal.bet)})
    if verb not in legal.verbs:
        raise TrackerError(_("That is not possible for %(name)s now; the buttons show what is.") % {"name": name})
    if verb in ("bet", "raise") and legal.min_to is not None and legal.max_to is not None:
        if to is None:
            raise TrackerError(_("Enter the amount."))
        if to < legal.min_to:
            raise TrackerError(_("%(to)s is below the minimum: enter at least %(min)s.") % {"to": _chips(to), "min": _chips(legal.min_to)})
        if to > legal.max_to:
            raise TrackerError(
                _("%(to)s is more than %(name)s has: at most %(max)s (all-in).")
                % {"to": _chips(to), "name": name, "max": _chips(legal.max_to)}
            )


def _chips(n: int) -> str:
    return formats.number_format(n, force_grouping=True)


@transaction.atomic
def record_action(*, table: Table, version: str, seat_id: int, verb: str, to: int | None = None) -> Action:
    state = _locked(table, version)
    if not state.hand_open or state.engine is None:
        raise TrackerError(_("No hand is being played: start the next hand."))
    name = state.engine_names().get(seat_id)
    if name is None:
        raise TrackerError(_("That player is not in this hand."))
    _check_input(state.engine.legal_actions(), name, verb, to)
    action = holdem.Action(name, verb, to)
    try:
        state.engine.apply(action)
    except holdem.HandError as error:
        raise TrackerError(_("Not allowed: %(reason)s") % {"reason": getattr(error, "reason", str(error))}) from error
    row = Action(hand=state.hand, index=len(state.actions), seat_id=seat_id, verb=verb, to=to)
    prepared.insert(row)
    state.actions.append(row)
    _update_status(state.hand, state.engine)
    _save(state)
    return row


@transaction.atomic
def undo(*, table: Table, version: str) -> None:
    """Take back the last input: a settlement first (while no later hand exists), else the last action."""
    state = _locked(table, version)
    hand = state.hand
    if hand is None:
        raise TrackerError(_("There is nothing to undo."))
    if hand.status == HandStatus.COMPLETE:
        # A disqualification between hands is no input of a hand and cannot be taken back here: reopening the
        # hand before it would put the disqualified player's chips back into play (found by the random taps test).
        if any(
            seat.placement.reason == PlacementReason.DISQUALIFIED and seat.placement.hand_id is None
            and seat.placement.decided_at >= hand.finished_at
            for seat in state.placed
        ):
            raise TrackerError(_("A player was disqualified after this hand: its award can no longer be undone."))
        # A disqualification during the hand stands: it is undone with its own input, not with the award.
        awarded = [
            seat for seat in state.placed
            if seat.placement.hand_id == hand.pk and seat.placement.reason != PlacementReason.DISQUALIFIED
        ]
        _delete_placements(awarded)
        engine = _replay(hand, state.actions)
        hand.status = HandStatus.SHOWDOWN if engine.is_betting_over else HandStatus.BETTING
        hand.final_stacks, hand.result, hand.finished_at, hand.pot_winners = None, None, None, None
        _write_hand(hand, "status", "final_stacks", "result", "finished_at", "pot_winners")
        if state.table.status == TableStatus.FINISHED:
            state.table.status, state.table.finished_at = TableStatus.PLAYING, None
            _save(state, "status", "finished_at")
        else:
            _save(state)
        return
    if not state.actions:
        # Dealt by mistake: the hand goes, the previous one is the latest again.
        if not state.previous_known:
            _previous_from_rows(state)
        _previous_decoded(state)
        # Nothing points at a hand without actions (no action, no placement): one DELETE, no cascade to look up.
        Hand.objects.filter(pk=hand.pk)._raw_delete(DEFAULT_DB_ALIAS)
        state.hand, state.actions = state.previous, state.previous_actions
        state.previous, state.previous_actions, state.previous_known = None, [], False
        if state.hand is None:
            state.table.status = TableStatus.WAITING
            _save(state, "status")
        else:
            _save(state)
        return
    last = _delete_last_action(hand)
    if last.pk == state.actions[-1].pk:
        state.actions.pop()
    else:  # the read's proof makes this impossible; should it happen, the rows win
        logger.error("table %s, hand %s: the last action is %s by the rows, %s by the read; read again",
                     state.table.pk, hand.pk, last.pk, state.actions[-1].pk)
        state.actions = list(Action.objects.filter(hand_id=hand.pk).order_by("index"))
    if last.verb == holdem.DISQUALIFY:
        _delete_placements([seat for seat in state.placed if seat.pk == last.seat_id
                            and seat.placement.reason == PlacementReason.DISQUALIFIED])
    _update_status(hand, _replay(hand, state.actions))
    _save(state)


def _delete_last_action(hand: Hand) -> Action:
    """Delete the hand's action with the highest index as the rows say (never an index taken from a copy), and
    return it; one statement."""
    connection = connections[DEFAULT_DB_ALIAS]
    q = connection.ops.quote_name
    table, index = q(Action._meta.db_table), q("index")
    with connection.cursor() as cursor:
        cursor.execute(
            f"DELETE FROM {table} WHERE hand_id = %s AND {index} = (SELECT MAX({index}) FROM {table} WHERE hand_id = %s) "
            "RETURNING id, seat_id, verb",
            [hand.pk, hand.pk],
        )
        row = cursor.fetchone()
    if row is None:
        raise TrackerError(_("There is nothing to undo."))
    return Action(pk=row[0], hand_id=hand.pk, seat_id=row[1], verb=row[2])


def _delete_placements(seats: list[Seat]) -> None:
    """Their placements go (with an organizer's corrections of them, as the cascade did); known from the read."""
    if not seats:
        return
    ids = [seat.placement.pk for seat in seats]
    if any(seat.placement_corrected for seat in seats):
        PlacementCorrection.objects.filter(placement_id__in=ids)._raw_delete(DEFAULT_DB_ALIAS)
    Placement.objects.filter(pk__in=ids)._raw_delete(DEFAULT_DB_ALIAS)
    for seat in seats:
        _set_placement(seat, None)


def _typed_cards(text: str) -> list:
    try:
        return parse_cards(text)
    except CardError:
        unknown = [token for token in re.split(r"[\s,]+", text) if token and not _is_cards(token)]
        raise TrackerError(
            _("Not a card: %(cards)s. Write cards like As Kd 10h.") % {"cards": ", ".join(unknown) or text}
        ) from None


def _is_cards(token: str) -> bool:
    try:
        parse_cards(token)
    except CardError:
        return False
    return True


def _parse_cards_input(board: str, hole_cards: Mapping[str, str]) -> tuple[str, dict[str, str]]:
    """Normalise what the dealer typed; unknown or repeated cards are refused with their names."""
    board_cards = _typed_cards(board or "")
    holes = {name: _typed_cards(value) for name, value in hole_cards.items() if value and value.strip()}
    try:
        ensure_distinct(board_cards, *holes.values())
    except CardError:
        everything = [card for cards in (board_cards, *holes.values()) for card in cards]
        twice = sorted({format_cards([card]) for card in everything if everything.count(card) > 1})
        raise TrackerError(_("Entered twice: %(cards)s.") % {"cards": ", ".join(twice)}) from None
    if len(board_cards) > 5:
        raise TrackerError(_("The board has at most five cards."))
    for name, cards in holes.items():
        if len(cards) != 2:
            raise TrackerError(_("%(name)s has two hole cards.") % {"name": name})
    return format_cards(board_cards), {name: format_cards(cards) for name, cards in holes.items()}


@transaction.atomic
def save_cards(*, table: Table, version: str, board: str, hole_cards: Mapping[str, str]) -> None:
    """The optional board and hole cards, as far as the dealer has them."""
    state = _locked(table, version)
    if not state.hand_open:
        raise TrackerError(_("No hand is being played: start the next hand."))
    known = set(state.seat_by_name())
    unknown = [name for name in hole_cards if name not in known]
    if unknown:
        raise TrackerError(_("That player is not in this hand."))
    state.hand.board, state.hand.hole_cards = _parse_cards_input(board, hole_cards)
    _write_hand(state.hand, "board", "hole_cards")
    _save(state)


def _card_slots(state: TableState, target: str) -> tuple[str, int]:
    """The hole-card owner's engine name or "board", and how many cards that place holds."""
    if target == "board":
        return "board", 5
    try:
        seat_id = int(target)
    except ValueError:
        raise TrackerError(_("That player is not in this hand.")) from None
    name = state.engine_names().get(seat_id)
    if name is None or name not in {p["name"] for p in state.hand.players}:
        raise TrackerError(_("That player is not in this hand."))
    return name, 2


@transaction.atomic
def pick_card(*, table: Table, version: str, target: str, card: str) -> None:
    """One card tapped in the card picker, for the board or for one player's hole cards."""
    state = _locked(table, version)
    if not state.hand_open:
        raise TrackerError(_("No hand is being played: start the next hand."))
    place, size = _card_slots(state, target)
    try:
        picked = parse_cards(card)
    except CardError:
        raise TrackerError(_("Not a card: %(cards)s. Write cards like As Kd 10h.") % {"cards": card[:10]}) from None
    if len(picked) != 1:
        raise TrackerError(_("Tap one card at a time."))
    hand = state.hand
    board = parse_cards(hand.board or "")
    holes = {name: parse_cards(cards) for name, cards in (hand.hole_cards or {}).items()}
    used = set(board) | {c for cards in holes.values() for c in cards}
    if picked[0] in used:
        raise TrackerError(_("Entered twice: %(cards)s.") % {"cards": format_cards(picked)})
    current = board if place == "board" else holes.get(place, [])
    if len(current) >= size:
        raise TrackerError(_("That place is full: clear it first."))
    current = [*current, picked[0]]
    if place == "board":
        hand.board = format_cards(current)
    else:
        hand.hole_cards = {**(hand.hole_cards or {}), place: format_cards(current)}
    _write_hand(hand, "board", "hole_cards")
    _save(state)


@transaction.atomic
def clear_cards(*, table: Table, version: str, target: str) -> None:
    """Take back the board's or one player's cards, to tap them again."""
    state = _locked(table, version)
    if not state.hand_open:
        raise TrackerError(_("No hand is being played: start the next hand."))
    place, _size = _card_slots(state, target)
    hand = state.hand
    if place == "board":
        hand.board = ""
    else:
        hand.hole_cards = {name: cards for name, cards in (hand.hole_cards or {}).items() if name != place}
    _write_hand(hand, "board", "hole_cards")
    _save(state)


def _check_showdown_cards(hand: Hand, engine: holdem.Hand) -> None:
    if len(parse_cards(hand.board or "")) != 5:
        raise TrackerError(_("Enter all five board cards, or tap the winners."))
    missing = [name for name in engine.in_hand if not hand.hole_cards.get(name)]
    if missing:
        raise TrackerError(_("Enter the hole cards of %(names)s, or tap the winners.") % {"names": ", ".join(missing)})


@transaction.atomic
def settle(*, table: Table, version: str, pot_winners: Sequence[Sequence[str]] | None = None) -> holdem.HandResult:
    """End the hand: by the cards entered, by the winners the dealer named per pot, or with one player left."""
    state = _locked(table, version)
    if not state.hand_open or state.engine is None:
        raise TrackerError(_("No hand is being played: start the next hand."))
    hand, engine = state.hand, state.engine
    if not engine.is_betting_over:
        raise TrackerError(_("The betting is not over: %(name)s is to act.") % {"name": engine.to_act})
    try:
        if pot_winners is not None:
            result = engine.settle(pot_winners=pot_winners)
        elif len(engine.in_hand) == 1 or all(len(pot.eligible) == 1 for pot in engine.pots()):
            result = engine.settle()
        else:
            _check_showdown_cards(hand, engine)
            result = engine.settle(hole_cards=hand.hole_cards, board=hand.board)
    except holdem.HandError as error:
        raise TrackerError(_("Cannot settle: %(reason)s") % {"reason": str(error)}) from error
    by_name = state.seat_by_name()
    hand.final_stacks = {str(by_name[name]): chips for name, chips in result.stacks.items()}
    hand.pot_winners = [list(pot.winners) for pot in result.pots] if pot_winners is not None else None
    hand.result = {
        "pots": [
            {"amount": pot.amount, "eligible": list(pot.eligible), "winners": list(pot.winners), "shares": list(pot.shares)}
            for pot in result.pots
        ],
        "returned": result.returned,
        "busted": list(result.busted),
    }
    hand.status, hand.finished_at = HandStatus.COMPLETE, timezone.now()
    _write_hand(hand, "final_stacks", "pot_winners", "result", "status", "finished_at")
    finished = _record_eliminations(state, hand, result, by_name)
    _save(state, *(("status", "finished_at") if finished else ()))
    return result


def _record_eliminations(state: TableState, hand: Hand, result: holdem.HandResult, by_name: dict[str, int]) -> bool:
    """Busted players take the lowest open places; more chips at the hand's start places better, equal chips tie.

    All of them in one INSERT. True when the table is finished (its fields are saved with the revision).
    """
    remaining = len(state.remaining)
    start = {p["name"]: p["stack"] for p in hand.players}
    place = remaining - len(result.busted) + 1
    previous_stack, previous_place = None, place
    placements = []
    for name in result.busted:  # best first
        this_place = previous_place if start[name] == previous_stack else place
        placements.append(Placement(
            table=state.table, seat_id=by_name[name], place=this_place, reason=PlacementReason.BUSTED, hand=hand
        ))
        previous_stack, previous_place = start[name], this_place
        place += 1
    survivors = [name for name, chips in result.stacks.items() if chips > 0]
    still_seated = remaining - len(result.busted)
    finished = len(survivors) == 1 and still_seated == 1
    if finished:
        placements.append(Placement(
            table=state.table, seat_id=by_name[survivors[0]], place=1, reason=PlacementReason.WINNER, hand=hand
        ))
    _place(state, placements)
    if finished:
        _finish(state.table)
    return finished


def _place(state: TableState, placements: list[Placement]) -> None:
    if not placements:
        return
    Placement.objects.bulk_create(placements)
    seats = {seat.pk: seat for seat in state.seats}
    for placement in placements:
        _set_placement(seats[placement.seat_id], placement)
        seats[placement.seat_id].placement_corrected = False


def _finish(table: Table) -> None:
    """The table's fields for its end; `_save` writes them with the revision."""
    table.status, table.finished_at = TableStatus.FINISHED, timezone.now()
    transaction.on_commit(lambda: _keep_figures(table.pk))


def _keep_figures(table_id: int) -> None:
    """Replay the finished table's hands once now, so statistics pages never wait for a whole table."""
    try:
        keep_table_figures(table_id)
    except Exception:  # the figures are rebuilt on the next visit anyway; the table's result stands
        logger.exception("could not keep the figures of table %s", table_id)


@transaction.atomic
def set_sitting_out(*, table: Table, version: str, seat_id: int, sitting_out: bool) -> None:
    """Away from the table: from the next hand on his blinds are taken and his cards folded (or checked)."""
    state = _locked(table, version)
    seat = next((s for s in state.remaining if s.pk == seat_id), None)
    if seat is None:
        raise TrackerError(_("That player is not at this table."))
    Seat.objects.filter(pk=seat.pk).update(sitting_out=sitting_out)
    seat.sitting_out = sitting_out
    _save(state)


@transaction.atomic
def disqualify(*, table: Table, version: str, seat_id: int) -> Placement:
    """Immediate disqualification (seed 002, rule 13), between hands or during one.

    During a hand it is an input of the hand (verb ``disqualify``, replayed like any other): his cards
    are folded, what he put in stays in the pot, his chips behind leave play (recorded on his placement)
    and the action goes on. He takes the lowest open place at once.
    """
    state = _locked(table, version)
    if state.table.status == TableStatus.FINISHED:
        raise TrackerError(_("This table is finished."))
    seat = next((s for s in state.remaining if s.pk == seat_id), None)
    if seat is None:
        raise TrackerError(_("That player is not at this table."))
    remaining = len(state.remaining)
    hand, engine = state.hand, state.engine
    in_this_hand = state.hand_open and engine is not None and state.engine_names().get(seat.pk) in engine.names
    if in_this_hand:
        name = state.engine_names()[seat.pk]
        try:
            engine.apply(holdem.Action(name, holdem.DISQUALIFY))
        except holdem.HandError as error:
            raise TrackerError(_("Not allowed: %(reason)s") % {"reason": getattr(error, "reason", str(error))}) from error
        state.actions.append(
            Action.objects.create(hand=hand, index=len(state.actions), seat_id=seat.pk, verb=holdem.DISQUALIFY)
        )
        _update_status(hand, engine)
        chips_removed = engine.removed[name]
    else:
        chips_removed = state.stacks.get(seat.pk, 0)
    placement = Placement(
        table=state.table,
        seat=seat,
        place=remaining,
        reason=PlacementReason.DISQUALIFIED,
        chips_removed=chips_removed,
        hand=hand if in_this_hand else None,
    )
    placements = [placement]
    finished = remaining - 1 == 1 and not in_this_hand
    if finished:
        winner = next(s for s in state.remaining if s.pk != seat.pk)
        placements.append(Placement(table=state.table, seat=winner, place=1, reason=PlacementReason.WINNER))
    _place(state, placements)
    if finished:
        _finish(state.table)
    _save(state, *(("status", "finished_at") if finished else ()))
    return placement
