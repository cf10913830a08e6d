"""The watcher's tables go to a night's rail stream only for the version the stream sends: a stream that starts
between two looks of the watcher holds a newer version, and drawn from older tables its rail would stand still."""

from __future__ import annotations

from live import events as live_events
from live import versions as live


def test_the_watchers_tables_are_given_only_for_the_night_version_it_read_them_at():
    hub = live_events.Hub()
    tables = {1: live.NightTable(1, 1, "a")}
    hub._watched[("night", 7)] += 1
    hub._versions[("night", 7)] = "c-s-p1"
    hub._tables[7] = tables
    assert hub.tables(7, "c-s-p1") is tables
    assert hub.tables(7, "c-s-p2") is None  # newer than the watcher's look: the stream reads them itself
    assert hub.tables(8, "c-s-p1") is None
