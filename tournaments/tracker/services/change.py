"""A change of the table: locked at the version the phone saw, written with a new revision and its snapshot."""

from __future__ import annotations

import secrets

from django.utils.translation import gettext as _

from tournaments.models import Hand, HandStatus, Table, TableStatus, new_revision
from tournaments.poker import holdem
from tournaments.tracker import prepared
from tournaments.tracker.services.reading import read_hands, read_table
from tournaments.tracker.services.replaying import derive
from tournaments.tracker.services.snapshot import snapshot_of
from tournaments.tracker.services.state import OnPaper, ResultStands, StaleTable, TableState


def locked(table: Table, version: str) -> TableState:
    """The table locked for this change, if the phone saw its current revision.

    `table` may be unsaved with only its dealer token set (the dealer's link): then the table is found by
    the token in the same query. The change ends with `save`, which renews the revision; the caller's
    instance carries the state the change produced (`tracker_state`), so the page is drawn without reading
    the table again.
    """
    if table.pk is None:
        state, proof = read_table(table_id=None, token=table.dealer_token, for_update=True)
    else:
        state, proof = read_table(table_id=table.pk, token=None, for_update=True)
    if state.result_stands:
        raise ResultStands(_("The result of this table stands: changes only by an organizer's correction."))
    if state.on_paper:
        if state.table.status == TableStatus.FINISHED:
            raise OnPaper(_("This table is finished."))
        raise OnPaper(
            _(
                "This table goes on on paper: nothing can be entered here any more. Write the places on the placement sheet; the organizer types them in."
            )
        )
    if not isinstance(version, str) or not secrets.compare_digest(version.encode(), state.version.encode()):
        raise StaleTable(_("The table changed — reloaded. Check the current state and tap again."))
    # The hands only now: on PostgreSQL a read that waited for the lock sees the table as the change before it
    # left it, but the proof as it was when the read began; that change renewed the revision, so such a read
    # ends above, and here the proof and the table are of one moment.
    read_hands(state, proof, locked=True)
    derive(state)
    table.tracker_state = state
    return state


def save(state: TableState, *table_fields: str) -> None:
    """The change is written: a new revision, the snapshot of the hands and the table fields named, in one UPDATE.

    In the transaction of the change: if anything after it fails, all of it rolls back together.
    """
    table = state.table
    table.revision = new_revision()
    table.tracker_snapshot = snapshot_of(state)
    prepared.update(table, "revision", "tracker_snapshot", *table_fields)
    derive(state)


def update_status(hand: Hand, engine: holdem.Hand) -> None:
    status = HandStatus.SHOWDOWN if engine.is_betting_over else HandStatus.BETTING
    if hand.status != status:
        hand.status = status
        write_hand(hand, "status")


def write_hand(hand: Hand, *fields: str) -> None:
    """Save these fields of the hand with a new revision of its row (the snapshot's proof names it)."""
    hand.revision = new_revision()
    hand.save(update_fields=[*fields, "revision"])
