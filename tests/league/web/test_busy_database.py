"""When SQLite's lock cannot be had in time, the person is told to try again: no 500, nothing half-written.

Against the real venue server (gunicorn, SQLite file, SQLITE_TIMEOUT=1): the
test holds the database's write lock itself (BEGIN IMMEDIATE on the file),
then taps a dealer's button, presses a clock button and registers a player at
the desk, and looks at the answers and at what was stored.
"""

from __future__ import annotations

import http.cookiejar
import re
import sqlite3
import urllib.error
import urllib.parse
import urllib.request
from email.message import Message

import pytest

from tests.benchmarks.venue import start_venue_server, venue_db

pytestmark = pytest.mark.server

BUSY = "Too many taps at the same moment: nothing was saved. Check the page and tap again."


class NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class WebClient:
    """A browser without JavaScript: cookies, the CSRF header, no automatic redirects."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies), NoRedirects)

    def request(self, path: str, data: dict | None = None, **headers: str) -> tuple[int, Message, str]:
        headers = {"Accept-Language": "en", **{k.replace("_", "-"): v for k, v in headers.items()}}
        body = None
        if data is not None:
            headers["X-CSRFToken"] = next(c.value for c in self.cookies if c.name == "csrftoken")
            body = urllib.parse.urlencode(data).encode()
        request = urllib.request.Request(self.base_url + path, data=body, headers=headers)
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, response.headers, response.read().decode()  # names in any case
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read().decode(errors="replace")


@pytest.fixture(scope="module")
def venue(tmp_path_factory):
    folder = tmp_path_factory.mktemp("busy")
    db = str(folder / "night.sqlite3")
    night = venue_db("build", db, "--tables", "1")
    server = start_venue_server(db, log_dir=str(folder), SQLITE_TIMEOUT="1")
    yield server, night, db
    server.stop()


@pytest.fixture
def organizer(venue) -> WebClient:
    """Logged in through the login form, before any lock is taken (a login writes its session)."""
    server, night, _db = venue
    client = WebClient(server.url())
    client.request("/accounts/login/")
    status, _headers, _ = client.request("/accounts/login/", {**night["organizer"], "next": "/"})
    assert status == 302, "logged in"
    return client


@pytest.fixture
def write_lock(venue, organizer):
    """Another writer holds SQLite's lock; yields a connection inside that transaction for counting rows."""
    _server, _night, db = venue
    connection = sqlite3.connect(db, isolation_level=None, timeout=10)
    connection.execute("BEGIN IMMEDIATE")
    yield connection
    connection.execute("ROLLBACK")
    connection.close()


def _count(connection: sqlite3.Connection, table: str) -> int:
    return connection.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]


def test_a_dealers_tap_that_cannot_get_the_lock_is_answered_try_again_and_the_next_one_is_applied(venue) -> None:
    server, night, db = venue
    dealer = WebClient(server.url())
    path = f"/dealer/{night['tables'][0]['token']}/"
    status, _, page = dealer.request(path, HX_Request="true")
    version = re.search(r'name="version" value="([^"]+)"', page).group(1)

    connection = sqlite3.connect(db, isolation_level=None, timeout=10)
    connection.execute("BEGIN IMMEDIATE")
    try:
        status, _, answer = dealer.request(path, {"op": "next", "version": version}, HX_Request="true")
        assert status == 200
        assert f'<li class="error">{BUSY}</li>' in answer
        assert 'value="next"' in answer  # the same button again, to tap once more
        assert _count(connection, "tournaments_hand") == 0
    finally:
        connection.execute("ROLLBACK")
        connection.close()

    status, _, answer = dealer.request(path, {"op": "next", "version": version}, HX_Request="true")
    assert status == 200 and 'class="error"' not in answer
    assert 'name="verb" value="fold"' in answer  # dealt: the first player is to act


def test_a_clock_button_that_cannot_get_the_lock_reloads_the_page_with_try_again(venue, organizer, write_lock) -> None:
    server, night, _db = venue
    control = f"/nights/{night['night']}/clock/control/"

    status, headers, _ = organizer.request(control + "start/", {}, HX_Request="true", Referer=server.url() + control)

    assert status == 200 and headers.get("HX-Refresh") == "true"
    assert BUSY in organizer.request(control)[2]
    assert _count(write_lock, "tournaments_clockstate") == 0


def test_a_desk_registration_that_cannot_get_the_lock_goes_back_to_the_desk_with_try_again(
    venue, organizer, write_lock
) -> None:
    server, night, _db = venue
    desk = f"/nights/{night['night']}/desk/"
    entries = _count(write_lock, "league_entry")

    status, headers, _ = organizer.request(
        desk + "register/", {"player": "1", "pay_now": "on"}, Referer=server.url() + desk
    )

    assert status == 302 and headers["Location"] == server.url() + desk
    assert BUSY in organizer.request(desk)[2]
    assert _count(write_lock, "league_entry") == entries


def test_without_a_page_to_go_back_to_the_answer_is_a_plain_try_again_not_a_server_error(
    venue, organizer, write_lock
) -> None:
    _server, night, _db = venue

    status, headers, body = organizer.request(f"/nights/{night['night']}/clock/control/start/", {})

    assert status == 503 and headers["Retry-After"] == "2"
    assert body == BUSY
