"""Every link a role can reach leads somewhere: starting from the pages each role opens
(anyone: the home page, the standings, the house games; the dealer: the dealer link; the organizer: tonight's
page and the organizer's home), every `<a href>` on every page reached is followed, breadth first, and none
answers 404, 405 or 500. The evening is tests/evening.py's: a played night, one running, one at the desk.
"""

from __future__ import annotations

from collections import deque
from html.parser import HTMLParser
from urllib.parse import urldefrag, urlsplit

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from tests.evening import build_evening

pytestmark = pytest.mark.django_db

MAX_PAGES = 400  # a role's crawl stops here; the evening has far fewer distinct pages
MAX_QUERIES_PER_PATH = 4  # ?season=, ?page=, ?sort=: a few of each path's variants, not every combination
SKIPPED_PREFIXES = ("/admin/", "/static/")  # Django's admin is tested by tests/test_admin_pages.py


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        href = dict(attrs).get("href")
        if tag == "a" and href:
            self.hrefs.append(href)


def _on_this_site(href: str, page: str) -> str | None:
    """The link as a path with its query on this site, or None (another site, mailto:, a fragment only)."""
    href, _ = urldefrag(href)
    if not href:
        return None
    public = urlsplit(settings.PUBLIC_URL)
    parts = urlsplit(href)
    if parts.scheme and parts.scheme not in ("http", "https"):
        return None
    if parts.netloc and parts.netloc != public.netloc:
        return None
    path = parts.path
    if not path.startswith("/"):  # relative to the page
        path = page.rsplit("/", 1)[0] + "/" + path if path else urlsplit(page).path
    return path + (f"?{parts.query}" if parts.query else "")


def crawl(client: Client, starts: list[str]) -> tuple[int, list[str]]:
    """Follow every link from the starts; the broken ones as 'status url (linked from page)'."""
    queue = deque((start, "start") for start in starts)
    seen: set[str] = set(starts)
    queries: dict[str, int] = {}
    broken, visited = [], 0
    while queue and visited < MAX_PAGES:
        url, source = queue.popleft()
        response = client.get(url)
        visited += 1
        if response.status_code in (404, 405) or response.status_code >= 500:
            broken.append(f"{response.status_code} {url} (linked from {source})")
            continue
        if response.streaming or "text/html" not in response.get("Content-Type", ""):
            continue
        parser = Links()
        parser.feed(response.content.decode())
        for href in parser.hrefs:
            target = _on_this_site(href, url)
            if target is None or target in seen or target.startswith(SKIPPED_PREFIXES):
                continue
            path = urlsplit(target).path
            if "?" in target:
                queries[path] = queries.get(path, 0) + 1
                if queries[path] > MAX_QUERIES_PER_PATH:
                    continue
            seen.add(target)
            queue.append((target, url))
    return visited, broken


def test_no_link_of_any_role_is_broken(client, organizer):
    evening = build_evening(organizer)
    problems = []
    anyone_pages, broken = crawl(
        client, [reverse("home"), reverse("standings"), reverse("uth_table"), reverse("imperial_table")]
    )
    problems += [f"anyone: {line}" for line in broken]
    dealer_pages, broken = crawl(Client(), [reverse("dealer_tracker", args=[evening.tracked_table.dealer_token])])
    problems += [f"dealer: {line}" for line in broken]
    organizer_client = Client()
    organizer_client.force_login(organizer)
    organizer_pages, broken = crawl(organizer_client, [reverse("tonight"), reverse("organizer_home"), reverse("home")])
    problems += [f"organizer: {line}" for line in broken]
    assert not problems, "\n" + "\n".join(problems)
    # The crawl did reach the evening's pages, not just its starts.
    assert anyone_pages > 20 and dealer_pages >= 1 and organizer_pages > 60, (
        anyone_pages,
        dealer_pages,
        organizer_pages,
    )
