"""The ``replay_hand`` contract (docs/contracts.md): a JSON object in, a JSON object out.

Pure Python, no Django import. :func:`replay_hand` validates the input,
replays the hand through :mod:`tournaments.poker.holdem` and builds
``{"stacks", "pots", "busted"}``. Every problem raises :class:`ReplayError`
whose message is the one line to print, e.g.
``action 3 (Dora raise): a raise to 120 is below the minimum raise to 150``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tournaments.poker.cards import Card
from tournaments.poker.holdem import DISQUALIFY, VERBS, Action, Hand, HandError, HandResult, HandSetup, Seat, replay

__all__ = ["ReplayError", "PlayedHand", "parse_json", "parse_setup", "parse_actions", "play_hand", "replay_hand"]

_VERB_ALIASES = {"all-in": "allin", "all_in": "allin"}


class ReplayError(ValueError):
    """Bad input for ``replay_hand``; ``str()`` is one line naming what and where."""


def parse_json(text: str) -> Any:
    """``json.loads`` with a one-line :class:`ReplayError` for malformed JSON."""
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as error:
        raise ReplayError(f"malformed JSON: {error.msg} (line {error.lineno}, column {error.colno})") from None


def _reject_constant(name: str) -> None:
    raise ReplayError(f"malformed JSON: {name} is not a number")


def _field(data: Mapping[str, Any], key: str, where: str = "") -> Any:
    if key not in data:
        raise ReplayError(f"{where}missing field {key!r}")
    return data[key]


def _chips(value: Any, what: str) -> int:
    """A whole number of chips (a JSON number; ``1500.0`` counts as 1500)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ReplayError(f"{what} must be a whole number of chips, got {json.dumps(value)}")
    if isinstance(value, float):
        if not value.is_integer():
            raise ReplayError(f"{what} must be a whole number of chips, got {value}")
        value = int(value)
    return int(value)


def parse_setup(data: Any) -> HandSetup:
    """Build the :class:`HandSetup` from the input object."""
    if not isinstance(data, Mapping):
        raise ReplayError("the input must be a JSON object")
    blinds = _field(data, "blinds")
    if not isinstance(blinds, Mapping):
        raise ReplayError('blinds must be an object like {"small": 25, "big": 50}')
    small = _chips(_field(blinds, "small", "blinds: "), "blinds: small")
    big = _chips(_field(blinds, "big", "blinds: "), "blinds: big")
    # Optional antes: absent (or 0), the hand replays exactly as before.
    ante = blinds.get("ante")
    ante = 0 if ante is None else _chips(ante, "blinds: ante")
    ante_by = blinds.get("ante_by")
    if ante_by is None:
        ante_by = "each"
    if not isinstance(ante_by, str):
        raise ReplayError(f'blinds: ante_by must be "each" or "big_blind", got {json.dumps(ante_by)}')
    button = _field(data, "button")
    if not isinstance(button, str):
        raise ReplayError(f"button must be a player's name, got {json.dumps(button)}")
    players = _field(data, "players")
    if not isinstance(players, list):
        raise ReplayError("players must be a list of players in seating order")
    seats = []
    for k, player in enumerate(players):
        where = f"players[{k}]: "
        if not isinstance(player, Mapping):
            raise ReplayError(f'{where}must be an object like {{"name": "Anna", "stack": 1500}}')
        name = _field(player, "name", where)
        if not isinstance(name, str) or not name:
            raise ReplayError(f"{where}name must be a non-empty string, got {json.dumps(name)}")
        stack = _chips(_field(player, "stack", where), f"{where}stack of {name}")
        sitting_out = player.get("sitting_out", False)
        if sitting_out is None:
            sitting_out = False
        if not isinstance(sitting_out, bool):
            raise ReplayError(f"{where}sitting_out of {name} must be true or false")
        seats.append(Seat(name, stack, sitting_out))
    rule = data.get("min_bet_rule")
    if rule is None:
        rule = "league"
    try:
        return HandSetup(tuple(seats), button, small, big, rule, ante, ante_by)
    except HandError as error:
        raise ReplayError(str(error)) from None


def parse_actions(data: Mapping[str, Any]) -> list[Action]:
    """The recorded actions, checked for shape (legality is the engine's job)."""
    actions = _field(data, "actions")
    if not isinstance(actions, list):
        raise ReplayError("actions must be a list")
    parsed = []
    for k, entry in enumerate(actions):
        if not isinstance(entry, Mapping):
            raise ReplayError(f'action {k}: must be an object like {{"player": "Anna", "action": "call"}}')
        player = entry.get("player")
        verb = entry.get("action")
        if not isinstance(player, str):
            raise ReplayError(
                f"action {k}: missing field 'player'"
                if player is None
                else f"action {k} ({player} {verb}): player must be a name"
            )
        if not isinstance(verb, str):
            raise ReplayError(
                f"action {k} ({player}): missing field 'action'"
                if verb is None
                else f"action {k} ({player} {verb}): action must be one of {', '.join(VERBS)}"
            )
        given = verb
        verb = verb.lower()
        verb = _VERB_ALIASES.get(verb, verb)
        if verb not in VERBS and verb != DISQUALIFY:
            raise ReplayError(f"action {k} ({player} {given}): unknown action (use {', '.join(VERBS)})")
        to = entry.get("to")
        # The message's label is written only for a bad amount: formatting it for every action cost the contract
        # call about 2 %.
        if to is not None and (type(to) is not int):
            to = _chips(to, f"action {k} ({player} {given}): to")
        parsed.append(Action(player, verb, to))
    return parsed


@dataclass(frozen=True)
class PlayedHand:
    """A finished hand from the contract's input: the replayed engine, its result
    and the cards as given. The exports and the statistics read this."""

    setup: HandSetup
    hand: Hand
    result: HandResult
    hole_cards: dict[str, tuple[Card, ...]]
    board: tuple[Card, ...]
    pot_winners: list[list[str]] | None

    @property
    def showdown(self) -> tuple[str, ...]:
        """Players still in when the betting ended, if two or more: they table their cards."""
        in_hand = self.hand.in_hand
        return in_hand if len(in_hand) > 1 else ()

    @property
    def shown(self) -> dict[str, tuple[Card, ...]]:
        """The hole cards that were shown: those of the showdown's players, where recorded.
        Cards of players who folded, or who won without a showdown, stay hidden."""
        return {name: self.hole_cards[name] for name in self.showdown if name in self.hole_cards}


def _settle(data: Any) -> tuple[HandSetup, Hand, HandResult, Any, Any, Any]:
    """Validate the contract's input, replay the hand and settle it: what both readings below share."""
    setup = parse_setup(data)
    actions = parse_actions(data)
    hole_cards = data.get("hole_cards")
    if hole_cards is not None and not isinstance(hole_cards, Mapping):
        raise ReplayError('hole_cards must be an object like {"Anna": "AsKs"}')
    board = data.get("board")
    if board is not None and not isinstance(board, (str, list)):
        raise ReplayError('board must be cards like "Ah Kd 7h 2s 2h" or a list of cards')
    pot_winners = data.get("pot_winners")
    if pot_winners is not None and (
        not isinstance(pot_winners, list)
        or not all(isinstance(w, list) and all(isinstance(n, str) for n in w) for w in pot_winners)
    ):
        raise ReplayError('pot_winners must be a list with one list of names per pot, like [["Carl"], ["Anna"]]')
    try:
        hand = replay(setup, actions)
        if not hand.is_betting_over:
            raise ReplayError(
                f"the hand is not finished: after {len(actions)} actions it is {hand.to_act}'s turn to act"
            )
        result = hand.settle(hole_cards, board, pot_winners)
    except HandError as error:
        raise ReplayError(str(error)) from None
    return setup, hand, result, hole_cards, board, pot_winners


def play_hand(data: Any) -> PlayedHand:
    """Validate the contract's input, replay the hand and settle it (:class:`ReplayError` on bad input)."""
    setup, hand, result, hole_cards, board, pot_winners = _settle(data)
    try:
        holes, board_cards = hand._parse_showdown_cards(hole_cards, board)
    except HandError as error:
        raise ReplayError(str(error)) from None
    return PlayedHand(
        setup, hand, result, holes, board_cards, [list(w) for w in pot_winners] if pot_winners is not None else None
    )


def replay_hand(data: Any) -> dict[str, Any]:
    """Replay one hand from the contract's input object; return the output object.

    The result alone: the exports' :class:`PlayedHand` would parse the showdown's cards a second time
    (a sixth of the contract's time)."""
    result = _settle(data)[2]
    return {
        "stacks": result.stacks,
        "pots": [
            {"amount": pot.amount, "eligible": list(pot.eligible), "winners": list(pot.winners)} for pot in result.pots
        ],
        "busted": list(result.busted),
        # Only when the tracker recorded a disqualification (docs/rules.md, "Immediate disqualification"): the
        # chips that left play.
        # Then stacks plus these equal the starting stacks. Absent otherwise, so the contract's output is unchanged.
        **({"disqualified": result.removed} if result.removed else {}),
    }
