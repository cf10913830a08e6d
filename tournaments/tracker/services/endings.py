"""How players leave and hands end: the settlement, the places of busted players, a disqualification, the table's end."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.hands.figures import keep_table_figures
from tournaments.models import Action, Hand, HandStatus, Placement, PlacementReason, Table, TableStatus
from tournaments.poker import holdem
from tournaments.poker.cards import parse_cards
from tournaments.tracker.services.change import locked, save, update_status, write_hand
from tournaments.tracker.services.state import TableState, TrackerError, set_placement

logger = logging.getLogger(__name__)


def _check_showdown_cards(hand: Hand, engine: holdem.Hand) -> None:
    if len(parse_cards(hand.board or "")) != 5:
        raise TrackerError(_("Enter all five board cards, or tap the winners."))
    missing = [name for name in engine.in_hand if not hand.hole_cards.get(name)]
    if missing:
        raise TrackerError(_("Enter the hole cards of %(names)s, or tap the winners.") % {"names": ", ".join(missing)})


@transaction.atomic
def settle(*, table: Table, version: str, pot_winners: Sequence[Sequence[str]] | None = None) -> holdem.HandResult:
    """End the hand: by the cards entered, by the winners the dealer named per pot, or with one player left."""
    state = locked(table, version)
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
            {
                "amount": pot.amount,
                "eligible": list(pot.eligible),
                "winners": list(pot.winners),
                "shares": list(pot.shares),
            }
            for pot in result.pots
        ],
        "returned": result.returned,
        "busted": list(result.busted),
    }
    hand.status, hand.finished_at = HandStatus.COMPLETE, timezone.now()
    write_hand(hand, "final_stacks", "pot_winners", "result", "status", "finished_at")
    finished = _record_eliminations(state, hand, result, by_name)
    save(state, *(("status", "finished_at") if finished else ()))
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
        placements.append(
            Placement(
                table=state.table, seat_id=by_name[name], place=this_place, reason=PlacementReason.BUSTED, hand=hand
            )
        )
        previous_stack, previous_place = start[name], this_place
        place += 1
    survivors = [name for name, chips in result.stacks.items() if chips > 0]
    still_seated = remaining - len(result.busted)
    finished = len(survivors) == 1 and still_seated == 1
    if finished:
        placements.append(
            Placement(
                table=state.table, seat_id=by_name[survivors[0]], place=1, reason=PlacementReason.WINNER, hand=hand
            )
        )
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
        set_placement(seats[placement.seat_id], placement)
        seats[placement.seat_id].placement_corrected = False


def _finish(table: Table) -> None:
    """The table's fields for its end; `save` writes them with the revision."""
    table.status, table.finished_at = TableStatus.FINISHED, timezone.now()
    transaction.on_commit(lambda: _keep_figures(table.pk))


def _keep_figures(table_id: int) -> None:
    """Replay the finished table's hands once now, so statistics pages never wait for a whole table."""
    try:
        keep_table_figures(table_id)
    except Exception:  # the figures are rebuilt on the next visit anyway; the table's result stands
        logger.exception("could not keep the figures of table %s", table_id)


@transaction.atomic
def disqualify(*, table: Table, version: str, seat_id: int) -> Placement:
    """Immediate disqualification (docs/rules.md, "The league night"), between hands or during one.

    During a hand it is an input of the hand (verb ``disqualify``, replayed like any other): his cards
    are folded, what he put in stays in the pot, his chips behind leave play (recorded on his placement)
    and the action goes on. He takes the lowest open place at once.
    """
    state = locked(table, version)
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
            raise TrackerError(
                _("Not allowed: %(reason)s") % {"reason": getattr(error, "reason", str(error))}
            ) from error
        state.actions.append(
            Action.objects.create(hand=hand, index=len(state.actions), seat_id=seat.pk, verb=holdem.DISQUALIFY)
        )
        update_status(hand, engine)
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
    save(state, *(("status", "finished_at") if finished else ()))
    return placement
