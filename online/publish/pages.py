"""Every public page, as the server shows it to a visitor who is not logged in, with its links made relative.

The pages come from the server's own views through Django's request handler (the test client's handler:
the full middleware, no network, no login), marked as the published site (`league.web.static_site`) and in
each language in turn. Starting from the home page and each season's and night's pages, every link to a
public route is followed; what a link leads to that the site does not have (an organizer's page, a live
screen, a 404) is left out of the page, link and text.
"""
from __future__ import annotations

import logging
import multiprocessing
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

from django.conf import settings
from django.db import connections
from django.http.request import validate_host
from django.test import Client
from django.urls import reverse
from django.utils import translation

from league.models import Night, NightStatus, Season
from league.web.static_site import STATIC_SITE_KEY
from online.publish import assets, html
from online.publish.addresses import Address, languages, public_address
from results import season_cache


@dataclass
class Built:
    """The whole site in memory: file name → bytes, and which of them are pages (for the sitemap)."""

    files: dict[str, bytes]
    pages: list[str]


def _host() -> str:
    """A Host the server accepts: the public address's, else the first allowed name."""
    public = urlsplit(settings.PUBLIC_URL).netloc
    allowed = settings.ALLOWED_HOSTS or (["localhost"] if settings.DEBUG else [])
    if validate_host(public.rsplit(":", 1)[0] if "]" not in public else public, allowed):
        return public
    for name in allowed:
        if name not in {"*"} and not name.startswith("."):
            return name
    return public


def _seeds() -> list[str]:
    urls = [reverse("home")]
    for season_id in Season.objects.order_by("pk").values_list("pk", flat=True):
        for route in ("standings", "season_statistics", "jackpot"):
            urls.append(f"{reverse(route)}?season={season_id}")
    nights = Night.objects.exclude(status=NightStatus.REGISTRATION).order_by("pk").values_list("pk", flat=True)
    for night_id in nights:
        urls += [reverse("night_results", args=[night_id]), reverse("seating", args=[night_id])]
    return urls


@contextmanager
def _quiet_404s() -> Iterator[None]:
    """A link to a page the site leaves out (a table not finished yet) is expected: no "Not Found" line in
    English on the organizer's console for each one. Errors are still logged."""
    logger = logging.getLogger("django.request")
    level = logger.level
    logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        logger.setLevel(level)


_worker_crawl: Crawl | None = None  # the crawl a forked worker renders for


def _render_chunk(addresses: list[Address]) -> list[tuple[Address, tuple[str, bytes] | None]]:
    return [(address, _worker_crawl._fetch(address)) for address in addresses]


class Crawl:
    def __init__(self, progress: Callable[[int, int], None] | None = None):
        host = _host()
        self.public_origin = settings.PUBLIC_URL.rstrip("/")
        self.client = Client(HTTP_HOST=host, **{STATIC_SITE_KEY: "1"})
        self.secure = settings.SECURE_SSL_REDIRECT if hasattr(settings, "SECURE_SSL_REDIRECT") else False
        self.progress = progress or (lambda done, known: None)
        self.responses: dict[Address, tuple[str, bytes]] = {}  # address → (content type, body)
        self.missing: set[Address] = set()
        self.statics: dict[str, tuple[str, bytes] | None] = {}
        self.seen: set[Address] = set()

    def _fetch(self, address: Address) -> tuple[str, bytes] | None:
        with translation.override(translation.get_language()):  # the request activates its page's language
            response = self.client.get(
                address.server_url, HTTP_ACCEPT_LANGUAGE=address.language, secure=bool(self.secure)
            )
        if response.status_code != 200 or response.streaming:
            return None
        content_type = response.get("Content-Type", "")
        return content_type, assets.steady(content_type, response.content)

    def _local(self, url: str, page: Address) -> str | None:
        """`url` as a path and query on this server, resolved against its page; None for another site."""
        absolute = urljoin("http://site" + page.server_url, url)
        if url.startswith(self.public_origin + "/"):
            absolute = "http://site" + url[len(self.public_origin):]
        parts = urlsplit(absolute)
        if parts.scheme != "http" or parts.netloc != "site":
            return None
        return parts.path + (f"?{parts.query}" if parts.query else "")

    def targets(self, page: Address, url: str, language: str | None) -> tuple[str, Address | str | None] | None:
        """What a link on `page` leads to: ("page", Address), ("static", name), ("gone", None), or None to
        leave the link as it is (another site, a link within the page)."""
        if url.startswith("#") or url.startswith("mailto:") or url.startswith("data:"):
            return None
        local = self._local(url, page)
        if local is None:
            return None
        name = assets.static_name(urlsplit(local).path)
        if name is not None:
            return ("static", name)
        wanted = language if language in languages() else page.language
        return ("page", public_address(local, language=wanted))

    def run(self, jobs: int = 1) -> Built:
        """Render page after page, round by round (the pages the last round linked); with `jobs` > 1 each round
        is shared among that many processes (forked: each with its own database connection)."""
        todo: list[Address] = []
        for language in languages():
            for url in _seeds():
                address = public_address(url, language=language)
                if address is not None and address not in self.seen:
                    self.seen.add(address)
                    todo.append(address)
        with season_cache.held(), _quiet_404s():  # one state, thousands of pages: each season's table read once
            while todo:
                found: list[Address] = []
                for address, answer in self._render(todo, jobs):
                    if answer is None:
                        self.missing.add(address)
                        continue
                    self.responses[address] = answer
                    self.progress(len(self.responses), len(self.seen))
                    if answer[0].startswith("text/html"):
                        for url, language in html.links(answer[1].decode()):
                            target = self.targets(address, url, language)
                            if target and target[0] == "page" and target[1] is not None and target[1] not in self.seen:
                                self.seen.add(target[1])
                                found.append(target[1])
                todo = found
        return self._files()

    def _render(self, addresses: list[Address], jobs: int):
        if jobs <= 1 or len(addresses) < jobs * 8:  # a few pages are quicker than forking
            for address in addresses:
                yield address, self._fetch(address)
            return
        global _worker_crawl
        _worker_crawl = self
        connections.close_all()  # each forked process opens its own
        chunks = [addresses[k::jobs * 4] for k in range(jobs * 4)]
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for rendered in pool.imap_unordered(_render_chunk, chunks):
                yield from rendered

    def _static(self, name: str) -> str | None:
        if name not in self.statics:
            self.statics[name] = assets.static_file(name)
        found = self.statics[name]
        return found[0] if found else None

    def _files(self) -> Built:
        files: dict[str, bytes] = {}
        pages: list[str] = []
        for address, (content_type, body) in sorted(self.responses.items()):
            if not content_type.startswith("text/html"):
                files[address.file] = body
                continue

            def target(url: str, language: str | None, address: Address = address) -> str | None:
                found = self.targets(address, url, language)
                if found is None:
                    return url
                kind, value = found
                fragment = urlsplit(url).fragment
                suffix = f"#{fragment}" if fragment else ""
                if kind == "static":
                    name = self._static(value)
                    return html.relative(address.file, name) if name else None
                if value is None or value not in self.responses:
                    return None
                return html.relative(address.file, value.file) + suffix

            files[address.file] = html.rewrite(body.decode(), target).encode()
            pages.append(address.file)
        for name, found in self.statics.items():
            if found:
                files[found[0]] = found[1]
        return Built(files=files, pages=pages)
