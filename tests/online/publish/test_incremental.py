"""A republish renders only the pages whose data changed, and the site it leaves is byte for byte the site a
full build (`--full`) makes: after one more table's results, a corrected place, a renamed player, a new season
with a night, two players merged, a deleted night."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from django.db import connection

from league.desk import merge
from league.desk import services as desk
from league.models import Night, Player
from league.seasons import services as seasons
from online.publish import sync
from online.publish.services import publish_site
from tests.evening import FEE, build_evening
from tests.online.publish.site_crawl import broken_links
from tournaments.models import Placement, Table
from tournaments.placements import paper as manual_results
from tournaments.placements import services as placements

pytestmark = pytest.mark.django_db


def _files(root: Path) -> dict[str, bytes]:
    return {path.relative_to(root).as_posix(): path.read_bytes() for path in root.rglob("*") if path.is_file()}


def _paper_results(table: Table, organizer) -> None:
    seats = list(table.seats.order_by("position"))
    manual_results.record_paper_results(
        table=table,
        places=[(seat.pk, place) for place, seat in enumerate(seats, start=1)],
        by=organizer,
        version=manual_results.results_version(table),
        first_dealer_seat_id=seats[0].pk,
    )


def _same_as_a_full_build(site: Path, tmp_path: Path, step: str):
    """Republish `site`, build the whole site afresh beside it, compare every file."""
    published = publish_site(to=str(site))
    full = tmp_path / f"full-{step}"
    publish_site(to=str(full), full=True)
    incremental, whole = _files(site), _files(full)
    assert sorted(incremental) == sorted(whole), step
    differing = [name for name in whole if incremental[name] != whole[name] and name != sync.MANIFEST]
    assert differing == [], step
    assert broken_links(site) == []
    return published


def test_a_republish_takes_over_unchanged_pages_and_leaves_the_site_a_full_build_makes(tmp_path, organizer):
    evening = build_evening(organizer)
    site = tmp_path / "site"
    first = publish_site(to=str(site))
    assert first.taken_over == 0 and first.rendered > 40

    again = publish_site(to=str(site))
    assert (again.rendered, again.summary.sent) == (0, []), "nothing changed: nothing rendered, nothing sent"
    assert again.taken_over == first.rendered

    # One more table's results tonight: that night, the season's pages and its players change; last week's
    # night does not.
    _paper_results(evening.paper_table, organizer)
    published = _same_as_a_full_build(site, tmp_path, "results")
    assert published.taken_over > 0 and published.rendered > 0
    assert not any(f"nights/{evening.played.pk}/" in name for name in published.summary.sent)

    # A corrected place last week.
    placements.correct_placement(
        placement=Placement.objects.get(pk=evening.placement.pk), place=4, reason="Zettel", by=organizer
    )
    published = _same_as_a_full_build(site, tmp_path, "correction")
    assert any(f"nights/{evening.played.pk}/results/" in name for name in published.summary.sent)

    # A player renamed: every page with his name.
    Player.objects.filter(pk=evening.player.pk).update(name="Anna Bergmann")
    evening.player.refresh_from_db()
    published = _same_as_a_full_build(site, tmp_path, "rename")
    assert any(f"players/{evening.player.pk}/" in name for name in published.summary.sent)

    # A new season with a night of its own: every page with the season filter changes, new pages come.
    season = seasons.create_season(
        name="Saison 2027",
        start_date=datetime.date(2027, 1, 6),
        end_date=datetime.date(2027, 6, 30),
        weekday=2,
    )
    night = Night.objects.create(season=season, date=datetime.date(2027, 1, 6))
    table = Table.objects.create(night=night, number=1)
    for position, name in enumerate(("Anna Bergmann", "Ida Unger"), start=1):
        entry = desk.register_player(night=night, player=Player.objects.get(name=name), by=organizer, fee=FEE)
        table.seats.create(entry=entry, position=position, starting_stack=1500)
    Night.objects.filter(pk=night.pk).update(status="seated")
    _paper_results(table, organizer)
    published = _same_as_a_full_build(site, tmp_path, "season")
    assert any(f"nights/{night.pk}/results/" in name for name in published.summary.sent)

    # Two records of one player merged: the one removed has no page any more, the one kept has his nights.
    removed = Player.objects.get(name="Gustav Rau")
    merge.merge_players(keep=Player.objects.get(name="Ida Unger"), remove=removed, by=organizer)
    published = _same_as_a_full_build(site, tmp_path, "merged")
    assert any(f"players/{removed.pk}/" in name for name in published.summary.removed)

    # A night deleted (one whose registration was closed before anyone came): its pages go.
    closed = Night.objects.create(season=evening.season, date=datetime.date(2026, 12, 9), status="closed")
    _same_as_a_full_build(site, tmp_path, "closed night")
    assert (site / f"nights/{closed.pk}/results/index.html").exists()
    Night.objects.filter(pk=closed.pk).delete()
    published = _same_as_a_full_build(site, tmp_path, "deleted night")
    assert f"nights/{closed.pk}/results/index.html" in published.summary.removed
    assert published.taken_over > 0

    # Between two publishes a database may answer a statement with another plan (PostgreSQL after its
    # statistics change: CI's run failed on that twice): rows of a statement without an order, or tied in its
    # order, come in another order, and that is no change. Each plan here must take over every page.
    for plan in _other_plans():
        again = publish_site(to=str(site))
        assert (again.rendered, again.summary.sent, again.summary.removed) == (0, [], []), plan


PLANS_OFF = (
    ("enable_nestloop", "enable_indexscan"),
    ("enable_seqscan",),
    ("enable_hashjoin", "enable_mergejoin"),
    ("enable_hashagg", "enable_bitmapscan"),
)


def _other_plans():
    """Fresh statistics, then on PostgreSQL one plan after another with some of its ways to join or scan off
    (SET LOCAL: for the test's transaction only; each undone before the next)."""
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    yield "analyzed"
    if connection.vendor != "postgresql":
        return
    for off in PLANS_OFF:
        with connection.cursor() as cursor:
            for name in {name for names in PLANS_OFF for name in names}:
                cursor.execute(f"SET LOCAL {name} = {'off' if name in off else 'on'}")
        yield off
