"""The season's statistics are kept under the season's key, as its awards are: read once, shown again until a
row behind them changes (results.kept.season_cache)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments.tracked_tables import play_tracked_table
from tournaments.hands import figures


@pytest.fixture(autouse=True)
def fresh_figures():
    figures.figures_cache.clear()
    yield
    figures.figures_cache.clear()


def _view(client, url):
    with CaptureQueriesContext(connection) as queries:
        html = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    statements = " ".join(query["sql"] for query in queries.captured_queries)
    return html, statements


def test_a_second_view_reads_the_kept_statistics_not_every_seat_and_table(client, db, organizer):
    table = play_tracked_table(organizer)
    url = f"/statistics/?season={table.night.season_id}"
    first, _ = _view(client, url)
    again, statements = _view(client, url)
    assert again[again.index("<main>") :] == first[first.index("<main>") :]  # the CSRF token is new each time
    assert "tournaments_tablefigures" not in statements  # the kept figures of each table: not read again


def test_a_table_that_finishes_later_shows_in_the_statistics_at_once(client, db, organizer):
    table = play_tracked_table(organizer)
    url = f"/statistics/?season={table.night.season_id}"
    before, _ = _view(client, url)
    assert ">Anna<" in before and ">Eva<" not in before
    play_tracked_table(organizer, night=table.night, names=("Eva", "Finn", "Gil", "Hugo"))
    after, _ = _view(client, url)
    assert ">Anna<" in after and ">Eva<" in after
