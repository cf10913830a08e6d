"""The jackpot: each table's sum, deposits confirmed at the register, the season total and its payout."""

from __future__ import annotations

import csv
import datetime
import io
import random
import re
from decimal import Decimal

import pytest
from django.db.models import Count, Sum
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from league.models import Entry, JackpotDeposit, Season
from league.web.money import cents
from results import jackpot
from results import standings as results
from results.payout import season_payout
from tests.benchmarks.standings import play_night
from tests.evening import build_evening
from tests.league.factories import make_player, make_season
from tests.results.test_league_rules import paper_night
from tests.tournaments.conftest import Dealer, paid_night, table_of
from tournaments.models import Seat, Table
from tournaments.placements import paper as manual_results

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def finish_on_paper(table, organizer) -> None:
    seats = list(table.seats.order_by("position"))
    manual_results.record_paper_results(
        table=table,
        places=[(seat.pk, k) for k, seat in enumerate(seats, start=1)],
        by=organizer,
        version=manual_results.results_version(table),
    )


@pytest.fixture
def finished(organizer):
    """A finished paper table of four (first dealer Anna)."""
    table = table_of({"Anna": 1500, "Ben": 1500, "Carl": 1500, "Dora": 1500}, organizer)
    finish_on_paper(table, organizer)
    return table


# --- the service --------------------------------------------------------------------


def test_confirming_records_the_sum_who_and_when(finished, organizer):
    deposit = jackpot.confirm_deposit(table=finished, by=organizer)
    assert deposit.amount == Decimal("8.00") and deposit.paid_in_by == "Anna"
    assert deposit.confirmed_by == organizer and deposit.confirmed_at is not None


def test_the_sum_comes_from_the_entries_stored_shares_not_today_s_setting(finished, organizer):
    Season.objects.filter(pk=finished.night.season_id).update(jackpot_share=Decimal("3.00"))
    assert jackpot.confirm_deposit(table=finished, by=organizer).amount == Decimal("8.00")


def test_a_deposit_confirmed_twice_is_refused_and_the_first_stays(finished, organizer, django_user_model):
    first = jackpot.confirm_deposit(table=finished, by=organizer)
    other = django_user_model.objects.create_user("second", password="x", is_staff=True)
    with pytest.raises(results.ResultsError, match="already confirmed by organizer"):
        jackpot.confirm_deposit(table=finished, by=other)
    assert list(JackpotDeposit.objects.all()) == [first]


def test_a_table_still_playing_cannot_have_its_deposit_confirmed(organizer):
    table = table_of({"Anna": 1500, "Ben": 1500}, organizer)
    Dealer(table).next_hand()
    with pytest.raises(results.ResultsError, match="still playing"):
        jackpot.confirm_deposit(table=table, by=organizer)
    assert not JackpotDeposit.objects.exists()


# --- the night's report -------------------------------------------------------------


@pytest.fixture
def night_of_three_tables(organizer):
    """13 paid players on tables of 5, 4, 4; tables 1 and 2 played on paper, table 3 not yet."""
    night = paid_night(organizer, 13)
    from tournaments.floor import services

    tables = services.draw_seating(night=night, rng=random.Random(5))
    for table in tables[:2]:
        finish_on_paper(table, organizer)
    return night, tables


def test_the_night_report_shows_entries_fees_sums_and_what_is_outstanding(
    organizer_client, night_of_three_tables, organizer
):
    night, tables = night_of_three_tables
    jackpot.confirm_deposit(table=tables[0], by=organizer)
    html = text(organizer_client.get(reverse("night_jackpot", args=[night.pk])))
    assert '<dd id="night-entries">13</dd>' in html and '<dd id="night-fees">€130.00</dd>' in html
    assert (
        '<dd id="night-jackpot-expected">€26.00</dd>' in html and '<dd id="night-jackpot-confirmed">€10.00</dd>' in html
    )
    assert re.search(r'<tr id="deposit-table-1">.*?€10.00 confirmed by organizer at', html)
    assert re.search(r'<tr id="deposit-table-2" class="outstanding">.*?Paid in: €8.00</button>', html)
    assert re.search(r'<tr id="deposit-table-3" class="outstanding">.*?table still playing', html)
    assert "2 tables' deposits are not confirmed yet." in html


def test_one_tap_confirms_a_deposit_in_place_with_htmx(organizer_client, night_of_three_tables, organizer):
    night, tables = night_of_three_tables
    response = organizer_client.post(reverse("confirm_deposit", args=[tables[1].pk]), **HTMX)
    html = text(response)
    assert "<html" not in html and 'id="jackpot-main"' in html
    assert "Deposit of table 2 confirmed: €8.00." in html
    assert JackpotDeposit.objects.get().confirmed_by == organizer
    again = text(organizer_client.post(reverse("confirm_deposit", args=[tables[1].pk]), **HTMX))
    assert "already confirmed by organizer" in again and JackpotDeposit.objects.count() == 1


def test_confirming_without_javascript_redirects_back(organizer_client, night_of_three_tables):
    night, tables = night_of_three_tables
    response = organizer_client.post(reverse("confirm_deposit", args=[tables[0].pk]))
    assert response.status_code == 302 and response.url == reverse("night_jackpot", args=[night.pk])


def test_only_organizers_see_the_desk_and_confirm(client, django_user_model, night_of_three_tables):
    night, tables = night_of_three_tables
    urls = [
        ("get", reverse("night_jackpot", args=[night.pk])),
        ("post", reverse("confirm_deposit", args=[tables[0].pk])),
        ("get", reverse("season_jackpot", args=[night.season_id])),
        ("get", reverse("season_jackpot_csv", args=[night.season_id])),
        ("get", reverse("season_jackpot_pdf", args=[night.season_id])),
    ]
    for method, url in urls:
        response = getattr(client, method)(url)
        assert response.status_code == 302 and response.url.startswith(reverse("login")), url
    client.force_login(django_user_model.objects.create_user("guest", password="x"))
    for method, url in urls:
        assert getattr(client, method)(url).status_code == 403, url
    assert not JackpotDeposit.objects.exists()


def test_confirming_a_deposit_needs_a_post(organizer_client, night_of_three_tables):
    _night, tables = night_of_three_tables
    assert organizer_client.get(reverse("confirm_deposit", args=[tables[0].pk])).status_code == 405


# --- the season -------------------------------------------------------------------------


@pytest.fixture
def played_season(organizer):
    """Two nights of 12 players, every deposit confirmed but the last night's first table."""
    night = paid_night(organizer, 12)
    season = night.season
    play_night(night, organizer, random.Random(1))
    from league.desk import services as league_services
    from league.models import Night

    second = Night.objects.create(season=season, date=night.date.replace(day=night.date.day + 1))
    for entry in night.entries.select_related("player"):
        league_services.register_player(night=second, player=entry.player, by=organizer, fee=Decimal("10.00"))
    play_night(second, organizer, random.Random(2))
    JackpotDeposit.objects.filter(table=second.tables.get(number=1)).delete()
    return season, night, second


def test_the_season_total_is_the_sum_of_confirmed_deposits_and_split_50_30_20(played_season):
    season, night, second = played_season
    report = jackpot.season_jackpot(season)
    assert report.expected == Decimal("48.00") and report.total == Decimal("36.00")
    assert [(n.date, n.confirmed, n.outstanding) for n in report.nights] == [
        (night.date, Decimal("24.00"), 0),
        (second.date, Decimal("12.00"), 1),
    ]
    assert report.percents == (50, 30, 20)
    assert report.place_amounts == [Decimal("18.00"), Decimal("10.80"), Decimal("7.20")]
    # Two players tie for first: they share 1st and 2nd place's money, as the season payout does.
    leaders = results.season_standings(season).rows[:3]
    assert [(row.position, row.tied) for row in leaders] == [(1, 2), (1, 2), (3, 1)]
    assert [(p.places, p.amount, p.holder) for p in report.payout] == [
        ("1.–2.", Decimal("14.40"), leaders[0].name),
        ("1.–2.", Decimal("14.40"), leaders[1].name),
        ("3.", Decimal("7.20"), leaders[2].name),
    ]
    assert [(s.places, s.share.amount, s.share.name) for s in season_payout(season).shares] == [
        (p.places, p.amount, p.holder) for p in report.payout
    ]


def test_the_public_jackpot_page_shows_the_total_each_night_and_the_rules(client, played_season):
    season, night, second = played_season
    html = text(client.get(reverse("jackpot"), {"season": season.pk}))
    assert '<dd id="jackpot-total">€36.00</dd>' in html
    assert "€24.00" in html and "€12.00" in html and "(1 table to confirm)" in html
    assert "Split: 1. 50% · 2. 30% · 3. 20%." in html and "€14.40" in html and "€7.20" in html and "€18.00" not in html
    assert "top places of the final standings" in html
    assert "Jackpot report for organizers" not in html


def test_the_season_report_exports_csv_with_a_row_per_table(organizer_client, played_season):
    season, night, second = played_season
    response = organizer_client.get(reverse("season_jackpot_csv", args=[season.pk]))
    assert response["Content-Type"].startswith("text/csv")
    assert response.content.startswith("\ufeff".encode())  # the BOM: Excel reads the file as UTF-8
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == [
        "night",
        "table",
        "players",
        "first_dealer",
        "jackpot_sum",
        "deposited",
        "paid_in_by",
        "confirmed_by",
        "confirmed_at",
    ]
    assert len(rows) == 1 + 4
    outstanding = [row for row in rows[1:] if row[0] == second.date.isoformat() and row[1] == "1"]
    assert outstanding[0][4] == "12.00" and outstanding[0][5] == ""
    assert sum(Decimal(row[5]) for row in rows[1:] if row[5]) == Decimal("36.00")


def test_the_season_report_prints_as_pdf(organizer_client, played_season):
    season, _night, _second = played_season
    response = organizer_client.get(reverse("season_jackpot_pdf", args=[season.pk]))
    assert response["Content-Type"] == "application/pdf"
    content = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert "Confirmed deposits: €36.00" in content and "€14.40" in content and "€18.00" not in content


def test_the_season_report_page_marks_the_outstanding_night(organizer_client, played_season):
    season, _night, second = played_season
    html = text(organizer_client.get(reverse("season_jackpot", args=[season.pk])))
    assert '<dd id="season-jackpot-total">€36.00</dd>' in html
    assert re.search(r'<tr class="outstanding"><td><a href="/nights/%d/jackpot/">' % second.pk, html)


def test_a_broken_payout_split_is_reported_not_crashed(client, played_season):
    season, _night, _second = played_season
    Season.objects.filter(pk=season.pk).update(jackpot_payout_split="50,30")
    html = text(client.get(reverse("jackpot"), {"season": season.pk}))
    assert "payout split is not valid" in html and '<dd id="jackpot-total">€36.00</dd>' in html


# --- the organizer's jackpot report says each rule once: the split above, the rule for ties where the payout
# table closes (it was said twice, short above and in full below) -------------------------------------------

TIES = {"de": "teilen sich das Geld der Plätze, die sie belegen", "en": "share the money of the places they cover"}
SPLIT = {"de": "Aufteilung", "en": "Split"}


def _main_text(html: str) -> str:
    main = html[html.index("<main") : html.rindex("</main>")]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", main))


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_jackpot_report_states_the_split_and_the_rule_for_ties_once(organizer_client, organizer, language):
    season = make_season()
    players = [make_player(name) for name in ("Anna", "Ben", "Carl", "Dora")]
    night = paper_night(season, datetime.date(2026, 9, 2), players, [1, 2, 3, 3], [0] * 4, organizer)
    for table in Table.objects.filter(night=night):
        jackpot.confirm_deposit(table=table, by=organizer)
    text = _main_text(
        organizer_client.get(
            reverse("season_jackpot", args=[season.pk]), HTTP_ACCEPT_LANGUAGE=language
        ).content.decode()
    )
    assert text.count(TIES[language]) == 1
    assert text.count(SPLIT[language] + ":") == 1 and "50,30,20" not in text
    public = _main_text(
        organizer_client.get(reverse("jackpot"), {"season": season.pk}, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    )
    assert public.count(TIES[language]) == 1  # the public page has no payout table: the split says it


# --- seasons that still owe money ----------------------------------------------------------------


def test_the_jackpot_page_names_every_other_season_that_still_owes_money(client, finished, organizer):
    from results.payout import record_payout

    old = finished.night.season
    jackpot.confirm_deposit(table=finished, by=organizer)
    new = make_season(name="Frühjahr 2027", start_date=datetime.date(2027, 2, 1), end_date=datetime.date(2027, 6, 30))
    html = text(client.get(reverse("jackpot"), {"season": new.pk}, HTTP_ACCEPT_LANGUAGE="de"))
    assert "Der Jackpot dieser Saison ist noch auszuzahlen:" in html
    assert f'<a href="?season={old.pk}">{old.name}</a>: 8,00' in html
    assert [(o.season, o.owed) for o in jackpot.seasons_owing()] == [(old, Decimal("8.00"))]
    winner = finished.seats.get(placement__place=1).entry.player
    type(finished.night).objects.filter(pk=finished.night.pk).update(status="finished")
    record_payout(season=old, player=winner, amount=Decimal("4.00"), method="cash", by=organizer, season_over=True)
    assert [o.owed for o in jackpot.seasons_owing()] == [Decimal("4.00")]
    for place, amount in ((2, "2.40"), (3, "1.60")):  # the split 50/30/20 of 8,00
        player = finished.seats.get(placement__place=place).entry.player
        record_payout(season=old, player=player, amount=Decimal(amount), method="cash", by=organizer, season_over=True)
    assert jackpot.seasons_owing() == []
    assert "noch auszuzahlen" not in text(client.get(reverse("jackpot"), {"season": new.pk}, HTTP_ACCEPT_LANGUAGE="de"))


def test_a_league_of_one_season_does_not_ask_which_other_season_owes(client, finished, organizer, monkeypatch):
    jackpot.confirm_deposit(table=finished, by=organizer)
    asked = []
    monkeypatch.setattr(jackpot, "seasons_owing", lambda: asked.append(1) or [])
    html = text(client.get(reverse("jackpot"), {"season": finished.night.season.pk}, HTTP_ACCEPT_LANGUAGE="de"))
    assert "8,00" in html and "noch auszuzahlen" not in html
    assert not asked


# The sums per night, read in one statement, are to the cent what the ORM's aggregates gave, with amounts whose
# sum a float gets wrong (SQLite adds decimals as floats) and a reversed deposit left out.
def _by_the_orm(season: Season) -> dict[int, tuple[int, Decimal, Decimal, int]]:
    """(tables, expected, confirmed, confirmed tables) per night: the three aggregates the page used to ask."""
    tables = dict(
        Table.objects.filter(night__season=season)
        .order_by()
        .values("night_id")
        .annotate(n=Count("id"))
        .values_list("night_id", "n")
    )
    expected = dict(
        Seat.objects.filter(table__night__season=season)
        .order_by()
        .values("table__night_id")
        .annotate(total=Sum("entry__jackpot_share"))
        .values_list("table__night_id", "total")
    )
    deposits = {
        night: (total, n)
        for night, total, n in JackpotDeposit.objects.standing()
        .filter(table__night__season=season)
        .order_by()
        .values("table__night_id")
        .annotate(total=Sum("amount"), n=Count("id"))
        .values_list("table__night_id", "total", "n")
    }
    return {
        night: (
            count,
            cents(expected.get(night)),
            cents(deposits.get(night, (None, 0))[0]),
            deposits.get(night, (0, 0))[1],
        )
        for night, count in tables.items()
    }


def test_each_nights_sums_are_the_orms_to_the_cent(organizer):
    evening = build_evening(organizer)
    for share, entry in zip(("0.10", "0.20", "0.70", "0.01", "2.33", "0.07"), Entry.objects.order_by("pk")):
        Entry.objects.filter(pk=entry.pk).update(jackpot_share=Decimal(share))
    JackpotDeposit.objects.create(table=evening.played_table, amount=Decimal("0.30"), confirmed_by=organizer)
    JackpotDeposit.objects.filter(table=evening.played_table).update(
        reversed_at=timezone.now(), reversed_by=organizer, reversal_reason="Falsch"
    )
    JackpotDeposit.objects.create(table=evening.played_table, amount=Decimal("0.10"), confirmed_by=organizer)
    JackpotDeposit.objects.create(table=evening.paper_table, amount=Decimal("0.20"), confirmed_by=organizer)

    report = jackpot.season_jackpot(evening.season)
    shown = {n.night_id: (n.tables, n.expected, n.confirmed, n.confirmed_tables) for n in report.nights}

    assert shown == _by_the_orm(evening.season)
    assert report.total == Decimal("0.30")
