"""The live screens' shared renderings (live/cache.py): a failed write costs the sharing, not the page."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from live import cache as live_cache

pytestmark = pytest.mark.django_db


def test_a_rendering_is_shared_through_its_file_and_read_back():
    assert live_cache.shared("k", lambda: "erste") == "erste"
    files = [p for p in live_cache._folder().iterdir() if not p.name.endswith(".lock")]
    assert len(files) == 1 and files[0].read_text(encoding="utf-8") == "erste"
    with live_cache._memory_lock:
        live_cache._memory.clear()
    assert live_cache.shared("k", lambda: "zweite") == "erste"  # from the file, not built again


def test_a_file_taken_away_mid_write_still_answers_the_rendering(monkeypatch):
    # Another process's clear() or sweep() may remove the partial file between writing and renaming it.
    def vanished(src, dst):
        Path(src).unlink()
        raise FileNotFoundError(2, "No such file or directory", str(src))

    monkeypatch.setattr(live_cache.os, "replace", vanished)
    assert live_cache.shared("k", lambda: "gebaut") == "gebaut"
    assert not [p for p in live_cache._folder().iterdir() if p.suffix == ".part"]


def test_a_full_disk_still_answers_the_rendering(monkeypatch):
    def full(self, *args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(live_cache.Path, "write_text", full)
    assert live_cache.shared("k", lambda: "gebaut") == "gebaut"


def test_each_test_process_keeps_its_renderings_in_a_folder_of_its_own():
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    assert Path(os.environ["LIVE_CACHE_DIR"]).name.startswith(f"league-live-{worker}-")
    assert live_cache._folder() == Path(os.environ["LIVE_CACHE_DIR"])
