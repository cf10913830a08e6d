"""Sending only what changed, in an order that never shows a visitor a half-updated site.

The destination keeps a manifest (`.publish-manifest.json`: each file's SHA-256). A run compares the built
site with it and sends, in this order: the files that are new (static files under new hashed names, new
pages: nothing links to them yet), then the files that changed (pages that may now link the new ones), then
removes what is gone (nothing links to it any more). The manifest is written as the run goes, so a run
that was interrupted and is started again sends only what is still missing.
"""
from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field

MANIFEST = ".publish-manifest.json"
CHECKPOINT_SECONDS = 5.0


@dataclass
class Summary:
    sent: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    unchanged: int = 0
    bytes_sent: int = 0


Progress = Callable[[str, int, int, int, int], None]  # phase, files done, files to do, bytes done, bytes to do


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def read_manifest(destination) -> dict[str, str]:
    raw = destination.read(MANIFEST)
    if not raw:
        return {}
    try:
        files = json.loads(raw).get("files", {})
    except (ValueError, AttributeError):
        return {}  # a damaged manifest: everything is sent again
    return {name: value for name, value in files.items() if isinstance(name, str) and isinstance(value, str)}


def send(
    files: dict[str, bytes],
    destination,
    *,
    progress: Progress | None = None,
    full: bool = False,
    kept: dict[str, str] | None = None,
    known: dict[str, str] | None = None,
) -> Summary:
    """Send `files` (name → bytes) to `destination`; `kept` are files of the site the destination already has
    (name → hash, as its manifest says: pages not rendered again), `known` its manifest if already read."""
    progress = progress or (lambda *args: None)
    kept = kept or {}
    known = {} if full else (read_manifest(destination) if known is None else known)
    assert all(known.get(name) == sha for name, sha in kept.items()), "a kept file must be the destination's"
    hashes = {name: digest(data) for name, data in files.items()}
    new = sorted(name for name in files if name not in known)
    changed = sorted(name for name in files if name in known and known[name] != hashes[name])
    gone = sorted(name for name in known if name not in files and name not in kept)
    to_send = new + changed
    total_bytes = sum(len(files[name]) for name in to_send)
    summary = Summary(unchanged=len(files) + len(kept) - len(to_send))
    manifest = dict(known)
    last_checkpoint = time.monotonic()

    def checkpoint() -> None:
        nonlocal last_checkpoint
        destination.write(MANIFEST, json.dumps({"files": manifest}, sort_keys=True, indent=0).encode())
        last_checkpoint = time.monotonic()

    progress("send", 0, len(to_send), 0, total_bytes)
    for number, name in enumerate(to_send, start=1):
        destination.write(name, files[name])
        manifest[name] = hashes[name]
        summary.sent.append(name)
        summary.bytes_sent += len(files[name])
        progress("send", number, len(to_send), summary.bytes_sent, total_bytes)
        if time.monotonic() - last_checkpoint > CHECKPOINT_SECONDS:
            checkpoint()
    if to_send or gone or full or not known:
        checkpoint()
    for number, name in enumerate(gone, start=1):
        destination.remove(name)
        manifest.pop(name, None)
        summary.removed.append(name)
        progress("remove", number, len(gone), 0, 0)
    if gone:
        checkpoint()
    return summary
