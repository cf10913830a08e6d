"""Two records of one player who both played tracked tables, merged: everything moves, the league checks clean,
the standings show one, and a backup restores into the same league."""

from __future__ import annotations

import datetime
import io

import pytest
from django.core.management import call_command

from league import backup
from league.desk import merge
from league.desk import services as desk
from league.models import Entry, Player, PlayerMerge
from results import standings
from results.players import holdings
from tests.league.factories import make_night
from tests.tournaments.tracked_tables import play_tracked_table
from tournaments.models import Placement


def _check() -> tuple[int, str]:
    out = io.StringIO()
    try:
        call_command("check_league", stdout=out)
    except SystemExit as exit_:
        return exit_.code, out.getvalue()
    return 0, out.getvalue()


def _two_records(organizer):
    first = make_night(date=datetime.date(2026, 11, 4))
    second = make_night(season=first.season, date=datetime.date(2026, 11, 11))
    play_tracked_table(organizer, night=first, names=("Deniz Yılmaz", "Ben", "Carl", "Dora"))
    play_tracked_table(organizer, night=second, names=("Eva", "Deniz Yilmaz", "Finn", "Gus"))
    return first.season, Player.objects.get(name="Deniz Yılmaz"), Player.objects.get(name="Deniz Yilmaz")


def _season_names(season) -> list[str]:
    return [row.name for row in standings.season_standings(season).rows]


@pytest.mark.django_db(transaction=True)  # the restore empties the database first
def test_a_merge_moves_every_night_hand_and_place_and_the_league_checks_and_restores_the_same(organizer, tmp_path):
    season, keep, duplicate = _two_records(organizer)
    before = (holdings(keep), holdings(duplicate))
    assert _season_names(season).count("Deniz Yılmaz") == 1 and "Deniz Yilmaz" in _season_names(season)
    assert merge.merge_refusal(keep, duplicate) == ""

    merge.merge_players(keep=keep, remove=duplicate, by=organizer)

    held = holdings(keep)
    assert held.nights == 2 and held.placements == 2 and held.merged_before == 1
    assert (
        held.hands == before[0].hands + before[1].hands and held.knockouts == before[0].knockouts + before[1].knockouts
    )
    assert (
        Placement.objects.filter(seat__entry__player=keep).count() == 2
        and not Player.objects.filter(pk=duplicate.pk).exists()
    )
    names = _season_names(season)
    assert names.count("Deniz Yılmaz") == 1 and "Deniz Yilmaz" not in names and len(names) == 7
    assert _check()[0] == 0
    kept_rows = backup.backup_text()

    call_command("backup", str(tmp_path / "league.json"), stdout=io.StringIO())
    call_command("flush", interactive=False, verbosity=0)
    call_command("restore", str(tmp_path / "league.json"), stdout=io.StringIO())
    assert backup.backup_text() == kept_rows and _season_names(season) == names and _check()[0] == 0
    assert PlayerMerge.objects.get().removed_name == "Deniz Yilmaz"


@pytest.mark.django_db
def test_two_players_of_one_table_are_two_people(organizer):
    season, keep, duplicate = _two_records(organizer)
    ben = Player.objects.get(name="Ben")
    rows = backup.backup_text()
    with pytest.raises(desk.LeagueError, match="two people"):
        merge.merge_players(keep=ben, remove=keep, by=organizer)
    assert backup.backup_text() == rows and Entry.objects.filter(player=keep).count() == 1
