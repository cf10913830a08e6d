"""What the live screens show, rendered once per version and shared by the server's processes.

After a tap every server process that holds a stream of that table needs the
same HTML (the venue runs one; a test or a second venue may run more). The first to ask renders it under a file lock; the others wait for
that lock and read the file it wrote, so a rendering costs once per change,
not once per worker (or per viewer). Kept in each process's memory as well
(the latest few hundred) and on disk for ten minutes. A key names the
database, so two databases on one machine (the test suite, a second venue)
never share a rendering.
"""

from __future__ import annotations

import hashlib
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path

from django.conf import settings
from django.db import connection

try:
    import fcntl
except ImportError:  # Windows (runserver only): no lock, at worst a rendering twice
    fcntl = None

__all__ = ["shared", "clear", "sweep"]

MEMORY_ENTRIES = 512
DISK_SECONDS = 600

_memory: OrderedDict[str, str] = OrderedDict()
_memory_lock = threading.Lock()


def _folder() -> Path:
    folder = Path(os.environ.get("LIVE_CACHE_DIR") or Path(settings.DATA_DIR) / ".cache" / "live")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _name(key: str) -> str:
    return hashlib.blake2s(f"{connection.settings_dict['NAME']}|{key}".encode(), digest_size=16).hexdigest()


def _remember(key: str, value: str) -> str:
    with _memory_lock:
        _memory[key] = value
        _memory.move_to_end(key)
        while len(_memory) > MEMORY_ENTRIES:
            _memory.popitem(last=False)
    return value


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None


def shared(key: str, build: Callable[[], str]) -> str:
    """`build()` for this key, made once on this machine while the file lasts."""
    with _memory_lock:
        if (value := _memory.get(key)) is not None:
            return value
    folder = _folder()
    name = _name(key)
    path = folder / name
    if (value := _read(path)) is not None:
        return _remember(key, value)
    # A lock of its own per key: the night's rail is built from the tables' cards, so a shared (striped)
    # lock could be held by one process for the night and wanted for a card, and the reverse in another.
    with open(folder / f"{name}.lock", "a") as lock:
        if fcntl is not None:
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if (value := _read(path)) is None:  # another process may have written it while we waited
            value = build()
            partial = folder / f"{name}.{os.getpid()}.{threading.get_ident()}.part"
            try:
                partial.write_text(value, encoding="utf-8")
                os.replace(partial, path)  # readers see the whole file or none
            except OSError:  # a full disk, or the file swept away: the rendering still holds, just unshared
                partial.unlink(missing_ok=True)
    return _remember(key, value)


def clear() -> None:
    """Forget every rendering (tests: a new database can repeat an old version)."""
    with _memory_lock:
        _memory.clear()
    for path in _folder().iterdir():
        path.unlink(missing_ok=True)


def sweep(max_age: float = DISK_SECONDS) -> None:
    """Remove renderings older than `max_age` seconds (the watcher calls this now and then)."""
    limit = time.time() - max_age
    for path in _folder().iterdir():
        try:
            if path.stat().st_mtime < limit:  # a lock file too: nobody holds one for minutes
                path.unlink(missing_ok=True)
        except FileNotFoundError:
            continue
