"""Six dealers tap six tables at once against the venue server (gunicorn, 3 workers, SQLite): nothing is lost.

Loopback only and bounded (each phone stops after its taps or 40 s). The
database is a temporary SQLite file built through the project's services in
a process of its own (tests/benchmarks/support/venue_db.py); the server is the real
`manage.py venue`. The figures are printed by `python -m tests.benchmarks.venue`.
"""
from __future__ import annotations

import time
import urllib.request

import pytest

from league.venue import gunicorn_arguments, streams_per_worker
from tests.benchmarks.venue import run_load, start_venue_server, venue_db

TABLES = 6
TAPS = 40


@pytest.fixture(scope="module")
def venue(tmp_path_factory):
    folder = tmp_path_factory.mktemp("venue")
    db = str(folder / "night.sqlite3")
    night = venue_db("build", db, "--tables", str(TABLES))
    server = start_venue_server(db, workers=3, log_dir=str(folder))
    yield server, night, db
    server.stop()


def test_six_tables_tapping_at_once_lose_no_tap_and_get_no_server_error(venue) -> None:
    server, night, db = venue

    load = run_load(server.url(), [t["token"] for t in night["tables"]], taps=TAPS, time_limit=40)
    print(load.summary())

    assert len(load.taps) == TABLES * TAPS, "every phone finished its taps in time"
    assert load.server_errors == 0, server.log()[-3000:]
    assert {tap.outcome for tap in load.taps} <= {"applied", "busy"}, [t.message for t in load.taps if t.outcome not in {"applied", "busy"}]
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
    assert "Listening at" not in log  # gunicorn's own English notes stay off the organizer's console


def test_the_venue_server_holds_the_screens_event_streams_beside_the_taps(venue) -> None:
    """gthread workers: sixty open streams (more than all processes) and the dealers' pages still answer."""
    server, night, _db = venue
    assert "Using worker: gthread" in server.log()
    streams = []
    try:
        for k in range(60):
            table = night["tables"][k % TABLES]["id"]
            url = f"{server.url()}/tables/{table}/rail/events" if k % 10 else f"{server.url()}/nights/{night['night']}/clock/events"
            response = urllib.request.urlopen(urllib.request.Request(url, headers={"Accept-Encoding": "gzip"}), timeout=10)
            assert response.status == 200 and response.headers["Content-Type"].startswith("text/event-stream")
            assert response.headers.get("Content-Encoding") is None  # never held back by gzip
            assert response.readline().startswith(b"retry: ")
            streams.append(response)
        started = time.monotonic()
        for table in night["tables"]:
            with urllib.request.urlopen(f"{server.url()}/dealer/{table['token']}/", timeout=10) as page:
                assert page.status == 200
        assert time.monotonic() - started < 10
        first = streams[1]
        first.readline()
        assert first.readline().startswith(b"id: ")  # its first event: the table as it is now
    finally:
        for response in streams:
            response.close()
    arguments = gunicorn_arguments(binds=["0.0.0.0:8000"], workers=3, threads=64)
    assert arguments[arguments.index("--worker-class") + 1] == "gthread"
    assert arguments[arguments.index("--worker-connections") + 1] == "80" and streams_per_worker(64) == 48
