"""Publishing in one call: build every public page, add the sitemap, send what changed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.utils import timezone

from online.publish import assets, database_stamp, destinations, fingerprints, sync
from online.publish.pages import Crawl


@dataclass
class Published:
    destination: str
    files: int
    site_bytes: int
    summary: sync.Summary
    rendered: int = 0  # pages rendered by this run
    taken_over: int = 0  # pages whose every query read what it read last time: the destination keeps them


def publish_site(
    *,
    to: str,
    on_build: Callable[[int, int], None] | None = None,
    on_send: sync.Progress | None = None,
    full: bool = False,
    jobs: int = 1,
) -> Published:
    """Build the site and send it to `to` (a folder or sftp://...). Raises destinations.DestinationError."""
    destination = destinations.open_destination(to)  # first: an unreachable server fails before the work
    try:
        stamp = database_stamp.stamp()  # before anything is read: a write after it changes the next run's
        manifest = sync.load_manifest(destination)
        known = {} if full else manifest.files
        # Pages whose every query reads what it read last time are not rendered again (not with --full).
        version = f"{fingerprints.code_version()}:{timezone.localdate().isoformat()}"
        record = {} if full else fingerprints.load(destination.description, version)
        previous = fingerprints.Previous(record, known, stamp)
        built = Crawl(progress=on_build, previous=previous).run(jobs=jobs)
        if not previous.same_record(built.page_records):
            fingerprints.save(destination.description, fingerprints.record_of(built.page_records, version, stamp))
        files = dict(built.files)
        files["sitemap.xml"] = assets.sitemap(built.pages, settings.PUBLISH_URL)
        summary = sync.send(files, destination, progress=on_send, full=full, kept=built.kept, manifest=manifest)
    finally:
        destination.close()
    size = sum(len(data) for data in files.values()) + built.kept_bytes
    taken_over = len(built.kept)
    return Published(
        destination.description,
        len(files) + taken_over,
        size,
        summary,
        len(built.page_records) - taken_over,
        taken_over,
    )
