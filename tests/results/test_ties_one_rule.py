"""One rule for players tied in the standings, one figure everywhere (docs/rules.md, "Standings order").

Three players equal in points, wins, second and third places and nights share the position in the
standings and the money of the places they cover: the public jackpot page, the organizer's jackpot
report and its PDF, and the season payout all show the same 10.00 each of a 30.00 jackpot split
50/30/20 (the jackpot page used to show 15.00 / 9.00 / 6.00 while the payout said 10.00 each).
"""

from __future__ import annotations

import datetime
import io
import re
from decimal import Decimal

import pytest
from django.urls import reverse
from pypdf import PdfReader

from league.models import Night
from results import jackpot
from results import standings as results
from results.payout import season_payout
from tests.evening import FEE, SHARE, _seat
from tests.league.factories import make_season
from tournaments.models import Table
from tournaments.placements import paper as manual_results

pytestmark = pytest.mark.django_db

# Each night one of the three wins, one is second, one third; Dora is fourth every time.
NIGHTS = [
    ("Anna Berger", "Ben Schuster", "Carl Weiß", "Dora Krämer"),
    ("Ben Schuster", "Carl Weiß", "Anna Berger", "Dora Krämer"),
    ("Carl Weiß", "Anna Berger", "Ben Schuster", "Dora Krämer"),
]


@pytest.fixture
def tied_season(organizer):
    season = make_season(entry_fee=FEE, jackpot_share=SHARE, jackpot_payout_split="50,30,20")
    for week, order in enumerate(NIGHTS):
        night = Night.objects.create(season=season, date=datetime.date(2026, 11, 4) + datetime.timedelta(days=7 * week))
        table = Table.objects.create(night=night, number=1)
        seats = _seat(night, table, {name: 1500 for name in sorted(order)}, organizer)
        night.status = "seated"
        night.save()
        by_name = {seat.entry.player.name: seat for seat in seats}
        manual_results.record_paper_results(
            table=table,
            places=[(by_name[name].pk, place) for place, name in enumerate(order, start=1)],
            by=organizer,
            version=manual_results.results_version(table),
        )
        jackpot.confirm_deposit(table=Table.objects.get(pk=table.pk), by=organizer)
    return season


def flat(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def test_tied_players_share_the_position_and_the_name_only_orders_the_list(tied_season):
    rows = results.computed_season_standings(tied_season).rows
    assert [(row.name, row.position, row.tied) for row in rows] == [
        ("Anna Berger", 1, 3),
        ("Ben Schuster", 1, 3),
        ("Carl Weiß", 1, 3),
        ("Dora Krämer", 4, 1),
    ]
    kept = results.season_standings(tied_season).rows  # the kept table agrees
    assert [(row.position, row.tied) for row in kept] == [(1, 3), (1, 3), (1, 3), (4, 1)]


def test_the_jackpot_report_and_the_payout_give_each_tied_player_the_same_figure(tied_season):
    report = jackpot.season_jackpot(tied_season)
    assert report.total == Decimal("30.00")
    assert report.place_amounts == [Decimal("15.00"), Decimal("9.00"), Decimal("6.00")]
    assert [(row.places, row.holder, row.amount) for row in report.payout] == [
        ("1.–3.", "Anna Berger", Decimal("10.00")),
        ("1.–3.", "Ben Schuster", Decimal("10.00")),
        ("1.–3.", "Carl Weiß", Decimal("10.00")),
    ]
    payout = season_payout(tied_season)
    assert [(s.places, s.share.name, s.share.amount) for s in payout.shares] == [
        (row.places, row.holder, row.amount) for row in report.payout
    ]


def test_every_page_shows_the_tie_and_the_same_amounts(client, organizer_client, tied_season):
    public = flat(client.get(reverse("jackpot"), {"season": tied_season.pk}, HTTP_ACCEPT_LANGUAGE="de"))
    organizer_report = flat(
        organizer_client.get(reverse("season_jackpot", args=[tied_season.pk]), HTTP_ACCEPT_LANGUAGE="de")
    )
    payout_page = flat(organizer_client.get(reverse("season_payout", args=[tied_season.pk]), HTTP_ACCEPT_LANGUAGE="de"))
    for page in (public, organizer_report, payout_page):
        for name in ("Anna Berger", "Ben Schuster", "Carl Weiß"):
            assert re.search(rf"1\.–3\. gleichauf {name} 10,00\s€", page), page
        assert "15,00\xa0€" not in page.split("Aufteilung")[0].split("Saisonjackpot")[-1]
    assert "Spieler auf gleichem Platz in der Tabelle teilen sich das Geld der Plätze, die sie belegen." in public

    standings = client.get(reverse("standings"), {"season": tied_season.pk}, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    positions = re.findall(r'<td class="num pos">(\d+)\.(.*?)</td>', standings)
    assert [(p, "=" in mark) for p, mark in positions] == [("1", True), ("1", True), ("1", True), ("4", False)]


def test_the_jackpot_pdf_prints_the_shared_amounts(organizer_client, tied_season):
    response = organizer_client.get(reverse("season_jackpot_pdf", args=[tied_season.pk]), HTTP_ACCEPT_LANGUAGE="de")
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    text = " ".join(text.split()).split("Auszahlung am Saisonende")[1]
    assert text.count("10,00 €") == 3, text
    assert "15,00 €" not in text and "9,00 €" not in text
    assert "1.–3. (gleichauf) Anna Berger" in text
