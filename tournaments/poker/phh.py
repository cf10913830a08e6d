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
- a showdown decided by the dealer (``pot_winners``, tapped on the phone) has
  no recorded cards, and the file never makes any up: the document is every
  action that was played, with the cards that were recorded (the rest ``????``
  and ``??``), and ends where the dealer tapped the winners, with a comment
  there; the pots' winners are in ``_pot_winners``, the outcome in
  ``finishing_stacks`` and ``winnings``, and ``_settled_by_dealer = true``
  says that no program can settle the hand from its cards. A reader plays it
  up to that point; nobody reads made-up cards as the ones that were played;
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
from tournaments.poker.replay import PlayedHand

__all__ = ["phh_order", "phh_fields", "phh_document", "phh_documents"]

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


def _board_for(board: Sequence[Card], street: str) -> str:
    start, end = _STREET_BOARD[street]
    cards = board[start:end]
    if len(cards) != end - start:
        return "??" * (end - start)
    return _cards(cards)


def settled_by_dealer(played: PlayedHand) -> bool:
    """A showdown whose pots' winners the dealer tapped: no program can settle it from cards."""
    return played.pot_winners is not None and bool(played.showdown)


def phh_actions(played: PlayedHand, order: Sequence[str]) -> list[str]:
    """The action strings: hole cards dealt, each action, board cards, the showdown."""
    hand = played.hand
    seat = {name: f"p{k + 1}" for k, name in enumerate(order)}
    shown = played.shown
    board = played.board
    actions = [f"d dh {seat[name]} {_cards(shown[name]) if name in shown else '????'}" for name in order]
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
            actions.append(f"d db {_board_for(board, STREETS[street_index])}")
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
            # PHH has no disqualification (docs/rules.md, "Immediate disqualification": out of turn, his chips
            # leave play):
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
                stacks[name] + committed[name] > bet for name in order if name != step.player and name not in folded
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
    if showdown and settled_by_dealer(played):
        # The cards of the showdown were never recorded: the document ends here, and a reader takes the
        # outcome from the fields rather than from cards nobody saw.
        winners = "; ".join(", ".join(seat[name] for name in pot.winners) for pot in played.result.pots)
        actions.append(f"# the dealer named the pots' winners ({winners}) without the cards: see _pot_winners")
    elif showdown:
        # The last aggressor of the last betting round shows first, else the first player left of the button.
        first = order.index(aggressor) if aggressor is not None else 0
        if aggressor is None and street_index == 0:
            first = 2 % len(order)  # pre-flop the player after the big blind opens
        rotated = list(order[first:]) + list(order[:first])
        for name in rotated:
            if name in shown:
                actions.append(f"{seat[name]} sm {_cards(shown[name])}")
        while street_index < 3:
            street_index += 1
            actions.append(f"d db {_board_for(board, STREETS[street_index])}")
    return actions


def phh_fields(played: PlayedHand, *, metadata: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The document's fields in writing order (standard fields, then the ``_`` ones)."""
    setup, hand, result = played.setup, played.hand, played.result
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
        "actions": phh_actions(played, order),
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
    if settled_by_dealer(played):
        fields["_settled_by_dealer"] = True
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
    fields = phh_fields(played, metadata=metadata)
    return "".join(f"{_toml_key(key)} = {_toml_value(value)}\n" for key, value in fields.items())


def phh_documents(documents: Iterable[str]) -> str:
    """Several documents as one ``.phhs`` file: a ``[k]`` table per hand."""
    return "\n".join(f"[{k}]\n{doc}" for k, doc in enumerate(documents, start=1))
