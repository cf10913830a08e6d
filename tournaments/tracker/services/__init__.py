"""The hand tracker: the only place that turns a dealer's input into stored actions.

A hand's state is always the replay of its `Action` rows through the poker engine. Every write locks the
table row, compares the version the dealer's phone saw with the current one (two phones on one table: the
second tap is refused, never applied twice), checks the input with the engine, and only then writes.

The rooms: `state` (a table's state and the errors the dealer sees), `reading` (the table read in one query,
from its snapshot while that describes the rows), `snapshot` (the copy of the latest hands kept on the table
row), `replaying` (a stored hand through the engine, the chip count), `change` (a write locked at the phone's
version, saved with a new revision), and the writes: `hands` (deal, act, undo, sit out), `cards` (the cards
entered) and `endings` (settle, eliminations, disqualify, the table's end). The use cases are named here,
so a page, a command or a test says `tracker.record_action(...)` without knowing which room holds it.
"""

from tournaments.tracker.services.cards import clear_cards, pick_card, save_cards
from tournaments.tracker.services.endings import disqualify, settle
from tournaments.tracker.services.hands import record_action, set_sitting_out, start_hand, undo
from tournaments.tracker.services.reading import (
    load_state,
    note_dealer_link_opened,
    read_state,
    rebuild_snapshot,
    snapshot_disagreement,
    state_from_rows,
)
from tournaments.tracker.services.replaying import (
    chips_expected,
    chips_in_play,
    derive,
    hand_steps,
    replay,
    settled_again,
)
from tournaments.tracker.services.snapshot import snapshot_proof
from tournaments.tracker.services.state import (
    NoSuchTable,
    OnPaper,
    ResultStands,
    StaleTable,
    TableState,
    TrackerError,
    result_stands,
)

__all__ = [
    "NoSuchTable",
    "OnPaper",
    "ResultStands",
    "StaleTable",
    "TableState",
    "TrackerError",
    "chips_expected",
    "chips_in_play",
    "clear_cards",
    "derive",
    "disqualify",
    "hand_steps",
    "load_state",
    "note_dealer_link_opened",
    "pick_card",
    "read_state",
    "rebuild_snapshot",
    "record_action",
    "replay",
    "result_stands",
    "save_cards",
    "set_sitting_out",
    "settle",
    "settled_again",
    "snapshot_disagreement",
    "snapshot_proof",
    "start_hand",
    "state_from_rows",
    "undo",
]
