"""The hand's inputs: deal the next hand, record an action, take back the last input, sit out and back in."""

from __future__ import annotations

import logging

from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.utils import formats
from django.utils.translation import gettext as _

from tournaments.clock.services import stakes_now
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
)
from tournaments.poker import holdem
from tournaments.tracker import prepared
from tournaments.tracker.seat_names import unique_names
from tournaments.tracker.services.change import locked, save, update_status, write_hand
from tournaments.tracker.services.reading import previous_from_rows
from tournaments.tracker.services.replaying import replay
from tournaments.tracker.services.snapshot import previous_decoded
from tournaments.tracker.services.state import TableState, TrackerError, set_placement

logger = logging.getLogger(__name__)


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
    state = locked(table, version)
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
    hand.status = HandStatus.SHOWDOWN if replay(hand, []).is_betting_over else HandStatus.BETTING
    hand.save(force_insert=True)
    state.previous, state.previous_actions, state.previous_known = state.hand, state.actions, True
    state.previous_json = None
    state.hand, state.actions = hand, []
    if state.table.status == TableStatus.WAITING:
        state.table.status = TableStatus.PLAYING
        save(state, "status")
    else:
        save(state)
    return hand


def _check_input(legal: holdem.LegalActions | None, name: str, verb: str, to: int | None) -> None:
    """The dealer's usual slips, said in his language; the engine's own refusal stays the last word."""
    if legal is None:
        return
    if name != legal.player:
        raise TrackerError(_("It is %(name)s's turn.") % {"name": legal.player})
    if verb == "check" and not legal.can_check:
        raise TrackerError(
            _("%(name)s cannot check facing a bet of %(bet)s.") % {"name": name, "bet": _chips(legal.bet)}
        )
    if verb not in legal.verbs:
        raise TrackerError(_("That is not possible for %(name)s now; the buttons show what is.") % {"name": name})
    if verb in ("bet", "raise") and legal.min_to is not None and legal.max_to is not None:
        if to is None:
            raise TrackerError(_("Enter the amount."))
        if to < legal.min_to:
            raise TrackerError(
                _("%(to)s is below the minimum: enter at least %(min)s.")
                % {"to": _chips(to), "min": _chips(legal.min_to)}
            )
        if to > legal.max_to:
            raise TrackerError(
                _("%(to)s is more than %(name)s has: at most %(max)s (all-in).")
                % {"to": _chips(to), "name": name, "max": _chips(legal.max_to)}
            )


def _chips(n: int) -> str:
    return formats.number_format(n, force_grouping=True)


@transaction.atomic
def record_action(*, table: Table, version: str, seat_id: int, verb: str, to: int | None = None) -> Action:
    state = locked(table, version)
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
    update_status(state.hand, state.engine)
    save(state)
    return row


@transaction.atomic
def undo(*, table: Table, version: str) -> None:
    """Take back the last input: a settlement first (while no later hand exists), else the last action."""
    state = locked(table, version)
    hand = state.hand
    if hand is None:
        raise TrackerError(_("There is nothing to undo."))
    if hand.status == HandStatus.COMPLETE:
        # A disqualification between hands is no input of a hand and cannot be taken back here: reopening the
        # hand before it would put the disqualified player's chips back into play (found by the random taps test).
        if any(
            seat.placement.reason == PlacementReason.DISQUALIFIED
            and seat.placement.hand_id is None
            and seat.placement.decided_at >= hand.finished_at
            for seat in state.placed
        ):
            raise TrackerError(_("A player was disqualified after this hand: its award can no longer be undone."))
        # A disqualification during the hand stands: it is undone with its own input, not with the award.
        awarded = [
            seat
            for seat in state.placed
            if seat.placement.hand_id == hand.pk and seat.placement.reason != PlacementReason.DISQUALIFIED
        ]
        _delete_placements(awarded)
        engine = replay(hand, state.actions)
        hand.status = HandStatus.SHOWDOWN if engine.is_betting_over else HandStatus.BETTING
        hand.final_stacks, hand.result, hand.finished_at, hand.pot_winners = None, None, None, None
        write_hand(hand, "status", "final_stacks", "result", "finished_at", "pot_winners")
        if state.table.status == TableStatus.FINISHED:
            state.table.status, state.table.finished_at = TableStatus.PLAYING, None
            save(state, "status", "finished_at")
        else:
            save(state)
        return
    if not state.actions:
        # Dealt by mistake: the hand goes, the previous one is the latest again.
        if not state.previous_known:
            previous_from_rows(state)
        previous_decoded(state)
        # Nothing points at a hand without actions (no action, no placement): one DELETE, no cascade to look up.
        Hand.objects.filter(pk=hand.pk)._raw_delete(DEFAULT_DB_ALIAS)
        state.hand, state.actions = state.previous, state.previous_actions
        state.previous, state.previous_actions, state.previous_known = None, [], False
        if state.hand is None:
            state.table.status = TableStatus.WAITING
            save(state, "status")
        else:
            save(state)
        return
    last = _delete_last_action(hand)
    if last.pk == state.actions[-1].pk:
        state.actions.pop()
    else:  # the read's proof makes this impossible; should it happen, the rows win
        logger.error(
            "table %s, hand %s: the last action is %s by the rows, %s by the read; read again",
            state.table.pk,
            hand.pk,
            last.pk,
            state.actions[-1].pk,
        )
        state.actions = list(Action.objects.filter(hand_id=hand.pk).order_by("index"))
    if last.verb == holdem.DISQUALIFY:
        _delete_placements(
            [
                seat
                for seat in state.placed
                if seat.pk == last.seat_id and seat.placement.reason == PlacementReason.DISQUALIFIED
            ]
        )
    update_status(hand, replay(hand, state.actions))
    save(state)


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
        set_placement(seat, None)


@transaction.atomic
def set_sitting_out(*, table: Table, version: str, seat_id: int, sitting_out: bool) -> None:
    """Away from the table: from the next hand on his blinds are taken and his cards folded (or checked)."""
    state = locked(table, version)
    seat = next((s for s in state.remaining if s.pk == seat_id), None)
    if seat is None:
        raise TrackerError(_("That player is not at this table."))
    Seat.objects.filter(pk=seat.pk).update(sitting_out=sitting_out)
    seat.sitting_out = sitting_out
    save(state)
