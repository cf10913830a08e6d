"""The evaluators' tables kept in a file: read back equal to the tables built, and never trusted when damaged."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tournaments.poker import bulk, evaluator, table_cache


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "poker-tables"
    monkeypatch.setenv("POKER_TABLES_CACHE_DIR", str(folder))
    return folder


def _built_evaluator_tables() -> tuple[dict[int, int], list[int]]:
    flush = [evaluator._flush_value(mask) if mask.bit_count() >= 5 else 0 for mask in range(8192)]
    return evaluator._nonflush_table(evaluator._POW5), flush


def test_the_evaluator_tables_read_from_the_file_equal_the_tables_built(cache):
    assert evaluator._cached_tables() is None  # nothing there yet: the caller builds
    nonflush, flush = _built_evaluator_tables()
    evaluator._store_tables(nonflush, flush)
    read_nonflush, read_flush = evaluator._cached_tables()
    assert read_nonflush == nonflush and list(read_nonflush) == list(nonflush)
    assert read_flush == flush


def test_the_bulk_tables_read_from_the_file_equal_the_tables_built(cache, monkeypatch):
    built = bulk._tables()  # no file yet: built, then written
    monkeypatch.setattr(bulk, "_build", lambda: pytest.fail("the tables were built again, not read"))
    read = bulk._tables()
    for mine, theirs in zip(read, built):
        assert mine.dtype == theirs.dtype and np.array_equal(mine, theirs)
    for mine, theirs in zip(read, (bulk.RANK_TABLE, bulk.FLUSH_TABLE, bulk.VALUES)):
        assert np.array_equal(mine, theirs)


def test_a_damaged_file_is_not_read(cache):
    key = table_cache.key_of("test", [__file__])
    assert table_cache.store(key, b"x" * 1000)
    path = cache / key
    data = bytearray(path.read_bytes())
    data[-10] ^= 1
    path.write_bytes(bytes(data))
    assert table_cache.load(key) is None


@pytest.mark.parametrize("keep", [0, 5, 30, 1020])
def test_a_file_cut_short_is_not_read(cache, keep):
    key = table_cache.key_of("test", [__file__])
    assert table_cache.store(key, b"x" * 1000)
    path = cache / key
    path.write_bytes(path.read_bytes()[:keep])
    assert table_cache.load(key) is None


def test_a_damaged_evaluator_file_means_building_again(cache):
    evaluator._store_tables(*_built_evaluator_tables())
    path = cache / evaluator._cache_key()
    path.write_bytes(path.read_bytes()[:-8])
    assert evaluator._cached_tables() is None


def test_a_folder_that_cannot_be_written_only_means_building(cache):
    cache.parent.mkdir(exist_ok=True)
    cache.write_text("a file where the folder should be")
    key = table_cache.key_of("test", [__file__])
    assert table_cache.store(key, b"payload") is False
    assert table_cache.load(key) is None
    assert evaluator._cached_tables() is None


def test_a_change_to_the_code_that_builds_the_tables_is_another_file(tmp_path):
    source = tmp_path / "builder.py"
    source.write_text("TABLE = 1\n")
    before = table_cache.key_of("test", [str(source)])
    source.write_text("TABLE = 2\n")
    assert table_cache.key_of("test", [str(source)]) != before
    assert table_cache.key_of("test", [str(tmp_path / "missing.py")]) is None


def test_the_file_is_written_whole_or_not_at_all(cache):
    key = table_cache.key_of("test", [__file__])
    assert table_cache.store(key, b"first")
    assert table_cache.store(key, b"second")
    assert table_cache.load(key) == b"second"
    assert [path.name for path in cache.iterdir()] == [key]  # no temporary file left behind


def test_the_folder_follows_the_data_folder_unless_named(monkeypatch, tmp_path):
    monkeypatch.delenv("POKER_TABLES_CACHE_DIR", raising=False)
    monkeypatch.setenv("DATA_DIR", str(tmp_path))
    assert Path(table_cache.cache_dir()) == tmp_path / ".cache" / "poker-tables"
    monkeypatch.setenv("POKER_TABLES_CACHE_DIR", str(tmp_path / "elsewhere"))
    assert Path(table_cache.cache_dir()) == tmp_path / "elsewhere"
