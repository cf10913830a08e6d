"""A finished hand as Open Hand History (OHH) JSON, PokerTracker's open specification.

Pure Python, no Django import. :func:`ohh_hand` returns the ``{"ohh": {...}}``
object of one hand (spec 1.4.6): players with their seats and starting
stacks, one round per street with its actions ("Post Ante", "Post SB", "Post BB", "Fold",
"Check", "Call", "Bet", "Raise", ``is_allin``), a "Showdown" round with the
cards shown, and the pots with each winner's share. Hole cards that were never
shown are not written. :func:`ohh_file` joins hands the way OHH files hold
several: one object per hand, separated by a blank line.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from tournaments.poker.cards import Card, format_cards
from tournaments.poker.holdem import STREETS
from tournaments.poker.replay import PlayedHand

__all__ = ["OHH_SPEC_VERSION", "ohh_hand", "ohh_file"]

OHH_SPEC_VERSION = "1.4.6"
_STREET_NAMES = {"preflop": "Preflop", "flop": "Flop", "turn": "Turn", "river": "River"}
_STREET_BOARD = {"preflop": (0, 0), "flop": (0, 3), "turn": (3, 4), "river": (4, 5)}
_KINDS = {
    "ante": "Post Ante",
    "small_blind": "Post SB",
    "big_blind": "Post BB",
    "fold": "Fold",
    "check": "Check",
    "call": "Call",
    "bet": "Bet",
    "raise": "Raise",
    "disqualify": "Fold",  # OHH has no disqualification: a fold, marked (docs/rules.md, "Immediate disqualification")
}


def _cards(cards: Iterable[Card]) -> list[str]:
    return [format_cards([card]) for card in cards]


def ohh_hand(played: PlayedHand, *, metadata: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The OHH object of one hand. ``metadata`` may set ``site_name``, ``table_name``,
    ``game_number``, ``start_date_utc``, ``tournament_info`` and other OHH fields."""
    setup, hand, result = played.setup, played.hand, played.result
    shown = played.shown
    ids = {name: k + 1 for k, name in enumerate(hand.names)}
    players = []
    for name, stack in zip(hand.names, hand.starting_stacks):
        player: dict[str, Any] = {
            "id": ids[name],
            "seat": ids[name],
            "name": name,
            "display": name,
            "starting_stack": stack,
        }
        if name in shown:
            player["cards"] = _cards(shown[name])
        if name in hand.sitting_out:
            player["is_sitting_out"] = True
        players.append(player)

    rounds: list[dict[str, Any]] = []
    number = 0
    reached = STREETS.index("preflop")
    for step in hand.history:
        reached = max(reached, STREETS.index(step.street))
    for index in range(reached + 1):
        street = STREETS[index]
        start, end = _STREET_BOARD[street]
        round_: dict[str, Any] = {"id": index, "street": _STREET_NAMES[street], "actions": []}
        if end:
            round_["cards"] = _cards(played.board[start:end])
        rounds.append(round_)
    for step in hand.history:
        number += 1
        action: dict[str, Any] = {"action_number": number, "player_id": ids[step.player], "action": _KINDS[step.kind]}
        if step.kind == "disqualify":
            action["disqualified"] = True
            action["chips_removed"] = played.result.removed[step.player]
        elif step.kind in ("ante", "small_blind", "big_blind", "call"):
            action["amount"] = step.added
        elif step.kind in ("bet", "raise"):
            action["amount"] = step.to  # OHH's amount of a bet or raise is the total on the street
        if step.all_in:
            action["is_allin"] = True
        rounds[STREETS.index(step.street)]["actions"].append(action)
    showdown = played.showdown
    if showdown:
        # The rest of the board, dealt with no more betting.
        for index in range(reached + 1, 4):
            street = STREETS[index]
            start, end = _STREET_BOARD[street]
            rounds.append(
                {"id": index, "street": _STREET_NAMES[street], "cards": _cards(played.board[start:end]), "actions": []}
            )
        actions = []
        for name in showdown:
            number += 1
            entry: dict[str, Any] = {"action_number": number, "player_id": ids[name]}
            if name in shown:
                entry.update(action="Shows Cards", cards=_cards(shown[name]))
            else:
                entry["action"] = "Mucks Cards" if played.pot_winners is None else "Shows Cards"
            actions.append(entry)
        rounds.append({"id": len(rounds), "street": "Showdown", "actions": actions})
    for round_ in rounds:
        if "cards" in round_ and not round_["cards"]:
            del round_["cards"]

    pots = [
        {
            "number": k,
            "amount": pot.amount,
            "rake": 0,
            "jackpot": 0,
            "player_wins": [
                {"player_id": ids[name], "win_amount": share} for name, share in zip(pot.winners, pot.shares)
            ],
        }
        for k, pot in enumerate(result.pots)
    ]
    ohh: dict[str, Any] = {
        "spec_version": OHH_SPEC_VERSION,
        "internal_version": "1.0",
        "network_name": "Pub Poker League",
        "site_name": "Pub Poker League",
        "game_type": "Holdem",
        "table_name": "",
        "table_size": len(hand.names),
        "game_number": "",
        "currency": "Chips",
        "tournament": True,
        "ante_amount": setup.ante,
        "small_blind_amount": setup.small_blind,
        "big_blind_amount": setup.big_blind,
        "bet_limit": {"bet_type": "NL", "bet_cap": 0},
        "dealer_seat": ids[hand.button],
        "players": players,
        "rounds": rounds,
        "pots": pots,
    }
    for key, value in (metadata or {}).items():
        if value is not None:
            ohh[key] = value
    if result.returned:
        ohh["_uncalled_returned"] = [
            {"player_id": ids[name], "amount": chips} for name, chips in result.returned.items()
        ]
    ohh["_min_bet_rule"] = setup.min_bet_rule
    if setup.ante:
        ohh["_ante_by"] = setup.ante_by  # OHH has no big-blind ante: "each" or "big_blind"
    ohh["_final_stacks"] = {name: result.stacks[name] for name in hand.names}
    return {"ohh": ohh}


def ohh_file(hands: Iterable[dict[str, Any]]) -> str:
    """Several OHH objects, one per hand, separated by a blank line."""
    return "".join(json.dumps(hand, indent=2, ensure_ascii=False) + "\n\n" for hand in hands)
