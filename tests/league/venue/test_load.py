"""Six dealers tap six tables at once against the venue server (waitress, SQLite): nothing is lost.

Loopback only and bounded (each phone stops after its taps or 40 s). The
database is a temporary SQLite file built through the project's services in
a process of its own (tests/benchmarks/support/venue_db.py); the server is the real
`manage.py venue`. The figures are printed by `python -m tests.benchmarks.venue`.
"""

from __future__ import annotations

import http.client
import select
import socket
import time
import urllib.request

import psutil
import pytest

from config.server import CONNECTIONS_PER_CLIENT
from league.venue import server_arguments, streams_for
from tests.benchmarks.venue import run_load, start_venue_server, venue_db

pytestmark = pytest.mark.server

TABLES = 6
TAPS = 40


@pytest.fixture(scope="module")
def venue(tmp_path_factory):
    folder = tmp_path_factory.mktemp("venue")
    db = str(folder / "night.sqlite3")
    night = venue_db("build", db, "--tables", str(TABLES))
    server = start_venue_server(db, log_dir=str(folder))
    yield server, night, db
    server.stop()


def test_six_tables_tapping_at_once_lose_no_tap_and_get_no_server_error(venue) -> None:
    server, night, db = venue

    load = run_load(server.url(), [t["token"] for t in night["tables"]], taps=TAPS, time_limit=40)
    print(load.summary())

    assert len(load.taps) == TABLES * TAPS, "every phone finished its taps in time"
    assert load.server_errors == 0, server.log()[-3000:]
    assert {tap.outcome for tap in load.taps} <= {"applied", "busy"}, [
        t.message for t in load.taps if t.outcome not in {"applied", "busy"}
    ]
    # Writers queue for the lock instead of failing: without WAL and IMMEDIATE a third of the taps bounced.
    assert load.count("applied") >= 0.9 * len(load.taps)
    verdicts = venue_db("check", db)
    for phone, table in zip(load.phones, night["tables"]):
        verdict = verdicts[str(table["number"])]
        assert verdict["problems"] == [], verdict["problems"]
        assert verdict["chips_in_play"] == verdict["chips_expected"] == 6 * 10_000
        # What each phone was told was applied is exactly what is stored, in order, and it replays.
        assert [list(i) for i in verdict["inputs"]] == phone.applied_inputs()


def test_the_venue_command_announced_the_organizer_link_and_its_qr_code(venue) -> None:
    server, _night, _db = venue

    log = server.log()
    assert f"Organisator: {server.url()}/" in log  # the venue's language: German
    assert "▄" in log or "█" in log  # the QR code in the terminal
    assert "Serving on" not in log  # waitress's own English notes stay off the organizer's console


def test_the_venue_server_holds_the_screens_event_streams_beside_the_taps(venue) -> None:
    """Sixty viewers, each on a phone of its own (a loopback address each), hold open streams (more than all
    processes keep threads for) and the dealers' pages still answer."""
    server, night, _db = venue
    # The server logs errors only (the console is the organizer's): what runs is read off its command line
    command_line = " ".join(psutil.Process(server.process.pid).cmdline())
    assert "-m config.server" in command_line and "--threads 256" in command_line, command_line
    streams = []
    try:
        for k in range(60):
            table = night["tables"][k % TABLES]["id"]
            path = f"/tables/{table}/rail/events" if k % 10 else f"/nights/{night['night']}/clock/events"
            connection = http.client.HTTPConnection(
                "127.0.0.1", server.port, timeout=10, source_address=(f"127.0.1.{k + 1}", 0)
            )
            connection.request("GET", path, headers={"Accept-Encoding": "gzip"})
            response = connection.getresponse()
            assert response.status == 200 and response.headers["Content-Type"].startswith("text/event-stream")
            assert response.headers.get("Content-Encoding") is None  # never held back by gzip
            assert response.readline().startswith(b"retry: ")
            streams.append(connection)
            connection.first_response = response
        started = time.monotonic()
        assert_the_dealers_pages_answer(server, night)
        assert time.monotonic() - started < 10
        first = streams[1].first_response
        first.readline()
        assert first.readline().startswith(b"id: ")  # its first event: the table as it is now
    finally:
        for connection in streams:
            connection.close()
    arguments = server_arguments(binds=["0.0.0.0:8000"], threads=64)
    assert arguments == ["config.server", "--bind", "0.0.0.0:8000", "--threads", "64"] and streams_for(64) == 48


def test_one_client_gets_a_few_streams_and_connections_and_never_the_dealers_threads(venue) -> None:
    """Beyond LIVE_STREAMS_PER_CLIENT streams a client is told to poll (204); other clients are served meanwhile."""
    server, night, _db = venue
    path = f"/nights/{night['night']}/clock/events"
    opened, answers = [], []
    try:
        for _ in range(40):
            connection = http.client.HTTPConnection(
                "127.0.0.1", server.port, timeout=10, source_address=("127.0.2.1", 0)
            )
            try:
                connection.request("GET", path)
                response = connection.getresponse()
                answers.append(response.status)
                if response.status == 200:
                    response.readline()
                    opened.append(connection)
                else:
                    response.read()
                    connection.close()
            except (OSError, http.client.HTTPException):
                answers.append(0)  # closed at once: this client has its share of connections
                connection.close()
        assert len(opened) == 4, answers  # STREAMS_PER_CLIENT
        assert answers.count(204) > 0, answers
        assert_the_dealers_pages_answer(server, night)
    finally:
        for connection in opened:
            connection.close()


def assert_the_dealers_pages_answer(server, night) -> None:
    for table in night["tables"]:
        with urllib.request.urlopen(f"{server.url()}/dealer/{table['token']}/", timeout=10) as page:
            assert page.status == 200


def test_one_client_gets_its_share_of_connections_and_the_rest_are_closed_at_once(venue) -> None:
    """A script that opens socket after socket from one address (sending nothing, or a header that never ends)
    holds at most CONNECTIONS_PER_CLIENT of them; the dealers' pages answer meanwhile."""
    server, night, _db = venue
    held = []
    try:
        for _ in range(CONNECTIONS_PER_CLIENT + 8):
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=10, source_address=("127.0.2.2", 0))
            sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # the header never ends
            held.append(sock)
        # The server closes the ones beyond the share at once; the rest wait for their header (20 s).
        open_, closed, deadline = list(held), 0, time.monotonic() + 10
        while closed < 8 and time.monotonic() < deadline:
            readable, _, _ = select.select(open_, [], [], 0.5)
            for sock in readable:
                open_.remove(sock)
                try:
                    closed += sock.recv(1) == b""
                except ConnectionResetError:
                    closed += 1
        assert closed == 8 and not select.select(open_, [], [], 0.5)[0], closed
        assert_the_dealers_pages_answer(server, night)
    finally:
        for sock in held:
            sock.close()


def test_a_request_the_server_refuses_before_the_app_sees_it_has_the_security_headers_too(venue) -> None:
    server, _night, _db = venue
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nno colon here\r\n\r\n")  # not HTTP
        answer = b""
        while chunk := sock.recv(4096):
            answer += chunk
    head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").lower()
    assert head.split("\r\n", 1)[0].split(" ")[1] == "400", head
    for header in (
        "x-content-type-options: nosniff",
        "x-frame-options: deny",
        "content-security-policy: default-src 'none'",
        "referrer-policy: same-origin",
    ):
        assert header in head, head
