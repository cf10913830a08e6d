"""CI's PostgreSQL leg runs only the tests that use a database (-m "database and not browser", .ci/run):
tests/conftest.py marks every test that asks for one. These tests fail if the marker goes missing."""
import pytest


@pytest.mark.django_db
def test_a_test_marked_django_db_runs_on_postgresql_too(request):
    assert request.node.get_closest_marker("database")


def test_a_test_that_asks_for_the_db_fixture_runs_on_postgresql_too(request, db):
    assert request.node.get_closest_marker("database")


def test_a_test_that_asks_for_a_transactional_database_runs_on_postgresql_too(request, transactional_db):
    assert request.node.get_closest_marker("database")


def test_a_test_without_a_database_runs_only_on_sqlite(request):
    assert not request.node.get_closest_marker("database")


def test_every_module_the_suite_runs_first_exists():
    """tests/conftest.py's LONGEST_FIRST names modules by path: a moved or renamed one would silently run last."""
    from pathlib import Path

    from tests.conftest import LONGEST_FIRST

    root = Path(__file__).resolve().parents[1]
    assert [path for path in LONGEST_FIRST if not (root / path).is_file()] == []
