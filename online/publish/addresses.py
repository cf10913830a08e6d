"""Which addresses are part of the published site, and the file each one becomes.

German, the league's language, is at the top of the site; every other language in a folder of its own
(`en/`). A page's address becomes a file with an explicit name, so links work from a disk too (a browser
opens no `index.html` for a folder on `file://`): `/` → `index.html`, `/standings/` →
`standings/index.html`, `/standings/?season=2&page=3` → `standings/page-3_season-2.html`,
`/players/7/hands.phh` → `players/7/hands.phh`,
`/seasons/2/standings.csv` → `seasons/2/standings.csv` (and `en/seasons/2/standings.csv` in English).

Only the public pages' routes are published, each with the query parameters that choose what it shows; any
other parameter is dropped (`?player=7` marks a row of the standings; the link's `#player-7` still finds it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property, lru_cache
from urllib.parse import parse_qsl, urlencode, urlsplit

from django.conf import settings
from django.urls import Resolver404, resolve

# Route name → the query parameters that choose what the page shows.
PUBLIC_ROUTES: dict[str, frozenset[str]] = {
    "home": frozenset(),
    "standings": frozenset({"season", "page", "venue"}),  # venue: a venue's table (a league of several)
    "season_statistics": frozenset({"season", "sort"}),
    "jackpot": frozenset({"season"}),
    "night_results": frozenset(),
    "seating": frozenset({"screen"}),
    "player_detail": frozenset({"season"}),
    "player_hands_file": frozenset(),
    "hand_list": frozenset(),
    "hand_replay": frozenset(),
    "season_standings_file": frozenset(),
    "season_results_file": frozenset(),
}

# Downloads written in the page's language (a season's standings and results: their headers and dates): one
# file per language, beside the pages of that language. Every other download says the same in every language.
LANGUAGE_DOWNLOADS = frozenset({"season_standings_file", "season_results_file"})

_VALUE = re.compile(r"^[A-Za-z0-9_-]{1,40}$")


@dataclass(frozen=True, order=True)
class Address:
    """A page of the site: its language, its path on the server and its query (canonical, sorted)."""

    language: str
    path: str
    query: tuple[tuple[str, str], ...] = ()

    @property
    def server_url(self) -> str:
        return self.path + (f"?{urlencode(self.query)}" if self.query else "")

    @cached_property  # asked for each link to the page, on every page that links it
    def file(self) -> str:
        prefix = "" if self.language == default_language() else f"{self.language}/"
        relative = self.path.lstrip("/")
        if not self.path.endswith("/"):
            return prefix + relative
        name = "_".join(f"{key}-{value}" for key, value in self.query) or "index"
        return f"{prefix}{relative}{name}.html"


def default_language() -> str:
    return settings.LANGUAGE_CODE


def languages() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


@lru_cache(maxsize=100_000)
def _route(path: str) -> str | None:
    try:
        return resolve(path).url_name
    except Resolver404:
        return None


def public_address(url: str, *, language: str) -> Address | None:
    """The site's address for a link to `url` (a path with its query, already resolved against its page), or
    None when the link leads to no published page: an organizer's page, a live screen, a form's target."""
    parts = urlsplit(url)
    route = _route(parts.path)
    if route not in PUBLIC_ROUTES:
        return None
    wanted = PUBLIC_ROUTES[route]
    query = {}
    for key, value in parse_qsl(parts.query, keep_blank_values=True):
        if key not in wanted:
            continue
        if not _VALUE.match(value):
            return None
        query[key] = value
    if not parts.path.endswith("/"):
        if query:
            return None
        if route in LANGUAGE_DOWNLOADS:
            return Address(language, parts.path)
        # A hand-history download (PHH, OHH) says the same in every language: one file, at the top.
        return Address(default_language(), parts.path)
    return Address(language, parts.path, tuple(sorted(query.items())))
