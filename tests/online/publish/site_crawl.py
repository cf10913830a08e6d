"""Reading a published site back from disk, as a browser would from a folder: for the tests."""

from __future__ import annotations

import html
import posixpath
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

LINK = re.compile(r'\b(?:href|src)="([^"]*)"')


def site_files(root: Path) -> dict[str, Path]:
    return {path.relative_to(root).as_posix(): path for path in root.rglob("*") if path.is_file()}


def internal_links(root: Path) -> list[tuple[str, str, str]]:
    """(page, link, the file it names) for every link of every page that stays within the site."""
    found = []
    for name, path in site_files(root).items():
        if not name.endswith(".html"):
            continue
        for raw in LINK.findall(path.read_text()):
            link = html.unescape(raw)
            parts = urlsplit(link)
            if parts.scheme or link.startswith("#") or link.startswith("//"):
                continue
            target = (
                posixpath.normpath(posixpath.join(posixpath.dirname(name), unquote(parts.path))) if parts.path else name
            )
            found.append((name, link, target))
    return found


def broken_links(root: Path) -> list[tuple[str, str]]:
    files = site_files(root)
    return [(page, link) for page, link, target in internal_links(root) if target not in files]


def reachable(root: Path, start: str = "index.html") -> set[str]:
    links: dict[str, set[str]] = {}
    for page, _link, target in internal_links(root):
        links.setdefault(page, set()).add(target)
    seen, todo = {start}, [start]
    while todo:
        for target in links.get(todo.pop(), ()):
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen
