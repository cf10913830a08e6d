"""Tonight's page leads a first-time organizer through a whole evening: German, on a phone, and
only through its own buttons and the one "Heute" link of the organizer's bar; the pages a button opens are
used for what they are for (the desk registers, the draw draws), never for their menus.

The dealers' part (a phone that opens the dealer link, the hands played to the end) happens beside it, and
tonight's page follows by itself: it reads the evening again every few seconds.
"""

from __future__ import annotations

import datetime
import os
import re

import pytest
from playwright.sync_api import Page, expect

from league.models import CashCount, JackpotDeposit, Night, NightStatus, Player
from tests.browser.helpers import fits_the_phone, keep_screenshot, log_in, search_settled
from tournaments.models import Table, TableStatus
from tournaments.tracker import services as tracker

pytestmark = pytest.mark.browser

SCREENSHOTS = os.environ.get("TONIGHT_SCREENSHOTS")  # a folder: a screenshot of tonight's page at every step
PLAYERS = ("Anna Berger", "Ben Schuster", "Carla Wolf", "David Krause")


def _shot(page: Page, name: str) -> None:
    keep_screenshot(page, SCREENSHOTS, name)


def _tonight(page: Page) -> None:
    """Back to tonight's page through the organizer's bar, as from any page."""
    page.locator(".topbar").get_by_role("link", name="Heute", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Heute")
    fits_the_phone(page)


def _due(page: Page, title: str) -> None:
    expect(page.locator("#due-title")).to_have_text(title, timeout=15000)  # it follows the night by itself


def _press(page: Page, name: str) -> None:
    """The due step's big button: the first one on the page."""
    button = (
        page.locator("#due-step")
        .get_by_role("button", name=name)
        .or_(page.locator("#due-step").get_by_role("link", name=name))
    )
    expect(button.first).to_be_visible()
    button.first.click()


def _play_down(table: Table) -> None:
    """The dealer's phone, played by the test: hands of all-ins until one player has every chip."""
    while Table.objects.get(pk=table.pk).status != TableStatus.FINISHED:
        state = tracker.load_state(table)
        tracker.start_hand(table=table, version=state.version)
        while not (engine := tracker.load_state(table).engine).is_betting_over:
            state = tracker.load_state(table)
            tracker.record_action(
                table=table, version=state.version, seat_id=state.seat_by_name()[engine.to_act], verb="allin"
            )
        state = tracker.load_state(table)
        tracker.settle(
            table=table, version=state.version, pot_winners=[[pot.eligible[0]] for pot in state.engine.pots()]
        )


def test_tonight_leads_a_first_time_organizer_through_a_whole_evening(
    german_phone: Page, new_context, live_server, transactional_db, organizer
) -> None:
    page = german_phone
    for k, name in enumerate(PLAYERS):
        Player.objects.create(name=name, date_of_birth=datetime.date(1980 + k, 5, 1))
    log_in(page, live_server, organizer, "/")

    # Nothing planned yet: tonight's page says so and offers the first season.
    _tonight(page)
    expect(page.get_by_text("Es ist kein Ligaabend geplant.")).to_be_visible()
    _shot(page, "00-nothing-planned")
    page.get_by_role("link", name="Erste Saison anlegen").click()
    today = datetime.date.today()
    page.get_by_label("Name").fill("Wintersaison")
    page.get_by_label("erster Tag").fill((today - datetime.timedelta(days=7)).isoformat())
    page.get_by_label("letzter Tag").fill((today + datetime.timedelta(days=120)).isoformat())
    page.get_by_label("Wochentag").select_option(str(today.weekday()))
    page.get_by_role("button", name="Speichern").click()
    page.get_by_label("Datum").fill(today.isoformat())
    page.get_by_role("button", name="Ligaabend anlegen").click()
    night = Night.objects.get()

    # 1. Registration: the desk, then back; closing the registration is the step's second button.
    _tonight(page)
    _due(page, "Anmeldung")
    expect(page.locator("#evening-steps li.now")).to_have_count(1)
    expect(page.locator("#evening-steps li.later")).to_have_count(9)
    _shot(page, "01-registration")
    _press(page, "Anmeldetisch öffnen")
    for name in PLAYERS:
        search = page.get_by_label("Spieler suchen")
        search.press_sequentially(name, delay=20)
        search_settled(page)
        page.locator(".result", has_text=name).get_by_role("button", name=re.compile("bezahlt")).click()
        expect(page.get_by_role("status")).to_contain_text(f"{name} ist angemeldet.")
    _tonight(page)
    expect(page.locator("#due-step")).to_contain_text("4 von 4 bezahlt")
    page.locator("#due-step").get_by_role("button", name="Anmeldung schließen").click()

    # 2. The draw.
    _due(page, "Platzverlosung")
    _shot(page, "02-draw")
    _press(page, "Plätze auslosen")
    page.get_by_role("button", name="Jetzt auslosen").click()
    expect(page.get_by_role("status")).to_contain_text("Plätze ausgelost")
    table = Table.objects.get(night=night)

    # 3. The first dealer, by a virtual card draw on the table's page.
    _tonight(page)
    _due(page, "1. Geber an jedem Tisch")
    expect(page.locator("#tonight-table-1")).to_contain_text("kein 1. Geber")
    _shot(page, "03-first-dealer")
    _press(page, "1. Geber an Tisch 1")
    page.get_by_role("button", name="Virtuelle Karten ziehen").click()
    expect(page.locator(".draw li.winner")).to_have_count(1)

    # 4. The QR codes: the PDF is downloaded, and the step is done.
    _tonight(page)
    _due(page, "QR-Codes gedruckt")
    with page.expect_download() as download:
        _press(page, "QR-Codes drucken (PDF)")
    assert download.value.suggested_filename.endswith(".pdf")

    # 5. The clock starts from tonight's page itself.
    _due(page, "Uhr gestartet")
    _shot(page, "05-clock")
    _press(page, "Uhr starten")
    expect(page.get_by_role("status")).to_contain_text("Die Uhr läuft.")

    # 6. The dealer's phone opens the link: tonight's page sees it by itself.
    _due(page, "Ein Geber-Handy an jedem Tisch")
    expect(page.locator("#tonight-table-1")).to_contain_text("kein Handy hat den Dealer-Link geöffnet")
    _shot(page, "06-phones")
    phone = new_context(viewport={"width": 390, "height": 844}).new_page()
    phone.goto(f"{live_server.url}/dealer/{table.dealer_token}/")
    expect(phone.get_by_role("heading", level=1)).to_contain_text("Tisch 1")

    # 7. The table plays down (the dealer taps); the page follows.
    _due(page, "Tische fertig")
    expect(page.locator("#tonight-table-1")).to_contain_text("spielt")
    _shot(page, "07-playing")
    _play_down(table)

    # 8. The deposit of the table's jackpot sum.
    _due(page, "Jackpot-Einzahlungen bestätigt")
    expect(page.locator("#tonight-table-1")).to_contain_text("Ergebnis nicht bestätigt")
    _shot(page, "08-deposits")
    _press(page, "Einzahlungen bestätigen")
    page.get_by_role("button", name=re.compile("Eingezahlt: 8,00")).click()
    expect(page.locator("#night-jackpot-confirmed")).to_have_text("8,00\xa0€")
    assert JackpotDeposit.objects.filter(table=table).exists()

    # 9. The cash box: 40 € of fees less the 8 € paid in at the register.
    _tonight(page)
    _due(page, "Kasse gezählt")
    _press(page, "Kasse zählen")
    page.get_by_label("Gezählter Betrag").fill("32,00")
    page.get_by_role("button", name="Kasse des Abends abschließen").click()
    expect(page.locator("#cash-closed")).to_be_visible()
    assert CashCount.objects.filter(night=night).exists()

    # 10. The night is finished.
    _tonight(page)
    _due(page, "Abend beendet")
    _press(page, "Abend beenden")
    page.get_by_role("button", name="Ja, Abend beenden").click()
    night.refresh_from_db()
    assert night.status == NightStatus.FINISHED

    _tonight(page)
    expect(page.locator("#due-step")).to_contain_text("Der Ligaabend ist beendet.")
    expect(page.locator("#evening-steps li.done")).to_have_count(10)
    expect(page.locator("#tonight-table-1")).to_contain_text("erledigt")
    _shot(page, "10-finished")
    phone.context.close()
