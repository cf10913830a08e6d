"""A player's page reads only his row of the season's table and his nights (results.kept.season_cache.shown_part): a
change that moves other players' rows and leaves his as it was takes his page over; a change of his row renders
it again, in this process and in a new one."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from django.db import connection

from online.publish import database_stamp, pages
from online.publish.services import publish_site
from results import standings
from tests.evening import build_evening
from tests.online.publish.test_incremental import _files, _paper_results
from tests.online.publish.test_take_over import _publish_process
from tournaments.models import Placement
from tournaments.placements import services as placements


def _position(site: Path, player_id: int, season_id: int) -> str:
    page = (site / "players" / str(player_id) / f"season-{season_id}.html").read_text()
    return re.search(r'id="player-position">([^<]*)<', page).group(1)


def _rendered_players(monkeypatch) -> set[int]:
    """The players whose page the next run renders (not takes over)."""
    rendered: set[int] = set()
    page = pages.Crawl.page

    def spy(self, address, *args, **kwargs):
        found = re.match(r"/players/(\d+)/$", address.path)
        if found:
            rendered.add(int(found.group(1)))
        return page(self, address, *args, **kwargs)

    monkeypatch.setattr(pages.Crawl, "page", spy)
    return rendered


@pytest.mark.django_db
def test_a_corrected_place_renders_the_pages_of_the_players_whose_row_moved_and_no_other(
    tmp_path, organizer, monkeypatch
):
    evening = build_evening(organizer)
    _paper_results(evening.paper_table, organizer)  # tonight's third table: two more players in the table
    site = tmp_path / "site"
    publish_site(to=str(site))
    winner = Placement.objects.get(table=evening.played_table, place=1).seat.entry.player_id  # last week's
    corrected = Placement.objects.get(table=evening.paper_table, place=1)

    rendered = _rendered_players(monkeypatch)
    placements.correct_placement(placement=corrected, place=2, reason="Zettel", by=organizer)
    publish_site(to=str(site))

    assert corrected.seat.entry.player_id in rendered, "his place changed: his page is rendered again"
    assert winner not in rendered, "another table's winner, his row as it was: his page is taken over"
    full = tmp_path / "full"
    publish_site(to=str(full), full=True)
    assert _files(site) == _files(full)


def _positions_now(season) -> dict[int, str]:
    """Each player's place as his page names it, from the table computed now from the rows."""
    table = standings.computed_season_standings(season)
    return {row.player_id: f"{row.position}." + (" =" if row.tied > 1 else "") for row in table.rows}


@pytest.mark.django_db(transaction=True)
@pytest.mark.database
@pytest.mark.subprocess
def test_a_player_moved_by_another_tables_result_has_his_page_rendered_again_in_a_new_process(
    tmp_path, organizer, runs_env
):
    evening = build_evening(organizer)
    _paper_results(evening.paper_table, organizer)
    site, season = tmp_path / "site", evening.season
    _publish_process(site, runs_env)
    before = _positions_now(season)
    assert {player: _position(site, player, season.pk) for player in before} == before

    # Tonight's winner of the paper table shares 2nd place instead: his points drop, and players of last week's
    # table, none of whose own rows changed, move up past him.
    won = Placement.objects.get(table=evening.paper_table, place=1)
    with connection.cursor() as cursor:  # as another program might change it: no signal, no save()
        cursor.execute(f"UPDATE {Placement._meta.db_table} SET place = 2 WHERE id = %s", [won.pk])
    time.sleep(database_stamp.QUIET_SECONDS + 0.2)
    _publish_process(site, runs_env)

    now = _positions_now(season)
    tonight = set(Placement.objects.filter(table=evening.paper_table).values_list("seat__entry__player_id", flat=True))
    assert [player for player in now if player not in tonight and now[player] != before[player]], "someone moved"
    assert {player: _position(site, player, season.pk) for player in now} == now
