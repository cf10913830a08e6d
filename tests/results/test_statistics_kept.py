"""The season's statistics are kept under the season's key, as its awards are: read once, shown again until a
row behind them changes (results.kept.season_cache). They read only the tables that have hands, and give what
adding up every seated table's figures gives: the same rows, the same counts of tables, the same finished tables."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.desk import services as league_services
from league.models import Entry, Night, Player
from results import statistics
from tests.league.factories import FEE, make_night, make_player, make_season
from tests.tournaments.tracked_tables import play_tracked_table
from tournaments.hands import figures
from tournaments.models import Hand, Placement, PlacementReason, Seat, Table, TableFigures, TableStatus
from tournaments.poker import stats as pure


@pytest.fixture(autouse=True)
def fresh_figures():
    figures.figures_cache.clear()
    yield
    figures.figures_cache.clear()


def _view(client, url):
    with CaptureQueriesContext(connection) as queries:
        html = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    statements = " ".join(query["sql"] for query in queries.captured_queries)
    return html, statements


def test_a_second_view_reads_the_kept_statistics_not_every_seat_and_table(client, db, organizer):
    table = play_tracked_table(organizer)
    url = f"/statistics/?season={table.night.season_id}"
    first, _ = _view(client, url)
    again, statements = _view(client, url)
    assert again[again.index("<main>") :] == first[first.index("<main>") :]  # the CSRF token is new each time
    assert "tournaments_tablefigures" not in statements  # the kept figures of each table: not read again


def test_a_table_that_finishes_later_shows_in_the_statistics_at_once(client, db, organizer):
    table = play_tracked_table(organizer)
    url = f"/statistics/?season={table.night.season_id}"
    before, _ = _view(client, url)
    assert ">Anna<" in before and ">Eva<" not in before
    play_tracked_table(organizer, night=table.night, names=("Eva", "Finn", "Gil", "Hugo"))
    after, _ = _view(client, url)
    assert ">Anna<" in after and ">Eva<" in after


def straightforward(season_id: int) -> statistics.SeasonStatistics:
    """Every seat of the season, every seated table's figures (kept or replayed), added up per player in the
    tables' order: what the season's statistics were computed as before they skipped the tables without hands."""
    seats = list(
        Seat.objects.filter(table__night__season_id=season_id).values_list(
            "pk", "table_id", "table__status", "table__revision", "entry__player_id", "entry__player__name"
        )
    )
    players = {seat_id: player_id for seat_id, _, _, _, player_id, _ in seats}
    names = {player_id: name for *_, player_id, name in seats}
    tables = sorted({(table_id, status, revision) for _, table_id, status, revision, _, _ in seats})
    found = figures.table_plain_figures(tables, knockouts=False)
    ordered = [found[table_id] for table_id, _, _ in tables]
    per_player = pure.add_plain(
        (players[int(seat_id)], counts, ()) for table in ordered for seat_id, (counts, _) in table.items()
    )
    rows = [statistics.SeasonRow(pid, names[pid], stats) for pid, stats in per_player.items()]
    rows.sort(key=lambda row: row.name.lower())
    finished = frozenset(table_id for table_id, status, _ in tables if status == TableStatus.FINISHED)
    return statistics.SeasonStatistics(rows, sum(1 for table in ordered if table), len(tables), finished)


def paper_table(night: Night, names: list[str], organizer) -> Table:
    """A table played on paper: seats and places, no hands."""
    night.status = "registration"
    night.save()
    table = Table.objects.create(night=night, number=night.tables.count() + 1)
    for position, name in enumerate(names, start=1):
        entry = league_services.register_player(night=night, player=make_player(name), by=organizer, fee=FEE)
        seat = Seat.objects.create(table=table, entry=entry, position=position, starting_stack=1500)
        Placement.objects.create(table=table, seat=seat, place=position, reason=PlacementReason.MANUAL)
    Table.objects.filter(pk=table.pk).update(status=TableStatus.FINISHED)
    table.refresh_from_db()
    return table


def same(season_id: int) -> statistics.SeasonStatistics:
    with CaptureQueriesContext(connection) as queries:
        mine = statistics.season_statistics(season_id)
    assert mine == straightforward(season_id)
    mine.queries = len(queries)  # type: ignore[attr-defined]
    return mine


def test_a_season_with_hands_at_some_tables_gives_what_adding_up_every_table_gives(db, organizer):
    season = make_season()
    first = play_tracked_table(organizer, night=make_night(season, date=datetime.date(2026, 10, 7)))
    second_night = make_night(season, date=datetime.date(2026, 10, 14))
    second = play_tracked_table(organizer, night=second_night, names=("Eva", "Finn", "Gil", "Hugo"))
    paper = paper_table(second_night, ["Ida", "Jan", "Kim"], organizer)
    Table.objects.create(night=second_night, number=9)  # set up, nobody seated: no table of the season's count
    other = play_tracked_table(
        organizer, night=make_night(make_season(name="Saison 2027")), names=("Lea", "Max", "Nia", "Ole")
    )

    result = same(season.pk)
    assert (result.tables_tracked, result.tables) == (2, 3)
    assert result.finished_tables == {first.pk, second.pk, paper.pk}
    assert {row.name for row in result.rows} == {"Anna", "Ben", "Carl", "Dora", "Eva", "Finn", "Gil", "Hugo"}
    assert other.pk not in result.finished_tables

    # The second table's last hand goes (a correction of its play: a new revision); its kept row no longer counts.
    before = {row.name: row.figures.hands for row in result.rows}
    Hand.objects.filter(table=second, number=3).delete()
    second.touch()
    result = same(season.pk)
    after = {row.name: row.figures.hands for row in result.rows}
    assert after["Eva"] == before["Eva"] - 1 and after["Anna"] == before["Anna"]
    assert TableFigures.objects.get(table=second).revision == second.revision  # replayed and kept anew

    # A seat that moved on to the paper table after its hands: his figures stay his.
    Seat.objects.filter(table=second, entry__player__name="Hugo").update(table=paper, position=4)
    result = same(season.pk)
    assert "Hugo" in {row.name for row in result.rows}

    # Nothing changed: the finished tables' figures are not read again.
    with CaptureQueriesContext(connection) as queries:
        assert statistics.season_statistics(season.pk) == result
    assert "tablefigures" not in " ".join(query["sql"] for query in queries.captured_queries).lower()

    # A rename, and a merge (Finn's entry of the second night now Anna's): the sums follow the players.
    Player.objects.filter(name="Anna").update(name="Annabel")
    Entry.objects.filter(player__name="Finn").update(player=Player.objects.get(name="Annabel"))
    result = same(season.pk)
    names = {row.name: row.figures.hands for row in result.rows}
    assert "Annabel" in names and "Anna" not in names and "Finn" not in names
    assert names["Annabel"] == after["Anna"] + after["Finn"]

    # A tracked night arrives: only its table's figures are read.
    third = play_tracked_table(
        organizer, night=make_night(season, date=datetime.date(2026, 10, 21)), names=("Pia", "Quinn", "Rosa", "Sam")
    )
    with CaptureQueriesContext(connection) as queries:
        result = statistics.season_statistics(season.pk)
    assert result == straightforward(season.pk)
    assert result.tables_tracked == 3 and third.pk in result.finished_tables
    read = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("SELECT") and "tablefigures" in q["sql"]]
    assert len(read) == 1 and f"IN ({third.pk})" in read[0]


def test_a_season_of_paper_tables_reads_no_seat_and_no_figures(db, organizer):
    season = make_season()
    night = make_night(season)
    tables = [paper_table(night, [f"P{k}{n}" for n in range(6)], organizer) for k in range(3)]
    with CaptureQueriesContext(connection) as queries:
        result = statistics.season_statistics(season.pk)
    assert result == straightforward(season.pk)
    assert (result.rows, result.tables_tracked, result.tables) == ([], 0, 3)
    assert result.finished_tables == {table.pk for table in tables}
    statements = " ".join(query["sql"] for query in queries.captured_queries).lower()
    assert "tablefigures" not in statements  # no table has hands: no kept row is read
    assert len(queries.captured_queries) <= 3


def test_a_table_still_playing_counts_its_complete_hands_each_time(db, organizer):
    from tests.tournaments.conftest import Dealer, table_of

    season = make_season()
    night = make_night(season)
    table = table_of({"Anna": 1500, "Ben": 1500, "Carl": 1500}, organizer, night=night)
    dealer = Dealer(table)
    dealer.next_hand()
    dealer.act("Anna", "fold")
    dealer.act("Ben", "fold")
    dealer.settle()
    result = same(season.pk)
    assert result.tables_tracked == 1 and result.finished_tables == frozenset()
    dealer.next_hand()  # a hand under way: not counted yet
    assert same(season.pk).rows == result.rows
