"""Fixtures shared by the whole suite: the people involved, a night's evening and a table.

The suite's machinery is in plugins of its own (tests/plugins/): ``isolation`` keeps one test from another,
``selection`` sets the markers (``browser``, ``server``, ``subprocess``, ``quick``, ``database``) and the order,
``browser`` drives Chromium (the fixtures that override pytest-playwright's are at the end of this module).
``pytest -m quick`` runs the tests that start no browser, server or other program.
"""

from __future__ import annotations

import os

import pytest

pytest_plugins = ["tests.plugins.isolation", "tests.plugins.browser", "tests.plugins.selection"]

ORGANIZER_PASSWORD = "organizer-secret-4711"


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


@pytest.fixture
def evening(db, organizer):
    """A night in every state a page can show at once (tests/evening.py): the pages' sweeps walk it."""
    from tests.evening import build_evening

    return build_evening(organizer)


@pytest.fixture
def table(db, organizer):
    """One table of Anna, Ben and Carl with 1,500 chips each, Anna dealing first. A module that needs another
    table (other stacks, hands played) defines its own ``table``."""
    from tests.tournaments.conftest import table_of

    return table_of({"Anna": 1500, "Ben": 1500, "Carl": 1500}, organizer)


# --- pytest-playwright's fixtures, overridden here: a conftest's fixture always wins over a plugin's ----------


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
    from tests.plugins.browser import CHROMIUM, CHROMIUM_ARGS, missing_chromium_message

    if not CHROMIUM.exists():
        # Only reached in CI: elsewhere the tests were skipped at collection.
        pytest.fail(missing_chromium_message() + " (CI=true: browser tests must run)", pytrace=False)
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "args": CHROMIUM_ARGS}


@pytest.fixture
def browser_context_args(browser_context_args, browser_language):
    """Every context of the test (``page``, ``context``, ``new_context()``) speaks ``browser_language``."""
    from tests.plugins.browser import BROWSER_LANGUAGES

    return {**browser_context_args, **BROWSER_LANGUAGES[browser_language]}


@pytest.fixture(scope="session")
def base_url(live_server):
    """Playwright resolves relative URLs against the live server: page.goto("/")."""
    return live_server.url
