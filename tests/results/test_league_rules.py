"""A league's own points rules against the database and the pages: best 4 of 10 nights with a knockout bonus
(paper tables with their knockouts, checked by hand), knockouts from the tracker's eliminations, a formula set
on the points page (hostile input saves nothing), and the season's exports."""

from __future__ import annotations

import csv
import datetime
import io
import re
from decimal import Decimal

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from league.desk import services as desk
from league.models import PointsSchemeChange, Season
from results import jackpot, statistics
from results import payout as season_payout
from results import standings as results
from results.kept import rows as results_rows
from tests.league.factories import make_player, make_season
from tests.league.rules.test_best_nights import NIGHTS
from tests.tournaments.conftest import FEE, Dealer, table_of
from tournaments.models import Seat, Table
from tournaments.placements import paper

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english_client(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


def paper_night(season, date, players, places, knockouts, organizer):
    from league.models import Night

    night = Night.objects.create(season=season, date=date)
    table = Table.objects.create(night=night, number=1)
    for position, player in enumerate(players, start=1):
        entry = desk.register_player(night=night, player=player, by=organizer, fee=FEE)
        Seat.objects.create(table=table, entry=entry, position=position, starting_stack=1500)
    night.status = "seated"
    night.save()
    seats = list(table.seats.order_by("position"))
    paper.record_paper_results(
        table=table,
        places=[(s.pk, p) for s, p in zip(seats, places)],
        by=organizer,
        version=paper.results_version(table),
        knockouts={s.pk: k for s, k in zip(seats, knockouts)},
    )
    return night


@pytest.fixture
def ten_nights(organizer) -> Season:
    """The season of tests/league/rules/test_best_nights.py, played on paper: 2 points a knockout, best 4 of 10."""
    season = make_season(knockout_points=Decimal("2"), best_nights=4)
    players = [
        make_player(name, born=datetime.date(1980, 1, k + 1)) for k, name in enumerate(("Anna", "Ben", "Carl", "Dora"))
    ]
    for k, (places, knockouts) in enumerate(NIGHTS):
        paper_night(
            season, datetime.date(2026, 9, 2) + datetime.timedelta(weeks=k), players, places, knockouts, organizer
        )
    return season


def test_best_four_of_ten_with_a_knockout_bonus_gives_the_standings_computed_by_hand(ten_nights, client):
    table = results.season_standings(ten_nights)
    # By hand (tests/league/rules/test_best_nights.py): Anna 10+8+8+6, Ben 10+8+7+5, Dora 10+8+5+5, Carl 10+8+5+3.
    assert [(row.position, row.name, row.points, row.nights, row.dropped) for row in table.rows] == [
        (1, "Anna", 32, 10, 6),
        (2, "Ben", 30, 10, 6),
        (3, "Dora", 28, 10, 6),
        (4, "Carl", 26, 10, 6),
    ]
    assert table.rows == results.computed_season_standings(ten_nights).rows  # kept and computed agree
    page = client.get(reverse("standings"), {"season": ten_nights.pk}).content.decode()
    assert "6 not counted" in page and "best 4 nights count" in page


def test_the_player_page_marks_the_nights_that_do_not_count(ten_nights, client):
    anna = Seat.objects.filter(entry__player__name="Anna").first().entry.player
    page = client.get(reverse("player_detail", args=[anna.pk]), {"season": ten_nights.pk}).content.decode()
    assert page.count("not-counted") == 6 and page.count("does not count") == 6
    assert '<dd id="player-points">32</dd>' in page


def test_the_awards_and_the_payout_follow_the_counted_nights(ten_nights, organizer):
    for table in Table.objects.filter(night__season=ten_nights):
        jackpot.confirm_deposit(table=table, by=organizer)
    payout = season_payout.season_payout(Season.objects.get(pk=ten_nights.pk))
    # 10 nights x 4 players x 2 EUR = 80 EUR, 50/30/20: Dora (3rd by her best four nights) before Carl.
    assert [(s.share.name, s.share.amount) for s in payout.shares] == [
        ("Anna", Decimal("40.00")),
        ("Ben", Decimal("24.00")),
        ("Dora", Decimal("16.00")),
    ]
    awards = {award.key: award for award in statistics.season_awards(ten_nights, results.season_standings(ten_nights))}
    # Nights in the points in a row, counted nights only: Carl's counted nights are 3, 4, 7, 8 (3 and 4 in a row).
    assert awards["points_run"].value == 2


def test_changing_the_nights_that_count_after_results_asks_first_and_recomputes(ten_nights, organizer_client):
    url = reverse("points_scheme", args=[ten_nights.pk])
    data = {
        "points_scheme": "field_size",
        "fixed_points": "10,7,5,3,2,1",
        "points_formula": "",
        "best_nights": "0",
        "knockout_points": "2",
        "reason": "all nights count",
    }
    page = organizer_client.post(url, data).content.decode()
    assert "Confirm the change" in page and "What changes: 4 players" in page
    assert results.season_standings(Season.objects.get(pk=ten_nights.pk)).rows[0].points == 32
    assert organizer_client.post(url, {**data, "confirm": "on"}).status_code == 302
    season = Season.objects.get(pk=ten_nights.pk)
    assert [(row.name, row.points) for row in results.season_standings(season).rows] == [
        ("Anna", 44),
        ("Ben", 42),
        ("Carl", 37),
        ("Dora", 37),
    ]
    change = PointsSchemeChange.objects.get()
    assert (change.old_best_nights, change.new_best_nights, change.reason) == (4, 0, "all nights count")


def test_a_paper_table_s_knockouts_are_checked(organizer):
    season = make_season(knockout_points=Decimal("1"))
    players = [make_player(name) for name in ("Anna", "Ben", "Carl")]
    with pytest.raises(paper.ResultsError, match="add up to 3"):
        paper_night(season, datetime.date(2026, 9, 2), players, (1, 2, 3), (2, 1, 0), organizer)
    with pytest.raises(paper.ResultsError, match="at most 2 sat with him"):
        paper_night(season, datetime.date(2026, 9, 9), players, (1, 2, 3), (3, 0, 0), organizer)
    assert not results.season_has_results(season)


def test_the_paper_page_takes_knockouts_only_when_the_season_counts_them(organizer_client, organizer):
    table = table_of({"Anna": 1500, "Ben": 1500, "Carl": 1500}, organizer)
    url = reverse("table_results", args=[table.pk])
    assert 'name="knockouts"' not in organizer_client.get(url).content.decode()
    Season.objects.update(knockout_points=Decimal("0.5"))
    assert 'name="knockouts"' in organizer_client.get(url).content.decode()
    seats = list(table.seats.order_by("position"))
    response = organizer_client.post(
        url,
        {
            "version": paper.results_version(table),
            "mode": "enter",
            "seat": [s.pk for s in seats],
            "place": ["1", "2", "3"],
            "knockouts": ["2", "", "x"],
        },
    )
    assert "Knockouts are a whole number" in response.content.decode() and not results.season_has_results(
        table.night.season
    )
    organizer_client.post(
        url,
        {
            "version": paper.results_version(table),
            "mode": "enter",
            "seat": [s.pk for s in seats],
            "place": ["1", "2", "3"],
            "knockouts": ["2", "", ""],
        },
    )
    rows = results.season_standings(Season.objects.get()).rows
    assert [(row.name, row.points) for row in rows] == [("Anna", 4), ("Ben", 2), ("Carl", 1)]  # 3 + 2 x 0.5


def test_knockouts_come_from_the_tracker_s_eliminations_shared_by_a_split_pot(organizer):
    table = table_of({"Anna": 1500, "Ben": 1500, "Carl": 200}, organizer)
    Season.objects.update(knockout_points=Decimal("3"))
    dealer = Dealer(table)
    dealer.next_hand()  # Anna button, Ben small blind, Carl big blind
    dealer.act("Anna", "call")
    dealer.act("Ben", "call")
    dealer.act("Carl", "allin")
    dealer.act("Anna", "call")
    dealer.act("Ben", "call")
    for _ in range(3):
        dealer.act("Ben", "check")
        dealer.act("Anna", "check")
    # Anna and Ben split every pot: Carl's knockout is half each.
    dealer.cards("AhKd7c2s3h", Anna="QsQd", Ben="QhQc", Carl="9s8s")
    dealer.settle()
    knockouts = results_rows.knockouts_at([table.pk])
    ids = {s.player.name: s.entry.player_id for s in table.seats.all()}
    assert knockouts == {(table.pk, ids["Anna"]): Decimal("0.5"), (table.pk, ids["Ben"]): Decimal("0.5")}
    dealer.next_hand()  # Ben button (and small blind), Anna big blind: Ben goes all-in, Anna calls and wins
    dealer.act("Ben", "allin")
    dealer.act("Anna", "call")
    dealer.cards("AhKd7c2s3h", Anna="AsAd", Ben="QhQc")
    dealer.settle()
    rows = {row.name: row.points for row in results.season_standings(Season.objects.get()).rows}
    # Anna 1st: 3 + (0.5 + 1) x 3 = 7.5; Ben 2nd: 2 + 0.5 x 3 = 3.5; Carl 3rd: 1.
    assert rows == {"Anna": Decimal("7.5"), "Ben": Decimal("3.5"), "Carl": 1}


# --- a formula on the points page ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("formula", "message"),
    [
        ("__import__('os')", "is not a function of the formula"),
        ("9**9**9", "at most 100000"),
        ("1/0", "divides by zero"),
        ("x" * 10_000, "The formula is 10000 characters long: at most 200."),
        ("n - r - 1", "points cannot be negative"),
        ("n - q", "“q” is not a variable of the formula"),
    ],
)
def test_a_hostile_or_broken_formula_is_refused_and_nothing_is_saved(organizer_client, formula, message):
    season = make_season()
    url = reverse("points_scheme", args=[season.pk])
    data = {
        "points_scheme": "formula",
        "fixed_points": "10,7,5,3,2,1",
        "points_formula": formula,
        "best_nights": "0",
        "knockout_points": "0",
    }
    response = organizer_client.post(url, data)
    assert response.status_code == 200 and message in response.content.decode()
    preview = organizer_client.post(reverse("points_scheme_preview", args=[season.pk]), data).content.decode()
    assert message in preview and "Nothing is saved." in preview
    season.refresh_from_db()
    assert (season.points_scheme, season.points_formula) == ("field_size", "")


def test_the_live_preview_shows_places_by_table_size(organizer_client):
    season = make_season()
    data = {
        "points_scheme": "formula",
        "fixed_points": "",
        "points_formula": "log((n + 1) / r)",
        "best_nights": "",
        "knockout_points": "1.5",
    }
    html = organizer_client.post(reverse("points_scheme_preview", args=[season.pk]), data).content.decode()
    assert 'id="points-table"' in html and "<html" not in html
    assert "1.95" in html and "0.15" in html  # ln 7 and ln 7/6, rounded
    assert "Plus 1.5 points for each player knocked out." in html
    data["knockout_points"] = "1,5"  # a German comma in English
    html = organizer_client.post(reverse("points_scheme_preview", args=[season.pk]), data).content.decode()
    assert "Points per knockout: Type the points as a plain number, such as 1 or 1.5." in html


def test_a_preset_fills_the_formula_and_saving_it_needs_no_confirmation_before_results(organizer_client):
    season = make_season()
    url = reverse("points_scheme", args=[season.pk])
    page = organizer_client.get(url, {"preset": "logarithmic"}).content.decode()
    assert 'value="log((n + 1) / r)"' in page
    response = organizer_client.post(
        url,
        {
            "points_scheme": "formula",
            "points_formula": "log((n + 1) / r)",
            "fixed_points": "",
            "best_nights": "3",
            "knockout_points": "0.5",
        },
    )
    assert response.status_code == 302
    season.refresh_from_db()
    assert (season.points_scheme, season.points_formula, season.best_nights, season.knockout_points) == (
        "formula",
        "log((n + 1) / r)",
        3,
        Decimal("0.5"),
    )


def test_a_new_season_may_start_with_its_own_rules(organizer_client):
    response = organizer_client.post(
        reverse("season_create"),
        {
            "name": "Saison 2027",
            "start_date": "2027-03-01",
            "end_date": "2027-08-31",
            "weekday": "2",
            "entry_fee": "10",
            "jackpot_share": "2",
            "jackpot_payout_split": "50,30,20",
            "starting_stack": "1500",
            "start_small_blind": "25",
            "start_big_blind": "50",
            "level_minutes": "15",
            "min_bet_rule": "league",
            "break_every_levels": "0",
            "break_minutes": "10",
            "points_scheme": "formula",
            "fixed_points": "",
            "points_formula": "1/0",
            "best_nights": "8",
            "knockout_points": "1",
        },
    )
    assert "divides by zero" in response.content.decode() and not Season.objects.exists()


# --- exports -------------------------------------------------------------------------------------------------


def test_the_standings_and_results_export_as_csv_and_xlsx(ten_nights, client):
    response = client.get(reverse("season_standings_file", args=[ten_nights.pk, "csv"]), {"lang": "de"})
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0] == [
        "Position",
        "Spieler",
        "Punkte",
        "Ligaabende",
        "Nicht gezählte Abende",
        "Siege",
        "2. Pl.",
        "3. Pl.",
    ]
    assert rows[1][:5] == ["1", "Anna", "32", "10", "6"]
    book = load_workbook(io.BytesIO(client.get(reverse("season_results_file", args=[ten_nights.pk, "xlsx"])).content))
    sheet = book.active
    values = list(sheet.iter_rows(values_only=True))
    assert len(values) == 1 + 40 and values[1][0] == datetime.datetime(2026, 9, 2)
    assert client.get(reverse("season_results_file", args=[ten_nights.pk, "pdf"])).status_code == 404


# --- the run of nights in the points: an award from two nights in a row (after the first night nobody holds
# it, where every player in the points would) ------------------------------------------------------------

RUN_NOTE = {"de": "eine Serie zählt ab zwei Abenden in Folge", "en": "a run counts from two nights in a row"}


def _award_html(client, season, language) -> str:
    page = client.get(reverse("standings"), {"season": season.pk}, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    return re.search(r'<div id="award-points_run">.*?</div>', page, re.S).group(0)


@pytest.mark.parametrize("language", ["de", "en"])
def test_after_one_night_nobody_holds_the_run_and_the_page_says_why(client, organizer, language):
    season = make_season()
    players = [make_player(f"Player {k}") for k in range(12)]
    paper_night(season, datetime.date(2026, 9, 2), players, list(range(1, 13)), [0] * 12, organizer)
    awards = {a.key: a for a in statistics.season_awards(season, results.season_standings(season))}
    assert awards["points_run"].holders == []
    html = _award_html(client, season, language)
    assert "player_detail" not in html and "/players/" not in html and RUN_NOTE[language] in html


@pytest.mark.parametrize("language", ["de", "en"])
def test_two_nights_in_the_points_make_a_run(client, organizer, language):
    season = make_season()
    players = [make_player(name) for name in ("Anna", "Ben", "Carl", "Dora")]
    paper_night(season, datetime.date(2026, 9, 2), players, [1, 2, 3, 4], [0] * 4, organizer)
    paper_night(season, datetime.date(2026, 9, 9), players, [4, 3, 2, 1], [0] * 4, organizer)
    awards = {a.key: a for a in statistics.season_awards(season, results.season_standings(season))}
    in_points_twice = [name for _, name in awards["points_run"].holders]
    assert awards["points_run"].value == 2 and in_points_twice
    html = _award_html(client, season, language)
    assert all(name in html for name in in_points_twice) and RUN_NOTE[language] not in html
