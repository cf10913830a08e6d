"""In German on a 390x844 phone: a table's phone dies in hand 2, the organizer switches the table to paper, the
dealer's phone turns read-only by itself, the rest's order is typed and the standings are right."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import PHONE, log_in
from tests.tournaments.conftest import Dealer, table_of
from tests.tournaments.placements.test_paper_switch import FOUR, carl_busts_in_hand_1

pytestmark = pytest.mark.browser


def test_a_table_with_tapped_hands_goes_to_paper_and_finishes(new_context, live_server, transactional_db, organizer):
    dealer = Dealer(table_of(FOUR, organizer))
    carl_busts_in_hand_1(dealer)
    dealer.next_hand()
    table = dealer.table
    phone = new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    phone.goto(f"{live_server.url}/dealer/{table.dealer_token}/")
    expect(phone.locator("h1")).to_have_text("Tisch 1")

    desk = new_context(viewport=PHONE).new_page()
    log_in(desk, live_server, organizer, f"/tables/{table.pk}/")
    desk.get_by_role("link", name="Auf Papier weiterspielen…").click()
    expect(desk.locator("#paper-switch")).to_contain_text("Hand 2 läuft")
    desk.get_by_role("button", name="Ja, auf Papier weiterspielen").click()

    # The phone asks every two seconds whether the table changed, and shows it read-only.
    expect(phone.locator("#actionbar h2")).to_have_text("Dieser Tisch wird auf Papier weitergeführt.", timeout=10_000)
    expect(phone.get_by_role("button", name="Nächste Hand geben")).to_have_count(0)

    expect(desk.locator("#paper-note")).to_contain_text("Reihenfolge der 3 Spieler")
    for name, place in (("Ben", "1"), ("Dora", "2"), ("Anna", "3")):
        desk.get_by_label(f"Platz von {name}").fill(place)
    desk.get_by_role("button", name="Plätze speichern").click()
    expect(desk.locator("body")).to_contain_text("auf Papier gespielt")

    desk.goto(f"{live_server.url}/standings/")
    names = desk.locator("td.name a[id^=player-]").all_inner_texts()
    assert [n.strip() for n in names][:4] == ["Ben", "Dora", "Anna", "Carl"]
