"""Two venue servers started at once from one checkout set up one after the other (league/venue.py).

Both would run collectstatic into the checkout's one static folder, which deletes and rewrites the hashed
files there: CI's parallel test processes, each starting servers, saw the other's files vanish mid-way.
"""

from __future__ import annotations

import threading
import time

import pytest

from league.management.commands.venue import SETUP_LOCK
from league.venue import one_setup_at_a_time
from tests.benchmarks.support.phone_client import start_venue_server

pytestmark = pytest.mark.server


def test_a_venue_server_waits_while_another_one_sets_up(tmp_path) -> None:
    db = tmp_path / "night.sqlite3"
    outcome: dict = {}

    def start() -> None:
        try:
            outcome["server"] = start_venue_server(str(db), log_dir=str(tmp_path))
        except Exception as error:  # shown by the assertion below
            outcome["error"] = error

    starting = threading.Thread(target=start)
    with one_setup_at_a_time(SETUP_LOCK):  # another server's migrate and collectstatic under way
        starting.start()
        time.sleep(3)
        assert starting.is_alive() and not db.exists(), outcome  # waiting: not even migrated yet
    starting.join(timeout=120)
    assert "server" in outcome, outcome
    server = outcome["server"]
    try:
        assert db.exists() and f"Organisator: {server.url()}/" in server.log()  # it set up, then announced itself
        assert "Geprüft: 0 Tische" in server.log()  # check_league --repair --quick ran before the server
    finally:
        server.stop()
