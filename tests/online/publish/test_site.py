"""`manage.py publish --to DIR`: the built site, crawled offline from the folder: every link resolves, nothing private."""

from __future__ import annotations

import io
import re
import zipfile

import pytest
from django.core.management import call_command

from league.models import Player
from tests.evening import build_evening
from tests.online.publish.site_crawl import broken_links, reachable, site_files
from tests.tournaments.tracked_tables import NEVER_SHOWN, play_tracked_table
from tournaments.models import Placement, Table

pytestmark = pytest.mark.django_db


def publish(to, **options) -> str:
    out = io.StringIO()
    call_command("publish", to=str(to), stdout=out, jobs=1, **options)
    return out.getvalue()


@pytest.fixture
def league(organizer):
    evening = build_evening(organizer)
    tracked = play_tracked_table(
        organizer, night=evening.tonight, names=("Anna Tracked", "Ben Tracked", "Carl Tracked", "Dora Tracked")
    )
    return evening, tracked


@pytest.fixture
def site(tmp_path, league):
    root = tmp_path / "site"
    publish(root)
    return root


def _card_signs(card: str) -> str:
    rank, suit = card[0], card[1]
    return ("10" if rank == "T" else rank) + {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}[suit]


def test_the_built_site_crawled_offline_has_every_public_page_no_broken_link_and_nothing_private(site, league, client):
    """One build, five looks at it (a build of the test league takes a while)."""
    every_internal_link_resolves_to_a_file(site)
    every_public_page_is_there_in_german_and_in_english(site, league)
    a_replay_carries_every_step_in_the_page(site, league)
    nothing_private_is_in_the_site(site, league)
    a_player_page_shows_only_his_nights_and_his_place_as_the_server_does(site, league, client)


def every_internal_link_resolves_to_a_file(site):
    files = site_files(site)
    assert len(files) > 40
    assert broken_links(site) == []
    # Relative links only: the folder works from any web space and from a disk.
    for name, path in files.items():
        if name.endswith(".html"):
            assert not re.search(r'\b(?:href|src)="/', path.read_text()), name
            # A link the site leaves out takes its text along: no page may link a public page's words to a
            # page the site does not have (a table not finished yet), or a cell is left empty.
            assert "<td></td>" not in path.read_text(), name


def every_public_page_is_there_in_german_and_in_english(site, league):
    evening, tracked = league
    files = site_files(site)
    for prefix in ("", "en/"):
        assert f"{prefix}index.html" in files
        assert f"{prefix}standings/season-{evening.season.pk}.html" in files
        assert f"{prefix}jackpot/season-{evening.season.pk}.html" in files
        assert f"{prefix}statistics/season-{evening.season.pk}.html" in files
        assert f"{prefix}nights/{evening.played.pk}/results/index.html" in files
        assert f"{prefix}nights/{evening.played.pk}/seating/index.html" in files
        assert f"{prefix}players/{evening.player.pk}/season-{evening.season.pk}.html" in files
        assert f"{prefix}tables/{tracked.pk}/replays/index.html" in files
        assert f"{prefix}tables/{tracked.pk}/replays/2/index.html" in files
        # The season's downloads, in the page's language.
        for name in ("standings", "results"):
            for fmt in ("csv", "xlsx"):
                assert f"{prefix}seasons/{evening.season.pk}/{name}.{fmt}" in files
        standings_page = files[f"{prefix}standings/season-{evening.season.pk}.html"].read_text()
        assert f'href="../seasons/{evening.season.pk}/standings.csv"' in standings_page
        # The season's race, drawn on the server: on the site as it is, no script needed.
        assert '<svg class="race-chart"' in standings_page and 'marker-end="url(#race-marker-0)"' in standings_page
        assert ("Das Rennen" if not prefix else "The race") in standings_page
    assert files[f"seasons/{evening.season.pk}/results.csv"].read_text(encoding="utf-8-sig").startswith("Ligaabend;")
    assert files[f"en/seasons/{evening.season.pk}/results.csv"].read_text(encoding="utf-8-sig").startswith("Night,")
    # A spreadsheet carries no time of writing: a republish would otherwise send it again.
    with zipfile.ZipFile(files[f"seasons/{evening.season.pk}/standings.xlsx"]) as book:
        assert {part.date_time for part in book.infolist()} == {(2000, 1, 1, 0, 0, 0)}
        assert re.findall(r"<dcterms:\w+[^>]*>([^<]*)<", book.read("docProps/core.xml").decode()) in (
            ["2000-01-01T00:00:00Z"] * 2,
            ["2000-01-01T00:00:00Z"],
        )
    assert '<html lang="de">' in files["index.html"].read_text()
    assert '<html lang="en">' in files["en/index.html"].read_text()
    assert "Tabelle" in files["index.html"].read_text() and "Standings" in files["en/index.html"].read_text()
    # The language switcher leads to the same page in the other language.
    standings = files[f"standings/season-{evening.season.pk}.html"].read_text()
    assert f'href="../en/standings/season-{evening.season.pk}.html" hreflang="en"' in standings
    # Every page is reachable from the home page, and the sitemap names them all.
    pages = {name for name in files if name.endswith(".html")}
    assert pages <= reachable(site) | {
        name for name in pages if "seating" in name or "statistics" in name or "jackpot" in name
    }
    sitemap = files["sitemap.xml"].read_text()
    assert sitemap.count("<loc>") == len(pages) and "<loc>index.html</loc>" in sitemap
    # Static files under hashed names, and a favicon.
    assert any(re.fullmatch(r"static/css/league\.[0-9a-f]{12}\.css", name) for name in files)
    assert any(re.fullmatch(r"static/favicon\.[0-9a-f]{12}\.svg", name) for name in files)


def a_player_page_shows_only_his_nights_and_his_place_as_the_server_does(site, league, client):
    """Anna Berger played last week's night, not tonight's (whose tracked table has results): her page, on the
    site as on the server, lists and charts last week only and names her place in the standings."""
    evening, tracked = league
    assert Placement.objects.filter(table=tracked).exists()  # tonight is a night of the season with results
    page = site_files(site)[f"players/{evening.player.pk}/season-{evening.season.pk}.html"].read_text()
    server = client.get(
        f"/players/{evening.player.pk}/?season={evening.season.pk}", HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    for html in (page, server):
        nights = html[html.index("<tbody>") : html.index("</tbody>")]
        assert nights.count("<tr") == 1 and f"nights/{evening.played.pk}/results/" in nights
        assert html.count('<rect class="bar"') == 1 and "missed" not in html
        assert f"nights/{evening.tonight.pk}/results/" not in html

    def place(html: str) -> str:
        return re.search(r'<dd id="player-position">.*?</dd>', html, re.S)[0]

    assert place(page) == place(server) and re.match(r'<dd id="player-position">\d+\.', place(page))


def a_replay_carries_every_step_in_the_page(site, league):
    _evening, tracked = league
    page = site_files(site)[f"tables/{tracked.pk}/replays/2/index.html"].read_text()
    assert page.count('class="card frame"') == 9 and 'id="step-8"' in page
    assert 'href="#step-1"' in page and "?step=" not in page and "hx-get" not in page
    assert "Schritt 9 von 9" in page


def nothing_private_is_in_the_site(site, league):
    evening, tracked = league
    tokens = list(Table.objects.values_list("dealer_token", flat=True))
    births = [p.date_of_birth for p in Player.objects.exclude(date_of_birth=None)]
    forbidden = [
        "<form",
        "<input",
        "csrfmiddlewaretoken",
        "X-CSRFToken",
        "/dealer/",
        "dealer/",
        "organizer/",
        "admin/",
        "accounts/login",
        "Kassenbuch",
        "cash book",
        "/desk/",
        "late-entry",
        "uth/",
        "imperial/",
        *tokens,
        *(f"{d:%d.%m.%Y}" for d in births),
        *(d.isoformat() for d in births),
        *(_card_signs(card) for card in NEVER_SHOWN),
    ]
    for name, path in site_files(site).items():
        if name.startswith("static/") or name == ".publish-manifest.json":
            continue
        if name.endswith(".xlsx"):
            with zipfile.ZipFile(path) as book:
                text = "".join(book.read(part).decode() for part in book.namelist())
        else:
            text = path.read_text()
        for word in forbidden:
            assert word not in text, (name, word)
        if name.endswith((".phh", ".ohh")):
            for card in NEVER_SHOWN:
                assert card not in text, (name, card)
    # The live screens are not part of the site, and no link leads to them.
    assert not any("/clock/" in name or "/rail/" in name for name in site_files(site))


def test_publishing_twice_with_nothing_changed_sends_nothing(tmp_path, league):
    root = tmp_path / "site"
    first = publish(root)
    assert "entfernt 0" in first
    second = publish(root)
    assert "gesendet 0 (0 B)" in second and "entfernt 0" in second


def test_a_folder_that_cannot_be_made_is_one_clear_error(tmp_path, league):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="kann nicht angelegt werden"):
        publish(blocker / "site")


@pytest.mark.django_db(transaction=True)
def test_pages_rendered_by_several_processes_make_the_same_site(tmp_path, organizer):
    """`--jobs 2` forks processes that each render a share of a round's pages: the same files, byte for byte."""
    build_evening(organizer)
    publish(tmp_path / "one")
    out = io.StringIO()
    call_command("publish", to=str(tmp_path / "two"), stdout=out, jobs=2)
    one, two = site_files(tmp_path / "one"), site_files(tmp_path / "two")
    assert set(one) == set(two) and len(one) > 40
    assert all(one[name].read_bytes() == two[name].read_bytes() for name in one)
