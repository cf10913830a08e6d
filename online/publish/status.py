"""The state of the last publishing run, for the organizer's page: a small JSON file in the data folder, and a
lock so that one run goes at a time (the lock goes with the process, even if it is killed)."""

from __future__ import annotations

import fcntl
import json
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings


def status_file() -> Path:
    return Path(settings.DATA_DIR) / "publish-status.json"


def lock_file() -> Path:
    return Path(settings.DATA_DIR) / "publish.lock"


def read_status() -> dict:
    try:
        return json.loads(status_file().read_text())
    except (OSError, ValueError):
        return {}


def write_status(**fields) -> None:
    path = status_file()
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps({**fields, "at": time.time()}))
    os.replace(temporary, path)


class AlreadyRunning(Exception):
    pass


@contextmanager
def one_run_at_a_time() -> Iterator[None]:
    with open(lock_file(), "a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise AlreadyRunning from None
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def is_running() -> bool:
    try:
        with open(lock_file(), "a") as handle:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            fcntl.flock(handle, fcntl.LOCK_UN)
    except BlockingIOError:
        return True
    except OSError:
        return False
    return False
