"""Fixtures shared by the whole suite: the people involved and the browser.

Browser tests are the ones marked ``browser`` (a test that asks for a Playwright
fixture such as ``page`` is marked automatically). Chromium speaks German, as at
the venue (locale de-DE, ``Accept-Language: de``); a test asks for English with
``@pytest.mark.browser_language("en")``, or runs in both with
``@pytest.mark.parametrize("browser_language", ["de", "en"])``. They drive Debian's Chromium
(/usr/bin/chromium-headless-shell, else /usr/bin/chromium) against pytest-django's ``live_server``; Playwright is
never allowed to download a browser of its own. Without Chromium they are
skipped with a reason, except in CI (``CI=true``), where that is a failure.
"""
from __future__ import annotations

import logging
import os
import shutil
import tempfile
from pathlib import Path

import pytest

# Debian's headless build of Chromium (the same Blink and network stack, without the desktop browser's
# windowing): a third less CPU per browser test than /usr/bin/chromium in headless mode. The full browser
# when only it is installed.
HEADLESS_SHELL = Path("/usr/bin/chromium-headless-shell")
CHROMIUM = HEADLESS_SHELL if HEADLESS_SHELL.exists() else Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ORGANIZER_PASSWORD = "organizer-secret-4711"

# What a browser context gets for each language: Chromium's locale (navigator.language,
# number inputs, Intl) and the header Django's LocaleMiddleware reads.
BROWSER_LANGUAGES = {
    "de": {"locale": "de-DE", "extra_http_headers": {"Accept-Language": "de-DE,de;q=0.9"}},
    "en": {"locale": "en-GB", "extra_http_headers": {"Accept-Language": "en-GB,en;q=0.9"}},
}

# Asking for any of these means driving a browser.
_PLAYWRIGHT_FIXTURES = {"page", "context", "new_context", "browser", "browser_type", "playwright"}

# Asking for any of these (or the django_db marker) means using the test database: pytest-django refuses every
# other test a connection, so a test without them never reaches the database in its own process. (Not
# django_db_blocker: pytest-django's autouse fixtures ask for it in every test; a test that unblocks it
# itself, or whose subprocesses use the suite's DATABASE_URL, says @pytest.mark.database.)
_DATABASE_FIXTURES = {
    "_django_db_helper", "db", "transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback",
    "django_db_setup", "live_server",
}


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


def _missing_chromium_message() -> str:
    return f"Chromium not found at {HEADLESS_SHELL} or {CHROMIUM}: `apt-get install chromium-headless-shell`"


# --- language ---------------------------------------------------------------


@pytest.fixture(autouse=True)
def english_messages():
    """Services answer in the active language (German by default); tests read English.

    Requests still choose their language themselves (LocaleMiddleware), which the i18n tests rely on.
    """
    from django.utils import translation

    with translation.override("en"):
        yield


@pytest.fixture(autouse=True, scope="session")
def static_files_looked_up_per_request():
    """WhiteNoise lists STATIC_ROOT when a handler starts (every test client's first request) unless it
    looks files up per request. Tests in another process start `manage.py venue`, whose collectstatic
    deletes and rewrites hashed files there: a file listed a moment before was gone (a FileNotFoundError
    in CI's parallel run). Looked up per request, nothing lists the folder."""
    from django.conf import settings

    settings.WHITENOISE_AUTOREFRESH = True
    yield


@pytest.fixture(autouse=True, scope="session")
def venue_key_outside_the_checkout(tmp_path_factory):
    """Backups are signed with the league's secret; under the development SECRET_KEY that is the venue's key
    file beside the database (league/backup/signature.py), made if missing: never in the checkout from a test."""
    from league.backup import signature

    path = tmp_path_factory.mktemp("venue-key") / ".venue-secret-key"
    original = signature.venue_secret_file
    signature.venue_secret_file = lambda: path
    yield path
    signature.venue_secret_file = original


@pytest.fixture(autouse=True, scope="session")
def organizer_login_file_of_the_tests():
    """Settings were read before pytest_configure set ORGANIZER_LOGIN_FILE: point them there too."""
    from django.conf import settings

    settings.ORGANIZER_LOGIN_FILE = Path(os.environ["ORGANIZER_LOGIN_FILE"])
    yield


@pytest.fixture(autouse=True)
def fresh_cache():
    """The TV and the rail keep renderings per pulse (the per-process cache, and live/cache.py's
    files shared by the server's processes); a new test's database can repeat an old pulse (same ids and
    counts), so every test starts with empty caches."""
    from django.core.cache import cache

    from live import cache as live_cache

    cache.clear()
    live_cache.clear()
    yield


# --- the live screens' threads -------------------------------------------------


def _live_hub():
    from django.apps import apps

    if not apps.ready:
        return None
    from live.events import hub

    return hub


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    if _gone_table_log not in (root := logging.getLogger()).handlers:  # Django's LOGGING replaced root's handlers
        root.addHandler(_gone_table_log)
    if (hub := _live_hub()) is not None:
        hub.resume()  # the test before stopped it


class _GoneTableLog(logging.Handler):
    """Every error logged anywhere in the process that says a table is missing: what a thread still reading
    a test database that was emptied or removed logs (SQLite "no such table", PostgreSQL "relation ... does
    not exist"). Reported as the failure of the test whose teardown follows it."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.found: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            text += f": {record.exc_info[1]}"
        if "no such table" in text or ("relation" in text and "does not exist" in text):
            self.found.append(f"{record.name}: {text}")


_gone_table_log = _GoneTableLog()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None):
    """Before the test's fixtures go (its database emptied, at the end removed): every event stream the live
    server or the test client served ends, and the watcher thread with them. A watcher left reading a
    database that was gone logged "no such table" tracebacks; the next test's setup serves streams again.
    After them: any such error logged meanwhile fails this teardown."""
    if (hub := _live_hub()) is not None and not hub.stop_and_wait(timeout=10):
        raise AssertionError(f"a live stream or the live watcher still runs 10 s after {item.nodeid}")
    result = yield  # the test's fixtures are gone (after the last test: the test database too)
    found, _gone_table_log.found = _gone_table_log.found, []
    if found:
        raise AssertionError("a thread read a database that was gone:\n" + "\n".join(found))
    return result


# --- people -----------------------------------------------------------------


@pytest.fixture
def organizer(django_user_model):
    """A staff user whose password is ORGANIZER_PASSWORD (also on ``.raw_password``)."""
    user = django_user_model.objects.create_user(
        username="organizer",
        email="organizer@league.example",
        password=ORGANIZER_PASSWORD,
        is_staff=True,
    )
    user.raw_password = ORGANIZER_PASSWORD
    return user


@pytest.fixture
def organizer_client(client, organizer):
    """pytest-django's test client, logged in as the organizer."""
    client.force_login(organizer)
    return client


# --- browser tests ----------------------------------------------------------


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(_Markers(), "league-markers")
    if "PYTEST_XDIST_WORKER" not in os.environ:
        _compile_the_checkout()
    # Each test process (each xdist worker) keeps the live screens' renderings in a folder of its own:
    # every test empties the folder, which must not take a file from under another process's write.
    os.environ["LIVE_CACHE_DIR"] = tempfile.mkdtemp(prefix=f"league-live-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}-")
    # The first organizer's login (setup_demo, manage.py venue) is written there, never over the checkout's
    # own .organizer-login; the processes the tests start inherit it.
    os.environ["ORGANIZER_LOGIN_FILE"] = os.path.join(os.environ["LIVE_CACHE_DIR"], "organizer-login")
    # A fast password hasher for the suite and the servers it starts (config/settings.py says why); the settings
    # were read already, so they are told too.
    os.environ["FAST_PASSWORD_HASHING"] = "1"
    from django.conf import settings
    from django.contrib.auth import hashers

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher", *settings.PASSWORD_HASHERS]
    hashers.get_hashers.cache_clear()
    hashers.get_hashers_by_algorithm.cache_clear()
    config.addinivalue_line(
        "markers",
        'browser_language(code): the language Chromium speaks in this browser test, "de" (the default) or "en"',
    )


def _compile_the_checkout() -> None:
    """Bytecode for every module of the checkout, once, before the test processes start. The suite starts
    some 250 Python processes (servers, their migrate and check, the contract commands); where
    PYTHONDONTWRITEBYTECODE is set (as on this workplace's machines) none of them writes what it compiled, and each
    compiled the app's 400 modules again: a second of CPU for every one that loads the pages' code."""
    import compileall
    import re

    root = Path(__file__).resolve().parent.parent
    compileall.compile_dir(root, quiet=1, rx=re.compile(r"[/\\](\.venv|\.git|node_modules|staticfiles)[/\\]"))


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(os.environ["LIVE_CACHE_DIR"], ignore_errors=True)


class _Markers:
    """Marks what a test uses before -m selects by it (pytest's own selection runs before a trylast hook)."""

    @pytest.hookimpl(tryfirst=True)
    def pytest_collection_modifyitems(self, config: pytest.Config, items: list[pytest.Item]) -> None:
        for item in items:
            fixtures = set(getattr(item, "fixturenames", ()))
            if _PLAYWRIGHT_FIXTURES & fixtures and not item.get_closest_marker("browser"):
                item.add_marker(pytest.mark.browser)
            # CI's PostgreSQL leg runs only these (-m "database and not browser"): the pure engines, rules and
            # parsers behave alike whatever DATABASE_URL says, and the SQLite leg has run them already.
            uses_database = _DATABASE_FIXTURES & fixtures or item.get_closest_marker("django_db")
            if uses_database and not item.get_closest_marker("database"):
                item.add_marker(pytest.mark.database)


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
        if not CHROMIUM.exists() and not _in_ci():
            item.add_marker(pytest.mark.skip(reason=_missing_chromium_message() + " (CI fails instead)"))
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


@pytest.fixture(scope="session")
def playwright(playwright):
    # Playwright's sync API keeps an asyncio loop running in this thread; the
    # ORM calls of the test and of transactional_db's flush are still
    # synchronous, so Django's async-unsafe guard has to stand aside.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    yield playwright
    if previous is None:
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    else:
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not CHROMIUM.exists():
        # Only reached in CI: elsewhere the tests were skipped at collection.
        pytest.fail(_missing_chromium_message() + " (CI=true: browser tests must run)", pytrace=False)
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "args": CHROMIUM_ARGS}


@pytest.fixture
def browser_language(request: pytest.FixtureRequest) -> str:
    """German unless the test says otherwise (marker, or parametrize("browser_language", [...]))."""
    marker = request.node.get_closest_marker("browser_language")
    language = marker.args[0] if marker else "de"
    if language not in BROWSER_LANGUAGES:
        pytest.fail(f"browser_language must be one of {sorted(BROWSER_LANGUAGES)}, not {language!r}", pytrace=False)
    return language


@pytest.fixture
def browser_context_args(browser_context_args, browser_language):
    """Every context of the test (``page``, ``context``, ``new_context()``) speaks ``browser_language``."""
    return {**browser_context_args, **BROWSER_LANGUAGES[browser_language]}


@pytest.fixture
def german_phone(page, live_server):
    """As at the venue: the suite's browser (German unless a test asks otherwise) on a phone-sized screen."""
    from tests.browser.helpers import PHONE

    page.set_viewport_size(PHONE)
    return page


@pytest.fixture(scope="session")
def base_url(live_server):
    """Playwright resolves relative URLs against the live server: page.goto("/")."""
    return live_server.url


# --- CI: a browser leg that only skipped is a failed leg -----------------------

_browser_outcomes: dict[str, int] = {"passed": 0, "failed": 0, "skipped": 0}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if ("browser", "1") not in report.user_properties:
        return
    if report.when == "call" and report.passed:
        _browser_outcomes["passed"] += 1
    elif report.failed:
        _browser_outcomes["failed"] += 1
    elif report.skipped:
        _browser_outcomes["skipped"] += 1


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    if any(_browser_outcomes.values()):
        counts = ", ".join(f"{n} {outcome}" for outcome, n in _browser_outcomes.items())
        terminalreporter.write_line(f"browser tests (Chromium {CHROMIUM}): {counts}")
        if _only_skipped_browser_tests_in_ci():
            terminalreporter.write_line("CI=true and every browser test was skipped: failing the run", red=True)


def _only_skipped_browser_tests_in_ci() -> bool:
    return _in_ci() and _browser_outcomes["skipped"] > 0 and _browser_outcomes["passed"] == 0


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if _only_skipped_browser_tests_in_ci() and exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
