"""The replay: a stored hand and its actions through the engine, and what the table's chips add up to."""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.models import Action, Hand, HandStatus, PlacementReason, Seat
from tournaments.poker import holdem
from tournaments.tracker.services.state import TableState


def derive(state: TableState) -> None:
    """Engine and stacks from the hand and its actions (the replay is the truth)."""
    hand = state.hand
    state.engine = None
    if hand is None:
        state.stacks = {seat.pk: seat.starting_stack for seat in state.seats}
    elif hand.status == HandStatus.COMPLETE:
        state.stacks = {int(k): v for k, v in hand.final_stacks.items()}
    else:
        state.engine = replay(hand, state.actions)
        by_name = state.seat_by_name()
        state.stacks = {by_name[name]: chips for name, chips in state.engine.stacks.items()}


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


def replay(hand: Hand, actions: Sequence[Action]) -> holdem.Hand:
    return holdem.replay(_setup(hand), _engine_actions(hand, actions))


def settled_again(hand: Hand, engine: holdem.Hand) -> holdem.HandResult:
    """The settlement `settle` made, made again from the hand's stored inputs (winners named, or cards)."""
    if hand.pot_winners is not None:
        return engine.settle(pot_winners=hand.pot_winners)
    if len(engine.in_hand) == 1 or all(len(pot.eligible) == 1 for pot in engine.pots()):
        return engine.settle()
    return engine.settle(hole_cards=hand.hole_cards, board=hand.board)


def hand_steps(hand: Hand, actions: Sequence[Action]) -> list[holdem.Step]:
    """What each input of a stored hand did (blinds and automatic folds included), for the hand history."""
    return list(replay(hand, actions).history)


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
