"""The table's snapshot: a copy of its latest two hands, written in the same UPDATE that renews its revision.

It is used only while its revision is the table's and while its proof is the rows' (see `reading`).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime

from django.db import DEFAULT_DB_ALIAS

from tournaments.models import Action, Hand, Table
from tournaments.tracker.services.state import TableState

logger = logging.getLogger(__name__)

HAND_FIELDS = [f.attname for f in Hand._meta.concrete_fields]
_DATETIMES = {f.attname for f in Hand._meta.concrete_fields if f.get_internal_type() == "DateTimeField"}
_ADDED_LATER = {"ante": 0, "ante_by": "each"}  # fields a snapshot written before they came lacks


def _hand_json(hand: Hand | None, actions: Sequence[Action]) -> dict | None:
    if hand is None:
        return None
    fields = {}
    for name in HAND_FIELDS:
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
        for name in HAND_FIELDS
    ]
    hand = Hand.from_db(DEFAULT_DB_ALIAS, HAND_FIELDS, values)
    actions = [
        Action.from_db(
            DEFAULT_DB_ALIAS, ["id", "hand_id", "index", "seat_id", "verb", "to"], [pk, hand.pk, k, seat, verb, to]
        )
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


def from_snapshot(state: TableState, proof: str | None) -> bool:
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
                state.table.pk,
                snapshot.get("proof"),
                proof,
            )
        return False
    state.hand, state.actions = _hand_from_json(snapshot["hand"])
    state.previous_known = "previous" in snapshot
    state.previous_json = snapshot.get("previous")
    return True


def write_snapshot(state: TableState) -> None:
    """The snapshot of the rows just read, written unless the table changed since (its revision is kept: the
    phones' pages stay current). A change of the table writes its own snapshot anyway."""
    table = state.table
    table.tracker_snapshot = snapshot_of(state)
    Table.objects.filter(pk=table.pk, revision=table.revision).update(tracker_snapshot=table.tracker_snapshot)


def previous_decoded(state: TableState) -> None:
    if state.previous_json is not None:
        state.previous, state.previous_actions = _hand_from_json(state.previous_json)
        state.previous_json = None
