"""The backup file: written whole or not at all, read back with what its signature says.

`backup` writes into a temporary file beside the target and renames it when complete, so an
interrupted backup (a full disk, Ctrl+C, the laptop's battery) never leaves a cut file under the
name of a good one, nor replaces yesterday's good one.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from django.utils.translation import gettext as _

from league.backup import signature
from league.backup.dump import CACHE_FIELDS, FORMAT, VERSION, backup_text, canonical
from league.backup.errors import BackupError

MAX_BYTES = 2_000_000_000
READABLE_VERSIONS = (1, VERSION)  # 1: unsigned, with the tracker's snapshots (dropped on reading)


def write_backup(path: Path) -> int:
    """Write the signed backup to `path` (a temporary file renamed when complete); the number of objects."""
    text = backup_text()
    document = json.loads(text)
    document["signature"] = signature.sign(text)
    partial = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        with open(partial, "w", encoding="utf-8") as handle:
            handle.write(canonical(document))
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)
    return len(document["objects"])


@dataclass
class Backup:
    """A file read back: its rows (the caches left out) and whether `backup` signed it with our key."""

    path: Path
    version: int
    objects: list[dict]
    signature: str  # "valid", "missing" (a file of version 1, or the field removed) or "invalid"

    @property
    def verified(self) -> bool:
        return self.signature == "valid"


def read_backup(path: Path) -> Backup:
    try:
        if path.stat().st_size > MAX_BYTES:
            raise BackupError(_("%(path)s is larger than %(bytes)s bytes.") % {"path": path, "bytes": MAX_BYTES})
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
        raise BackupError(_("Cannot read %(path)s: %(error)s") % {"path": path, "error": error}) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BackupError(_("%(path)s is not a league backup.") % {"path": path})
    version = document.get("version")
    if version not in READABLE_VERSIONS:
        raise BackupError(
            _("%(path)s is a backup of version %(version)s; this program reads versions 1 and %(current)s.")
            % {"path": path, "version": repr(version), "current": VERSION}
        )
    objects = document.get("objects")
    if not isinstance(objects, list) or not all(isinstance(obj, dict) for obj in objects):
        raise BackupError(_("%(path)s has no list of objects.") % {"path": path})
    signed = document.pop("signature", None)
    if signed is None:
        verdict = "missing"
    else:
        verdict = "valid" if signature.verifies(canonical(document), signed) else "invalid"
    for obj in objects:  # a file of version 1 carries the tracker's snapshots: caches, rebuilt after the restore
        fields = obj.get("fields")
        if isinstance(fields, dict):
            for name in CACHE_FIELDS.get(obj.get("model"), ()):
                if name in fields:
                    fields[name] = None
    return Backup(path=path, version=version, objects=objects, signature=verdict)
