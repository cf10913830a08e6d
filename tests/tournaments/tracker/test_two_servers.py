"""Two app servers, one database: two phones on one table, each on its own gunicorn, tap the same state.

Two `manage.py venue` servers (gunicorn, DEBUG off) on two loopback ports share the suite's own test
database: the SQLite file of this test process (WAL, IMMEDIATE writes), or on CI's second leg the
PostgreSQL test database of DATABASE_URL. In every round both phones read the table (the same
version), then tap at the same moment, each through its own server, with exactly what the page
sends (tests/benchmarks/support/phone_client.py). One tap is applied and the other refused as stale, on
every round; what is stored is the applied tap, once; and afterwards both phones show the same table.
"""

from __future__ import annotations

import threading
import urllib.parse

import pytest
from django.db import connection

from tests.benchmarks.support.phone_client import DealerPhone, start_venue_server
from tests.benchmarks.support.venue_db import stored_inputs
from tests.tournaments.conftest import table_of
from tournaments.tracker import services as tracker

pytestmark = pytest.mark.server

ROUNDS = 10
STACK = 100_000


def _test_database_url() -> str:
    """The database this test runs on (pytest-django's test database), as a DATABASE_URL for the servers."""
    settings = connection.settings_dict
    if connection.vendor == "sqlite":
        if connection.is_in_memory_db():
            pytest.skip("an in-memory SQLite database cannot be shared with server processes")
        return f"sqlite:///{settings['NAME']}"
    if connection.vendor == "postgresql":
        quote = lambda value: urllib.parse.quote(str(value or ""), safe="")  # noqa: E731
        credentials = quote(settings["USER"]) + (f":{quote(settings['PASSWORD'])}" if settings["PASSWORD"] else "")
        host = quote(settings["HOST"] or "127.0.0.1")
        port = f":{settings['PORT']}" if settings["PORT"] else ""
        return f"postgres://{credentials}@{host}{port}/{quote(settings['NAME'])}"
    pytest.skip(f"two servers on one {connection.vendor} database are not set up here")


@pytest.fixture
def two_servers(transactional_db, tmp_path):
    """Two servers on one database; stopped before the test database is emptied."""
    url = _test_database_url()
    servers = []
    try:
        for _ in range(
            2
        ):  # one after the other: the first one's migrate and collectstatic leave nothing for the second
            servers.append(start_venue_server(url, log_dir=str(tmp_path)))
        yield servers
    finally:
        for server in servers:
            server.stop()


def _applied_input(phone: DealerPhone) -> list:
    return phone.applied_inputs()[-1]


def test_two_phones_on_two_servers_tapping_the_same_state_get_one_applied_tap_and_one_stale_refusal(
    transactional_db, organizer, two_servers
):
    # The organizer first: a venue server on a league without one makes its own first account, named "organizer" too.
    table = table_of({"Anna Berger": STACK, "Ben Schuster": STACK, "Carl Weiß": STACK}, organizer)
    phones = [DealerPhone(server.url(), table.dealer_token, seed) for seed, server in enumerate(two_servers)]
    for phone in phones:
        phone.open()
        assert phone.status == 200, phone.html[-2000:]
    outcomes_seen = []

    for round_ in range(ROUNDS):
        for phone in phones:
            phone.reload()  # both read the table: the same state
        assert phones[0].version == phones[1].version is not None, round_
        before = stored_inputs(table)
        barrier = threading.Barrier(2)
        taps = [None, None]

        def tap(k: int) -> None:
            barrier.wait(timeout=10)
            taps[k] = phones[k].tap()

        threads = [threading.Thread(target=tap, args=(k,)) for k in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)

        assert all(taps), (round_, taps)
        outcomes = sorted(tap.outcome for tap in taps)
        outcomes_seen.append(outcomes)
        assert outcomes == ["applied", "stale"], (
            round_,
            [(t.status, t.outcome, t.message) for t in taps],
            two_servers[0].log()[-2000:],
        )
        winner = phones[[tap.outcome for tap in taps].index("applied")]
        # Stored exactly once: the applied tap and nothing else, whichever server took it.
        assert stored_inputs(table) == before + [_applied_input(winner)], round_
        # The refused phone was shown the table as it is now: both phones agree again.
        assert phones[0].version == phones[1].version, round_

    assert outcomes_seen == [["applied", "stale"]] * ROUNDS
    table.refresh_from_db()
    state = tracker.load_state(table)
    assert tracker.chips_in_play(state) == tracker.chips_expected(state) == 3 * STACK
