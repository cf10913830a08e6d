"""Sending only what changed, so that a visitor sees the old site or the new one.

The destination keeps a manifest (`.publish-manifest.json`: each file's SHA-256). A run compares the built
site with it and hands the destination the files that are new (static files under new hashed names, new
pages: nothing links to them yet), then the files that changed, then removes what is gone; the destination
decides when a visitor sees them (online.publish.destinations: a folder switches the whole site at once,
SFTP renames the files sent under temporary names in that order, the pages that link new files last).

The manifest is written by the destination: its names are never trusted. One name that is not a file of the
site (`../victim.txt`, `/etc/…`, a `..` inside) and the whole manifest is ignored: everything is sent again
and nothing removed, and the run says so (`Summary.refused`). Over SFTP the files already sent under
temporary names are listed in it too (`staged`), so a run that was interrupted sends only what is missing.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from online.publish.sitefiles import MANIFEST, is_site_name

CHECKPOINT_SECONDS = 5.0
SHA256 = frozenset("0123456789abcdef")


@dataclass
class Summary:
    sent: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    unchanged: int = 0
    bytes_sent: int = 0
    refused: list[str] = field(default_factory=list)  # the manifest's names that are not the site's (it was ignored)


@dataclass
class Manifest:
    files: dict[str, str] = field(default_factory=dict)  # what the destination shows
    staged: dict[str, str] = field(default_factory=dict)  # sent under a temporary name, not shown yet
    refused: list[str] = field(default_factory=list)


Progress = Callable[[str, int, int, int, int], None]  # phase, files done, files to do, bytes done, bytes to do


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _entries(value) -> tuple[dict[str, str], list[str]]:
    if not isinstance(value, dict):
        return {}, []
    files, refused = {}, []
    for name, sha in value.items():
        if not is_site_name(name):
            refused.append(name)
        elif isinstance(sha, str) and len(sha) == 64 and set(sha) <= SHA256:
            files[name] = sha
    return files, refused


def load_manifest(destination) -> Manifest:
    raw = destination.read(MANIFEST)
    if not raw:
        return Manifest()
    try:
        content = json.loads(raw)
    except ValueError:
        return Manifest()  # a damaged manifest: everything is sent again
    if not isinstance(content, dict):
        return Manifest()
    files, refused = _entries(content.get("files"))
    staged, refused_staged = _entries(content.get("staged"))
    refused = sorted(set(refused) | set(refused_staged), key=str)
    if refused:
        return Manifest(refused=[str(name) for name in refused])
    return Manifest(files, staged)


def read_manifest(destination) -> dict[str, str]:
    """What the destination shows, as its manifest says (empty when the manifest is damaged or poisoned)."""
    return load_manifest(destination).files


def send(
    files: dict[str, bytes],
    destination,
    *,
    progress: Progress | None = None,
    full: bool = False,
    kept: dict[str, str] | None = None,
    manifest: Manifest | None = None,
) -> Summary:
    """Send `files` (name → bytes) to `destination`; `kept` are files of the site the destination already has
    (name → hash, as its manifest says: pages not rendered again), `manifest` the destination's if already read."""
    progress = progress or (lambda *args: None)
    kept = kept or {}
    manifest = manifest if manifest is not None else load_manifest(destination)
    known = {} if full else manifest.files
    assert all(known.get(name) == sha for name, sha in kept.items()), "a kept file must be the destination's"
    hashes = {name: digest(data) for name, data in files.items()}
    new = sorted(name for name in files if name not in known)
    changed = sorted(name for name in files if name in known and known[name] != hashes[name])
    gone = sorted(name for name in known if name not in files and name not in kept)
    to_send = new + changed
    total_bytes = sum(len(files[name]) for name in to_send)
    summary = Summary(unchanged=len(files) + len(kept) - len(to_send), refused=list(manifest.refused))
    shown = dict(known)
    staged = {name: sha for name, sha in manifest.staged.items() if hashes.get(name) == sha}
    last_checkpoint = time.monotonic()

    def checkpoint() -> None:
        nonlocal last_checkpoint
        content = {"files": shown, **({"staged": staged} if staged else {})}
        destination.write(MANIFEST, json.dumps(content, sort_keys=True, indent=0).encode())
        destination.show(MANIFEST)
        last_checkpoint = time.monotonic()

    if not (to_send or gone or full or not known or manifest.staged):
        return summary  # nothing to do: the destination is not even prepared (a folder not copied)
    destination.begin()
    progress("send", 0, len(to_send), 0, total_bytes)
    for number, name in enumerate(to_send, start=1):
        if staged.get(name) != hashes[name]:
            destination.write(name, files[name])
            staged[name] = hashes[name]
        summary.sent.append(name)
        summary.bytes_sent += len(files[name])
        progress("send", number, len(to_send), summary.bytes_sent, total_bytes)
        if time.monotonic() - last_checkpoint > CHECKPOINT_SECONDS:
            checkpoint()
    # Every file is there under its temporary name: now they take their places, the new ones first (nothing
    # links to them yet), then the changed pages that may link them.
    for number, name in enumerate(to_send, start=1):
        try:
            destination.show(name)
        except FileNotFoundError:  # a staged file someone removed meanwhile
            destination.write(name, files[name])
            destination.show(name)
        shown[name] = staged.pop(name)
        progress("switch", number, len(to_send), 0, 0)
        if time.monotonic() - last_checkpoint > CHECKPOINT_SECONDS:
            checkpoint()
    for name in set(manifest.staged) - set(to_send):
        destination.discard(name)  # sent by an interrupted run, no longer wanted
    checkpoint()
    for number, name in enumerate(gone, start=1):
        destination.remove(name)
        shown.pop(name, None)
        summary.removed.append(name)
        progress("remove", number, len(gone), 0, 0)
    if gone:
        checkpoint()
    destination.finish()
    return summary
