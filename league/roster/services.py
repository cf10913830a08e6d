"""Importing players from a CSV, XLSX or ODS file (read by `league.spreadsheets`, checked and compared by
`league.rules.roster`, the good rows written in one step) and the player list as rows for the exports."""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Collection

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.models import Player
from league.rules import roster as lists
from league.rules.roster import MAX_BYTES, MAX_ROWS, Known, Roster, RosterError
from league.spreadsheets.reading import SheetError, kind_of, read_sheet

__all__ = [
    "RosterImportError",
    "read_file",
    "preview_import",
    "import_players",
    "player_columns",
    "player_rows",
    "roster_digest",
]


class RosterImportError(Exception):
    """The import did not happen; the message says why. Nothing was written."""


def _known() -> list[Known]:
    return [Known(pk, name, born) for pk, name, born in Player.objects.values_list("pk", "name", "date_of_birth")]


def read_file(data: bytes, *, today: datetime.date) -> Roster:
    """A CSV file, or an XLSX or ODS workbook's first sheet (then carried as CSV text to the confirmation),
    read into checked rows; :class:`RosterError` for a file that is none of them or too large."""
    if len(data) > MAX_BYTES:
        raise RosterError("too_big", limit=MAX_BYTES // (1024 * 1024))
    try:
        kind = kind_of(data)
        if kind == "text":
            return lists.read_roster(data, today=today)
        rows = read_sheet(data, max_rows=MAX_ROWS + 1)  # and the header
    except SheetError as error:
        raise RosterError(
            error.code, **(error.params if error.code != "too_many_rows" else {"limit": MAX_ROWS})
        ) from None
    return lists.read_rows(rows, today=today, encoding=kind.upper(), text=lists.as_csv_text(rows))


def preview_import(*, data: bytes, today: datetime.date | None = None) -> Roster:
    """The file's rows, each marked new, duplicate, similar or error against the league as it is now."""
    roster = read_file(data, today=today or timezone.localdate())
    return lists.compare(roster, _known())


def roster_digest(roster: Roster) -> str:
    """What a preview showed: each row's line, status and the player it matched. The import compares it, so
    a league that changed in between (someone added at the desk) is shown again, not imported blind."""
    text = "|".join(f"{r.line}:{r.status}:{r.match.id if r.match else ''}" for r in roster.rows)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@transaction.atomic
def import_players(
    *, data: bytes, digest: str, take_similar: Collection[int] = (), today: datetime.date | None = None
) -> list[Player]:
    """Every new row (and the similar rows chosen by their line) becomes a player, in one transaction;
    exact duplicates and the rows with errors (the preview named each and why) are left out. A league that
    changed since the preview: nothing."""
    roster = preview_import(data=data, today=today)
    if roster_digest(roster) != digest:
        raise RosterImportError(_("The player list changed since the preview. Check the preview again."))
    rows = [r for r in roster.rows if r.status == "new" or (r.status == "similar" and r.line in take_similar)]
    return Player.objects.bulk_create(
        Player(
            name=r.name,
            nickname=r.nickname,
            date_of_birth=r.date_of_birth,
            contact=r.contact,
            id_checked_adult=r.id_checked_adult,
        )
        for r in rows
    )


def player_columns() -> list[str]:
    """The export's header, in the active language; the import reads it back (league.rules.roster.HEADERS)."""
    return [_("Name"), _("Nickname"), _("Date of birth"), _("Contact"), _("ID checked (18+)")]


def player_rows(*, language: str, dates_as_text: bool) -> list[list[object]]:
    """Every player as a row of the export. The date of birth as German Excel writes it (27.11.1990) or ISO in
    English, when `dates_as_text` (CSV); a date otherwise (XLSX). "ID checked" as ja/nein, yes/no."""
    yes, no = ("ja", "nein") if language == "de" else ("yes", "no")
    rows = []
    for name, nickname, born, contact, checked in Player.objects.order_by("name", "pk").values_list(
        "name", "nickname", "date_of_birth", "contact", "id_checked_adult"
    ):
        if born is not None and dates_as_text:
            born = born.strftime("%d.%m.%Y") if language == "de" else born.isoformat()
        rows.append([name, nickname, born, contact, yes if checked else no])
    return rows
