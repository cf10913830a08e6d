"""Fixtures shared by the whole suite: the people involved, a night's evening and a table.

The suite's machinery is in plugins of its own (tests/plugins/): ``isolation`` keeps one test from another,
``selection`` sets the markers (``browser``, ``server``, ``subprocess``, ``quick``, ``database``) and the order,
``browser`` drives Chromium. ``pytest -m quick`` runs the tests that start no browser, server or other program.
"""
from __future__ import annotations

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
