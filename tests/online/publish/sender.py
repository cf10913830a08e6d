"""A publishing run of a made-up site, as a process of its own that a test can kill: `python -m
tests.online.publish.sender DESTINATION old|new [PAUSE_AFTER]` sends the site (1,000 pages, each linking
the next and a style sheet named for its content) and, after PAUSE_AFTER files, says "paused" and waits to
be killed."""

from __future__ import annotations

import os
import sys
import time

PAGES = 1000


def site(version: str) -> dict[str, bytes]:
    css = f"static/site.{version}.css"
    files = {css: f"/* {version} */".encode()}
    for number in range(PAGES):
        body = f'<link href="../{css}"><p>{version} {number}</p><a href="page-{(number + 1) % PAGES}.html">next</a>'
        files[f"pages/page-{number}.html"] = (body + " " * 2000).encode()
    files["index.html"] = f'<link href="{css}"><a href="pages/page-0.html">{version}</a>'.encode()
    return files


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from online.publish import destinations, sync

    address, version = sys.argv[1], sys.argv[2]
    pause_after = int(sys.argv[3]) if len(sys.argv) > 3 else -1

    def progress(phase, done, total, sent, size):
        if phase == "send" and done == pause_after:
            print("paused", flush=True)
            time.sleep(600)

    destination = destinations.open_destination(address)
    try:
        summary = sync.send(site(version), destination, progress=progress)
    finally:
        destination.close()
    print(f"sent {len(summary.sent)}", flush=True)


if __name__ == "__main__":
    main()
