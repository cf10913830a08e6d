"""Each publishing test with a data folder of its own: the publishing lock, its status and the record of what
each page read (online.publish.fingerprints) live there, and two test processes publishing at once found
each other's lock in the checkout ("Another publishing run is going on")."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def own_data_folder(settings, tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    settings.DATA_DIR = folder
    return folder
