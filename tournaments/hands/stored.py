"""A stored hand as the `replay_hand` contract reads it, its replay, and the stored hands of some tables in two queries."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from django.db.models import Q

from tournaments.models import Action, Hand, HandStatus, TableStatus
from tournaments.poker.replay import PlayedHand, play_hand


def played_hand(hand: Hand, actions: Sequence[Action]) -> PlayedHand:
    """A stored hand replayed as `replay_hand` would replay its downloaded JSON."""
    return play_hand(replay_json(hand, actions))


def load_hands(table_filter: Q, *, complete_only: bool = True) -> list[tuple[Hand, list[Action]]]:
    """The hands of the matching tables with their actions, in two queries, in table and hand order."""
    hands = Hand.objects.filter(table_filter)
    if complete_only:
        hands = hands.filter(status=HandStatus.COMPLETE)
    hands = list(hands.select_related("table__night__season").order_by("table_id", "number"))
    by_hand: dict[int, list[Action]] = defaultdict(list)
    if hands:
        actions = (
            Action.objects.filter(hand__in=[h.pk for h in hands])
            if len(hands) < 900
            else Action.objects.filter(hand__table__in={h.table_id for h in hands})
        )
        for action in actions.order_by("hand_id", "index").only("hand_id", "index", "seat_id", "verb", "to"):
            by_hand[action.hand_id].append(action)
    return [(hand, by_hand[hand.pk]) for hand in hands]


def finished_hand(table_id: int, number: int) -> tuple[Hand, PlayedHand] | None:
    """A complete hand of a finished table, replayed; None if there is no such hand (or the table plays on)."""
    hand = (
        Hand.objects.select_related("table__night__season")
        .filter(table_id=table_id, number=number, status=HandStatus.COMPLETE, table__status=TableStatus.FINISHED)
        .first()
    )
    if hand is None:
        return None
    return hand, played_hand(hand, list(hand.actions.order_by("index")))


def replay_json(hand: Hand, actions: Sequence[Action]) -> dict:
    """The hand exactly as `manage.py replay_hand` reads it."""
    names = {p["seat"]: p["name"] for p in hand.players}
    data: dict = {
        "blinds": {
            "small": hand.small_blind,
            "big": hand.big_blind,
            **({"ante": hand.ante, "ante_by": hand.ante_by} if hand.ante else {}),
        },
        "button": names[hand.button_id],
        "players": [
            {"name": p["name"], "stack": p["stack"], **({"sitting_out": True} if p["sitting_out"] else {})}
            for p in hand.players
        ],
        "actions": [
            {"player": names[a.seat_id], "action": a.verb, **({"to": a.to} if a.to is not None else {})}
            for a in actions
        ],
        "min_bet_rule": hand.min_bet_rule,
    }
    if hand.pot_winners is not None:
        data["pot_winners"] = hand.pot_winners
    else:
        if hand.hole_cards:
            data["hole_cards"] = hand.hole_cards
        if hand.board:
            data["board"] = hand.board
    return data
