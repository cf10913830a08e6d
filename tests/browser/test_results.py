"""Results in Chromium: an organizer types a paper table's places and confirms its deposit; a visitor reads the standings."""
from __future__ import annotations

import datetime
import re
from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from league import services as league_services
from league.models import JackpotDeposit, Night, Player, Season
from tournaments.models import Placement, Seat, Table

from .helpers import log_in

pytestmark = pytest.mark.browser


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



def test_an_organizer_enters_a_paper_table_confirms_its_deposit_and_a_visitor_sees_the_standings(
    page: Page, live_server, organizer, paper_table
) -> None:
    page.context.set_extra_http_headers({"Accept-Language": "en"})
    night = paper_table.night
    log_in(page, live_server, organizer, f"/nights/{night.pk}/results/")
    expect(page.locator("h1")).to_contain_text("Results")

    page.get_by_role("link", name="Enter the paper results").click()
    expect(page.locator("h1")).to_have_text("Paper results of table 1")
    page.get_by_label("Place of Anna Berger").fill("3")
    page.get_by_label("Place of Ben Schuster").fill("1")
    page.get_by_label("Place of Carl Weiß").fill("3")
    page.get_by_label("Place of Dora Krämer").fill("3")
    page.get_by_role("button", name="Save the places").click()
    expect(page.locator("#results-error")).to_contain_text("the next place is 2, not 3")
    assert not Placement.objects.exists()

    page.get_by_label("Place of Anna Berger").fill("2")
    page.get_by_label("First dealer").select_option(label="Dora Krämer")
    page.get_by_role("button", name="Save the places").click()
    expect(page.locator(".messages .success")).to_contain_text("The places of table 1 are saved.")
    table = page.locator("#table-1")
    expect(table).to_contain_text("played on paper")
    expect(table.locator("tbody tr").first).to_contain_text("Ben Schuster")
    expect(table.locator(".fingerprint")).to_have_text(re.compile(r"^[0-9A-F]{4}-[0-9A-F]{4}$"))

    page.get_by_role("link", name="Jackpot and deposits").click()
    row = page.locator("#deposit-table-1")
    expect(row).to_have_class("outstanding")
    expect(page.locator("#outstanding-notice")).to_be_visible()
    row.get_by_role("button", name="Paid in: €8.00").click()
    expect(page.locator("#deposit-table-1")).to_contain_text("€8.00 confirmed by organizer")
    expect(page.locator("#deposit-table-1")).not_to_have_class("outstanding")
    expect(page.locator("#night-jackpot-confirmed")).to_have_text("€8.00")
    deposit = JackpotDeposit.objects.get()
    assert deposit.confirmed_by == organizer and deposit.paid_in_by == "Dora Krämer"

    page.get_by_role("button", name="Log out").click()
    page.goto(f"{live_server.url}/standings/")
    expect(page.get_by_role("link", name="Organizer login")).to_be_visible()
    rows = page.locator("#standings tbody tr")
    expect(rows).to_have_count(4)
    expect(rows.nth(0)).to_contain_text("Ben Schuster")
    expect(rows.nth(0).locator("td").nth(3)).to_have_text("4")
    expect(rows.nth(1)).to_contain_text("Anna Berger")
    expect(rows.nth(2).locator("td").nth(3)).to_have_text("1.5")  # Carl and Dora tied for 3rd-4th

    page.goto(f"{live_server.url}/jackpot/")
    expect(page.locator("#jackpot-total")).to_have_text("€8.00")
