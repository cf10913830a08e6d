"""Six dealers tap six tables at once against the venue server (gunicorn, 3 workers, SQLite): nothing is lost.

Loopback only and bounded (each phone stops after its taps or 40 s). The
database is a temporary SQLite file built through the project's services in
a process of its own (tests/benchmarks/venue_db.py); the server is the real
`manage.py venue`. The figures are printed by `python -m tests.benchmarks.venue`.
"""
from __future__ import annotations

import pytest

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
    assert f"Organizer: {server.url()}/" in log
    assert "▄" in log or "█" in log  # the QR code in the terminal
    assert "Listening at: " + server.url() in log
