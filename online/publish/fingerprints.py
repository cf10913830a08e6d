"""Which pages a republish can take over from the last run: a page whose every query reads the same rows.

While a page renders, every statement the view runs is recorded with a digest of the rows it returned
(`Recorder`, a wrapper around the database cursor). A page's bytes follow from the code, the settings it
shows (`PAGE_SETTINGS`), the day (a page without `?season=` shows the season running today), its address,
those rows, and which of the pages it links exist; the season's table and awards are kept under the season's
key (`results.kept.season_cache`), so a page that reads them depends on the key's query, recorded when it is
read; a page that shows only a part of them (a player's row and nights: `season_cache.shown_part`) depends
on that part's value instead, asked again by computing it. On the next run, in this process or another, the recorded queries are asked again (each distinct one
once); a page whose queries all return the same rows, under the same code, settings and day, and whose file
the destination still has, is not rendered again: the destination keeps its file. A page that wrote to the
database, or ran anything but a SELECT, is never taken over. A mismatch only ever costs a render: nothing is taken over on a guess.

The record stays on this machine (in the data folder, one per destination), never on the public web space:
a digest of rows with a birth date in them could be tried against every date.
"""

from __future__ import annotations

import base64
import datetime
import gzip
import hashlib
import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal
from importlib import metadata
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles.storage import staticfiles_storage
from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.utils import translation
from django.utils.functional import Promise

from league import held
from online.publish.addresses import Address
from results.kept import season_cache

FORMAT = 2  # 2: rows of a statement without ORDER BY digested as a multiset
_MODULUS = 1 << 128  # the multiset digest: a sum of 128-bit row hashes
# A part of the season's results a page shows, recorded as a "statement" of its own (never SQL: asked again by
# computing the part, results.kept.season_cache.part_value).
PART = "-- part: "
# Neither a read nor a write. `SET` is a connection's own setting: a rendering process opens its connection
# while it renders its first page, and on PostgreSQL the new connection is told how to plan the tracker's
# statements (tournaments/tracker/prepared.py); taken for a write, it kept that page from ever being taken over.
_IGNORED = ("SAVEPOINT", "RELEASE SAVEPOINT", "ROLLBACK TO SAVEPOINT", "SET ")


class _Rows:
    """A digest of a statement's rows, fed as they are fetched. Rows in the order the statement asks for
    (ORDER BY); a statement without one has no order, and the database may return its rows in another order
    the next time it is asked (PostgreSQL after its statistics change, with another plan): its digest counts
    the rows as a multiset (a sum of each row's hash), so the same rows in another order are the same rows."""

    def __init__(self, sql: str):
        self.ordered = "ORDER BY" in sql.upper()
        self.sequence = hashlib.blake2b(digest_size=16)
        self.total = self.count = 0

    def add(self, rows) -> None:
        lines = [repr(tuple(row)).encode() for row in rows]
        if self.ordered:
            for line in lines:
                self.sequence.update(line + b"\n")
            return
        hashes = (int.from_bytes(hashlib.blake2b(line, digest_size=16).digest(), "big") for line in lines)
        self.total = (self.total + sum(hashes)) % _MODULUS
        self.count += len(lines)

    def hexdigest(self) -> str:
        if self.ordered:
            return self.sequence.hexdigest()
        return f"{self.total:032x}:{self.count}"


def _row_digest(sql: str, rows) -> str:
    digest = _Rows(sql)
    digest.add(rows)
    return digest.hexdigest()


def _encode(value):
    """A query parameter as JSON (the types the database adapters pass), or raise TypeError."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Decimal):
        return {"decimal": str(value)}
    if isinstance(value, datetime.datetime):
        return {"datetime": value.isoformat()}
    if isinstance(value, datetime.date):
        return {"date": value.isoformat()}
    if isinstance(value, bytes):
        return {"bytes": base64.b64encode(value).decode()}
    if isinstance(value, (list, tuple)):
        return {"list": [_encode(item) for item in value]}
    raise TypeError(type(value).__name__)


def _decode(value):
    if not isinstance(value, dict):
        return value
    ((kind, raw),) = value.items()
    if kind == "decimal":
        return Decimal(raw)
    if kind == "datetime":
        return datetime.datetime.fromisoformat(raw)
    if kind == "date":
        return datetime.date.fromisoformat(raw)
    if kind == "bytes":
        return base64.b64decode(raw)
    return [_decode(item) for item in raw]


class _Reading:
    """One statement's rows, digested as the caller fetches them (and the rest when it stops early)."""

    def __init__(self, sql: str, params):
        self.sql, self.params = sql, params
        self.digest = _Rows(sql)
        self.done = False

    def add(self, rows) -> None:
        self.digest.add(rows)


class _RecordingCursor:
    """The database's own cursor, with each statement and the digest of its rows handed to a Recorder."""

    def __init__(self, cursor, recorder: Recorder):
        self._cursor, self._recorder, self._reading = cursor, recorder, None
        recorder.cursors.append(self)

    def __getattr__(self, name):
        return getattr(self._cursor, name)

    def finish(self) -> None:
        reading, self._reading = self._reading, None
        if reading is None:
            return
        if not reading.done and self._cursor.description is not None:
            reading.add(self._cursor.fetchall())  # the caller took one row of a query that may have more
        self._recorder.read(reading.sql, reading.params, reading.digest.hexdigest())

    def execute(self, sql, params=None):
        self.finish()
        result = self._cursor.execute(sql, params) if params is not None else self._cursor.execute(sql)
        statement = sql.lstrip().upper()
        if statement.startswith(_IGNORED):
            return result
        if not statement.startswith("SELECT"):
            self._recorder.spoil()
            return result
        if season_cache.narrowed():
            return result  # read for a part of the season's results the page shows: the part is recorded
        self._reading = _Reading(sql, params)
        return result

    def executemany(self, sql, params):
        self.finish()
        self._recorder.spoil()
        return self._cursor.executemany(sql, params)

    def fetchone(self):
        row = self._cursor.fetchone()
        if self._reading is not None:
            if row is None:
                self._reading.done = True
            else:
                self._reading.add([row])
        return row

    def fetchmany(self, size=None):
        rows = self._cursor.fetchmany(size) if size is not None else self._cursor.fetchmany()
        if self._reading is not None:
            self._reading.add(rows)
            if not rows or (size is not None and len(rows) < size):
                self._reading.done = True
        return rows

    def fetchall(self):
        rows = self._cursor.fetchall()
        if self._reading is not None:
            self._reading.add(rows)
            self._reading.done = True
        return rows

    def __iter__(self):
        while True:
            row = self.fetchone()
            if row is None:
                return
            yield row

    def close(self):
        self.finish()
        return self._cursor.close()


class Recorder:
    """The statements one page runs: (sql, params) → digest of its rows; spoiled by anything but a read."""

    def __init__(self):
        self.reads: dict[tuple[str, str], str] = {}
        self.spoiled = False
        self.cursors: list[_RecordingCursor] = []

    def read(self, sql: str, params, digest: str) -> None:
        try:
            encoded = json.dumps(_encode(list(params)) if params is not None else None)
        except TypeError:
            self.spoiled = True
            return
        self.reads[(sql, encoded)] = digest

    def spoil(self) -> None:
        self.spoiled = True

    def held_rows(self, sql: str, params, rows) -> None:
        """Rows read once for many pages (league.held): as if this page's query ran."""
        if not season_cache.narrowed():
            self.read(sql, params, _row_digest(sql, rows))

    def kept_key(self, sql: str, params, row) -> None:
        """A season's key read from what the run keeps (results.kept.season_cache, while league.held holds the run): as if its query ran."""
        self.read(sql, params, _row_digest(sql, [row]))

    def part(self, kind: str, params: list, value: tuple) -> None:
        """A part of the season's results the page shows (results.kept.season_cache.shown_part), in place of the
        season's key and what it is computed from: recorded as a statement of its own, which `Answers` asks
        by computing the part again."""
        self.read(PART + kind, params, _row_digest(PART, [value]))


@contextmanager
def recording() -> Iterator[Recorder]:
    """Record what the default connection reads in the block (this process only)."""
    recorder = Recorder()
    database = connections[DEFAULT_DB_ALIAS]
    create_cursor = database.create_cursor

    def recording_cursor(name=None):
        return _RecordingCursor(create_cursor(name), recorder)

    database.create_cursor = recording_cursor
    season_cache.held_reads.append(recorder.kept_key)
    season_cache.part_reads.append(recorder.part)
    held.read_listeners.append(recorder.held_rows)
    try:
        yield recorder
        for cursor in recorder.cursors:  # a read left open still counts, every row of it
            cursor.finish()
    finally:
        season_cache.held_reads.remove(recorder.kept_key)
        season_cache.part_reads.remove(recorder.part)
        held.read_listeners.remove(recorder.held_rows)
        del database.create_cursor  # the class's own again


class Answers:
    """The queries of the last run asked again, each distinct one once: is its digest still the same?"""

    def __init__(self):
        self.known: dict[tuple[str, str], str | None] = {}

    def same(self, sql: str, params: str, digest: str) -> bool:
        key = (sql, params)
        if key not in self.known:
            try:
                if sql.startswith(PART):
                    value = season_cache.part_value(sql[len(PART) :], _decode(json.loads(params)))
                    self.known[key] = None if value is None else _row_digest(PART, [value])
                else:
                    with connection.cursor() as cursor:
                        cursor.execute(sql, _decode(json.loads(params)))
                        self.known[key] = _row_digest(sql, cursor.fetchall())
            except Exception:  # a query the schema no longer answers: render the page
                self.known[key] = None
        return self.known[key] == digest


def _plain(value):
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Promise):
        return str(value)  # a lazy translation, read untranslated (code_version turns translation off)
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    return type(value).__name__  # an object: its class, not its address (which changes each run)


_CODE_FOLDERS = (
    "config",
    "league",
    "tournaments",
    "results",
    "online",
    "live",
    "housegames",
    "demo",
    "upkeep",
    "templates",
    "locale",
    "static",
)
_CODE_SUFFIXES = (".py", ".html", ".txt", ".mo", ".css", ".js", ".svg", ".png", ".ico", ".json", ".woff2")

# The settings a public page's bytes can follow from: its language and the translations, dates, times and
# numbers as the league writes them, the addresses it names (PUBLIC_URL, the host and scheme the crawl asks
# with), the static files' names, and what makes up a page (apps, middleware, URLs, templates). Only these:
# the rest (the database's address, the data folder, the caches, keys, login limits) never shows on a public
# page, and some of it changes from one process to the next (a SQLite test database is named after its
# process), which made every `manage.py publish` and every "Veröffentlichen" render every page again.
PAGE_SETTINGS = (
    "DEBUG",  # Django's hashed static names when off; the error pages
    "LANGUAGE_CODE",
    "LANGUAGES",
    "USE_I18N",
    "LOCALE_PATHS",
    "TIME_ZONE",
    "USE_TZ",
    "FORMAT_MODULE_PATH",
    "DATE_FORMAT",
    "DATETIME_FORMAT",
    "SHORT_DATE_FORMAT",
    "SHORT_DATETIME_FORMAT",
    "TIME_FORMAT",
    "YEAR_MONTH_FORMAT",
    "MONTH_DAY_FORMAT",
    "FIRST_DAY_OF_WEEK",
    "DECIMAL_SEPARATOR",
    "THOUSAND_SEPARATOR",
    "NUMBER_GROUPING",
    "USE_THOUSAND_SEPARATOR",
    "CURRENCY",
    "DEFAULT_CHARSET",
    "PUBLIC_URL",
    "ALLOWED_HOSTS",
    "SECURE_SSL_REDIRECT",
    "SECURE_PROXY_SSL_HEADER",
    "USE_X_FORWARDED_HOST",
    "USE_X_FORWARDED_PORT",
    "FORCE_SCRIPT_NAME",
    "APPEND_SLASH",
    "STATIC_URL",
    "STATICFILES_DIRS",
    "STATICFILES_FINDERS",
    "STORAGES",
    "INSTALLED_APPS",
    "MIDDLEWARE",
    "ROOT_URLCONF",
    "TEMPLATES",
)


def _installed() -> list[str]:
    """Every installed distribution and its version: Django's or a template library's new release may write a
    page otherwise. Read from the names of their metadata folders (`Django-5.2.8.dist-info`), which carry
    both: parsing each one's metadata file cost every publish a twentieth of a second. A folder whose name
    has no version (an `.egg-info` of a checkout) is asked for it."""
    found = []
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:  # a zip file, a folder that is gone
            continue
        for name in names:
            if name.endswith((".dist-info", ".egg-info")):
                if "-" not in name.rsplit(".", 1)[0]:
                    name += "-" + (metadata.PathDistribution(Path(entry or ".") / name).version or "")
                found.append(name)
    return sorted(found)


def code_version() -> str:
    """A digest of everything a page is made with besides the data: the code, templates, translations, static
    files, Python and the installed libraries, and the settings that change a page (PAGE_SETTINGS). The same
    in every process of one checkout with one configuration; a changed file, library or such setting renders
    every page again."""
    digest = hashlib.blake2b(digest_size=16)
    base = Path(settings.BASE_DIR)
    for folder in _CODE_FOLDERS:
        for root, dirs, files in os.walk(base / folder):
            dirs[:] = sorted(d for d in dirs if d not in {"__pycache__", "tests", "node_modules"})
            for name in sorted(files):
                if name.endswith(_CODE_SUFFIXES):
                    path = Path(root) / name
                    digest.update(str(path.relative_to(base)).encode() + b"\0")
                    digest.update(path.read_bytes())
    with translation.override(None):
        configured = {name: _plain(getattr(settings, name, None)) for name in PAGE_SETTINGS}
    # The collected static files' names (DEBUG off): a page names the hashed file they list.
    hashed = getattr(staticfiles_storage, "hashed_files", None) or {}
    made_with = {
        "python": sys.version,
        "installed": _installed(),
        "settings": configured,
        "static": sorted(hashed.items()),
    }
    digest.update(json.dumps(made_with, sort_keys=True).encode())
    return digest.hexdigest()


def store_path(destination: str) -> Path:
    name = hashlib.sha256(destination.encode()).hexdigest()[:24]
    return Path(settings.DATA_DIR) / ".cache" / "publish" / f"{name}.json.gz"


def load(destination: str, version: str) -> dict:
    """The last run's record for `destination`, if it was made with the same code, settings and day."""
    try:
        record = json.loads(gzip.decompress(store_path(destination).read_bytes()))
    except (OSError, ValueError, EOFError):
        return {}
    if record.get("format") != FORMAT or record.get("version") != version:
        return {}
    return record


def save(destination: str, record: dict) -> None:
    """Keep the record for the next run (readable by this user only); a data folder that cannot be written
    costs the next run its speed, not this run its site."""
    path = store_path(destination)
    temporary = path.with_name(path.name + ".tmp")
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        with open(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as handle:
            handle.write(gzip.compress(json.dumps(record, separators=(",", ":")).encode(), compresslevel=5))
        os.replace(temporary, path)
    except OSError:
        forget(destination)


def forget(destination: str) -> None:
    try:
        store_path(destination).unlink(missing_ok=True)
    except OSError:
        pass


def record_of(pages: dict, version: str, stamp: str | None = None) -> dict:
    """The record of a run: each page that can be taken over (see `Previous`), its file's hash, what it links,
    left out and names, and its queries (the statements and their parameters listed once for all pages); and
    the database's stamp taken before the run read anything (online.publish.database_stamp)."""
    statements: dict[str, int] = {}
    queries: dict[tuple[str, str], int] = {}
    query_rows: list[list] = []
    addresses: dict[Address, int] = {}
    address_rows: list[list] = []

    def address_id(address: Address) -> int:
        if address not in addresses:
            addresses[address] = len(address_rows)
            address_rows.append([address.language, address.path, [list(pair) for pair in address.query]])
        return addresses[address]

    entries = []
    for address, page in sorted(pages.items()):
        if page.reads is None:
            continue
        # Read by two pages with other rows (the data changed during the run): this one is not taken over.
        if any(
            queries.get(key) is not None and query_rows[queries[key]][2] != digest for key, digest in page.reads.items()
        ):
            continue
        ids = []
        for (sql, params), digest in page.reads.items():
            if (sql, params) not in queries:
                if sql not in statements:
                    statements[sql] = len(statements)
                queries[(sql, params)] = len(query_rows)
                query_rows.append([statements[sql], params, digest])
            ids.append(queries[(sql, params)])
        entries.append(
            [
                address_id(address),
                page.content_type,
                page.kept or hashlib.sha256(page.body).hexdigest(),
                page.kept_size if page.body is None else len(page.body),
                ids,
                sorted(address_id(link) for link in page.links),
                sorted(address_id(link) for link in page.dropped),
                sorted(page.statics),
            ]
        )
    return {
        "format": FORMAT,
        "version": version,
        "stamp": stamp,
        "statements": list(statements),
        "queries": query_rows,
        "addresses": address_rows,
        "pages": entries,
    }


class Previous:
    """The last run's pages, and which of them this run can take over. With the database's stamp unchanged
    since the last run took it (`stamp`, online.publish.database_stamp) nothing was written since: every
    query would return the rows it returned, and none is asked again."""

    def __init__(self, record: dict, manifest: dict[str, str], stamp: str | None = None):
        self.answers = Answers()
        self.pages: dict[Address, tuple] = {}
        self.unwritten = stamp is not None and record.get("stamp") == stamp
        self.recorded = len(record.get("pages", ()))
        if not record:
            return
        statements = record["statements"]
        addresses = [
            Address(language, path, tuple(tuple(pair) for pair in query))
            for language, path, query in record["addresses"]
        ]
        queries = [(statements[sql], params, digest) for sql, params, digest in record["queries"]]
        shared: dict[int, int] = {}
        for entry in record["pages"]:
            for query in entry[4]:
                shared[query] = shared.get(query, 0) + 1
        for address_index, content_type, sha, size, ids, links, dropped, statics in record["pages"]:
            address = addresses[address_index]
            if manifest.get(address.file) != sha:
                continue  # the destination has no such file (any more): render it
            # The queries many pages share first: after a change of a season, one answer settles them all.
            ordered = [queries[query] for query in sorted(ids, key=lambda query: -shared[query])]
            self.pages[address] = (
                content_type,
                sha,
                size,
                ordered,
                frozenset(addresses[k] for k in links),
                frozenset(addresses[k] for k in dropped),
                frozenset(statics),
            )

    def same_record(self, pages: dict) -> bool:
        """Whether this run's record would be the last run's: nothing written since, every page of the last
        run taken over and no other page (its reads, links and file are the last run's). Writing it again
        would cost a tenth of a run with nothing changed."""
        return self.unwritten and len(pages) == self.recorded and all(page.body is None for page in pages.values())

    def take_over(self, address: Address):
        """(content type, hash, size, links, dropped, statics, reads) of the last run's page, if every query
        it ran returns the same rows now; else None."""
        found = self.pages.get(address)
        if found is None:
            return None
        content_type, sha, size, ordered, links, dropped, statics = found
        if not self.unwritten:
            for sql, params, digest in ordered:
                if not self.answers.same(sql, params, digest):
                    return None
        reads = {(sql, params): digest for sql, params, digest in ordered}
        return content_type, sha, size, links, dropped, statics, reads
