"""A small version of the hostile-client benchmark: many addresses hold event streams and dripping half-open
connections while dealers tap; no tap fails, and honest viewers get their streams.

The figures (50 addresses, 300 streams, 200 drippers, 6 tables, SQLite and PostgreSQL) are printed by
`python -m tests.benchmarks.hostile_client`. Loopback only, bounded in time. Under gunicorn's gthread workers a
dripping header held a thread, and 200 of them from 4 addresses stalled the taps for seconds.
"""

from __future__ import annotations

import pytest

from tests.benchmarks.hostile_client import run_attack
from tests.benchmarks.venue import start_venue_server, venue_db

pytestmark = pytest.mark.server

TABLES = 3


@pytest.fixture(scope="module")
def venue(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile")
    db = str(folder / "night.sqlite3")
    night = venue_db("build", db, "--tables", str(TABLES))
    # 48 threads, 32 of them for streams: fewer than the attack's 150 connections, and fewer places than it asks.
    server = start_venue_server(db, log_dir=str(folder), LIVE_STREAMS_PER_PROCESS="32")
    yield server, night
    server.stop()


def test_taps_and_honest_viewers_outlast_many_clients_holding_streams_and_dripping_connections(venue) -> None:
    server, night = venue
    run = run_attack(server, night, streams=60, drippers=90, seconds=8, every=1.0, settle=4, addresses=10)
    print(run.summary())
    assert len(run.taps) >= TABLES * 6, run.summary()
    assert not run.failed, [(tap.status, tap.message[-200:]) for tap in run.failed]
    assert max(tap.seconds for tap in run.taps) < 10, run.summary()  # the phone's timeout
    assert run.attack.get("most streams open", 0) <= 32, run.attack  # LIVE_STREAMS_PER_PROCESS
    assert run.attack.get("streams answered 204", 0) > 0, run.attack
    viewers = {viewer.name: viewer for viewer in run.viewers}
    assert {viewer.status for viewer in run.viewers} == {200}, run.summary()
    assert viewers["night rail"].events > 0, run.summary()  # the taps reached the rail
    assert "Traceback" not in server.log()
