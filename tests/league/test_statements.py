import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league import statements
from league.models import Night, Venue
from tests.evening import build_evening
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


def test_a_date_is_handed_to_the_statement_as_the_orm_hands_it():
    season = make_season()
    nights = [make_night(season, date=datetime.date(2026, 9, 2) + datetime.timedelta(weeks=k)) for k in range(3)]

    def coming(today):
        return Night.objects.filter(date__gte=today).order_by("date")

    for k in (2, 0, 1, 3):
        today = datetime.date(2026, 9, 2) + datetime.timedelta(weeks=k)
        assert statements.instances("coming", coming, today) == nights[k:] == list(coming(today))
    assert statements._built[("coming", "instances")] is not None


def test_a_value_the_orm_converts_or_writes_otherwise_is_asked_of_the_orm():
    first, second = make_night(make_season()), make_night(make_season(name="Winter"))
    # A string for an integer column: the statement's parameter is the int, not the value given.
    for night in (first, second):
        assert [n.pk for n in statements.instances("night", _with_season, str(night.pk))] == [night.pk]
    assert statements._built == {("night", "instances"): None}
    # None is written into the statement (IS NULL), not passed: no statement is kept for it at all.
    assert statements.instances("venue", lambda pk: Night.objects.filter(venue_id=pk), None) == []
    assert ("venue", "instances") not in statements._built


def test_the_public_pages_statements_are_built_once_not_asked_of_the_orm_each_time(client, organizer):
    # A statement whose parameters are not its values is asked of the ORM every time (None here): still right,
    # but the page would pay for building it again on every request.
    evening = build_evening(organizer)
    for url in ("/", reverse("night_results", args=[evening.played.pk]), reverse("seating", args=[evening.played.pk])):
        assert client.get(url).status_code == 200
    assert statements._built and [key for key, built in statements._built.items() if built is None] == []
    assert {key for key, _kind in statements._built} >= {
        "night with its season and venue",
        "a night's tables as its results read them",
        "a night's seats as its results read them",
    }
    assert {"the next night", "the next own night"} & {key for key, _kind in statements._built}
