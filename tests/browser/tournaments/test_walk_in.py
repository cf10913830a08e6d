"""Nobody who paid is sent home (docs/rules.md): 12 paid, drawn 6 + 6, a 13th arrives before the first hand, and
the organizer re-draws everyone to 5, 4, 4 with one confirmation, in German on a phone."""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import Page, expect

from league.desk import services as desk
from tests.browser.helpers import fits_the_phone, log_in
from tests.league.factories import FEE, make_night, make_player
from tournaments.models import Table

pytestmark = pytest.mark.browser


def test_a_thirteenth_after_a_six_six_draw_is_drawn_in_to_five_four_four_with_one_confirmation(
    german_phone: Page, live_server, transactional_db, organizer
) -> None:
    page = german_phone
    night = make_night()
    for k in range(12):
        player = make_player(f"Spieler {k + 1:02d}", born=datetime.date(1980, 1, 1) + datetime.timedelta(days=k))
        desk.register_player(night=night, player=player, by=organizer, fee=FEE)
    log_in(page, live_server, organizer, f"/nights/{night.pk}/seating/draw/")
    page.get_by_role("button", name="Jetzt auslosen").click()
    expect(page.locator(".table-card")).to_have_count(2)

    page.locator("#walk-in summary").click()
    page.get_by_label("Name:", exact=True).fill("Dreizehn Neu")
    page.get_by_label("Geburtsdatum:").fill("1990-03-04")
    page.get_by_role("button", name="Anmelden und setzen").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Mit den Wartenden neu auslosen?")
    expect(page.locator("#way-on")).to_contain_text("13 Spieler an Tischen mit 5, 4, 4.")
    fits_the_phone(page)
    page.get_by_role("button", name="Ja, mit 13 Spielern neu auslosen").click()

    expect(page.locator(".table-card")).to_have_count(3)
    expect(page.locator(".table-card").filter(has_text="Dreizehn Neu")).to_have_count(1)
    fits_the_phone(page)
    sizes = [table.seats.count() for table in Table.objects.filter(night=night).order_by("number")]
    assert sizes == [5, 4, 4] and all(table.first_dealer_id for table in Table.objects.filter(night=night))
