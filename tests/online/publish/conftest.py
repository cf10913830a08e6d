"""Each publishing test with a data folder of its own: the publishing lock, its status and the record of what
each page read (online.publish.fingerprints) live there, and two test processes publishing at once found
each other's lock in the checkout ("Another publishing run is going on")."""

from __future__ import annotations

import os
from urllib.parse import quote

import pytest
from django.db import connection


@pytest.fixture(autouse=True)
def own_data_folder(settings, tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    settings.DATA_DIR = folder
    return folder


def _database_url() -> str:
    """The database this test uses, as DATABASE_URL for the processes it starts."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    login = quote(db["USER"] or "", safe="") + (f":{quote(db['PASSWORD'], safe='')}" if db["PASSWORD"] else "")
    host = quote(db["HOST"] or "", safe="") + (f":{db['PORT']}" if db["PORT"] else "")
    return f"postgres://{login}@{host}/{quote(db['NAME'], safe='')}"


@pytest.fixture
def runs_env(own_data_folder, monkeypatch) -> dict[str, str]:
    """What a run's process sees: this test's database and data folder (the record of the last run is there)."""
    monkeypatch.setenv("DATABASE_URL", _database_url())
    monkeypatch.setenv("DATA_DIR", str(own_data_folder))
    return dict(os.environ)
