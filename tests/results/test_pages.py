"""The public results pages: standings, a night's results, a player's page. No login needed to read."""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

import pytest
from django.urls import reverse

from league import statements
from league.models import Night, Player, Season
from results import nights as results_nights
from results import standings as results
from tests.benchmarks.standings import build_season
from tests.evening import build_evening
from tests.league.factories import make_player
from tests.tournaments.conftest import Dealer, table_of
from tournaments.models import Placement
from tournaments.placements import paper as manual_results
from tournaments.placements import services as placements_services

pytestmark = pytest.mark.django_db


def enter(table, organizer, **places: int) -> None:
    ids = {seat.player.name: seat.pk for seat in table.seats.select_related("entry__player")}
    manual_results.record_paper_results(
        table=table,
        places=[(ids[name], place) for name, place in places.items()],
        by=organizer,
        version=manual_results.results_version(table),
    )


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def seat_table(night, players, organizer):
    """Register the given players for `night` and seat them at a new table, in this order."""
    from league.desk import services as league_services
    from tournaments.models import Seat, Table

    table = Table.objects.create(night=night, number=night.tables.count() + 1)
    for position, player in enumerate(players, start=1):
        entry = league_services.register_player(night=night, player=player, by=organizer, fee=Decimal("10.00"))
        Seat.objects.create(table=table, entry=entry, position=position, starting_stack=1500)
    Night.objects.filter(pk=night.pk).update(status="seated")
    return table


@pytest.fixture
def two_nights(organizer):
    """Night 1: Anna 1, Ben 2, Carl 3. Night 2, a week later: Carl 1, Ben 2, Dora 3, Anna 4."""
    first = table_of({"Anna": 1500, "Ben": 1500, "Carl": 1500}, organizer)
    enter(first, organizer, Anna=1, Ben=2, Carl=3)
    season = first.night.season
    second = Night.objects.create(season=season, date=first.night.date + datetime.timedelta(weeks=1))
    players = [seat.player for seat in first.seats.select_related("entry__player").order_by("position")]
    table = seat_table(second, [*players, make_player("Dora")], organizer)
    enter(table, organizer, Carl=1, Ben=2, Dora=3, Anna=4)
    return season, first.night, second


# --- standings ------------------------------------------------------------------------


def test_anyone_reads_the_standings_in_order_with_points_wins_and_movement(client, two_nights):
    season, _first, _second = two_nights
    response = client.get(reverse("standings"), {"season": season.pk})
    assert response.status_code == 200
    html = text(response)
    rows = re.findall(
        r'<tr(?: class="leader")?> <td class="num pos">(\d+)\.</td> <td>(.*?)</td> <td class="name"><a [^>]*>([^<]+)</a></td> <td class="num">([^<]+)</td> <td class="num">(\d+)</td> <td class="num narrow-extra">(\d+)</td>',
        html,
    )
    # Anna 3+1=4, Ben 2+3=5, Carl 1+4=5 (one win), Dora 2: Carl ahead of Ben on wins.
    assert [(pos, name, points, nights, wins) for pos, _move, name, points, nights, wins in rows] == [
        ("1", "Carl", "5", "2", "1"),
        ("2", "Ben", "5", "2", "0"),
        ("3", "Anna", "4", "2", "1"),
        ("4", "Dora", "2", "1", "0"),
    ]
    moves = [re.sub(r"<[^>]+>", "", move).strip() for _pos, move, *_ in rows]
    assert moves == ["▲ 2", "=", "▼ 2", "new"]
    assert "After 2 nights" in html


def test_the_standings_filter_by_season(client, two_nights, organizer):
    season, _first, _second = two_nights
    older = Season.objects.create(
        name="Saison 2025", start_date=datetime.date(2025, 9, 1), end_date=datetime.date(2026, 2, 28)
    )
    night = Night.objects.create(season=older, date=datetime.date(2025, 10, 1))
    enter(table_of({"Xaver": 1500, "Yvonne": 1500}, organizer, night=night), organizer, Yvonne=1, Xaver=2)
    html = text(client.get(reverse("standings"), {"season": older.pk}))
    assert "Yvonne" in html and "Carl" not in html and f'<option value="{older.pk}" selected>' in html
    html = text(client.get(reverse("standings"), {"season": "not-a-number"}))
    assert "Carl" in html  # the season running now (or the latest)


def test_a_season_without_results_says_so(client, night):
    assert "No results in this season yet." in text(client.get(reverse("standings")))


def test_without_any_season_the_page_says_so(client, db):
    assert "No season has been set up yet." in text(client.get(reverse("standings")))


def test_points_of_tied_players_show_with_decimals(client, organizer):
    table = table_of({"Anna": 2000, "Ben": 300, "Carl": 300}, organizer)
    dealer = Dealer(table)
    dealer.next_hand()
    dealer.act("Anna", "raise", 300)
    dealer.act("Ben", "call")
    dealer.act("Carl", "call")
    dealer.cards("2c 3d 4h 9s Jd", Anna="As Ad", Ben="7c 8d", Carl="Kc Qd")
    dealer.settle()
    html = text(client.get(reverse("standings")))
    assert html.count('<td class="num">1.5</td>') == 2
    html = text(client.get(reverse("standings"), HTTP_ACCEPT_LANGUAGE="de"))
    assert html.count('<td class="num">1,5</td>') == 2


def test_a_correction_shows_in_the_standings_at_once(client, two_nights, organizer):
    season, first, _second = two_nights
    placement = Placement.objects.get(table__night=first, seat__entry__player__name="Carl")
    placements_services.correct_placement(placement=placement, place=2, reason="tie on the sheet", by=organizer)
    ben = next(row for row in results.season_standings(season).rows if row.name == "Ben")
    carl = next(row for row in results.season_standings(season).rows if row.name == "Carl")
    assert carl.points == Decimal("5.5") and ben.points == Decimal("4.5")  # tied 2nd of 3: 1.5 each


# --- a night ----------------------------------------------------------------------------


def test_anyone_reads_a_night_s_placements_points_and_fingerprint(client, two_nights):
    _season, _first, second = two_nights
    response = client.get(reverse("night_results", args=[second.pk]))
    html = text(response)
    assert response.status_code == 200
    names = [html.index(f">{name}</a>") for name in ("Carl", "Ben", "Dora", "Anna")]
    assert names == sorted(names)
    assert re.findall(r'<td class="num">(\d+)</td>', html) == ["4", "3", "2", "1"]
    fingerprint = results_nights.tables_results(second)[0].fingerprint
    assert fingerprint in html and "played on paper" in html
    assert "Enter the paper results" not in html and "sheet.pdf" not in html  # organizers only


def test_a_table_in_play_shows_who_is_out_and_who_is_still_playing(client, organizer):
    table = table_of({"Anna": 1500, "Ben": 1500, "Carl": 300}, organizer)
    dealer = Dealer(table)
    dealer.next_hand()
    dealer.act("Anna", "raise", 300)
    dealer.act("Ben", "fold")
    dealer.act("Carl", "allin")
    dealer.cards("2c 3d 4h 9s Jd", Anna="As Ad", Carl="7c 8d")
    dealer.settle()
    html = text(client.get(reverse("night_results", args=[table.night_id])))
    assert ">Carl</a>" in html and "Still playing: Anna, Ben" in html
    assert "Fingerprint" not in html


def test_organizers_see_the_sheet_and_results_links(organizer_client, two_nights, organizer):
    _season, _first, second = two_nights
    waiting = table_of({"Xaver": 1500, "Yvonne": 1500}, organizer, night=second)
    html = text(organizer_client.get(reverse("night_results", args=[second.pk])))
    assert reverse("night_sheets_pdf", args=[second.pk]) in html
    assert reverse("table_results", args=[waiting.pk]) in html and "Enter the paper results" in html
    assert "Blank sheet (PDF)" in html and "Correct the places" in html


# --- a player ----------------------------------------------------------------------------


def test_anyone_reads_a_player_s_season_with_a_chart_and_best_finishes(client, two_nights):
    season, first, second = two_nights
    anna = Placement.objects.get(table__night=first, seat__entry__player__name="Anna").seat.player
    response = client.get(reverse("player_detail", args=[anna.pk]), {"season": season.pk})
    html = text(response)
    assert response.status_code == 200
    assert '<dd id="player-position">3.<span class="small muted"> / 4</span></dd>' in html
    assert '<dd id="player-points">4</dd>' in html and '<dd id="player-nights">2</dd>' in html
    assert html.count('<rect class="bar"') == 2 and "<polyline" in html
    assert "1. of 3" in html and "4. of 4" in html
    best = html[html.index('id="best-finishes"') :]
    assert best.index("1. of 3") < best.index("4. of 4")


def test_a_player_s_page_lists_and_charts_only_the_nights_he_played_and_names_his_place_in_the_standings(
    client, two_nights, organizer
):
    season, first, second = two_nights
    # A third night without Dora: Anna 1, Ben 2, Carl 3.
    third = Night.objects.create(season=season, date=second.date + datetime.timedelta(weeks=1))
    players = [Player.objects.get(name=name) for name in ("Anna", "Ben", "Carl")]
    enter(seat_table(third, players, organizer), organizer, Anna=1, Ben=2, Carl=3)
    dora = Placement.objects.get(table__night=second, seat__entry__player__name="Dora").seat.player
    html = text(client.get(reverse("player_detail", args=[dora.pk]), {"season": season.pk}))
    assert html.count('<rect class="bar"') == 1 and "missed" not in html and "not played" not in html
    nights = html[html.index("<tbody>") : html.index("</tbody>")]
    assert nights.count("<tr") == 1 and reverse("night_results", args=[second.pk]) in nights
    assert (
        reverse("night_results", args=[first.pk]) not in html and reverse("night_results", args=[third.pk]) not in html
    )
    # Her place among all players, as the standings show it: Anna 3+1+3=7, Ben 2+3+2=7, Carl 1+4+1=6, Dora 2.
    table = results.season_standings(season)
    assert [(row.position, len(table.rows)) for row in table.rows if row.player_id == dora.pk] == [(4, 4)]
    assert '<dd id="player-position">4.<span class="small muted"> / 4</span></dd>' in html

    # Anna played all three: three bars, her running total through them.
    anna = Placement.objects.get(table__night=first, seat__entry__player__name="Anna").seat.player
    html = text(client.get(reverse("player_detail", args=[anna.pk]), {"season": season.pk}))
    assert (
        html.count('<rect class="bar"') == 3
        and len(re.search(r'<polyline class="total" points="([^"]*)"', html)[1].split()) == 3
    )
    assert html[html.index("<tbody>") : html.index("</tbody>")].count("<tr") == 3


def test_a_player_without_results_has_a_plain_page(client, two_nights):
    nobody = make_player("Nobody Yet")
    html = text(client.get(reverse("player_detail", args=[nobody.pk])))
    assert "Nobody Yet" in html and "No results in this season yet." in html and "<svg" not in html


def test_an_unknown_player_is_not_found(client, db):
    assert client.get(reverse("player_detail", args=[999])).status_code == 404


def test_a_players_page_reads_of_him_only_his_name(client, two_nights):
    # A publish renders his page again only when a row it read changed: his phone number is not on it.
    from online.publish import fingerprints

    player = Player.objects.get(name="Anna")

    def reads():
        with fingerprints.recording() as recorder:
            assert client.get(reverse("player_detail", args=[player.pk])).status_code == 200
        return recorder.reads

    reads()  # the first view keeps the tables' figures and the season's table
    before = reads()
    Player.objects.filter(pk=player.pk).update(contact="0170 1234567", date_of_birth=datetime.date(1991, 1, 1))
    assert reads() == before
    Player.objects.filter(pk=player.pk).update(name="Anna Bergmann")
    assert reads() != before


# --- a fixed number of queries, whatever the season's size -----------------------------------


@pytest.mark.parametrize("size", [(12, 2, 8), (60, 8, 30)], ids=["small", "larger"])
def test_the_pages_run_a_fixed_number_of_queries(client, organizer, django_assert_max_num_queries, size):
    players, nights, per_night = size
    season = build_season(organizer, players=players, nights=nights, per_night=per_night)
    night = season.nights.order_by("date").last()
    player = night.entries.first().player
    # Standings and player pages also read the hand statistics: one query for the season's seats, one for
    # the tables' kept figures, and on the first view, for the tables not kept yet (all, here: paper tables
    # finished before any view), one for their hands and one to keep their (empty) figures; the standings and
    # the player's page one more for the league's venues (several: a table per venue, each night's venue named);
    # the season's table one for its nights' stamps (results.kept.ledger reads the changed nights only).
    pages = [
        (reverse("standings") + f"?season={season.pk}", 9),
        # The tables, their first dealers and kinds (one plain statement: cheaper than the ORM's one), the seats;
        # whether the league has more than one venue (then the page names the night's).
        (reverse("night_results", args=[night.pk]), 5),
        (reverse("player_detail", args=[player.pk]) + f"?season={season.pk}", 10),
        (reverse("jackpot") + f"?season={season.pk}", 8),  # + the seasons that still owe jackpot money
    ]
    for url, queries in pages:
        with django_assert_max_num_queries(queries):
            assert client.get(url).status_code == 200
    client.force_login(organizer)
    with django_assert_max_num_queries(8):  # + the session and the user (the hand figures are kept now)
        assert client.get(reverse("standings") + f"?season={season.pk}").status_code == 200
    with django_assert_max_num_queries(7):  # + the venues the organizer's header may name and offer
        assert client.get(reverse("night_jackpot", args=[night.pk])).status_code == 200


# --- a large season: pages, search, a player's place -------------------------------------------


@pytest.fixture
def big_season(organizer):
    """120 players over 6 nights: three pages of the standings."""
    return build_season(organizer, players=120, nights=6, per_night=60, seed=5)


def positions(html: str) -> list[int]:
    return [int(p) for p in re.findall(r'<td class="num pos">(\d+)\.(?: <span[^>]*>=</span>)?</td>', html)]


def rows_positions(table, start: int, stop: int) -> list[int]:
    """The positions of rows start..stop-1 (tied players share a position, so they can repeat)."""
    return [row.position for row in table.rows[start:stop]]


def test_the_standings_show_the_top_fifty_first_and_the_rest_page_by_page(client, big_season):
    table = results.season_standings(big_season)
    assert len(table.rows) > 100
    first = text(client.get(reverse("standings"), {"season": big_season.pk}))
    assert positions(first) == rows_positions(table, 0, 50)
    assert "Seite 1 von 3" in first or "Page 1 of 3" in first
    assert 'rel="next"' in first and "page=2" in first
    last = text(client.get(reverse("standings"), {"season": big_season.pk, "page": 3}))
    assert positions(last) == rows_positions(table, 100, len(table.rows))
    # Rubbish or out of range: the nearest page, never an error.
    assert positions(text(client.get(reverse("standings"), {"season": big_season.pk, "page": "x"}))) == rows_positions(
        table, 0, 50
    )
    assert positions(text(client.get(reverse("standings"), {"season": big_season.pk, "page": "99"}))) == positions(last)


def test_a_search_finds_a_player_however_the_umlaut_is_typed_and_links_to_his_place(client, big_season):
    table = results.season_standings(big_season)
    target = next(row for row in table.rows[60:] if "ü" in row.name.casefold() or "ö" in row.name.casefold())
    first_name, last_name, number = target.name.split()
    typed = last_name.casefold().replace("ü", "ue").replace("ö", "oe")
    html = text(client.get(reverse("standings"), {"season": big_season.pk, "q": f"{typed} {number}"}))
    assert positions(html) == [target.position]
    jump = f"page={table.page_of(target)}&amp;player={target.player_id}#player-{target.player_id}"
    assert jump in html
    # Following the link: his page, his row marked.
    page = text(
        client.get(
            reverse("standings"), {"season": big_season.pk, "page": table.page_of(target), "player": target.player_id}
        )
    )
    assert f'<tr class="me" aria-current="true"> <td class="num pos">{target.position}.' in page
    assert f'id="player-{target.player_id}"' in page


def test_a_search_that_finds_nobody_says_so(client, big_season):
    html = text(client.get(reverse("standings"), {"season": big_season.pk, "q": "Xaver"}, HTTP_ACCEPT_LANGUAGE="en"))
    assert "0 players found" in html and "Check the spelling" in html and positions(html) == []


def test_a_player_page_links_to_the_page_of_the_standings_that_shows_him(client, big_season):
    table = results.season_standings(big_season)
    row = table.rows[75]
    html = text(client.get(reverse("player_detail", args=[row.player_id]), {"season": big_season.pk}))
    assert f"page=2&amp;player={row.player_id}#player-{row.player_id}" in html
    assert f'<dd id="player-position">{row.position}.' in html


def test_only_the_player_asked_for_gets_his_page_without_a_page_number(client, big_season):
    table = results.season_standings(big_season)
    row = table.rows[110]
    html = text(client.get(reverse("standings"), {"season": big_season.pk, "player": row.player_id}))
    assert positions(html) == rows_positions(table, 100, len(table.rows)) and 'class="me"' in html


# --- a night's tables as plain rows -------------------------------------------------------------


def _shown(results: list[results_nights.TableResults]) -> list[tuple]:
    return [
        (r.table.pk, r.table.number, r.table.status, r.first_dealer, r.on_paper, r.tracked, r.jackpot_sum)
        + tuple((row.seat_id, row.place, row.points, row.name) for row in r.placed + r.waiting)
        for r in results
    ]


def test_a_nights_tables_read_as_plain_rows_say_what_the_deposits_query_says(organizer):
    # The public results page reads the tables without their deposits, their first dealer, paper sheet and
    # hands in one plain statement: the same facts as the jackpot pages' query (tracked tables with a first
    # dealer, a paper table, a night played on paper with a deposit to confirm).
    evening = build_evening(organizer)
    for night in (evening.played, evening.tonight):
        plain = results_nights.tables_results(night, deposits=False)
        assert _shown(plain) == _shown(results_nights.tables_results(night))
        assert all(r.deposit is None for r in plain)
    tonight = _shown(results_nights.tables_results(evening.tonight, deposits=False))
    assert [(dealer != "", paper, tracked) for _pk, _n, _s, dealer, paper, tracked, *_ in tonight] == [
        (True, False, True),
        (True, False, True),
        (False, False, False),
    ]
    some = [evening.paper_table.pk, evening.showdown_table.pk]
    assert _shown(results_nights.tables_results(evening.tonight, table_ids=some, deposits=False)) == _shown(
        results_nights.tables_results(evening.tonight, table_ids=some)
    )
    assert results_nights.tables_results(evening.tonight, table_ids=[], deposits=False) == []


def test_the_seats_statement_built_once_reads_each_nights_rows_as_the_orm_does(organizer):
    # Built by the ORM at the first night, asked again with each later night's id: every night gets its own
    # rows, with the ORM's own values (the time he went out in the time zone, the shares as Decimals).
    evening = build_evening(organizer)
    statements._built.clear()
    for night in (evening.played, evening.tonight, evening.played):
        found = statements.rows("seats", results_nights._night_seats, night.pk)
        assert found == [tuple(row) for row in results_nights._night_seats(night)]
    assert list(statements._built) == [("seats", "rows")]
