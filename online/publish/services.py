"""Publishing in one call: build every public page, add the sitemap, send what changed."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings

from online.publish import assets, destinations, sync
from online.publish.pages import Crawl


@dataclass
class Published:
    destination: str
    files: int
    site_bytes: int
    summary: sync.Summary


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
        built = Crawl(progress=on_build).run(jobs=jobs)
        files = dict(built.files)
        files["sitemap.xml"] = assets.sitemap(built.pages, settings.PUBLISH_URL)
        summary = sync.send(files, destination, progress=on_send, full=full)
    finally:
        destination.close()
    return Published(destination.description, len(files), sum(len(data) for data in files.values()), summary)
