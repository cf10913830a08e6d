"""Issue 31, as it happened: backups taken while six tables play restore into tables that play on.

A thread taps at six tables without pause (its own database connection, as a venue server's) while the
test takes 16 backups through `manage.py backup`. Each file must hold every table as it was at one
moment: the thread notes, after each of its taps, what the table's rows held under its new revision, and
the file's revision of each table must come with exactly those hands and actions. Then every fourth file
is restored into the emptied database through `manage.py restore`, and every table takes a tap, an undo
and another tap, and every hand replays.

Runs on the suite's database: SQLite (a file in WAL mode, as at the venue) and, with DATABASE_URL, PostgreSQL.
The code of commit 46102d7 fails it (the commit that added this test says how it was run): its backup read model after
model, so a tap between its reading of the tables and of their hands tore the file, and the restored
table answered the next tap with an IntegrityError.
"""

from __future__ import annotations

import io
import json
import threading
import time

import pytest
from django.core.management import call_command
from django.db import connection

from tests.tournaments.conftest import Dealer
from tests.tournaments.tracker.test_tap_cost import assert_stored_state_is_the_replay
from tests.upkeep.playing import held, next_input, six_tables
from tournaments.models import Table

pytestmark = pytest.mark.django_db(transaction=True)

BACKUPS = 16  # the code before tore at least one of them in each of five runs
RESTORE_EVERY = 4  # each file is checked whole; every fourth is restored and played on


def _what_the_file_holds(document: dict) -> dict[tuple[int, str], tuple[int, int]]:
    """(table id, revision) -> (hands, actions) as the file holds them."""
    objects = document["objects"]
    hands = {o["pk"]: o["fields"]["table"] for o in objects if o["model"] == "tournaments.hand"}
    counts = {o["pk"]: [0, 0] for o in objects if o["model"] == "tournaments.table"}
    for table_id in hands.values():
        counts[table_id][0] += 1
    for o in objects:
        if o["model"] == "tournaments.action":
            counts[hands[o["fields"]["hand"]]][1] += 1
    revisions = {o["pk"]: o["fields"]["revision"] for o in objects if o["model"] == "tournaments.table"}
    return {(table_id, revisions[table_id]): tuple(held_) for table_id, held_ in counts.items()}


def test_backups_taken_while_six_tables_play_restore_into_tables_that_take_taps_and_undos(organizer, tmp_path):
    dealers = six_tables(organizer)
    for k, dealer in enumerate(dealers):
        for step in range(2 + 3 * k):
            next_input(dealer, step)
    moments = {}  # (table id, revision) -> (hands, actions) the rows held under that revision
    for dealer in dealers:
        dealer.table.refresh_from_db()
        moments[(dealer.table.pk, dealer.table.revision)] = held(dealer.table.pk)
    stop, failures, taps = threading.Event(), [], [0]

    def play() -> None:
        try:
            step = 0
            while not stop.is_set():
                for dealer in dealers:
                    next_input(dealer, step)
                    step += 1
                    revision = Table.objects.values_list("revision", flat=True).get(pk=dealer.table.pk)
                    moments[(dealer.table.pk, revision)] = held(dealer.table.pk)
                    taps[0] += 1
        except Exception as error:  # reported by the test, not lost in the thread
            failures.append(error)
        finally:
            connection.close()

    player = threading.Thread(target=play)
    player.start()
    files = []
    try:
        for n in range(BACKUPS):
            time.sleep(0.02)
            files.append(tmp_path / f"during-play-{n}.json")
            call_command("backup", str(files[-1]), stdout=io.StringIO())
    finally:
        stop.set()
        player.join()
    assert not failures, failures
    assert taps[0] >= 2 * BACKUPS, f"only {taps[0]} taps during {BACKUPS} backups"

    for path in files:
        held_in_file = _what_the_file_holds(json.loads(path.read_text(encoding="utf-8")))
        for (table_id, revision), counts in held_in_file.items():
            assert moments[(table_id, revision)] == counts, (
                f"{path.name}: table {table_id} torn (rows of another moment)"
            )

    for path in files[::RESTORE_EVERY]:
        call_command("flush", interactive=False, verbosity=0)
        call_command("restore", str(path), stdout=io.StringIO())
        for table in Table.objects.order_by("pk"):
            dealer = Dealer(table)
            next_input(dealer)
            dealer.undo()
            next_input(dealer, 3)
            assert_stored_state_is_the_replay(table)
