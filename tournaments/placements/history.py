"""A league's past nights brought in from a file (read and checked by league/rules/history.py): each night
becomes a finished night marked imported, its tables paper tables with their places, so the standings, the
player pages and the exports count them like any night; no money moves and no hands exist. The preview names
every refused row and why; the rest is written in one step, only on confirmation, and only if the league is
as the preview showed it."""

from __future__ import annotations

import csv
import datetime
import hashlib
from collections import defaultdict
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from league.models import Entry, Night, NightStatus, PaperSheet, Player, Season
from league.rules.history import (
    MAX_ROWS,
    HistoryError,
    PastRow,
    check_tables,
    read_history,
)
from league.rules.roster import MAX_BYTES, RosterError, as_csv_text, text_records
from league.spreadsheets.reading import SheetError, kind_of, read_sheet
from tournaments.models import Placement, PlacementReason, Seat, Table, TableStatus

__all__ = ["HistoryChanged", "HistoryPreview", "preview_history", "history_digest", "import_history"]


class HistoryChanged(Exception):
    """The league changed since the preview (a night or a player added): nothing was written."""


@dataclass
class HistoryPreview:
    rows: list[PastRow]
    text: str  # the file as UTF-8 CSV text, carried to the confirmation

    @property
    def nights(self) -> list[datetime.date]:
        return sorted({row.date for row in self.rows if row.ok})

    @property
    def refused(self) -> list[PastRow]:
        return [row for row in self.rows if not row.ok]

    @property
    def taken(self) -> int:
        return sum(1 for row in self.rows if row.ok)


def _records(data: bytes) -> tuple[list, str]:
    if len(data) > MAX_BYTES:
        raise HistoryError("too_big", limit=MAX_BYTES // (1024 * 1024))
    try:
        if kind_of(data) == "text":
            records, _encoding, _delimiter, text = text_records(data)
            return list(records), text
        rows = read_sheet(data, max_rows=MAX_ROWS + 1)
        return rows, as_csv_text(rows)
    except (SheetError, RosterError) as error:
        raise HistoryError(error.code, **error.params) from None
    except csv.Error:
        raise HistoryError("not_csv") from None


def _name_key(name: str) -> str:
    return " ".join(name.casefold().split())


def preview_history(*, season: Season, data: bytes, today: datetime.date | None = None) -> HistoryPreview:
    """The file's rows, each checked, matched with the league's players by name and with the season's dates;
    :class:`HistoryError` for a file that cannot be read at all."""
    records, text = _records(data)
    rows = read_history(records, today=today or timezone.localdate())
    players: dict[str, list[int]] = defaultdict(list)
    for pk, name in Player.objects.values_list("pk", "name"):
        players[_name_key(name)].append(pk)
    taken = set(season.nights.values_list("date", flat=True))
    for row in rows:
        if not row.ok:
            continue
        if not season.start_date <= row.date <= season.end_date:
            row.errors.append(("outside_season", {"season": season.name}))
        elif row.date in taken:
            row.errors.append(("night_exists", {}))
        found = players.get(_name_key(row.player), [])
        if not found:
            row.errors.append(("unknown_player", {"name": row.player[:60]}))
        elif len(found) > 1:
            row.errors.append(("ambiguous_player", {"name": row.player[:60]}))
        else:
            row.player_id = found[0]
    check_tables(rows)
    return HistoryPreview(rows, text)


def history_digest(preview: HistoryPreview) -> str:
    """What the preview showed: each row's line, player and whether it is taken."""
    text = "|".join(f"{r.line}:{r.player_id or ''}:{int(r.ok)}" for r in preview.rows)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@transaction.atomic
def import_history(
    *, season: Season, data: bytes, digest: str, by: AbstractBaseUser, today: datetime.date | None = None
) -> list[Night]:
    """Every night of the file's good rows, written in one transaction; the refused rows are left out."""
    season = Season.objects.select_for_update().get(pk=season.pk)  # two organizers importing at once: one waits
    preview = preview_history(season=season, data=data, today=today)
    if history_digest(preview) != digest:
        raise HistoryChanged
    tables: dict[datetime.date, dict[int, list[PastRow]]] = defaultdict(lambda: defaultdict(list))
    for row in preview.rows:
        if row.ok:
            tables[row.date][row.table].append(row)
    nights = []
    now = timezone.now()
    for date in sorted(tables):
        night = Night.objects.create(season=season, date=date, status=NightStatus.FINISHED, imported=True)
        nights.append(night)
        for number in sorted(tables[date]):
            table = Table.objects.create(night=night, number=number, status=TableStatus.FINISHED, finished_at=now)
            for position, row in enumerate(sorted(tables[date][number], key=lambda r: r.place), start=1):
                entry = Entry.objects.create(night=night, player_id=row.player_id, registered_by=by)
                seat = Seat.objects.create(
                    table=table, entry=entry, position=position, starting_stack=season.starting_stack
                )
                Placement.objects.create(table=table, seat=seat, place=row.place, reason=PlacementReason.MANUAL)
            PaperSheet.objects.create(table=table, entered_by=by)
    return nights
