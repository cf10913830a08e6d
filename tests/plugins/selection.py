"""Which tests a run selects, and in what order.

Markers, set before ``-m`` selects (``pytest_collection_modifyitems``, tryfirst):

- ``browser``: asks for a Playwright fixture (``page``, ``new_context``, ...), or marked by hand.
- ``server``: asks for ``live_server``, or is marked by hand because it starts a server or a chain (``manage.py
  venue``/``serve``, nginx, sshd, PostgreSQL) through the helpers in tests/benchmarks/support/ or
  tests/online/server/.
- ``subprocess``: marked by hand, on the test or its module: it runs another program (``manage.py`` in a
  process of its own, pdftoppm, zbarimg, git, npm, msgfmt, a benchmark).
- ``quick``: none of the three. ``pytest -m quick`` is the quick loop.
- ``database``: asks for the test database (CI's PostgreSQL leg runs these).

A marker by hand could be forgotten, so it is checked in every run instead of guessed from the source: while a
quick test runs, ``subprocess.Popen`` refuses to start a program (everything that starts one in Python goes through
it: ``subprocess.run``, asyncio's subprocesses, Playwright's driver), and the test fails with a message naming
the marker to add. A test that starts a program therefore cannot stay in the quick set unnoticed: it fails
there and in the whole suite. (``os.fork`` is allowed: the publisher's worker pool forks this same Python.)
"""

from __future__ import annotations

import subprocess

import pytest

from tests.plugins.browser import CHROMIUM, in_ci, missing_chromium_message

# Asking for any of these means driving a browser.
PLAYWRIGHT_FIXTURES = {"page", "context", "new_context", "browser", "browser_type", "playwright"}

# Asking for any of these means a server in the test process's threads (the browser tests' live_server).
SERVER_FIXTURES = {"live_server"}

# A test with none of these is quick.
PROCESS_MARKERS = ("browser", "server", "subprocess")

# Asking for any of these (or the django_db marker) means using the test database: pytest-django refuses every
# other test a connection, so a test without them never reaches the database in its own process. (Not
# django_db_blocker: pytest-django's autouse fixtures ask for it in every test; a test that unblocks it
# itself, or whose subprocesses use the suite's DATABASE_URL, says @pytest.mark.database.)
DATABASE_FIXTURES = {
    "_django_db_helper",
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "django_db_setup",
    "live_server",
}


def is_quick(item: pytest.Item) -> bool:
    return not any(item.get_closest_marker(name) for name in PROCESS_MARKERS)


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(_Markers(), "league-markers")
    guard.install()


class _Markers:
    """Marks what a test uses before -m selects by it (pytest's own selection runs before a trylast hook)."""

    @pytest.hookimpl(tryfirst=True)
    def pytest_collection_modifyitems(self, config: pytest.Config, items: list[pytest.Item]) -> None:
        for item in items:
            fixtures = set(getattr(item, "fixturenames", ()))
            if PLAYWRIGHT_FIXTURES & fixtures and not item.get_closest_marker("browser"):
                item.add_marker(pytest.mark.browser)
            if SERVER_FIXTURES & fixtures and not item.get_closest_marker("server"):
                item.add_marker(pytest.mark.server)
            if is_quick(item):
                item.add_marker(pytest.mark.quick)
            # CI's PostgreSQL leg runs only these (-m "database and not browser"): the pure engines, rules and
            # parsers behave alike whatever DATABASE_URL says, and the SQLite leg has run them already.
            uses_database = DATABASE_FIXTURES & fixtures or item.get_closest_marker("django_db")
            if uses_database and not item.get_closest_marker("database"):
                item.add_marker(pytest.mark.database)


# --- a quick test starts no program ------------------------------------------------


class ProgramInAQuickTest(RuntimeError):
    pass


class _ProgramGuard:
    """Refuses ``subprocess.Popen`` while a quick test (its setup, call and teardown) runs, and remembers it: a
    test that catches the error still fails, in its teardown."""

    def __init__(self) -> None:
        self.watching: str | None = None  # the node id of the quick test that runs now
        self.refused: list[str] = []
        self._installed = False

    def install(self) -> None:
        if self._installed:
            return
        self._installed = True
        start = subprocess.Popen._execute_child  # type: ignore[attr-defined]
        guard = self

        def _execute_child(popen, args, *rest, **options):
            if guard.watching is not None:
                message = guard.message(guard.watching, args)
                guard.refused.append(message)
                raise ProgramInAQuickTest(message)
            return start(popen, args, *rest, **options)

        subprocess.Popen._execute_child = _execute_child  # type: ignore[attr-defined]

    @staticmethod
    def message(nodeid: str, args) -> str:
        program = args if isinstance(args, (str, bytes)) else " ".join(str(a) for a in args)
        return (
            f"{nodeid} runs another program ({program[:200]}) but is not marked: add "
            "pytest.mark.subprocess (pytest.mark.server if it starts a server) to the test or its module's "
            "pytestmark, so that `pytest -m quick` leaves it out (tests/plugins/selection.py)"
        )


guard = _ProgramGuard()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None):
    guard.watching = item.nodeid if is_quick(item) else None
    guard.refused = []
    try:
        return (yield)
    finally:
        guard.watching = None


@pytest.hookimpl(wrapper=True, trylast=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None):
    result = yield
    refused, guard.refused = guard.refused, []
    if refused:
        raise AssertionError("\n".join(refused))
    return result


# --- the order ------------------------------------------------------------------------


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # trylast: run after pytest-django has ordered the items by database use.
    browser_items = [item for item in items if item.get_closest_marker("browser")]
    if not browser_items:
        items[:] = _longest_first(items)  # the PostgreSQL leg (-m "... and not browser") too
        return
    for item in browser_items:
        # Lets .ci/run count browser tests in its JUnit report.
        item.user_properties.append(("browser", "1"))
        if not CHROMIUM.exists() and not in_ci():
            item.add_marker(pytest.mark.skip(reason=missing_chromium_message() + " (CI fails instead)"))
    # Once Playwright's event loop is running, Django's async-safety check
    # would refuse every ORM call in this thread, so the browser tests go last
    # and the rest of the suite runs with the check intact.
    others = [item for item in items if not item.get_closest_marker("browser")]
    items[:] = _longest_first(others) + _longest_first(browser_items)


# The modules whose tests take longest (tens of seconds each: servers, nginx, Chromium on many pages), longest
# first. xdist's workers take their next test from one queue (--maxschedchunk=2 in pytest.ini), so with these
# at the front of each group the workers finish together, instead of one running a minute-long test alone at
# the end of the run while the other waits. A module missing here only runs later; nothing depends on the order.
LONGEST_FIRST = (
    "tests/browser/test_every_page.py",
    "tests/browser/tournaments/test_dealer_phone.py",
    "tests/online/server/test_chain.py",
    "tests/league/venue/test_hostile_client.py",
    "tests/browser/tournaments/test_venue.py",
    "tests/league/venue/test_load.py",
    "tests/tournaments/tracker/test_two_servers.py",
    "tests/league/web/test_busy_database.py",
    "tests/security/test_hostile_values.py",
    "tests/league/venue/test_first_start.py",
    "tests/browser/tournaments/test_tonight.py",
    "tests/league/venue/test_setup.py",
    "tests/tournaments/poker/test_evaluator.py",
    "tests/browser/handbook/test_first_evening.py",
    "tests/browser/live/test_tv_and_rail.py",
    "tests/tournaments/tracker/test_tap_cost.py",
    "tests/online/publish/test_sync.py",
    "tests/online/publish/test_sftp.py",
    "tests/test_every_link.py",
    "tests/upkeep/test_interleavings.py",
    "tests/browser/live/test_rail_odds.py",
    "tests/online/publish/test_site.py",
    "tests/browser/league/test_organizer_evening.py",
    "tests/tournaments/poker/odds/test_bulk.py",
    "tests/upkeep/test_backup_during_play.py",
    "tests/browser/online/test_published_site.py",
    "tests/housegames/test_migrations.py",
    "tests/config/test_settings.py",
    "tests/upkeep/test_check_league.py",
)


def _longest_first(items: list[pytest.Item]) -> list[pytest.Item]:
    """`items` with the modules of LONGEST_FIRST first, in its order; the rest as they were (a stable sort)."""
    rank = {path: k for k, path in enumerate(LONGEST_FIRST)}
    return sorted(items, key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(rank)))
