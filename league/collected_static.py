"""Whether the static folder already holds what `collectstatic` would make, so `manage.py venue` can skip it.

collectstatic copies only changed files, but hashes and compresses all of them every time (WhiteNoise's
storage): two and a half seconds of each start. A stamp beside the folder (`staticfiles.collected`: outside
it, so WhiteNoise does not serve it) keeps what it was collected from (every file the finders list, by name,
size and time; the versions that hash and compress them); a start with the same sources and every file of
the folder's manifest in place skips the step.
"""

from __future__ import annotations

import hashlib
import json
import os
from importlib.metadata import version
from pathlib import Path

import django
from django.conf import settings
from django.contrib.staticfiles.finders import get_finders

STAMP_SUFFIX = ".collected"
MANIFEST = "staticfiles.json"  # ManifestStaticFilesStorage's list of the hashed names


def sources_stamp(*, debug: str) -> str:
    """A digest of what collectstatic would collect with DEBUG set to `debug` (it chooses the storage)."""
    digest = hashlib.blake2b(digest_size=16)
    digest.update(
        f"django {django.__version__} whitenoise {version('whitenoise')} {settings.STATIC_URL} {debug!r}\n".encode()
    )
    entries = []
    for finder in get_finders():
        for path, storage in finder.list([]):
            found = os.stat(storage.path(path))
            entries.append(f"{getattr(storage, 'prefix', None) or ''}/{path} {found.st_size} {found.st_mtime_ns}")
    for entry in sorted(entries):
        digest.update(entry.encode() + b"\n")
    return digest.hexdigest()


def is_current(root: Path, stamp: str) -> bool:
    """The folder was collected from these sources, and every hashed file its manifest names is there."""
    try:
        if _stamp_file(root).read_text().strip() != stamp:
            return False
        names = json.loads((root / MANIFEST).read_text())["paths"].values()
    except (OSError, ValueError, KeyError, AttributeError):
        return False
    return all((root / name).is_file() for name in names)


def mark_current(root: Path, stamp: str) -> None:
    try:
        _stamp_file(root).write_text(stamp + "\n")
    except OSError:  # a folder the venue may not write beside: the next start collects again, nothing worse
        pass


def _stamp_file(root: Path) -> Path:
    root = Path(root)
    return root.with_name(root.name + STAMP_SUFFIX)
