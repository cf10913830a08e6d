"""A finished hand as a Poker Hand History (PHH) document, the open format pokerkit reads.

Pure Python, no Django import. :func:`phh_document` takes a
:class:`~tournaments.poker.replay.PlayedHand` and returns the TOML text of one
document (``variant = "NT"``); :func:`phh_documents` joins several into one
``.phhs`` file (``[1]``, ``[2]``, ... sections, as pokerkit's
``HandHistory.loads_all`` reads them).

Seat order is PHH's: ``p1`` is the first player dealt in left of the button,
the button last; heads-up ``p1`` is the big blind and the button (the small
blind) is ``p2``. Players with no chips are not dealt in and not in the
document. How the league's rules are kept where PHH has no field:

- ``min_bet`` is the smallest opening bet on any round (the small blind under
  the league rule), ``_min_bet_rule`` names the rule;
- a sitting-out player's automatic checks and folds are ordinary actions,
  ``_sitting_out`` lists who was away;
- a short big blind is posted as far as the stack goes (``starting_stacks``
  says how far), and ``_button`` names the button;
- only the hole cards that were shown are written; the others are ``????``;
- a showdown decided by the dealer (``pot_winners``) has no recorded cards:
  the pots' winners are in ``_pot_winners`` and the outcome in
  ``finishing_stacks`` and ``winnings``; so that a reader can settle it, the
  players who win nothing muck (``pN sm``) and cards that give exactly the
  named outcome are made up (:mod:`tournaments.poker.invented_cards`). Invented
  cards are marked three times: a TOML comment at the top, the commentary
  ``# invented`` on each action that deals or shows them, and the fields
  ``_invented_cards = true``, ``_invented_hole_cards`` (whose) and
  ``_invented_board_cards`` (how many, from the last). Named winners no cards
  could give: ``_invented_cards = false`` and ``_cannot_settle`` says why;
- ``_odd_chips`` states the contract's rule for a split pot's odd chips;
- antes: ``antes`` holds what each player posted (in PHH's blind order, so
  heads-up the big blind's ante is the second value, as pokerkit reads it),
  with ``ante_trimming_status = false``: antes are dead money in the main pot,
  as the contract has it; ``_ante`` and ``_ante_by`` name the rule. A hand
  without antes is written exactly as before.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tournaments.poker.cards import Card, format_cards
from tournaments.poker.holdem import DISQUALIFY, STREETS
from tournaments.poker.invented_cards import CannotInvent, InventedShowdown, invent_showdown
from tournaments.poker.replay import PlayedHand

__all__ = ["phh_order", "showdown_cards", "phh_fields", "phh_document", "phh_documents"]

_BOARD_DEAL = {"flop": 3, "turn": 1, "river": 1}
_STREET_BOARD = {"flop": (0, 3), "turn": (3, 4), "river": (4, 5)}
ODD_CHIPS_RULE = "one odd chip each to the winners closest to the left of the button"


def phh_order(played: PlayedHand) -> list[str]:
    """The names of the players dealt in, in PHH seat order (p1 first)."""
    hand = played.hand
    dealt = [name for name, stack in zip(hand.names, hand.starting_stacks) if stack > 0]
    sb, bb = hand.small_blind_seat, hand.big_blind_seat
    if len(dealt) == 2:
        return [bb, sb]
    k = dealt.index(sb)
    return dealt[k:] + dealt[:k]


def _cards(cards: Sequence[Card]) -> str:
    return format_cards(cards)


_INVENTED = " # invented"


def _board_for(board: Sequence[Card], street: str, invented_from: int = 5) -> str:
    start, end = _STREET_BOARD[street]
    cards = board[start:end]
    if len(cards) != end - start:
        return "??" * (end - start)
    return _cards(cards) + (_INVENTED if end > invented_from else "")


def showdown_cards(played: PlayedHand) -> InventedShowdown | CannotInvent | None:
    """For a showdown the dealer decided: the cards a reader needs to settle it as named (or why there
    are none); ``None`` for every other hand."""
    if played.pot_winners is None or not played.showdown:
        return None
    try:
        return invent_showdown(played)
    except CannotInvent as reason:
        return reason


def phh_actions(played: PlayedHand, order: Sequence[str], invented: InventedShowdown | None = None) -> list[str]:
    """The action strings: hole cards dealt, each action, board cards, the showdown."""
    hand = played.hand
    seat = {name: f"p{k + 1}" for k, name in enumerate(order)}
    shown = played.shown if invented is None else invented.hole_cards
    made_up = set(invented.invented_hole) if invented else set()
    board = played.board if invented is None else invented.board
    invented_from = 5 - invented.invented_board if invented else 5
    actions = [
        f"d dh {seat[name]} {_cards(shown[name]) if name in shown else '????'}{_INVENTED if name in made_up else ''}"
        for name in order
    ]
    street_index = 0  # board dealt up to this street
    # What pokerkit needs to know to accept a raise: who can still put in more than the bet.
    stacks = dict(zip(hand.names, hand.starting_stacks))
    committed = {name: 0 for name in hand.names}
    folded: set[str] = set()
    bet = 0
    aggressor: str | None = None
    for step in hand.history:
        s = STREETS.index(step.street)
        while street_index < s:
            street_index += 1
            actions.append(f"d db {_board_for(board, STREETS[street_index], invented_from)}")
            committed = {name: 0 for name in hand.names}
            bet = 0
            aggressor = None
        if step.kind == "ante":  # dead money: in PHH's antes, counted toward no bet
            stacks[step.player] -= step.added
            continue
        if step.kind in ("small_blind", "big_blind"):
            stacks[step.player] -= step.added
            committed[step.player] += step.added
            bet = max(bet, committed[step.player])
            continue
        who = seat[step.player]
        if step.kind == DISQUALIFY:
            # PHH has no disqualification (seed 002, rule 13: out of turn, his chips leave play):
            # a comment keeps the moment; pokerkit cannot play such a hand to its end.
            folded.add(step.player)
            actions.append(f"# {who} disqualified: his cards are folded, {hand.removed[step.player]} chips leave play")
            continue
        if step.kind == "fold":
            folded.add(step.player)
            actions.append(f"{who} f")
            continue
        if step.kind in ("bet", "raise"):
            others_can_respond = any(
                stacks[name] + committed[name] > bet
                for name in order if name != step.player and name not in folded
            )
            if others_can_respond:
                actions.append(f"{who} cbr {step.to}")
                aggressor = step.player
            else:  # pokerkit refuses a raise nobody can call; the uncalled part comes back either way
                actions.append(f"{who} cc")
        else:
            actions.append(f"{who} cc")
        stacks[step.player] -= step.added
        committed[step.player] += step.added
        bet = max(bet, committed[step.player])
    showdown = played.showdown
    if showdown:
        # The last aggressor of the last betting round shows first, else the first player left of the button.
        first = order.index(aggressor) if aggressor is not None else 0
        if aggressor is None and street_index == 0:
            first = 2 % len(order)  # pre-flop the player after the big blind opens
        rotated = list(order[first:]) + list(order[:first])
        for name in rotated:
            if name in shown:
                actions.append(f"{seat[name]} sm {_cards(shown[name])}{_INVENTED if name in made_up else ''}")
            elif invented is not None and name in invented.mucked:
                actions.append(f"{seat[name]} sm")  # mucks: he won nothing, his hand forfeits
        while street_index < 3:
            street_index += 1
            actions.append(f"d db {_board_for(board, STREETS[street_index], invented_from)}")
    return actions


def phh_fields(
    played: PlayedHand,
    *,
    metadata: Mapping[str, Any] | None = None,
    invented: InventedShowdown | CannotInvent | None = None,
) -> dict[str, Any]:
    """The document's fields in writing order (standard fields, then the ``_`` ones).
    ``invented``: :func:`showdown_cards` of the hand, when the dealer decided its showdown."""
    setup, hand, result = played.setup, played.hand, played.result
    cards = invented if isinstance(invented, InventedShowdown) else None
    order = phh_order(played)
    n = len(order)
    starting = dict(zip(hand.names, hand.starting_stacks))
    won: dict[str, int] = {name: 0 for name in order}
    for pot in result.pots:
        for name, share in zip(pot.winners, pot.shares):
            won[name] += share
    posted = hand.antes
    antes = [posted[name] for name in order]
    if n == 2:
        antes.reverse()  # pokerkit reads a heads-up hand's antes in blind order (small blind first), as its blinds
    fields: dict[str, Any] = {
        "variant": "NT",
        "ante_trimming_status": not any(antes),
        "antes": antes,
        "blinds_or_straddles": [setup.small_blind, setup.big_blind] + [0] * (n - 2),
        "min_bet": setup.small_blind if setup.min_bet_rule == "league" else setup.big_blind,
        "starting_stacks": [starting[name] for name in order],
        "actions": phh_actions(played, order, cards),
    }
    for key, value in (metadata or {}).items():
        if value is not None and not key.startswith("_"):
            fields[key] = value
    fields["players"] = list(order)
    fields["finishing_stacks"] = [result.stacks[name] for name in order]
    fields["winnings"] = [won[name] for name in order]
    fields["_button"] = hand.button
    fields["_min_bet_rule"] = setup.min_bet_rule
    if setup.ante:
        fields["_ante"] = setup.ante
        fields["_ante_by"] = setup.ante_by
    sitting_out = [name for name in order if name in hand.sitting_out]
    if sitting_out:
        fields["_sitting_out"] = sitting_out
    not_dealt = [name for name in hand.names if name not in order]
    if not_dealt:
        fields["_not_dealt_in"] = not_dealt
    if result.removed:
        fields["_disqualified"] = list(result.removed)
        fields["_chips_removed"] = list(result.removed.values())
    if played.pot_winners is not None:
        fields["_pot_winners"] = [list(pot.winners) for pot in result.pots]
    if cards is not None:
        fields["_invented_cards"] = cards.invented
        fields["_invented_hole_cards"] = [name for name in order if name in cards.invented_hole]
        fields["_invented_board_cards"] = cards.invented_board
    elif isinstance(invented, CannotInvent):
        fields["_invented_cards"] = False
        fields["_cannot_settle"] = str(invented)
    fields["_odd_chips"] = ODD_CHIPS_RULE
    for key, value in (metadata or {}).items():
        if value is not None and key.startswith("_"):
            fields[key] = value
    return fields


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a JSON string is a valid TOML basic string
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} to PHH")


def _toml_key(key: str) -> str:
    return key if key.replace("_", "a").isalnum() and key.isascii() else json.dumps(key)


def phh_document(played: PlayedHand, *, metadata: Mapping[str, Any] | None = None) -> str:
    """One PHH document (TOML), ending with a newline.

    ``metadata`` adds PHH's optional fields (``event``, ``table``, ``hand``,
    ``level``, ``day``, ``month``, ``year``, ...) and ``_`` fields of the caller.
    """
    invented = showdown_cards(played)
    fields = phh_fields(played, metadata=metadata, invented=invented)
    head = ""
    if isinstance(invented, InventedShowdown) and invented.invented:
        head = ("# INVENTED CARDS: the dealer named the pot winners and no cards were recorded. The cards marked\n"
                "# '# invented' are made up so that a program can settle the hand as named; they are NOT the\n"
                "# cards that were played (see _invented_hole_cards, _invented_board_cards).\n")
    elif isinstance(invented, CannotInvent):
        head = f"# No program can settle this showdown: {invented}. The outcome is in finishing_stacks.\n"
    return head + "".join(f"{_toml_key(key)} = {_toml_value(value)}\n" for key, value in fields.items())


def phh_documents(documents: Iterable[str]) -> str:
    """Several documents as one ``.phhs`` file: a ``[k]`` table per hand."""
    return "\n".join(f"[{k}]\n{doc}" for k, doc in enumerate(documents, start=1))
