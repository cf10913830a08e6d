"""A list of players as a spreadsheet writes it, read back: the bytes of a CSV file, or the rows of a
workbook's first sheet (league/spreadsheets/reading.py), -> checked rows, and each row compared with the
players the league has. Pure Python (no Django).

What people hand in: German Excel ("CSV (Trennzeichen-getrennt)": semicolons, often a byte order mark,
dates as ``27.11.1990``, Windows-1252 when saved without UTF-8), plain UTF-8 with commas, and this project's
own export (:mod:`league.web.csv_safe`: a cell that a spreadsheet would run as a formula carries a leading
apostrophe, which is taken off again here). The columns are found by their header, in German or English,
in any order; only the name is required. Dates as :func:`read_date` reads them (docs/league-rules.md): a
UTF-8 file with a broken byte is refused naming its line, never read as Windows-1252 with every umlaut garbled.

Each row is then one of:
- **new**: no player of the league (nor an earlier row) has this name;
- **duplicate**: a player with the same name (case and spaces aside) and the same date of birth exists, or
  an earlier row is the same: it is left out;
- **similar**: a player with a name that reads the same (umlauts, accents, ``ae`` for ``ä``) or nearly the
  same (a typo), with another or no date of birth: the organizer decides, the default is to leave it out;
- **error**: the row cannot be a player (no name, a date that is not one, under 18, neither a date of birth
  nor an ID check): it is left out, and the preview says why.
"""

from __future__ import annotations

import csv
import datetime
import io
import re
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from league.rules.names import search_forms
from league.rules.near_names import NearNames

__all__ = [
    "MAX_BYTES",
    "MAX_ROWS",
    "Known",
    "Row",
    "Roster",
    "RosterError",
    "decode",
    "read_roster",
    "read_rows",
    "read_date",
    "cell_text",
    "as_csv_text",
    "text_records",
    "compare",
]

MAX_BYTES = 2 * 1024 * 1024
MAX_ROWS = 5000
ADULT_AGE = 18
NAME_MAX, NICKNAME_MAX, CONTACT_MAX = 120, 60, 200
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\uff1d")

# Header words (casefolded, without spaces, dots, dashes and brackets) -> the column they name.
HEADERS = {
    "name": "name",
    "spieler": "name",
    "player": "name",
    "vollständigername": "name",
    "fullname": "name",
    "nickname": "nickname",
    "spitzname": "nickname",
    "alias": "nickname",
    "dateofbirth": "date_of_birth",
    "geburtsdatum": "date_of_birth",
    "birthday": "date_of_birth",
    "geboren": "date_of_birth",
    "born": "date_of_birth",
    "dob": "date_of_birth",
    "geburtstag": "date_of_birth",
    "contact": "contact",
    "kontakt": "contact",
    "email": "contact",
    "telefon": "contact",
    "phone": "contact",
    "idchecked18": "id_checked_adult",
    "ausweisgeprüft18": "id_checked_adult",
    "idchecked": "id_checked_adult",
    "ausweisgeprüft": "id_checked_adult",
    "18": "id_checked_adult",
    "volljährig": "id_checked_adult",
}
YES = {"1", "ja", "j", "yes", "y", "x", "true", "wahr", "✓", "✔"}
NO = {"", "0", "nein", "n", "no", "false", "falsch", "-"}


class RosterError(ValueError):
    """The file as a whole cannot be read; ``code`` and ``params`` for the page's words."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code, params)
        self.code = code
        self.params = params


@dataclass(frozen=True)
class Known:
    """A player the league has (or one read earlier in the same file)."""

    id: int | None
    name: str
    date_of_birth: datetime.date | None


@dataclass
class Row:
    line: int  # the line of the file (the header is line 1)
    name: str = ""
    nickname: str = ""
    date_of_birth: datetime.date | None = None
    contact: str = ""
    id_checked_adult: bool = False
    errors: list[tuple[str, dict[str, object]]] = field(default_factory=list)  # (code, params)
    status: str = "new"  # new, duplicate, similar, error
    match: Known | None = None  # the player it duplicates or resembles

    @property
    def ok(self) -> bool:
        return not self.errors


@dataclass
class Roster:
    rows: list[Row]
    encoding: str  # "utf-8", "utf-8-sig" or "cp1252"; "XLSX" or "ODS" for a workbook
    delimiter: str  # "" for a workbook
    columns: tuple[str, ...]  # the columns found, in the file's order ("" for one not read)
    text: str = ""  # the file as UTF-8 CSV text, which the preview carries to the confirmation

    def counts(self) -> dict[str, int]:
        counts = {"new": 0, "duplicate": 0, "similar": 0, "error": 0}
        for row in self.rows:
            counts[row.status] += 1
        return counts

    @property
    def has_errors(self) -> bool:
        return any(row.status == "error" for row in self.rows)


# A character of two to four bytes as UTF-8 writes it: Windows-1252 text (one byte per umlaut) hardly ever
# holds one, so a file with one and a byte that is not UTF-8 is UTF-8 with a broken byte.
_UTF8_CHARACTER = re.compile(rb"[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}")


def decode(data: bytes) -> tuple[str, str]:
    """The text and the encoding it was in: UTF-8 (with or without a byte order mark), else Windows-1252,
    the encoding German Excel writes "CSV (Trennzeichen-getrennt)" in. UTF-8 with a broken byte (a byte order
    mark, or other characters written as UTF-8) is refused with the line it is on."""
    utf8 = data.startswith(b"\xef\xbb\xbf")
    body = data[3:] if utf8 else data
    try:
        return body.decode("utf-8"), "utf-8-sig" if utf8 else "utf-8"
    except UnicodeDecodeError as error:
        if utf8 or _UTF8_CHARACTER.search(body):
            raise RosterError("broken_utf8", line=body.count(b"\n", 0, error.start) + 1) from None
        return body.decode("cp1252", errors="replace"), "cp1252"


def _header_key(text: str) -> str:
    text = unicodedata.normalize("NFC", text.strip().lstrip("\ufeff")).casefold()
    return re.sub(r"[\s.\-_()/+:]", "", text)


def _delimiter(first_line: str) -> str:
    counts = {d: first_line.count(d) for d in (";", ",", "\t")}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] else ";"


def cell_text(value: object) -> str:
    """A workbook's cell as the text a CSV file would hold: a whole number without ".0" (a phone number typed as
    one), a date as ISO."""
    if value is None:
        return ""
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)
    if isinstance(value, datetime.date):
        return value.isoformat()
    return str(value)


def _cell(text: str) -> str:
    """A cell's text: spaces trimmed, the apostrophe the project's export puts before a would-be formula removed."""
    text = text.strip()
    if len(text) > 1 and text[0] == "'" and text[1] in FORMULA_STARTS:
        return text[1:]
    return text


SPREADSHEET_EPOCH = datetime.date(1899, 12, 30)  # day 0 of Excel's and LibreOffice's date numbers
SERIAL_DAYS = range(1, 2958466)  # 1900-01-01 .. 9999-12-31 as a date number


def read_date(value: object, *, latest: datetime.date) -> datetime.date | None:
    """A date as a club's file holds it (None for anything else): 27.11.1990 and 1.2.1990, 27.11.90 (German
    Excel's and LibreOffice's short form), 1990-11-27, a spreadsheet's date number (33204) as text or number,
    or a date cell. A two-digit year is the latest of 19yy and 20yy that is not after `latest` (today: 26 is
    2026 and 27 is 1927 in 2026). A date of birth so read that makes a player under 18 is refused, never read
    a century earlier: a child's row must not turn into a grown-up's."""
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    if isinstance(value, float):
        return _serial(value)
    text = str(value).strip()
    match = re.fullmatch(r"(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})", text)
    if match:
        day, month, year = (int(g) for g in match.groups())
        if len(match.group(3)) == 2:
            return _two_digit(day, month, year, latest)
    else:
        match = re.fullmatch(r"(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]00:00(?::00)?)?", text)
        if not match:
            return _serial(float(text.replace(",", "."))) if re.fullmatch(r"\d{1,7}(?:[.,]0+)?", text) else None
        year, month, day = (int(g) for g in match.groups())
    try:
        return datetime.date(year, month, day)
    except ValueError:
        return None


def _two_digit(day: int, month: int, year: int, latest: datetime.date) -> datetime.date | None:
    for century in (2000, 1900):
        try:
            date = datetime.date(century + year, month, day)
        except ValueError:
            return None
        if date <= latest:
            return date
    return None


def _serial(number: float) -> datetime.date | None:
    if not number.is_integer() or int(number) not in SERIAL_DAYS:
        return None
    return SPREADSHEET_EPOCH + datetime.timedelta(days=int(number))


def _age_on(birth: datetime.date, day: datetime.date) -> int:
    return day.year - birth.year - ((day.month, day.day) < (birth.month, birth.day))


def _printable(text: str) -> bool:
    return all(ch.isprintable() or ch == " " for ch in text)


def read_roster(data: bytes, *, today: datetime.date) -> Roster:
    """The file's rows, each checked on its own (compare them with the league afterwards: :func:`compare`)."""
    if len(data) > MAX_BYTES:
        raise RosterError("too_big", limit=MAX_BYTES // (1024 * 1024))
    records, encoding, delimiter, text = text_records(data)
    return read_rows(records, today=today, encoding=encoding, delimiter=delimiter, text=text)


def text_records(data: bytes) -> tuple[Iterator[tuple[int, list[str]]], str, str, str]:
    """A CSV file's records, each with its line, and its encoding, delimiter and text (csv.Error while read)."""
    if b"\x00" in data:
        raise RosterError("not_csv")
    text, encoding = decode(data)
    lines = text.splitlines()
    skipped = 0
    while lines and not lines[0].strip():
        lines.pop(0)
        skipped += 1
    if not lines:
        raise RosterError("empty")
    delimiter = _delimiter(lines[0])
    reader = csv.reader(io.StringIO("\n".join(lines)), delimiter=delimiter)
    return ((skipped + number, cells) for number, cells in enumerate(reader, start=1)), encoding, delimiter, text


def read_rows(
    rows: Iterable[tuple[int, Sequence[object]]],
    *,
    today: datetime.date,
    encoding: str,
    delimiter: str = "",
    text: str = "",
) -> Roster:
    """Rows of cells, each with its line (a CSV file's, or a workbook's: league/spreadsheets/reading.py), the
    first that holds anything naming the columns; each row checked on its own."""
    records = iter(rows)
    out: list[Row] = []
    try:
        for _number, header in records:
            if any(cell_text(cell).strip() for cell in header):
                break
        else:
            raise RosterError("empty")
        titles = [cell_text(cell) for cell in header]
        columns = tuple(HEADERS.get(_header_key(title), "") for title in titles)
        if "name" not in columns:
            raise RosterError(
                "no_name_column", found=", ".join(title.strip() for title in titles if title.strip())[:200]
            )
        for number, cells in records:
            if not any(cell_text(cell).strip() for cell in cells):
                continue
            if len(out) >= MAX_ROWS:
                raise RosterError("too_many_rows", limit=MAX_ROWS)
            out.append(_row(number, cells, columns, today))
    except csv.Error as error:
        raise RosterError("not_csv") from error
    if not out:
        raise RosterError("empty")
    return Roster(out, encoding, delimiter, columns, text)


CARRIED_CELL = 1000  # a cell longer than any column allows is an error either way; the carried text stays small


def as_csv_text(rows: Iterable[tuple[int, Sequence[object]]]) -> str:
    """A workbook's rows as the CSV text :func:`read_roster` reads the same way, each on its own line (empty
    lines where the sheet has empty rows): what the preview carries to the confirmation."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\n")
    line = 0
    for number, cells in rows:
        while line < number - 1:
            writer.writerow([])
            line += 1
        writer.writerow([cell_text(cell)[:CARRIED_CELL] for cell in cells])
        line += 1
    return out.getvalue()


def _row(number: int, cells: Sequence[object], columns: Sequence[str], today: datetime.date) -> Row:
    row = Row(line=number)
    values: dict[str, str] = {}
    birth: object = ""
    for column, cell in zip(columns, cells):
        if column == "date_of_birth" and "date_of_birth" not in values:
            birth = cell if not isinstance(cell, str) else _cell(cell)
        if column and column not in values:
            values[column] = _cell(cell_text(cell))
    row.name = " ".join(values.get("name", "").split())
    row.nickname = values.get("nickname", "")
    row.contact = values.get("contact", "")
    for label, value, limit in (
        ("name", row.name, NAME_MAX),
        ("nickname", row.nickname, NICKNAME_MAX),
        ("contact", row.contact, CONTACT_MAX),
    ):
        if len(value) > limit:
            row.errors.append(("too_long", {"column": label, "limit": limit}))
        if not _printable(value):
            row.errors.append(("control_characters", {"column": label}))
    if not row.name:
        row.errors.append(("no_name", {}))
    if values.get("date_of_birth", ""):
        shown = values["date_of_birth"][:20]
        row.date_of_birth = read_date(birth, latest=today)
        if row.date_of_birth is None:
            row.errors.append(("bad_date", {"value": shown}))
        elif row.date_of_birth > today or row.date_of_birth.year < 1900:
            row.errors.append(("bad_date", {"value": shown}))
        elif _age_on(row.date_of_birth, today) < ADULT_AGE:
            row.errors.append(("under_age", {"age": ADULT_AGE}))
    checked = values.get("id_checked_adult", "").casefold()
    if checked in YES:
        row.id_checked_adult = True
    elif checked not in NO:
        row.errors.append(("bad_yes_no", {"value": values.get("id_checked_adult", "")[:20]}))
    if row.date_of_birth is None and not row.id_checked_adult and not any(code == "bad_date" for code, _ in row.errors):
        row.errors.append(("age_unknown", {}))
    if row.errors:
        row.status = "error"
    return row


def _name_key(name: str) -> str:
    return " ".join(unicodedata.normalize("NFC", name).lower().split())  # lower, not casefold: ß and ss differ here


def compare(roster: Roster, known: Iterable[Known]) -> Roster:
    """Mark each row new, duplicate or similar against the league's players and the rows above it."""
    by_name: dict[str, list[Known]] = {}  # the name, case and spaces aside
    by_form: dict[str, list[Known]] = {}  # the name as a search reads it (accents, umlauts as ae)
    nearly = NearNames[Known]()  # a typo or so apart (league.rules.near_names)

    def remember(player: Known, forms: tuple[str, ...]) -> None:
        by_name.setdefault(_name_key(player.name), []).append(player)
        for form in forms:
            by_form.setdefault(form, []).append(player)
        nearly.add(player, forms)

    for player in known:
        remember(player, search_forms(player.name))
    for row in roster.rows:
        if row.status == "error":
            continue
        forms = search_forms(row.name)
        same = [p for p in by_name.get(_name_key(row.name), ()) if p.date_of_birth == row.date_of_birth]
        if same:
            row.status, row.match = "duplicate", same[0]
            continue
        alike = [p for form in forms for p in by_form.get(form, ())]
        match = alike[0] if alike else next(nearly.near(forms), None)  # the first only: the rest is not shown
        if match is not None:
            row.status, row.match = "similar", match
        remember(Known(None, row.name, row.date_of_birth), forms)
    return roster
