"""`manage.py venue` skips collectstatic when the static folder holds what it would make (league/collected_static.py)."""

from __future__ import annotations

import json
import os

import pytest

from league import collected_static


class _Storage:
    def __init__(self, root) -> None:
        self.root = root

    def path(self, name: str) -> str:
        return os.path.join(self.root, name)


class _Finder:
    def __init__(self, root) -> None:
        self.storage = _Storage(root)

    def list(self, ignore_patterns):
        for name in sorted(os.listdir(self.storage.root)):
            yield name, self.storage


@pytest.fixture
def sources(tmp_path, monkeypatch):
    folder = tmp_path / "static"
    folder.mkdir()
    (folder / "app.css").write_text("body { color: black; }")
    monkeypatch.setattr(collected_static, "get_finders", lambda: [_Finder(folder)])
    return folder


@pytest.fixture
def collected(tmp_path):
    root = tmp_path / "staticfiles"
    root.mkdir()
    (root / "app.0123abcd.css").write_text("body { color: black; }")
    (root / collected_static.MANIFEST).write_text(
        json.dumps({"paths": {"app.css": "app.0123abcd.css"}, "version": "1.1"})
    )
    return root


def test_a_folder_collected_from_the_same_sources_is_current(sources, collected) -> None:
    stamp = collected_static.sources_stamp(debug="0")
    assert not collected_static.is_current(collected, stamp)  # never marked: collect
    collected_static.mark_current(collected, stamp)
    assert collected_static.is_current(collected, collected_static.sources_stamp(debug="0"))


def test_a_changed_or_added_source_or_another_debug_setting_collects_again(sources, collected) -> None:
    stamp = collected_static.sources_stamp(debug="0")
    collected_static.mark_current(collected, stamp)
    assert collected_static.sources_stamp(debug="1") != stamp  # DEBUG chooses the storage (hashed names or not)
    (sources / "app.css").write_text("body { color: navy; }")
    changed = collected_static.sources_stamp(debug="0")
    assert changed != stamp and not collected_static.is_current(collected, changed)
    collected_static.mark_current(collected, changed)
    (sources / "new.js").write_text("1;")
    assert not collected_static.is_current(collected, collected_static.sources_stamp(debug="0"))


def test_a_hashed_file_gone_or_a_broken_manifest_collects_again(sources, collected) -> None:
    stamp = collected_static.sources_stamp(debug="0")
    collected_static.mark_current(collected, stamp)
    (collected / "app.0123abcd.css").unlink()
    assert not collected_static.is_current(collected, stamp)
    (collected / collected_static.MANIFEST).write_text("{not json")
    assert not collected_static.is_current(collected, stamp)


def test_the_stamp_covers_the_projects_own_static_files() -> None:
    from django.contrib.staticfiles.finders import get_finders

    listed = [path for finder in get_finders() for path, _ in finder.list([])]
    assert "favicon.svg" in listed and "css/clock.css" in listed
    assert len(collected_static.sources_stamp(debug="0")) == 32


def test_the_stamp_lies_beside_the_folder_where_whitenoise_does_not_serve_it(sources, collected) -> None:
    collected_static.mark_current(collected, collected_static.sources_stamp(debug="0"))
    assert not any(path.name.endswith(collected_static.STAMP_SUFFIX) for path in collected.rglob("*"))
    assert (collected.parent / "staticfiles.collected").is_file()
