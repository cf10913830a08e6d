"""The evaluators' lookup tables kept in a file, so that a new process loads them instead of building them.

Building the per-hand evaluator's tables takes about 0.15 s of CPU and the bulk evaluator's another 0.16 s:
most of a ``manage.py equity`` run, and of a server's start. Both are a pure function of the code that builds
them, so the first process that builds them writes them here and every later one reads a few hundred
kilobytes instead.

Safe by construction, never trusted:

- A file's name carries a digest of the source files that build its tables (and the format's version): a
  change to the rules or to this format is a new name, so an old file is never read again.
- It is written to a temporary file in the same folder and renamed over the name at once (``os.replace``):
  a reader sees a whole file or none, also with several processes writing at the same moment.
- Its payload carries its length and a CRC-32; a file that does not match (cut short, damaged, another
  format) is ignored and the tables are built (and the file written) again.
- Any error reading or writing (no such folder, read-only disk) only means building as before.

The folder is ``POKER_TABLES_CACHE_DIR`` if set; else ``.cache/poker-tables`` under ``DATA_DIR`` (the
environment variable the settings read) or, without it, under the project folder, as the settings do for
their other caches. Pure Python: nothing here imports Django.
"""

from __future__ import annotations

import os
import struct
import sys
import zlib
from collections.abc import Iterable

__all__ = ["cache_dir", "key_of", "load", "store"]

FORMAT = 1
"""Raise it when the layout below changes."""

_MAGIC = b"PPTABLES"
_HEADER = struct.Struct("<8sIQI")  # magic, format, payload length, CRC-32 of the payload

# os.path, not pathlib: importing this must stay cheap for every process that imports the evaluator.
_PROJECT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def cache_dir() -> str:
    """The folder the tables are kept in (it may not exist yet)."""
    explicit = os.environ.get("POKER_TABLES_CACHE_DIR")
    if explicit:
        return explicit
    return os.path.join(os.environ.get("DATA_DIR") or _PROJECT, ".cache", "poker-tables")


def key_of(name: str, sources: Iterable[str]) -> str | None:
    """The file name for tables called ``name`` built by the code in the files ``sources``; None when a
    source cannot be read (then nothing is cached: an unknown builder could have changed)."""
    import hashlib  # only a process that values a hand pays for it, not every one that imports the evaluator

    digest = hashlib.sha256(f"{FORMAT}:{name}:{sys.byteorder}".encode())  # arrays are kept in the machine's order
    try:
        for source in sources:
            with open(source, "rb") as code:
                digest.update(code.read())
    except OSError:
        return None
    return f"{name}-{digest.hexdigest()[:20]}.bin"


def load(key: str | None) -> bytes | None:
    """The payload stored under ``key``, or None if there is none or it is not whole and sound."""
    if key is None:
        return None
    try:
        with open(os.path.join(cache_dir(), key), "rb") as stored:
            data = stored.read()
    except OSError:
        return None
    if len(data) < _HEADER.size:
        return None
    magic, version, length, crc = _HEADER.unpack_from(data)
    payload = data[_HEADER.size :]
    if magic != _MAGIC or version != FORMAT or length != len(payload) or zlib.crc32(payload) != crc:
        return None
    return payload


def store(key: str | None, payload: bytes) -> bool:
    """Write ``payload`` under ``key`` atomically; False (and nothing left behind) if it cannot be written."""
    if key is None:
        return False
    import tempfile  # only a build writes: a reader does not pay for its import

    folder = cache_dir()
    tmp = None
    try:
        os.makedirs(folder, exist_ok=True)
        handle, tmp = tempfile.mkstemp(prefix=f".{key}.", dir=folder)
        with os.fdopen(handle, "wb") as out:
            out.write(_HEADER.pack(_MAGIC, FORMAT, len(payload), zlib.crc32(payload)))
            out.write(payload)
        os.chmod(tmp, 0o644)
        os.replace(tmp, os.path.join(folder, key))
        return True
    except OSError:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        return False
