import datetime
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league import held
from league.models import Season
from tests.league.factories import make_season

pytestmark = pytest.mark.django_db


def _seasons():
    return Season.objects.order_by("-start_date", "-pk")


def test_without_a_publish_holding_them_every_call_asks_the_database():
    make_season()
    with CaptureQueriesContext(connection) as queries:
        held.objects("seasons", _seasons)
        held.objects("seasons", _seasons)
    assert len(queries) == 2


def test_held_rows_are_read_once_and_given_again_as_the_orm_gives_them():
    make_season(name="Saison 2026", entry_fee=Decimal("12.50"))
    make_season(name="Saison 2027", start_date=datetime.date(2027, 3, 1), end_date=datetime.date(2027, 8, 31))
    told = []
    held.read_listeners.append(lambda sql, params, rows: told.append((sql, params, rows)))
    try:
        with held.held():
            first = held.objects("seasons", _seasons)
            with CaptureQueriesContext(connection) as queries:
                again = held.objects("seasons", _seasons)
    finally:
        held.read_listeners.pop()
    assert len(queries) == 0
    expected = list(_seasons())
    for found in (first, again):
        assert [(s.pk, s.name, s.start_date, s.entry_fee) for s in found] == [
            (s.pk, s.name, s.start_date, s.entry_fee) for s in expected
        ]
        assert isinstance(found[1].start_date, datetime.date) and found[1].entry_fee == Decimal("12.50")
    assert first[0] is not again[0], "each page gets instances of its own"
    # Only the call served from what is held is told, with the statement the first one ran and its rows.
    ((sql, params, rows),) = told
    assert "league_season" in sql and len(rows) == 2
