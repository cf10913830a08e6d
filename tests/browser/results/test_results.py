"""Results in Chromium: an organizer types a paper table's places and confirms its deposit; a visitor reads the standings."""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from league.desk import services as league_services
from league.models import JackpotDeposit, Night, Player, Season
from tests.browser.helpers import log_in
from tournaments.models import Placement, Seat, Table

pytestmark = pytest.mark.browser

TEXT = {
    "de": {
        "results": "Ergebnisse",
        "enter": "Papierergebnisse eingeben",
        "title": "Papierergebnisse von Tisch 1",
        "place of": "Platz von {}",
        "save": "Plätze speichern",
        "next place": "Der nächste Platz ist 2, nicht 3",
        "first dealer": "1. Geber",
        "saved": "Die Plätze von Tisch 1 wurden gespeichert.",
        "on paper": "auf Papier gespielt",
        "jackpot": "Jackpot und Einzahlungen",
        "paid in": "Eingezahlt: 8,00\xa0€",
        "confirmed": "8,00\xa0€ bestätigt von organizer",
        "eight": "8,00\xa0€",
        "log out": "Ausloggen",
        "login": "Organisator-Login",
        "one and a half": "1,5",
    },
    "en": {
        "results": "Results",
        "enter": "Enter the paper results",
        "title": "Paper results of table 1",
        "place of": "Place of {}",
        "save": "Save the places",
        "next place": "the next place is 2, not 3",
        "first dealer": "First dealer",
        "saved": "The places of table 1 are saved.",
        "on paper": "played on paper",
        "jackpot": "Jackpot and deposits",
        "paid in": "Paid in: €8.00",
        "confirmed": "€8.00 confirmed by organizer",
        "eight": "€8.00",
        "log out": "Log out",
        "login": "Organizer login",
        "one and a half": "1.5",
    },
}


@pytest.fixture
def paper_table(transactional_db, organizer) -> Table:
    """Tonight's table 1 with four players, seated for play on paper."""
    today = datetime.date.today()
    season = Season.objects.create(
        name="Saison Test", start_date=today - datetime.timedelta(days=30), end_date=today + datetime.timedelta(days=90)
    )
    night = Night.objects.create(season=season, date=today)
    table = Table.objects.create(night=night, number=1)
    for position, name in enumerate(["Anna Berger", "Ben Schuster", "Carl Weiß", "Dora Krämer"], start=1):
        player = Player.objects.create(name=name, date_of_birth=datetime.date(1990, 1, position))
        entry = league_services.register_player(night=night, player=player, by=organizer, fee=Decimal("10.00"))
        Seat.objects.create(table=table, entry=entry, position=position, starting_stack=1500)
    night.status = "seated"
    night.save()
    return table


@pytest.mark.parametrize("browser_language", ["de", "en"])
def test_an_organizer_enters_a_paper_table_confirms_its_deposit_and_a_visitor_sees_the_standings(
    page: Page, live_server, organizer, paper_table, browser_language
) -> None:
    t = TEXT[browser_language]
    page.set_viewport_size({"width": 390, "height": 844})
    night = paper_table.night
    log_in(page, live_server, organizer, f"/nights/{night.pk}/results/", browser_language)
    expect(page.get_by_role("heading", level=1)).to_contain_text(t["results"])

    page.get_by_role("link", name=t["enter"]).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(t["title"])
    page.get_by_label(t["place of"].format("Anna Berger")).fill("3")
    page.get_by_label(t["place of"].format("Ben Schuster")).fill("1")
    page.get_by_label(t["place of"].format("Carl Weiß")).fill("3")
    page.get_by_label(t["place of"].format("Dora Krämer")).fill("3")
    page.get_by_role("button", name=t["save"]).click()
    expect(page.get_by_role("alert")).to_contain_text(t["next place"])
    assert not Placement.objects.exists()

    page.get_by_label(t["place of"].format("Anna Berger")).fill("2")
    page.get_by_label(t["first dealer"]).select_option(label="Dora Krämer")
    page.get_by_role("button", name=t["save"]).click()
    expect(page.locator(".messages .success")).to_contain_text(t["saved"])
    table = page.locator("#table-1")
    expect(table).to_contain_text(t["on paper"])
    expect(table.locator("tbody tr").first).to_contain_text("Ben Schuster")
    expect(table.locator(".fingerprint")).to_have_text(re.compile(r"^[0-9A-F]{4}-[0-9A-F]{4}$"))

    page.get_by_role("link", name=t["jackpot"]).click()
    row = page.locator("#deposit-table-1")
    expect(row).to_have_class("outstanding")
    expect(page.locator("#outstanding-notice")).to_be_visible()
    row.get_by_role("button", name=t["paid in"]).click()
    expect(page.locator("#deposit-table-1")).to_contain_text(t["confirmed"])
    expect(page.locator("#deposit-table-1")).not_to_have_class("outstanding")
    expect(page.locator("#night-jackpot-confirmed")).to_have_text(t["eight"])
    deposit = JackpotDeposit.objects.get()
    assert deposit.confirmed_by == organizer and deposit.paid_in_by == "Dora Krämer"

    page.get_by_role("button", name=t["log out"]).click()
    page.goto(f"{live_server.url}/standings/")
    expect(page.get_by_role("link", name=t["login"])).to_be_visible()
    rows = page.locator("#standings tbody tr")
    expect(rows).to_have_count(4)
    expect(rows.nth(0)).to_contain_text("Ben Schuster")
    expect(rows.nth(0).locator("td").nth(3)).to_have_text("4")
    expect(rows.nth(1)).to_contain_text("Anna Berger")
    expect(rows.nth(2).locator("td").nth(3)).to_have_text(t["one and a half"])  # Carl and Dora tied for 3rd-4th

    page.goto(f"{live_server.url}/jackpot/")
    expect(page.locator("#jackpot-total")).to_have_text(t["eight"])
