"""Issue 31, point 5: taps, undos, backups and restores interleaved by hypothesis; after every step the league
passes every check of `check_league` and every table is the replay of its rows.

The desk books cash in between (a line, a reversal of a line the book lets reverse, a table's jackpot
deposit, the night's count): the cash book must balance after every step, and a restore must give the
boxes' balances as they were when its backup began. A deposit's halves and a count's
difference are not reversible line by line (`Line.reversible` says so; `reverse_line` refuses them).

A backup here may be overtaken: at a model boundary hypothesis chooses, a second thread with its own
database connection (a venue server's worker) taps at the tables while the backup is half read. The file
must still hold every table as it was when the backup began, and a restore of it must give tables that
play on. Runs on the suite's database (SQLite in WAL mode; PostgreSQL with DATABASE_URL).
"""

from __future__ import annotations

import io
import json
import queue
import threading
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connection
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league.backup import dump
from league.cashbook import book as cashbook
from league.models import CashBox, JackpotDeposit
from tests.league.factories import make_night
from tests.tournaments.conftest import Dealer, table_of
from tests.tournaments.tracker.test_tap_cost import assert_stored_state_is_the_replay
from tests.upkeep.playing import held, next_input
from tournaments.models import Table
from tournaments.tracker.services import TrackerError
from upkeep import check

TABLES = 2

steps = st.lists(
    st.one_of(
        st.tuples(st.just("tap"), st.integers(0, TABLES - 1), st.integers(0, 34)),
        st.tuples(st.just("undo"), st.integers(0, TABLES - 1)),
        st.tuples(st.just("backup"), st.integers(0, 30), st.integers(0, 4)),  # overtaken at model n by k taps
        st.tuples(st.just("restore")),
        st.tuples(st.just("cash"), st.sampled_from(["line", "reverse", "deposit", "close"]), st.integers(1, 5000)),
    ),
    min_size=1,
    max_size=10,
)


class Worker:
    """Taps on request from its own thread and connection, while the test's thread waits."""

    def __init__(self) -> None:
        self.jobs: queue.Queue = queue.Queue()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            while (job := self.jobs.get()) is not None:
                work, done = job
                try:
                    work()
                    done.put(None)
                except Exception as error:  # handed to the test's thread
                    done.put(error)
        finally:
            connection.close()

    def do(self, work) -> None:
        done: queue.Queue = queue.Queue()
        self.jobs.put((work, done))
        error = done.get(timeout=60)
        if error is not None:
            raise error

    def stop(self) -> None:
        self.jobs.put(None)
        self.thread.join()


@pytest.fixture
def worker(transactional_db):
    worker = Worker()
    yield worker
    worker.stop()


def _fresh_league(django_user_model) -> list[int]:
    call_command("flush", interactive=False, verbosity=0)
    organizer = django_user_model.objects.create_user("organizer", password="organizer-secret-4711", is_staff=True)
    night = make_night()
    tables = [
        table_of({f"{name} {n}": 1000 for name in ("Anna", "Ben", "Carl")}, organizer, night=night)
        for n in range(TABLES)
    ]
    # The box's float and the first table's deposit: the book the desk reverses from is never empty.
    cashbook.book_line(
        season=night.season,
        night=night,
        box=CashBox.ORGANIZER,
        amount=Decimal("50.00"),
        reason="Wechselgeld",
        by=organizer,
    )
    JackpotDeposit.objects.create(table=tables[0], amount=Decimal("12.00"), confirmed_by=organizer)
    return [table.pk for table in tables]


def _dealer(table_id: int) -> Dealer:
    return Dealer(Table.objects.get(pk=table_id))


def _taps(table_ids: list[int], count: int):
    def tap() -> None:
        for k in range(count):
            next_input(_dealer(table_ids[k % len(table_ids)]), k)

    return tap


def _backup_overtaken(path: Path, worker: Worker, table_ids: list[int], boundary: int, taps: int, monkeypatch) -> None:
    """`manage.py backup`, the worker tapping `taps` times once `boundary` models are read."""
    read = [0]
    serialized = dump._serialized

    def overtaken(model):
        if read[0] == boundary and taps:
            worker.do(_taps(table_ids, taps))
        read[0] += 1
        return serialized(model)

    with monkeypatch.context() as patch:
        patch.setattr(dump, "_serialized", overtaken)
        call_command("backup", str(path), stdout=io.StringIO())


def _held_in_file(path: Path) -> dict[int, tuple[int, int]]:
    objects = json.loads(path.read_text(encoding="utf-8"))["objects"]
    hands = {o["pk"]: o["fields"]["table"] for o in objects if o["model"] == "tournaments.hand"}
    counts = {o["pk"]: [0, 0] for o in objects if o["model"] == "tournaments.table"}
    for table_id in hands.values():
        counts[table_id][0] += 1
    for o in objects:
        if o["model"] == "tournaments.action":
            counts[hands[o["fields"]["hand"]]][1] += 1
    return {table_id: tuple(c) for table_id, c in counts.items()}


def _cash(table_ids: list[int], what: str, cents: int, organizer) -> None:
    """What the desk books between taps; a refusal in words (CashError) changes nothing."""
    night = Table.objects.get(pk=table_ids[0]).night
    amount = Decimal(cents) / 100
    before = cashbook.balances()
    try:
        if what == "line":
            box = CashBox.ORGANIZER if cents % 2 else CashBox.REGISTER
            cashbook.book_line(
                season=night.season,
                night=night,
                box=box,
                amount=amount if cents % 3 else -amount,
                reason="Kreide",
                by=organizer,
            )
        elif what == "reverse":
            open_lines = [line for line in cashbook.all_lines() if line.reversible]
            if open_lines:
                cashbook.reverse_line(ref=open_lines[cents % len(open_lines)].ref, reason="Irrtum", by=organizer)
        elif what == "deposit":
            table_id = table_ids[cents % len(table_ids)]
            if not JackpotDeposit.objects.filter(table_id=table_id).exists():
                JackpotDeposit.objects.create(table_id=table_id, amount=amount, confirmed_by=organizer)
        else:
            expected = cashbook.night_cash(night).expected
            cashbook.close_night_cash(
                night=night, by=organizer, counted=max(expected + Decimal(cents % 7 - 3), Decimal(0)), reason="gezählt"
            )
    except cashbook.CashError:
        assert cashbook.balances() == before


def _every_invariant(table_ids: list[int]) -> None:
    report = check.check_league()
    assert report.ok, check.report_lines(report)
    for table_id in table_ids:
        assert_stored_state_is_the_replay(Table.objects.get(pk=table_id))


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(steps=steps)
def test_taps_undos_backups_and_restores_in_any_order_keep_every_invariant(
    steps, worker, django_user_model, tmp_path, monkeypatch
):
    table_ids = _fresh_league(django_user_model)
    organizer = django_user_model.objects.get(username="organizer")
    latest: Path | None = None
    balances: dict[Path, dict] = {}  # the boxes' balances when each backup began
    for number, step in enumerate(steps):
        kind = step[0]
        if kind == "tap":
            next_input(_dealer(table_ids[step[1]]), step[2])
        elif kind == "undo":
            try:
                _dealer(table_ids[step[1]]).undo()
            except TrackerError:  # nothing to undo, or a result that stands: refused in words
                pass
        elif kind == "backup":
            before = {table_id: held(table_id) for table_id in table_ids}
            latest = tmp_path / f"backup-{number}.json"
            balances[latest] = cashbook.balances()
            _backup_overtaken(latest, worker, table_ids, step[1], step[2], monkeypatch)
            assert _held_in_file(latest) == before, "the backup holds rows written after it began"
        elif (
            kind == "restore"
        ):  # the latest backup (or one taken now) into the emptied database; play goes on from there
            if latest is None:
                latest = tmp_path / f"backup-{number}.json"
                balances[latest] = cashbook.balances()
                call_command("backup", str(latest), stdout=io.StringIO())
            call_command("flush", interactive=False, verbosity=0)
            call_command(
                "restore", str(latest), stdout=io.StringIO()
            )  # exits 1 (SystemExit) if the check finds anything
            assert cashbook.balances() == balances[latest]
        elif kind == "cash":
            _cash(table_ids, step[1], step[2], organizer)
        _every_invariant(table_ids)
    for table_id in table_ids:  # and every table still plays
        dealer = _dealer(table_id)
        next_input(dealer, 1)
        dealer.undo()
    _every_invariant(table_ids)
