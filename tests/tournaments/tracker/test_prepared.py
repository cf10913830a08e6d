"""tournaments/tracker/prepared.py: the tracker's statements, prepared on PostgreSQL, write what the ORM writes."""

from __future__ import annotations

import pytest
from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.tournaments.conftest import table_of
from tournaments.models import Action, Hand, Table, TableStatus
from tournaments.tracker import prepared
from tournaments.tracker import services as tracker
from tournaments.tracker.services import reading

pytestmark = pytest.mark.django_db
postgresql_only = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="prepared statements are PostgreSQL's (SQLite plans in microseconds)",
)


def _statements() -> dict[str, tuple[int, int]]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements")
        return {statement: (generic, custom) for statement, generic, custom in cursor.fetchall()}


def _numbered(sql: str) -> str:
    """The statement as PostgreSQL lists it: each %s a numbered parameter ($1, $2, ...)."""
    parts = sql.split("%s")
    return "".join(part + (f"${k + 1}" if k < len(parts) - 1 else "") for k, part in enumerate(parts))


def _seen(state: tracker.TableState) -> list:
    return [(s.pk, s.position, s.starting_stack, s.entry.player.name, s.table.night.season.pk) for s in state.seats]


@postgresql_only
def test_the_locked_read_is_prepared_and_keeps_a_generic_plan(organizer):
    table = table_of({"Anna": 1000, "Ben": 1000, "Carl": 1000}, organizer)
    sql = _numbered(reading._seats_sql(connection.vendor, True, False)[0])  # by the dealer's link, not locked

    def read() -> list[tuple[int, int]]:
        return [counts for statement, counts in _statements().items() if statement == sql]

    before = read()  # an earlier test on this connection may have prepared it already
    for _ in range(8):
        state = tracker.read_state(token=table.dealer_token)
    after = read()
    assert len(after) == 1, after  # prepared once, not once per run
    generic, custom = after[0]
    runs_before = sum(before[0]) if before else 0
    assert generic + custom == runs_before + 8
    assert custom == 0 and generic == runs_before + 8  # planned once, for any link (generic_plans)
    with CaptureQueriesContext(connection):  # Django's logging cursor binds in the client: the same answer
        logged = tracker.read_state(token=table.dealer_token)
    assert _seen(logged) == _seen(state) and logged.version == state.version


@postgresql_only
@pytest.mark.parametrize("prepare_threshold, mode", [(0, "force_generic_plan"), (None, "auto")])
def test_a_new_connection_plans_prepared_statements_once_only_when_it_prepares_them(prepare_threshold, mode):
    fresh = connections.create_connection(DEFAULT_DB_ALIAS)
    fresh.settings_dict = {
        **fresh.settings_dict,
        "OPTIONS": {**fresh.settings_dict["OPTIONS"], "prepare_threshold": prepare_threshold},
    }
    try:
        with fresh.cursor() as cursor:  # connects: connection_created
            cursor.execute("SHOW plan_cache_mode")
            assert cursor.fetchone()[0] == mode
    finally:
        fresh.close()


@postgresql_only
def test_a_server_binding_cursor_is_given_only_while_queries_are_not_logged_and_the_settings_allow(monkeypatch):
    with prepared.cursor() as cursor:
        assert type(cursor.cursor).__name__ == "ServerBindingCursor"
    with CaptureQueriesContext(connection), prepared.cursor() as cursor:
        assert type(cursor.cursor).__name__ == "Cursor"
    # PREPARED_STATEMENTS=0 (a pooler that cannot keep them): Django's own cursor, nothing prepared.
    monkeypatch.setitem(connection.settings_dict["OPTIONS"], "prepare_threshold", None)
    with prepared.cursor() as cursor:
        assert type(cursor.cursor).__name__ == "Cursor"


def _hand(table: Table) -> Hand:
    dealer = table.seats.order_by("position").first()
    return Hand.objects.create(
        table=table,
        number=1,
        button=dealer,
        level=1,
        small_blind=25,
        big_blind=50,
        min_bet_rule="limit",
        players=[{"seat": dealer.pk, "name": "Anna", "stack": 1000, "sitting_out": False}],
    )


def test_insert_writes_the_row_that_save_writes(organizer):
    table = table_of({"Anna": 1000, "Ben": 1000}, organizer)
    hand, ben = _hand(table), table.seats.get(position=2)
    before = timezone.now()
    row = Action(hand=hand, index=0, seat=ben, verb="raise", to=150)
    prepared.insert(row)
    assert row.pk is not None and not row._state.adding and before <= row.created_at <= timezone.now()
    stored = Action.objects.get(pk=row.pk)
    assert (stored.hand_id, stored.index, stored.seat_id, stored.verb, stored.to, stored.created_at) == (
        hand.pk,
        0,
        ben.pk,
        "raise",
        150,
        row.created_at,
    )
    second = Action(hand=hand, index=1, seat=ben, verb="fold", to=None)
    prepared.insert(second)
    assert second.pk != row.pk and Action.objects.get(pk=second.pk).to is None


def test_update_writes_the_named_fields_and_no_other(organizer):
    table = table_of({"Anna": 1000, "Ben": 1000}, organizer)
    snapshot = {"revision": "r2", "hand": {"names": ['Zoë "Z"', "Ben <b>&amp;"], "chips": [1500, 0]}, "previous": None}
    table.revision, table.tracker_snapshot = "r2", snapshot
    table.status = TableStatus.FINISHED  # changed on the instance, not named: not written
    prepared.update(table, "revision", "tracker_snapshot")
    stored = Table.objects.get(pk=table.pk)
    assert (stored.revision, stored.tracker_snapshot, stored.status) == ("r2", snapshot, TableStatus.WAITING)
    prepared.update(table, "status")
    assert Table.objects.get(pk=table.pk).status == TableStatus.FINISHED


@postgresql_only
def test_the_writes_are_prepared_too(organizer):
    table = table_of({"Anna": 1000, "Ben": 1000}, organizer)
    hand, ben = _hand(table), table.seats.get(position=2)
    for index in range(3):
        prepared.insert(Action(hand=hand, index=index, seat=ben, verb="call", to=None))
        table.revision = f"r{index}"
        prepared.update(table, "revision", "tracker_snapshot")
    statements = _statements()
    assert any(s.startswith('INSERT INTO "tournaments_action"') for s in statements)
    assert any(s.startswith('UPDATE "tournaments_table" SET "revision" = $1') for s in statements)
