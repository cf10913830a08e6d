"""The organizer's words for what `league.rules.roster` finds in a player file."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from league.rules.roster import Roster, RosterError

FILE_MESSAGES = {
    "no_file": _("Choose a file to import (CSV, XLSX or ODS)."),
    "too_big": _("The file is too big: at most %(limit)s MB."),
    "too_many_rows": _("The file has too many players: at most %(limit)s at a time."),
    "empty": _("The file holds no players."),
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
    "no_name_column": _("No column “Name” found (the first row has: %(found)s). The first row names the columns."),
}
COLUMNS = {"name": _("name"), "nickname": _("nickname"), "contact": _("contact")}
ROW_MESSAGES = {
    "no_name": _("no name"),
    "too_long": _("the %(column)s is longer than %(limit)s characters"),
    "control_characters": _("the %(column)s holds control characters"),
    "bad_date": _("“%(value)s” is not a date of birth (27.11.1990)"),
    "under_age": _("younger than %(age)s"),
    "bad_yes_no": _("“%(value)s” is neither yes nor no (ID checked)"),
    "age_unknown": _("neither a date of birth nor “ID checked (18+)”"),
}


def roster_error_message(error: RosterError) -> str:
    return str(FILE_MESSAGES.get(error.code, error.code)) % error.params


def row_error_messages(roster: Roster) -> dict[int, str]:
    """line -> what is wrong with that row, in the organizer's language."""
    messages = {}
    for row in roster.rows:
        if row.errors:
            parts = []
            for code, params in row.errors:
                params = dict(params)
                if "column" in params:
                    params["column"] = COLUMNS.get(params["column"], params["column"])
                parts.append(str(ROW_MESSAGES.get(code, code)) % params)
            messages[row.line] = "; ".join(parts)
    return messages
