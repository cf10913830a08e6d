"""The organizer's words for what league/rules/history.py and tournaments/placements/history.py find in a
file of past nights."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from league.rules.history import HistoryError, PastRow

FILE_MESSAGES = {
    "no_file": _("Choose a file to import (CSV, XLSX or ODS)."),
    "too_big": _("The file is too big: at most %(limit)s MB."),
    "too_many_rows": _("The file has too many rows: at most %(limit)s at a time."),
    "empty": _("The file holds no results."),
    "not_csv": _(
        "This is neither a CSV file nor a spreadsheet (XLSX, ODS). In Excel or LibreOffice: Save as XLSX, ODS or “CSV UTF-8”."
    ),
    "not_spreadsheet": _(
        "This is neither a CSV file nor a spreadsheet (XLSX, ODS). In Excel or LibreOffice: Save as XLSX, ODS or “CSV UTF-8”."
    ),
    "unpacked_too_big": _("The spreadsheet unpacks to more than %(limit)s MB: it is not read."),
    "broken_utf8": _(
        "Line %(line)s holds a broken character (the file is UTF-8 otherwise): nothing is read. Correct that line, or save the file again as “CSV UTF-8”."
    ),
    "columns": _(
        "The first row must name the columns Night (date), Player and Place or Points (Table is optional); it has: %(found)s."
    ),
}
ROW_MESSAGES = {
    "bad_date": _("“%(value)s” is not a date (27.11.2026), or it lies ahead"),
    "no_name": _("no player"),
    "bad_table": _("“%(value)s” is not a table number"),
    "bad_place": _("“%(value)s” is not a place"),
    "bad_points": _("“%(value)s” is not a number of points"),
    "equal_points": _("two players of table %(table)s have equal points: the file must give their places"),
    "outside_season": _("the date is not within the season %(season)s"),
    "night_exists": _("the season already has a night on this date"),
    "unknown_player": _("%(name)s is not in the player list (import the player list first)"),
    "ambiguous_player": _("the league has two players named %(name)s"),
    "twice": _("the same player as line %(line)s on the same night"),
    "table_refused": _("another row of table %(table)s is refused, so the whole table is"),
    "table_places": _("the places of table %(table)s are %(places)s, not 1 to its players, each once"),
}


def file_message(error: HistoryError) -> str:
    return str(FILE_MESSAGES.get(error.code, error.code)) % error.params


def row_messages(rows: list[PastRow]) -> dict[int, str]:
    """line -> why that row is refused, in the organizer's language."""
    return {
        row.line: "; ".join(str(ROW_MESSAGES.get(code, code)) % params for code, params in row.errors)
        for row in rows
        if row.errors
    }
