"""Stored hands as standard hand-history files (PHH, OHH) for the site's downloads.

Tables in, ``(filename, mime, text)`` out, like the PDF renderers; the views
only wrap the result in a response. Each finished table's documents are
kept in the same cache as its statistics (``tournaments.hands.figures``), so a
night's file is put together from ready documents. Only cards that were
shown are written (see :mod:`tournaments.poker.phh`), so a player's download
shows nobody's folded cards.
"""

from __future__ import annotations

import datetime
import hashlib
import json
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from django.db.models import Q

from tournaments.hands.figures import cache_key, figures_cache, per_table
from tournaments.hands.stored import load_hands, played_hand
from tournaments.models import Action, Hand
from tournaments.poker.ohh import ohh_hand
from tournaments.poker.phh import phh_document, phh_documents

FORMATS = ("phh", "ohh")
# id, status, finished_at, and what the documents print besides the hands: the table's number, the night's
# date and the season's name (a renamed season is a new key: the kept documents are written again).
TableRow = tuple[int, str, datetime.datetime | None, int, datetime.date, str]
TABLE_FIELDS = ("pk", "status", "finished_at", "number", "night__date", "night__season__name")


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
        "tournament_info": {"name": night.season.name, "type": "MTT"},
    }


def hand_document(hand: Hand, actions: Sequence[Action], fmt: str) -> str:
    played = played_hand(hand, actions)
    if fmt == "ohh":
        return json.dumps(ohh_hand(played, metadata=_ohh_metadata(hand)), indent=2, ensure_ascii=False)
    return phh_document(played, metadata=_phh_metadata(hand))


def _documents(fmt: str):
    def build(hands: Iterable[tuple[Hand, list[Action]]]) -> dict[int, list[tuple[tuple[int, ...], str]]]:
        documents: dict[int, list] = defaultdict(list)
        for hand, actions in hands:
            seats = tuple(p["seat"] for p in hand.players)
            documents[hand.table_id].append((seats, hand_document(hand, actions, fmt)))
        return documents

    return build


def hands_file(
    tables: Sequence[TableRow], *, fmt: str, name: str, seat_ids: set[int] | None = None
) -> tuple[str, str, str]:
    """The complete hands of the tables, in table order, as ``name.phhs`` (a PHH document per hand) or
    ``name.ohh`` (OHH objects separated by a blank line); with ``seat_ids`` only the hands those seats played."""
    documents = per_table(fmt, _keyed(tables), _documents(fmt))
    texts = [
        text
        for table_id, *_rest in tables
        for seats, text in documents.get(table_id, ())
        if seat_ids is None or seat_ids.intersection(seats)
    ]
    if fmt == "ohh":
        return f"{name}.ohh", "application/json; charset=utf-8", "".join(text + "\n\n" for text in texts)
    return f"{name}.phhs", "application/toml; charset=utf-8", phh_documents(texts)


def _keyed(tables: Sequence[TableRow]) -> list[tuple[int, str, datetime.datetime | None, str]]:
    return [
        (table_id, status, finished, _source(number, date, season))
        for table_id, status, finished, number, date, season in tables
    ]


def _source(number: int, date: datetime.date, season: str) -> str:
    return hashlib.blake2s(repr((number, date.isoformat(), season)).encode(), digest_size=6).hexdigest()


def kept_documents_disagreements(tables: Sequence[TableRow]) -> list[tuple[int, str]]:
    """(table id, format) of each finished table whose kept hand-history documents differ from its hands now
    (only documents the cache holds are compared: a missing one is written when asked for)."""
    wrong = []
    for fmt in FORMATS:
        keys = {
            table_id: cache_key(fmt, table_id, status, finished, source)
            for table_id, status, finished, source in _keyed(tables)
        }
        kept = figures_cache.get_many([key for key in keys.values() if key])
        present = [table_id for table_id, key in keys.items() if key in kept]
        for k in range(0, len(present), 40):
            part = present[k : k + 40]
            built = _documents(fmt)(load_hands(Q(table_id__in=part)))
            for table_id in part:
                if json.loads(json.dumps(built.get(table_id, []))) != json.loads(json.dumps(kept[keys[table_id]])):
                    wrong.append((table_id, fmt))
    return wrong
