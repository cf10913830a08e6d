"""Issue 31: the rows always win. A snapshot older than its rows but carrying the table's revision (what a
backup read while the table played restored) is caught by its proof, read from the rows and written anew;
taps and undos then work on the rows as they are.

Each test plants such a snapshot the way the torn backup did: the table row as it was at one moment (its
revision with its snapshot), the hands and actions as they are later.
"""

from __future__ import annotations

import logging

import pytest

from tests.tournaments.conftest import Dealer
from tests.tournaments.tracker.test_tap_cost import assert_stored_state_is_the_replay
from tournaments.models import Action, Hand, HandStatus, Table
from tournaments.tracker import services as tracker

pytestmark = pytest.mark.django_db


def _moment(table: Table) -> tuple[str, dict]:
    table.refresh_from_db()
    return table.revision, table.tracker_snapshot


def _plant(table: Table, moment: tuple[str, dict]) -> str:
    """The table row as it was at `moment`: its revision and snapshot, over the rows as they are now."""
    revision, snapshot = moment
    Table.objects.filter(pk=table.pk).update(revision=revision, tracker_snapshot=snapshot)
    return revision


def _indexes(hand: Hand) -> list[int]:
    return list(Action.objects.filter(hand=hand).order_by("index").values_list("index", flat=True))


def test_a_tap_at_a_table_whose_snapshot_is_older_than_its_actions_is_stored_after_them(three_way, dealer, caplog):
    dealer.next_hand()  # Anna deals: Ben small blind, Carl big blind; Anna first
    dealer.act("Anna", "call")
    moment = _moment(three_way)  # the snapshot knows one action
    dealer.act("Ben", "call")
    dealer.act("Carl", "check")  # the rows hold three: the flop
    hand = Hand.objects.get(table=three_way)
    version = _plant(three_way, moment)

    with caplog.at_level(logging.WARNING, logger="tournaments.tracker.services.snapshot"):
        state = tracker.load_state(three_way)  # a page view: the rows, not the planted copy
    assert len(state.actions) == 3 and state.engine.street == "flop"
    assert "does not describe its rows" in caplog.text
    three_way.refresh_from_db()
    assert three_way.revision == version  # rebuilt without retiring the phones' version
    assert three_way.tracker_snapshot["proof"] == tracker.snapshot_proof(hand, list(hand.actions.order_by("index")))

    _plant(three_way, moment)  # again, and now a tap reads it under the lock
    tracker.record_action(table=three_way, version=version, seat_id=dealer.seat("Ben"), verb="check")
    assert _indexes(hand) == [0, 1, 2, 3]
    assert_stored_state_is_the_replay(three_way)


def test_an_undo_at_a_table_whose_snapshot_is_older_takes_back_the_last_action_the_rows_hold(three_way, dealer):
    dealer.next_hand()
    dealer.act("Anna", "call")
    dealer.act("Ben", "call")
    dealer.act("Carl", "check")
    moment = _moment(three_way)  # the snapshot knows three actions (0-2)
    dealer.act("Ben", "check")
    dealer.act("Carl", "check")  # the rows hold five (0-4)
    hand = Hand.objects.get(table=three_way)
    last = Action.objects.get(hand=hand, index=4)

    tracker.undo(table=three_way, version=_plant(three_way, moment))

    assert _indexes(hand) == [0, 1, 2, 3]  # the issue saw 0, 1, 3, 4: index 2 taken from the copy
    assert not Action.objects.filter(pk=last.pk).exists()
    assert_stored_state_is_the_replay(three_way)
    dealer.undo()
    assert _indexes(hand) == [0, 1, 2]


def test_a_snapshot_of_an_open_hand_the_rows_have_settled_is_not_trusted(three_way, dealer):
    dealer.next_hand()
    dealer.act("Anna", "fold")
    dealer.act("Ben", "fold")  # Carl wins the blinds: the betting is over, no action will follow
    moment = _moment(three_way)
    dealer.settle()  # settling writes the hand's row, not an action
    version = _plant(three_way, moment)

    state = tracker.load_state(three_way)
    assert state.hand.status == HandStatus.COMPLETE
    tracker.start_hand(table=three_way, version=version)  # the copy says the hand is still open
    assert Hand.objects.filter(table=three_way).count() == 2
    assert_stored_state_is_the_replay(three_way)


def test_a_snapshot_of_the_hand_before_the_latest_is_not_trusted(three_way, dealer):
    dealer.next_hand()
    dealer.act("Anna", "fold")
    dealer.act("Ben", "fold")
    dealer.settle()
    moment = _moment(three_way)  # hand 1 settled, no hand 2 yet
    dealer.next_hand()
    dealer.act("Ben", "call")  # hand 2: Ben deals and calls first (three players)
    version = _plant(three_way, moment)

    state = tracker.load_state(three_way)
    assert state.hand.number == 2 and len(state.actions) == 1
    tracker.undo(table=three_way, version=version)
    assert _indexes(Hand.objects.get(table=three_way, number=2)) == []
    assert_stored_state_is_the_replay(three_way)


def test_cards_typed_after_the_snapshot_are_the_ones_a_showdown_is_settled_with(db, organizer):
    from tests.tournaments.conftest import table_of

    table = table_of({"Anna": 1000, "Ben": 1000}, organizer)
    dealer = Dealer(table)
    dealer.next_hand()  # heads-up: Anna deals and posts the small blind
    dealer.act("Anna", "allin")
    dealer.act("Ben", "call")
    dealer.cards("2c 3d 4h 9s Kd", Anna="As Ad", Ben="7c 8c")
    moment = _moment(table)  # Anna's aces
    dealer.cards("2c 3d 4h 9s Kd", Anna="7h 5c", Ben="7c 8c")  # corrected: Ben wins, K 9 8 7 4 over K 9 7 5 4
    version = _plant(table, moment)

    tracker.settle(table=table, version=version)
    assert Hand.objects.get(table=table).final_stacks == {str(dealer.seat("Anna")): 0, str(dealer.seat("Ben")): 2000}
    assert_stored_state_is_the_replay(table)


def test_a_snapshot_written_before_snapshots_carried_a_proof_is_read_from_the_rows(three_way, dealer):
    dealer.next_hand()
    dealer.act("Anna", "call")
    revision, snapshot = _moment(three_way)
    del snapshot["proof"]
    _plant(three_way, (revision, snapshot))

    dealer.act("Ben", "call")
    assert_stored_state_is_the_replay(three_way)


def test_check_and_rebuild_name_a_snapshot_that_disagrees_with_the_rows(three_way, dealer):
    dealer.next_hand()
    dealer.act("Anna", "call")
    assert tracker.snapshot_disagreement(three_way.pk) is None
    moment = _moment(three_way)
    dealer.act("Ben", "call")
    _plant(three_way, moment)

    stored, fresh = tracker.snapshot_disagreement(three_way.pk)
    assert len(stored["hand"]["actions"]) == 1 and len(fresh["hand"]["actions"]) == 2
    assert tracker.rebuild_snapshot(table_id=three_way.pk) is True
    assert tracker.snapshot_disagreement(three_way.pk) is None
    assert tracker.rebuild_snapshot(table_id=three_way.pk) is False
    assert_stored_state_is_the_replay(three_way)
