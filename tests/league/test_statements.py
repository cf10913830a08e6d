import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league import statements
from league.models import Night, Venue
from tests.league.factories import make_night, make_season

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh():
    statements._built.clear()
    yield
    statements._built.clear()


def _with_season(night_id):
    return Night.objects.select_related("season", "venue").filter(pk=night_id)


def test_instances_of_a_statement_built_once_are_those_the_orm_makes_with_their_select_related_ones():
    summer = make_season(name="Sommer")
    winter = make_season(name="Winter", start_date=datetime.date(2027, 1, 6), end_date=datetime.date(2027, 6, 30))
    other = Venue.objects.create(name="Zum Anker")
    nights = [
        make_night(summer, date=datetime.date(2026, 6, 3)),
        make_night(winter, date=datetime.date(2027, 1, 6), venue=other),
    ]
    for night in [*nights, nights[0]]:
        with CaptureQueriesContext(connection) as queries:
            (found,) = statements.instances("night", _with_season, night.pk)
            shown = (found.pk, found.date, found.season.name, found.season.start_date, found.venue.name)
        assert len(queries) == 1, "one statement; the season and venue came with it"
        (expected,) = _with_season(night.pk)
        assert shown == (
            expected.pk,
            expected.date,
            expected.season.name,
            expected.season.start_date,
            expected.venue.name,
        )
        assert isinstance(found.date, datetime.date) and found._state.db == "default" and not found._state.adding
    assert statements.instances("night", _with_season, 987654) == []
    assert list(statements._built) == [("night", "instances")]


def test_a_queryset_with_values_besides_its_ids_is_asked_of_the_orm_every_time():
    season = make_season()
    finished = make_night(season, date=datetime.date(2026, 6, 3), status="finished")
    open_night = make_night(season, date=datetime.date(2026, 6, 10))

    def finished_only(night_id):
        return Night.objects.filter(pk=night_id, status="finished")

    assert [n.pk for n in statements.instances("finished", finished_only, finished.pk)] == [finished.pk]
    assert statements.instances("finished", finished_only, open_night.pk) == []
    assert [row for row in statements.rows("dates", lambda pk: finished_only(pk).values_list("date"), finished.pk)] == [
        (finished.date,)
    ]
    assert statements._built == {("finished", "instances"): None, ("dates", "rows"): None}


def test_an_id_that_is_no_int_is_asked_of_the_orm():
    night = make_night(make_season())
    assert [n.pk for n in statements.instances("night", _with_season, str(night.pk))] == [night.pk]
    assert statements._built == {}
