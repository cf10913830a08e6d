"""A blind structure as a CSV file and back, so a club brings its structure from another tool or shares it.

One line per level, after a header line: level, small blind, big blind, ante, minutes, the minutes of a break
after the level and the break's note (docs/features.md, "Blind structures as files"). Written the way the
league's other CSV files are (league/web/csv_safe.py: UTF-8 with a byte order mark, ``;`` in German, ``,``
in English); read with ``;``, ``,`` or a tab, in UTF-8 or, failing that, Windows-1252 (what a German Excel
writes). A file is read whole or refused with the line that is wrong: reading never writes anything, the
levels read fill the page's grid, and only saving the grid keeps them.
"""

from __future__ import annotations

import csv
import io
import re

from django.utils.translation import gettext as _

from league.web.csv_safe import safe_csv
from tournaments.clock.forms import structure_message
from tournaments.poker import structure

MAX_BYTES = 64 * 1024  # 40 levels are about 1 KB; anything near this is not a blind structure
_WHOLE = re.compile(r"\d{1,9}|\d{1,3}(?:[.,\u00a0 ]\d{3})+")  # 1500, or 1.500 / 1,500 as spreadsheets group it


class StructureFileError(ValueError):
    """The file cannot be read as a structure; the message says why and, where there is one, which line."""


def header() -> list[str]:
    return [
        _("Level"),
        _("Small blind"),
        _("Big blind"),
        _("Ante"),
        _("Minutes"),
        _("Break after it (min)"),
        _("Note on the TV"),
    ]


def to_csv(levels: structure.Structure, *, language: str) -> str:
    """The structure as the file's text (encode it as UTF-8)."""
    rows = [header()]
    for number, row in enumerate(levels.as_rows(), start=1):
        rows.append([number, row["small"], row["big"], row["ante"], row["minutes"], row["break_minutes"], row["note"]])
    return safe_csv(rows, language=language)


def _text(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def _whole(cell: str, line: int, column: str, *, required: bool) -> int | None:
    cell = cell.strip().lstrip("'")
    if not cell:
        if required:
            raise StructureFileError(_("Line %(line)s: the %(column)s is missing.") % {"line": line, "column": column})
        return None
    if not _WHOLE.fullmatch(cell):
        raise StructureFileError(
            _("Line %(line)s: “%(value)s” is not a whole number (%(column)s).")
            % {"line": line, "value": cell[:20], "column": column}
        )
    return int(re.sub(r"\D", "", cell))


def read_csv(data: bytes) -> tuple[list[dict], list[int]]:
    """The levels of a file as the grid's rows, and the file's line of each; :class:`StructureFileError` if
    it is not a structure (the first wrong line named)."""
    if len(data) > MAX_BYTES:
        raise StructureFileError(_("The file is too large for a blind structure (at most 64 KB)."))
    if b"\x00" in data or data[:2] == b"PK":
        raise StructureFileError(_("This is not a CSV file: save the structure as CSV (text, separated by ;)."))
    text = _text(data)
    first = text.split("\n", 1)[0]
    delimiter = max(";,\t", key=first.count)
    rows, lines = [], []
    columns = [_("small blind"), _("big blind"), _("ante"), _("minutes"), _("break minutes")]
    for line, cells in enumerate(csv.reader(io.StringIO(text), delimiter=delimiter), start=1):
        if not any(cell.strip() for cell in cells):
            continue
        if not rows and not lines and len(cells) > 1 and not _WHOLE.fullmatch(cells[1].strip()):
            lines.append(0)  # the header line: its cells are names, not numbers
            continue
        if len(rows) >= structure.MAX_LEVELS:
            raise StructureFileError(
                _("Line %(line)s: at most %(limit)s levels.") % {"line": line, "limit": structure.MAX_LEVELS}
            )
        cells = [*cells, *[""] * 7][:7]
        small, big, ante, minutes, pause = (
            _whole(cells[k + 1], line, columns[k], required=k in (0, 1, 3)) for k in range(5)
        )
        note = cells[6].strip().lstrip("'")
        if len(note) > structure.MAX_NOTE:
            raise StructureFileError(
                _("Line %(line)s: the note has more than %(limit)s characters.")
                % {"line": line, "limit": structure.MAX_NOTE}
            )
        rows.append(
            {"small": small, "big": big, "ante": ante or 0, "minutes": minutes, "break_minutes": pause, "note": note}
        )
        lines.append(line)
    lines = [line for line in lines if line]
    if not rows:
        raise StructureFileError(_("The file holds no levels."))
    return rows, lines


def read_structure(data: bytes, *, after_last: str, ante_by: str) -> structure.Structure:
    """The structure of a file, checked by the structure's own rules; a rule broken names the file's line."""
    rows, lines = read_csv(data)
    try:
        return structure.from_rows(rows, after_last=after_last, ante_by=ante_by)
    except structure.StructureError as error:
        level = error.params.get("level")
        if isinstance(level, int) and 1 <= level <= len(lines):
            raise StructureFileError(
                _("Line %(line)s: %(problem)s") % {"line": lines[level - 1], "problem": structure_message(error)}
            ) from None
        raise StructureFileError(structure_message(error)) from None
