"""Which tests a run selects (tests/plugins/selection.py). CI's PostgreSQL leg runs only the tests that use a
database (-m "database and not browser", .ci/run); `pytest -m quick` runs those that start no browser, server or
other program. These tests fail if a marker goes missing."""

import subprocess

import pytest

from tests.plugins import selection


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
    """tests/plugins/selection.py's LONGEST_FIRST names modules by path: a moved or renamed one would silently run last."""
    from pathlib import Path

    from tests.plugins.selection import LONGEST_FIRST

    root = Path(__file__).resolve().parents[1]
    assert [path for path in LONGEST_FIRST if not (root / path).is_file()] == []


def test_a_test_that_starts_nothing_is_quick(request):
    assert request.node.get_closest_marker("quick")
    assert not any(request.node.get_closest_marker(name) for name in ("browser", "server", "subprocess"))


def test_a_test_that_asks_for_the_live_server_is_a_server_test_and_not_quick(request, live_server):
    assert request.node.get_closest_marker("server")
    assert not request.node.get_closest_marker("quick")


def test_a_quick_test_that_starts_a_program_fails_and_is_told_which_marker_to_add(request):
    with pytest.raises(selection.ProgramInAQuickTest, match="pytest.mark.subprocess"):
        subprocess.run(["true"])
    # Caught or not, the refusal fails the test in its teardown: this one takes it back to pass.
    refused, selection.guard.refused = selection.guard.refused, []
    assert len(refused) == 1 and request.node.nodeid in refused[0] and "true" in refused[0]


@pytest.mark.subprocess
def test_a_test_marked_subprocess_runs_programs_and_is_not_quick(request):
    assert subprocess.run(["true"]).returncode == 0
    assert not request.node.get_closest_marker("quick")
