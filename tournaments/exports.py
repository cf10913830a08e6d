"""Stored hands as standard hand-history files (PHH, OHH) for the site's downloads.

Plain rows in, ``(filename, mime, text)`` out, like the PDF renderers; the
views only wrap the result in a response. Only cards that were shown are
written (see :mod:`tournaments.poker.phh`), so a player's download shows
nobody's folded cards.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .models import Action, Hand
from .poker.ohh import ohh_file, ohh_hand
from .poker.phh import phh_document, phh_documents
from .statistics import played_hand

FORMATS = ("phh", "ohh")


def _phh_metadata(hand: Hand) -> dict[str, Any]:
    night = hand.table.night
    return {
        "event": f"{night.season.name} {night.date.isoformat()}",
        "day": night.date.day,
        "month": night.date.month,
        "year": night.date.year,
        "table": hand.table.number,
        "hand": hand.number,
        "level": hand.level,
    }


def _ohh_metadata(hand: Hand) -> dict[str, Any]:
    night = hand.table.night
    started = hand.started_at.replace(tzinfo=None).isoformat(timespec="seconds") if hand.started_at else None
    return {
        "table_name": f"{night.date.isoformat()} table {hand.table.number}",
        "game_number": f"{hand.table_id}-{hand.number}",
        "start_date_utc": started,
        "tournament_info": {"name": night.season.name, "type": "MTT", "start_date_utc": None},
    }


def hands_file(hands: Sequence[tuple[Hand, Sequence[Action]]], *, fmt: str, name: str) -> tuple[str, str, str]:
    """Every hand in one file: ``name.phhs`` (a PHH document per hand) or ``name.ohh`` (OHH objects)."""
    if fmt == "ohh":
        text = ohh_file(ohh_hand(played_hand(hand, actions), metadata=_ohh_metadata(hand)) for hand, actions in hands)
        return f"{name}.ohh", "application/json; charset=utf-8", text
    documents = (phh_document(played_hand(hand, actions), metadata=_phh_metadata(hand)) for hand, actions in hands)
    return f"{name}.phhs", "application/toml; charset=utf-8", phh_documents(documents)
