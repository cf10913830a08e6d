"""A league of two venues publishes the league's table and a table per venue, each linked from the standings'
choice; the site crawls offline with every link resolved and nothing private; a republish takes every page
over, and a night played at one venue renders that venue's table again, not the other's."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest

from league.models import Player, Venue
from online.publish import sync
from online.publish.services import publish_site
from tests.online.publish.site_crawl import broken_links, reachable, site_files
from tests.results.venues.test_tables_and_jackpots import paper_night_at, two_pubs  # noqa: F401

pytestmark = pytest.mark.django_db


def _files(root: Path) -> dict[str, bytes]:
    return {path.relative_to(root).as_posix(): path.read_bytes() for path in root.rglob("*") if path.is_file()}


def names_in(path: Path) -> list[str]:
    return re.findall(r'id="player-\d+" href="[^"]*">([^<]+)</a>', path.read_text())


def test_the_site_has_the_league_s_table_and_each_venue_s(tmp_path, two_pubs, organizer):  # noqa: F811
    season, krone, linde = two_pubs
    site = tmp_path / "site"
    first = publish_site(to=str(site))
    files = site_files(site)
    for prefix in ("", "en/"):
        league = files[f"{prefix}standings/season-{season.pk}.html"]
        at_krone = files[f"{prefix}standings/season-{season.pk}_venue-{krone.pk}.html"]
        at_linde = files[f"{prefix}standings/season-{season.pk}_venue-{linde.pk}.html"]
        assert names_in(league) == ["Anna", "Ben", "Carl", "Dora", "Fritz", "Emil"]
        assert names_in(at_krone) == ["Ben", "Anna", "Fritz"]
        assert names_in(at_linde) == ["Carl", "Anna", "Dora", "Emil"]
        # Linked from the league's table (its venue choice), which the site's navigation links.
        assert f'href="season-{season.pk}_venue-{krone.pk}.html"' in league.read_text()
        assert f"{prefix}standings/season-{season.pk}_venue-{linde.pk}.html" in reachable(site, f"{prefix}index.html")
    assert "Die Tabelle von Krone" in files[f"standings/season-{season.pk}_venue-{krone.pk}.html"].read_text()
    assert "The table of Krone" in files[f"en/standings/season-{season.pk}_venue-{krone.pk}.html"].read_text()
    assert broken_links(site) == []
    for name, path in files.items():
        if name.endswith(".html") and not name.startswith("static/"):
            text = path.read_text()
            assert "<form" not in text and "venue=all" not in text and "organizer/" not in text, name

    # Nothing changed: every page taken over.
    again = publish_site(to=str(site))
    assert (again.rendered, again.summary.sent) == (0, []) and again.taken_over == first.rendered

    # A second night at Linde: Linde's table and the league's change, Krone's stays as it was (its race too);
    # the site is the one a full build makes.
    paper_night_at(
        linde,
        season,
        datetime.date(2026, 9, 10),
        [Player.objects.get(name=name) for name in ("Emil", "Dora")],
        organizer,
    )
    published = publish_site(to=str(site))
    sent = set(published.summary.sent)
    assert f"standings/season-{season.pk}_venue-{linde.pk}.html" in sent
    assert f"standings/season-{season.pk}.html" in sent
    assert f"standings/season-{season.pk}_venue-{krone.pk}.html" not in sent
    full = tmp_path / "full"
    publish_site(to=str(full), full=True)
    incremental, whole = _files(site), _files(full)
    assert sorted(incremental) == sorted(whole)
    assert [name for name in whole if incremental[name] != whole[name] and name != sync.MANIFEST] == []


def test_a_venue_renamed_renders_its_table_again(tmp_path, two_pubs):  # noqa: F811
    season, krone, _linde = two_pubs
    site = tmp_path / "site"
    publish_site(to=str(site))
    Venue.objects.filter(pk=krone.pk).update(name="Goldene Krone")
    published = publish_site(to=str(site))
    assert f"standings/season-{season.pk}_venue-{krone.pk}.html" in published.summary.sent
    assert "Goldene Krone" in (site / f"standings/season-{season.pk}_venue-{krone.pk}.html").read_text()
