"""What keeps one test from another: English messages, empty caches, the live screens' threads stopped after
every test, and files of the test processes' own (the venue's key, the organizer's login file, the live cache)."""

from __future__ import annotations

import logging
import os
import shutil
import tempfile
from pathlib import Path

import pytest

# --- language, settings, caches -----------------------------------------------


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


# --- the test processes' own files ----------------------------------------------


def pytest_configure(config: pytest.Config) -> None:
    if "PYTEST_XDIST_WORKER" not in os.environ:
        _compile_the_checkout()
    # Each test process (each xdist worker) keeps the live screens' renderings in a folder of its own:
    # every test empties the folder, which must not take a file from under another process's write.
    os.environ["LIVE_CACHE_DIR"] = tempfile.mkdtemp(
        prefix=f"league-live-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}-"
    )
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


def _compile_the_checkout() -> None:
    """Bytecode for every module of the checkout, once, before the test processes start. The suite starts
    some 250 Python processes (servers, their migrate and check, the contract commands); where
    PYTHONDONTWRITEBYTECODE is set (as on this workplace's machines) none of them writes what it compiled, and each
    compiled the app's 400 modules again: a second of CPU for every one that loads the pages' code."""
    import compileall
    import re

    root = Path(__file__).resolve().parents[2]
    compileall.compile_dir(root, quiet=1, rx=re.compile(r"[/\\](\.venv|\.git|node_modules|staticfiles)[/\\]"))


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(os.environ["LIVE_CACHE_DIR"], ignore_errors=True)


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
