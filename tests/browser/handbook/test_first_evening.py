"""The handbook's first league night, clicked through in German on the demo: and its screenshots.

docs/handbuch/erster-ligaabend.md walks the organizer from the login to the signed sheets and the counted
cash box; docs/handbuch/geber.md is the dealer's page. This test does the same on the demo league
(`manage.py setup_demo`): the organizer on a laptop-sized screen, the dealer on a phone, the TV at 1280x720.
It takes a picture at every step the handbook shows, and fails if the handbook shows a picture this walk
does not make (or makes one the handbook does not show), so the pages and the pictures cannot drift apart.
Beside the pictures it writes manifest.json: what each picture was made from (tests/browser/handbook/pictures.py).

    .venv/bin/python -m tests.docs.make_pictures

writes the pictures into the handbook (redo it when a screen changes: tests/docs/test_handbook_pictures.py
says when); a plain run writes them to a temporary folder. A table played on the phone is finished through the tracker's services (shove and call),
the other on paper as the organizer types it in: only the screens are the point.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from league.models import CashCount, JackpotDeposit, Night, NightStatus, Season, Venue
from league.venues import services as venues
from tests.browser.handbook.pictures import Sources
from tests.browser.helpers import PHONE, search_settled
from tests.docs.handbook import walk_pictures
from tournaments.models import Table, TableStatus
from tournaments.tracker import services as tracker

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 800}
TV = {"width": 1280, "height": 720}
PUBLIC_URL = "http://192.168.178.23:8000"  # the laptop's address on the pub's Wi-Fi, as the QR codes show it


class Camera:
    def __init__(self, folder: Path, sources: Sources) -> None:
        self.folder = folder
        self.sources = sources
        self.taken: list[str] = []

    def page(self, page: Page, name: str, *, full: bool = False) -> None:
        page.wait_for_load_state()
        page.screenshot(path=str(self.folder / f"{name}.png"), full_page=full, animations="disabled")
        self.sources.page(page, name)
        self.taken.append(name)

    def pdf(self, page: Page, url: str, name: str, *, drawn_by: str) -> None:
        """The first page of a PDF the app prints, as the organizer sees it (pdftoppm, poppler-utils); `drawn_by`
        is the module that lays it out (a PDF renders no template)."""
        response = page.request.get(url)
        assert response.ok and response.headers["content-type"] == "application/pdf", url
        pdf = self.folder / f"{name}.pdf"
        pdf.write_bytes(response.body())
        try:
            subprocess.run(
                [
                    "pdftoppm",
                    "-png",
                    "-r",
                    "80",
                    "-f",
                    "1",
                    "-l",
                    "1",
                    "-singlefile",
                    str(pdf),
                    str(self.folder / name),
                ],
                check=True,
                timeout=60,
            )
        finally:
            pdf.unlink()
        self.sources.download(url, name, drawn_by)
        self.taken.append(name)


@pytest.fixture
def camera(tmp_path):
    folder = Path(os.environ.get("HANDBOOK_SCREENSHOTS") or tmp_path / "bilder")
    folder.mkdir(parents=True, exist_ok=True)
    with Sources(folder) as sources:
        yield Camera(folder, sources)


def _play_out(table: Table) -> None:
    """Until one player is left: the shortest stack all-in, the biggest calls, the others fold or check;
    the dealer names the biggest as the winner of every pot he is in."""
    while True:
        table.refresh_from_db()
        if table.status == TableStatus.FINISHED:
            return
        state = tracker.load_state(table)
        if not state.hand_open:
            tracker.start_hand(table=table, version=state.version)
            state = tracker.load_state(table)
        names = state.engine_names()
        stacks = {names[seat]: chips for seat, chips in state.stacks.items() if seat in names}
        leader = max(stacks, key=lambda name: (stacks[name], name))
        shover = min((name for name in stacks if name != leader), key=lambda name: (stacks[name], name))
        engine = state.engine
        while not engine.is_betting_over:
            name, verbs = engine.to_act, engine.legal_actions().verbs
            if name == shover:
                verb = next(v for v in ("allin", "call", "check") if v in verbs)
            elif name == leader:
                verb = "call" if "call" in verbs else "check"
            else:
                verb = "check" if "check" in verbs else "fold"
            tracker.record_action(table=table, version=state.version, seat_id=state.seat_by_name()[name], verb=verb)
            state = tracker.load_state(table)
            engine = state.engine
        winners = [[leader] if leader in pot.eligible else [sorted(pot.eligible)[0]] for pot in engine.pots()]
        tracker.settle(table=table, version=state.version, pot_winners=winners)


def _register(page: Page, name: str) -> None:
    search = page.get_by_label("Spieler suchen")
    expect(search).to_have_value("")
    search.press_sequentially(name, delay=20)
    search_settled(page)
    page.locator(".result", has_text=name).get_by_role("button", name="Anmelden + 10,00 € bezahlt").click()
    expect(page.get_by_role("status")).to_contain_text(f"{name} ist angemeldet.")


def test_the_handbooks_first_league_night_on_the_demo(
    page: Page, new_context, live_server, transactional_db, organizer, settings, camera, django_user_model
) -> None:
    settings.PUBLIC_URL = PUBLIC_URL
    call_command("setup_demo", stdout=io.StringIO())
    season = Season.objects.get(is_demo=True)
    night = season.nights.exclude(status=NightStatus.FINISHED).get()
    base = live_server.url
    page.set_viewport_size(LAPTOP)

    # Log in; the organizer's page, with the demo and how to remove it.
    page.goto(f"{base}/accounts/login/?next=/organizer/")
    page.get_by_label("Benutzername").fill(organizer.username)
    page.get_by_label("Passwort").fill(organizer.raw_password)
    camera.page(page, "01-anmelden")
    page.get_by_role("button", name="Einloggen").click()
    expect(page.get_by_role("heading", name="Organisator", exact=True)).to_be_visible()
    expect(page.locator("#demo")).to_contain_text("Demo-Daten")
    camera.page(page, "02-organisator")
    page.get_by_role("link", name="Demo entfernen").click()
    expect(page.get_by_role("button", name="Ja, Demo entfernen")).to_be_visible()
    camera.page(page, "03-demo-entfernen")
    page.get_by_role("link", name="Abbrechen").click()  # the walk goes on with the demo

    # A real league starts with its season and its first night: the two forms.
    page.get_by_role("link", name="Neue Saison", exact=True).click()
    expect(page.get_by_role("heading", name="Neue Saison")).to_be_visible()
    page.get_by_label("Name").fill("Freitagsliga 2027")
    camera.page(page, "04-neue-saison", full=True)
    page.goto(f"{base}/organizer/seasons/{season.pk}/nights/new/")
    expect(page.get_by_role("heading", name="Neuer Ligaabend")).to_be_visible()
    camera.page(page, "05-neuer-abend")

    # "Heute" leads through the evening: its due step's button opens the desk.
    page.get_by_role("link", name="Heute", exact=True).click()
    expect(page.locator("#due-step")).to_contain_text("Anmeldung")
    camera.page(page, "05a-heute", full=True)
    page.locator("#due-step").get_by_role("link", name="Anmeldetisch öffnen").click()

    # The desk: two fees taken, two more players registered and paid.
    expect(page.get_by_label("Spieler suchen")).to_be_visible()
    for name in ("Ines Vogel", "Jonas Richter"):
        page.locator(".entry", has_text=name).get_by_role("button", name="Gebühr erhalten").click()
        expect(page.get_by_role("status")).to_contain_text(f"Gebühr von {name} erhalten.")
    _register(page, "Katrin Neumann")
    search = page.get_by_label("Spieler suchen")
    search.press_sequentially("Lukas", delay=20)
    search_settled(page)
    expect(page.locator(".result", has_text="Lukas Schmid")).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    camera.page(page, "06-anmeldetisch")
    page.locator(".result", has_text="Lukas Schmid").get_by_role("button", name="Anmelden + 10,00 € bezahlt").click()
    expect(page.locator("#paid-count")).to_have_text("12")

    # Registration closed, the seating drawn.
    page.get_by_role("button", name="Anmeldung schließen").click()
    expect(page.get_by_role("button", name="Anmeldung öffnen")).to_be_visible()
    page.goto(f"{base}/nights/{night.pk}/seating/")
    page.get_by_role("link", name="Plätze auslosen").click()
    expect(page.get_by_role("button", name="Jetzt auslosen")).to_be_visible()
    camera.page(page, "07-auslosung")
    page.get_by_role("button", name="Jetzt auslosen").click()
    expect(page.get_by_role("status")).to_contain_text("Plätze ausgelost (Tische: 2)")
    camera.page(page, "08-sitzplan", full=True)
    tables = list(Table.objects.filter(night=night).order_by("number"))
    assert len(tables) == 2

    # Each table's first dealer, drawn with virtual cards; the QR codes for the dealers' phones.
    for table in tables:
        page.goto(f"{base}/tables/{table.pk}/")
        page.get_by_role("button", name="Virtuelle Karten ziehen").click()
        expect(page.get_by_role("status")).to_contain_text("ist 1. Geber.")
    camera.page(page, "09-erster-geber", full=True)
    camera.pdf(page, f"{base}/nights/{night.pk}/qr-codes.pdf", "10-qr-codes", drawn_by="tournaments/qr/sheet.py")

    # The clock, and the TV.
    page.goto(f"{base}/nights/{night.pk}/clock/control/")
    page.locator("#clock-panel").get_by_role("button", name="Starten", exact=True).click()
    expect(page.locator("#clock-panel")).to_have_class(re.compile(r"\bis-running\b"))
    camera.page(page, "11-uhr-steuerung", full=True)
    tv = new_context(viewport=TV).new_page()
    tv.goto(f"{base}/nights/{night.pk}/clock/")
    expect(tv.locator("#clock")).to_have_class(re.compile(r"\bis-running\b"))
    camera.page(tv, "12-tv-uhr")
    tv.close()

    # Table 1 on the dealer's phone: the first hand, an all-in, a call, the winner tapped.
    first = tables[0]
    phone = new_context(viewport=PHONE).new_page()
    phone.goto(f"{base}/dealer/{first.dealer_token}/")
    expect(phone.get_by_role("button", name="Erste Hand geben")).to_be_visible()
    camera.page(phone, "13-geber-bereit")
    phone.get_by_role("button", name="Erste Hand geben").click()
    expect(phone.get_by_role("heading", name=re.compile("ist am Zug"))).to_be_visible()
    camera.page(phone, "14-geber-hand")
    shover = tracker.load_state(first).engine.to_act
    phone.get_by_role("button", name=re.compile("^Alles setzen")).click()
    expect(phone.get_by_role("heading", name=re.compile("ist am Zug"))).not_to_contain_text(shover)
    caller = None
    while not phone.get_by_role("heading", name="Showdown").is_visible():
        state = tracker.load_state(first)
        if state.engine.is_betting_over:
            expect(phone.get_by_role("heading", name="Showdown")).to_be_visible()
            break
        to_act = state.engine.to_act
        if caller is None and len(state.engine.in_hand) == 2:
            caller = to_act  # the last one left calls
            phone.get_by_role("button", name=re.compile("^Mitgehen")).click()
        else:
            phone.get_by_role("button", name="Passen", exact=True).click()
        expect(phone.get_by_role("heading", name=re.compile(f"{re.escape(to_act)} ist am Zug"))).to_have_count(0)
    expect(phone.get_by_role("heading", name="Showdown")).to_be_visible()
    phone.get_by_role("checkbox", name=shover, exact=True).check()
    camera.page(phone, "15-geber-showdown")
    phone.get_by_role("button", name="Pots vergeben").click()
    expect(phone.get_by_role("button", name="Nächste Hand geben")).to_be_visible()
    phone.close()
    _play_out(first)  # the rest of table 1's evening, through the tracker's services

    # Table 2 played on paper: the organizer types in the places from the signed sheet.
    second = tables[1]
    page.goto(f"{base}/tables/{second.pk}/results/")
    places = page.locator("table input:not([type=hidden])")
    for place in range(places.count()):
        places.nth(place).fill(str(place + 1))
    camera.page(page, "16-papierergebnisse")
    page.get_by_role("button", name="Plätze speichern").click()
    expect(page.get_by_role("status")).to_contain_text("Die Plätze von Tisch 2 wurden gespeichert.")
    camera.page(page, "17-ergebnisse")
    camera.pdf(page, f"{base}/tables/{first.pk}/sheet.pdf", "18-platzierungsliste", drawn_by="results/sheets.py")

    # The jackpot sums paid in at the café's register, then the organizer's cash box counted.
    page.goto(f"{base}/nights/{night.pk}/jackpot/")
    camera.page(page, "19-jackpot")
    for number in (1, 2):
        page.get_by_role("button", name=re.compile("^Eingezahlt")).first.click()
        expect(page.get_by_role("status")).to_contain_text(f"Einzahlung von Tisch {number} bestätigt")
    assert JackpotDeposit.objects.filter(table__night=night).count() == 2
    page.goto(f"{base}/organizer/nights/{night.pk}/cash/")
    expected = page.locator("tr", has_text="Erwartet in der Kasse").locator("td").last.inner_text()
    page.get_by_label("Gezählter Betrag:").fill(expected.replace("\xa0€", "").strip())
    page.get_by_label("Zeuge:").fill("Maria (Wirtin)")
    page.get_by_role("button", name="Kasse des Abends abschließen").scroll_into_view_if_needed()
    camera.page(page, "20-kasse-zaehlen")
    page.get_by_role("button", name="Kasse des Abends abschließen").click()
    expect(page.get_by_role("status")).to_contain_text("die Zählung stimmt")
    assert CashCount.objects.get(night=night).difference == 0
    camera.page(page, "21-kasse-abgeschlossen")

    # The night finished; the season's table on a player's phone; at the season's end, the payout.
    page.goto(f"{base}/organizer/nights/{night.pk}/finish/")
    camera.page(page, "22-abend-beenden")
    page.get_by_role("button", name="Ja, Abend beenden").click()
    expect(page.get_by_role("status")).to_contain_text("Der Ligaabend ist beendet.")
    assert Night.objects.get(pk=night.pk).status == NightStatus.FINISHED
    standings = new_context(viewport=PHONE).new_page()
    standings.goto(f"{base}/standings/?season={season.pk}")
    expect(standings.get_by_role("heading", name=re.compile("Tabelle"))).to_be_visible()
    camera.page(standings, "23-tabelle")
    standings.close()
    page.goto(f"{base}/organizer/seasons/{season.pk}/payout/")
    expect(page.get_by_role("heading", name=re.compile("Auszahlung der Saison"))).to_be_visible()
    camera.page(page, "24-auszahlung", full=True)
    # A qualifiers' final for the demo season: the first 4 of the league with at least one night.
    Season.objects.filter(pk=season.pk).update(qualification_rule="league", qualification_top=4)
    page.goto(f"{base}/organizer/seasons/{season.pk}/qualifiers/")
    expect(page.get_by_role("button", name="Finale anlegen")).to_be_visible()
    camera.page(page, "25-finale", full=True)

    # A second pub with its landlord (docs/handbuch/mehrere-kneipen.md): the venues page with every
    # organizer's role. Last, so that every picture before shows the league of one pub it was.
    first = Venue.objects.get()
    first.name, first.address = "Zur Linde", "Lindenplatz 3"
    first.save()
    anker = Venue.objects.create(name="Zum Anker", address="Hafenstraße 1", weekday=3)
    landlord = django_user_model.objects.create_user(username="wirt-anker", password="x", is_staff=True)
    venues.hold_to_venues(user=landlord, venues=[anker])
    page.goto(f"{base}/organizer/venues/")
    expect(page.get_by_role("link", name="Rolle ändern")).to_be_visible()
    camera.page(page, "25-spielorte")

    # The handbook shows exactly the pictures this walk makes; each says what it was made from.
    assert sorted(camera.taken) == sorted(walk_pictures())
    for name in camera.taken:
        picture = camera.folder / f"{name}.png"
        assert picture.exists() and picture.stat().st_size > 5000, name
        assert camera.sources.pictures[picture.name]["made_from"], name
    camera.sources.write()
