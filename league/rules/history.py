"""A league's past nights as a file holds them, read back: one row per player and night with the night's
date, the table, the player and his place at that table (the season's results export writes these columns,
results/exports.py; other columns are ignored), or, without a place column, his points (the places at each
table then follow from them; the season's rules give the points). Pure Python (no Django).

Each row is checked on its own (a date as league/rules/roster.py reads one, not in the future; a name; a
table and a place that are whole numbers), then each table as a whole: its places are 1 to the players at
it, each once, at least two players, and nobody plays twice in one night. A table with a refused row is
refused whole (its places would no longer add up); the preview names every refused row and why.
"""

from __future__ import annotations

import datetime
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from league.rules.roster import cell_text, read_date

__all__ = ["HEADERS", "MAX_ROWS", "MAX_TABLE", "PastRow", "HistoryError", "read_history", "check_tables"]

MAX_ROWS = 20_000  # a league's whole history: 10 years of weekly nights of 40 players
MAX_TABLE = 100  # another tool's night is often one table of everyone: 2 to 100 players
# Header words (casefolded, without spaces, dots, dashes and brackets) -> the column they name.
HEADERS = {
    "night": "date",
    "abend": "date",
    "ligaabend": "date",
    "datum": "date",
    "date": "date",
    "spieltag": "date",
    "table": "table",
    "tisch": "table",
    "player": "player",
    "spieler": "player",
    "name": "player",
    "place": "place",
    "platz": "place",
    "rank": "place",
    "rang": "place",
    "finish": "place",
    "platzierung": "place",
    "points": "points",
    "punkte": "points",
    "pkt": "points",
    "score": "points",
}


class HistoryError(ValueError):
    """The file as a whole cannot be read; ``code`` and ``params`` for the page's words."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code, params)
        self.code = code
        self.params = params


@dataclass
class PastRow:
    line: int
    date: datetime.date | None = None
    player: str = ""
    table: int = 1
    place: int = 0
    points: Decimal | None = None  # a file of points without places: the places follow from them
    errors: list[tuple[str, dict[str, object]]] = field(default_factory=list)  # (code, params)
    player_id: int | None = None  # the league's player of that name (matched by the caller)

    @property
    def ok(self) -> bool:
        return not self.errors


def _key(text: str) -> str:
    text = unicodedata.normalize("NFC", text.strip().lstrip("\ufeff")).casefold()
    return re.sub(r"[\s.\-_()/+:]", "", text)


def _whole(value: object) -> int | None:
    text = cell_text(value).strip()
    return int(text) if re.fullmatch(r"\d{1,6}", text) else None


def read_history(records: Iterable[tuple[int, Sequence[object]]], *, today: datetime.date) -> list[PastRow]:
    """The rows of a file (each with its line), the first that holds anything naming the columns; each row
    checked on its own (:func:`check_tables` checks the tables)."""
    rows: list[PastRow] = []
    columns: tuple[str, ...] = ()
    for number, cells in records:
        if not any(cell_text(cell).strip() for cell in cells):
            continue
        if not columns:
            columns = tuple(HEADERS.get(_key(cell_text(cell)), "") for cell in cells)
            missing = [name for name in ("date", "player") if name not in columns]
            if "place" not in columns and "points" not in columns:
                missing.append("place")
            if missing:
                raise HistoryError(
                    "columns", found=", ".join(cell_text(c).strip() for c in cells if cell_text(c).strip())[:200]
                )
            continue
        if len(rows) >= MAX_ROWS:
            raise HistoryError("too_many_rows", limit=MAX_ROWS)
        values: dict[str, object] = {}
        for column, cell in zip(columns, cells):
            if column and column not in values:
                values[column] = cell.strip() if isinstance(cell, str) else cell
        row = PastRow(line=number, player=" ".join(cell_text(values.get("player")).split())[:120])
        shown = cell_text(values.get("date"))[:20]
        row.date = read_date(values.get("date") or "", latest=today)
        if row.date is None or row.date > today:
            row.errors.append(("bad_date", {"value": shown}))
        if not row.player:
            row.errors.append(("no_name", {}))
        if cell_text(values.get("table")).strip():
            table = _whole(values.get("table"))
            if table is None or table < 1:
                row.errors.append(("bad_table", {"value": cell_text(values.get("table"))[:20]}))
            else:
                row.table = table
        if "place" in columns:
            place = _whole(values.get("place"))
            if place is None or not 1 <= place <= MAX_TABLE:
                row.errors.append(("bad_place", {"value": cell_text(values.get("place"))[:20]}))
            else:
                row.place = place
        else:
            row.points = _points(values.get("points"))
            if row.points is None:
                row.errors.append(("bad_points", {"value": cell_text(values.get("points"))[:20]}))
        rows.append(row)
    if not rows:
        raise HistoryError("empty")
    if "place" not in columns:
        _places_from_points(rows)
    return rows


def _points(value: object) -> Decimal | None:
    text = cell_text(value).strip().replace(",", ".")
    return Decimal(text) if re.fullmatch(r"\d{1,6}(?:\.\d{1,4})?", text) else None


def _places_from_points(rows: Sequence[PastRow]) -> None:
    """A file of points without places (another tool's standings per night): at each table the most points
    is place 1, and so on. Equal points cannot say who finished better: that table is refused."""
    tables: dict[tuple[datetime.date | None, int], list[PastRow]] = {}
    for row in rows:
        if row.ok:
            tables.setdefault((row.date, row.table), []).append(row)
    for (_date, table), group in tables.items():
        ranked = sorted(group, key=lambda row: row.points or Decimal(0), reverse=True)
        if len({row.points for row in group}) < len(group):
            for row in group:
                row.errors.append(("equal_points", {"table": table}))
            continue
        for place, row in enumerate(ranked, start=1):
            row.place = place


def check_tables(rows: Sequence[PastRow]) -> None:
    """Refuse each table whose places are not 1 to its players, each once (2 to MAX_TABLE players), or that
    has a refused row, and each row of a player twice in one night."""
    seen: dict[tuple[datetime.date | None, int], PastRow] = {}
    for row in rows:
        if row.ok and row.player_id is not None:
            earlier = seen.setdefault((row.date, row.player_id), row)
            if earlier is not row:
                row.errors.append(("twice", {"line": earlier.line}))
    tables: dict[tuple[datetime.date | None, int], list[PastRow]] = {}
    for row in rows:
        tables.setdefault((row.date, row.table), []).append(row)
    for (date, table), group in tables.items():
        if date is None:
            continue
        if any(not row.ok for row in group):
            for row in group:
                if row.ok:
                    row.errors.append(("table_refused", {"table": table}))
            continue
        places = sorted(row.place for row in group)
        if places != list(range(1, len(group) + 1)) or not 2 <= len(group) <= MAX_TABLE:
            for row in group:
                row.errors.append(("table_places", {"table": table, "places": ", ".join(map(str, places))[:60]}))
