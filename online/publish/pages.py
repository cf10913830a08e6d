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
from dataclasses import dataclass, field
from urllib.parse import urljoin, urlsplit

from django.conf import settings
from django.db import connections
from django.http.request import validate_host
from django.test import Client
from django.urls import reverse
from django.utils import translation

from league.held import held
from league.models import Night, NightStatus, Season
from league.web.static_site import STATIC_SITE_KEY
from online.publish import assets, fingerprints, html
from online.publish.addresses import Address, languages, public_address
from results import players, standings, statistics


@dataclass
class Built:
    """The whole site: file name → bytes, the files the destination keeps from the last run, and which of them
    are pages (for the sitemap)."""

    files: dict[str, bytes]
    pages: list[str]
    kept: dict[str, str] = field(default_factory=dict)  # file → hash: the destination's file, taken over
    kept_bytes: int = 0
    page_records: dict = field(default_factory=dict, repr=False)  # Address → Page, for the next run's record


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
    for season in Season.objects.order_by("pk"):
        for route in ("standings", "season_statistics", "jackpot"):
            urls.append(f"{reverse(route)}?season={season.pk}")
        # Each venue's table (a league of several; the league's table links them too): none in a league of one pub.
        urls += [
            f"{reverse('standings')}?season={season.pk}&venue={venue.pk}" for venue in standings.table_venues(season)
        ]
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


def _render_chunk(addresses: list[Address]) -> list[tuple[Address, Page | None]]:
    return [(address, _worker_crawl.page(address)) for address in addresses]


@dataclass(frozen=True)
class Page:
    """A page of the site: its bytes (an HTML page's links already relative; None when the destination keeps
    the last run's file, whose hash is `kept`), the public pages it links (the crawl follows them) and which of
    those were left out (pages the server does not have), the static files it names, and what it read
    (online.publish.fingerprints: None when it cannot be taken over next time)."""

    content_type: str
    body: bytes | None
    links: frozenset[Address] = frozenset()
    dropped: frozenset[Address] = frozenset()
    statics: frozenset[str] = frozenset()
    reads: dict[tuple[str, str], str] | None = None
    kept: str | None = None
    kept_size: int = 0

    @property
    def is_html(self) -> bool:
        return self.content_type.startswith("text/html")


class Crawl:
    def __init__(
        self, progress: Callable[[int, int], None] | None = None, previous: fingerprints.Previous | None = None
    ):
        host = _host()
        self.previous = previous
        self.public_origin = settings.PUBLIC_URL.rstrip("/")
        self.client = Client(HTTP_HOST=host, **{STATIC_SITE_KEY: "1"})
        self.secure = settings.SECURE_SSL_REDIRECT if hasattr(settings, "SECURE_SSL_REDIRECT") else False
        self.progress = progress or (lambda done, known: None)
        self.pages: dict[Address, Page] = {}
        self.missing: set[Address] = set()
        self.statics: dict[str, tuple[str, bytes] | None] = {}
        self.seen: set[Address] = set()
        self._targets: dict[tuple, tuple[str, Address | str | None] | None] = {}
        self._seasons_kept = False

    def _fetch(self, address: Address) -> tuple[str, bytes] | None:
        with translation.override(translation.get_language()):  # the request activates its page's language
            response = self.client.get(
                address.server_url, HTTP_ACCEPT_LANGUAGE=address.language, secure=bool(self.secure)
            )
        if response.status_code != 200 or response.streaming:
            return None
        content_type = response.get("Content-Type", "")
        return content_type, assets.steady(content_type, response.content)

    def page(self, address: Address, missing: set[Address] | frozenset = frozenset()) -> Page | None:
        """The page at `address` as the site has it, or None when the server has no such page. Its links to
        public pages become relative file names (the crawl fetches them later; a link to one of `missing`, the
        pages found not to exist, is left out), its static files' links their hashed names."""
        with fingerprints.recording() as recorder:
            answer = self._fetch(address)
        reads = None if recorder.spoiled else recorder.reads
        if answer is None:
            return None
        content_type, body = answer
        if not content_type.startswith("text/html"):
            return Page(content_type, body, reads=reads)
        links: set[Address] = set()
        dropped: set[Address] = set()
        statics: set[str] = set()
        folder = html.folder(address.file)  # once per page, not per link: a page of the table has 70

        def target(url: str, language: str | None) -> str | None:
            found = self.targets(address, url, language)
            if found is None:
                return url
            kind, value = found
            if kind == "static":
                name = self._static(value)
                if name is None:
                    return None
                statics.add(value)
                return html.relative_from(folder, name)
            if value is None:
                return None
            links.add(value)
            if missing and value in missing:
                dropped.add(value)
                return None
            if "#" in url:
                fragment = urlsplit(url).fragment
                return html.relative_from(folder, value.file) + (f"#{fragment}" if fragment else "")
            return html.relative_from(folder, value.file)

        body = html.rewrite(body.decode(), target).encode()
        return Page(content_type, body, frozenset(links), frozenset(dropped), frozenset(statics), reads)

    def _local(self, url: str, page: Address) -> str | None:
        """`url` as a path and query on this server, resolved against its page; None for another site."""
        absolute = urljoin("http://site" + page.server_url, url)
        if url.startswith(self.public_origin + "/"):
            absolute = "http://site" + url[len(self.public_origin) :]
        parts = urlsplit(absolute)
        if parts.scheme != "http" or parts.netloc != "site":
            return None
        return parts.path + (f"?{parts.query}" if parts.query else "")

    def targets(self, page: Address, url: str, language: str | None) -> tuple[str, Address | str | None] | None:
        """What a link on `page` leads to: ("page", Address), ("page", None) for no published page,
        ("static", name), or None to leave the link as it is (another site, a link within the page)."""
        # The same links are on thousands of pages: an absolute path leads to the same place from every page.
        if url.startswith("/") and not url.startswith("//"):
            key: tuple = (url, language, page.language)
        else:
            key = (url, language, page.language, page.server_url)
        if key not in self._targets:
            self._targets[key] = self._target(page, url, language)
        return self._targets[key]

    def _target(self, page: Address, url: str, language: str | None) -> tuple[str, Address | str | None] | None:
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
        # One state, thousands of pages: each season's table read once, and the rows every page reads alike.
        with held(), _quiet_404s():
            while todo:
                found: list[Address] = []
                for address, page in self._render(todo, jobs):
                    if page is None:
                        self.missing.add(address)
                        continue
                    self.pages[address] = page
                    self.progress(len(self.pages), len(self.seen))
                    for link in page.links:
                        if link not in self.seen:
                            self.seen.add(link)
                            found.append(link)
                todo = found
            # A page that links a page the server does not have (a table not finished yet): again, without it.
            for address in sorted(a for a, page in self.pages.items() if page.links & self.missing != page.dropped):
                self._keep_seasons()
                again = self.page(address, self.missing)
                if again is None:
                    self.pages.pop(address)
                    self.missing.add(address)
                else:
                    self.pages[address] = again
        return self._files()

    def _render(self, addresses: list[Address], jobs: int) -> Iterator[tuple[Address, Page | None]]:
        if self.previous is not None:
            to_render = []
            for address in addresses:
                found = self.previous.take_over(address)
                if found is None:
                    to_render.append(address)
                    continue
                content_type, sha, size, links, dropped, statics, reads = found
                yield address, Page(content_type, None, links, dropped, statics, reads, kept=sha, kept_size=size)
            addresses = to_render
        if addresses:
            self._keep_seasons()
        if jobs <= 1 or len(addresses) < jobs * 8:  # a few pages are quicker than forking
            for address in addresses:
                yield address, self.page(address)
            return
        global _worker_crawl
        _worker_crawl = self
        connections.close_all()  # each forked process opens its own
        # The downloads first, one to a chunk: a season's spreadsheet takes tenths of a second where a page takes
        # a few ms, and one met last kept a process busy while the other had nothing left to do.
        files = [address for address in addresses if not address.path.endswith("/")]
        pages = [address for address in addresses if address.path.endswith("/")]
        # Small chunks, handed out as the processes get free: no process waits long for the other at the end.
        size = max(1, min(24, len(pages) // (jobs * 8)))
        chunks = [[file] for file in files] + [pages[k : k + size] for k in range(0, len(pages), size)]
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for rendered in pool.imap_unordered(_render_chunk, chunks):
                yield from rendered

    def _keep_seasons(self) -> None:
        """Each season's table and awards, before the first page rendered (and before the first fork: every
        process inherits them), not before the first page taken over: a run that takes every page over needs
        no season's table (3,000 players' over 200 nights, a second of work). Their first computing may keep
        tables' figures in the database, which would spoil a page's record of what it read."""
        if not self._seasons_kept:
            _keep_seasons()
            self._seasons_kept = True

    def _static(self, name: str) -> str | None:
        if name not in self.statics:
            self.statics[name] = assets.static_file(name)
        found = self.statics[name]
        return found[0] if found else None

    def _files(self) -> Built:
        files: dict[str, bytes] = {}
        pages: list[str] = []
        kept: dict[str, str] = {}
        for address, page in sorted(self.pages.items()):
            if page.body is None:
                kept[address.file] = page.kept
            else:
                files[address.file] = page.body
            if page.is_html:
                pages.append(address.file)
        for name in sorted(set().union(*(page.statics for page in self.pages.values()))):
            self._static(name)
            found = self.statics[name]
            if found:
                files[found[0]] = found[1]
        kept_bytes = sum(page.kept_size for page in self.pages.values() if page.body is None)
        return Built(files=files, pages=pages, kept=kept, kept_bytes=kept_bytes, page_records=self.pages)


def _keep_seasons() -> None:
    """Each season's table, awards and players' nights, computed (or read) once here, before the rendering
    processes fork."""
    for season in Season.objects.all():
        table = standings.season_standings(season)
        statistics.season_awards(season, table)
        players.keep_season_nights(season, table)
        for venue in standings.table_venues(season):  # a league of several venues: each venue's table too
            standings.season_standings(season, venue=venue)
