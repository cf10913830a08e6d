"""The whole organizer's evening, in German, on a phone, without the admin.

From a fresh install: log in, create the season and its first night, register
players at the desk (paid, pay later, the fee taken afterwards), refuse a
17-year-old, draw the seating with one unpaid entry listed, seat a walk-in
after the draw and finish the night.
"""

from __future__ import annotations

import datetime
import os

import pytest
from playwright.sync_api import Page, expect

from league.models import Entry, Night, NightStatus, Player, Season
from tests.browser.helpers import fits_the_phone, keep_screenshot, search_settled
from tournaments.models import Seat

pytestmark = pytest.mark.browser

# Set ORGANIZER_SCREENSHOTS=/some/dir to keep a screenshot of every page on the way.
SCREENSHOTS = os.environ.get("ORGANIZER_SCREENSHOTS")


def _shot(page: Page, name: str) -> None:
    keep_screenshot(page, SCREENSHOTS, name)


def _register(page: Page, name: str, button: str) -> None:
    search = page.get_by_label("Spieler suchen")
    expect(search).to_have_value("")  # the desk empties it after each registration
    search.press_sequentially(name, delay=20)  # typed, as at the desk: the results follow each key
    search_settled(page)
    page.locator(".result", has_text=name).get_by_role("button", name=button).click()
    expect(page.get_by_role("status")).to_contain_text(f"{name} ist angemeldet.")


def test_an_organizer_runs_a_whole_evening_in_german_on_a_phone(
    german_phone: Page, transactional_db, organizer
) -> None:
    page = german_phone
    for name, born in (("Anna Berger", 1985), ("Ben Schuster", 1979), ("Carla Wolf", 1990)):
        Player.objects.create(name=name, date_of_birth=datetime.date(born, 5, 1))

    # A fresh install: the home page leads to the login, then to the first season.
    page.goto("/")
    expect(page.get_by_role("heading", name="Willkommen!")).to_be_visible()
    page.get_by_role("link", name="anmelden und die Liga einrichten").click()
    page.get_by_label("Benutzername").fill(organizer.username)
    page.get_by_label("Passwort").fill(organizer.raw_password)
    page.get_by_role("button", name="Einloggen").click()
    expect(page.get_by_role("heading", name="Erste Schritte")).to_be_visible()
    _shot(page, "01-home-fresh")
    page.get_by_role("link", name="Erste Saison anlegen").click()

    # The season: its name and dates; fee, chips and blinds keep their defaults.
    today = datetime.date.today()
    expect(page.get_by_role("heading", name="Neue Saison")).to_be_visible()
    page.get_by_label("Name").fill("Wintersaison")
    page.get_by_label("erster Tag").fill((today - datetime.timedelta(days=7)).isoformat())
    page.get_by_label("letzter Tag").fill((today + datetime.timedelta(days=120)).isoformat())
    expect(page.get_by_label("Startgebühr")).to_have_value("10,00")
    page.get_by_label("Pause nach je … Stufen").fill("4")
    fits_the_phone(page)
    _shot(page, "02-season-new")
    page.get_by_role("button", name="Speichern").click()

    # Its first night, on the suggested league weekday.
    expect(page.get_by_role("status")).to_contain_text("„Wintersaison“ angelegt")
    expect(page.get_by_role("heading", name="Neuer Ligaabend")).to_be_visible()
    fits_the_phone(page)
    _shot(page, "03-night-new")
    page.get_by_role("button", name="Ligaabend anlegen").click()
    expect(page.get_by_role("heading", name="Anmeldetisch")).to_be_visible()
    season = Season.objects.get()
    night = Night.objects.get()
    assert night.date.weekday() == season.weekday == 2 and season.break_every_levels == 4

    # The desk: one paid at once, two who pay later; one of them pays now.
    _register(page, "Anna Berger", "Anmelden + 10,00 € bezahlt")
    _register(page, "Ben Schuster", "Anmelden, später bezahlen")
    _register(page, "Carla Wolf", "Anmelden, später bezahlen")
    page.locator(".entry", has_text="Ben Schuster").get_by_role("button", name="Gebühr erhalten").click()
    expect(page.locator("#paid-count")).to_have_text("2")
    expect(page.locator("#fees-total")).to_have_text("20,00\xa0€")

    # A 17-year-old is refused and nothing is saved.
    page.get_by_text("Neuer Spieler", exact=True).click()
    page.locator("#new-player").get_by_label("Name:", exact=True).fill("Kevin Jung")
    page.get_by_label("Geburtsdatum").fill(night.date.replace(year=night.date.year - 17).isoformat())
    page.get_by_role("button", name="Speichern und anmelden").click()
    expect(page.locator("#new-player .error")).to_contain_text("Unter 18")
    assert not Player.objects.filter(name="Kevin Jung").exists()
    expect(page.locator("#entry-count")).to_have_text("3")
    fits_the_phone(page)
    _shot(page, "04-desk")

    # The draw lists Carla, who has not paid, and seats the two who did.
    page.get_by_role("link", name="Platzverlosung").click()
    page.get_by_role("link", name="Plätze auslosen").click()
    unpaid = page.locator("#unpaid-at-draw")
    expect(unpaid).to_contain_text("1 Anmeldung hat nicht bezahlt und bekommt keinen Platz:")
    expect(unpaid).to_contain_text("Carla Wolf")
    fits_the_phone(page)
    _shot(page, "05-draw-confirm")
    page.get_by_role("button", name="Jetzt auslosen").click()
    expect(page.get_by_role("status")).to_contain_text("Plätze ausgelost")
    expect(page.locator("#unseated")).to_contain_text("Carla Wolf")
    assert Seat.objects.count() == 2

    # A walk-in after the draw joins the table that has not started.
    page.get_by_text("Nachzügler: neuer Spieler nach der Auslosung").click()
    walk_in = page.locator("#walk-in")
    walk_in.get_by_label("Name:", exact=True).fill("Walter Neu")
    walk_in.get_by_label("Geburtsdatum").fill("1991-03-04")
    expect(walk_in.get_by_label("Gebühr")).to_have_value("10,00")
    fits_the_phone(page)
    _shot(page, "06-seating-walk-in")
    walk_in.get_by_role("button", name="Anmelden und setzen").click()
    expect(page.get_by_role("status")).to_contain_text("Walter Neu kommt an Tisch 1, Sitz 3.")
    walter = Entry.objects.get(player__name="Walter Neu")
    assert walter.fee_paid == 10 and walter.seat.late_entry

    # Finishing asks first; the table has not played, so that needs its own confirmation.
    page.get_by_role("link", name="Abend beenden …").click()
    expect(page.get_by_role("heading", name="Den Abend beenden?")).to_be_visible()
    expect(page.get_by_text("Diese Tische haben noch keinen Sieger:")).to_be_visible()
    fits_the_phone(page)
    _shot(page, "07-finish")
    page.get_by_role("button", name="Ja, Abend beenden").click()
    expect(page.locator(".error")).to_contain_text("Noch nicht fertig: Tisch 1.")
    night.refresh_from_db()
    assert night.status == NightStatus.SEATED
    page.get_by_label("Ja, den Abend beenden, obwohl ein Tisch noch keinen Sieger hat").check()
    page.get_by_role("button", name="Ja, Abend beenden").click()
    expect(page.get_by_role("status")).to_contain_text("Der Ligaabend ist beendet.")
    night.refresh_from_db()
    assert night.status == NightStatus.FINISHED
    assert "/admin/" not in page.url


def test_frozen_settings_and_another_weekday_are_explained_in_german(
    german_phone: Page, transactional_db, organizer
) -> None:
    from decimal import Decimal

    from league.desk import services
    from tournaments.floor import services as night_services

    page = german_phone
    today = datetime.date.today()
    season = Season.objects.create(
        name="Frühjahr",
        start_date=today - datetime.timedelta(days=30),
        end_date=today + datetime.timedelta(days=90),
        weekday=2,
    )
    night = Night.objects.create(season=season, date=today - datetime.timedelta(days=(today.weekday() - 2) % 7))
    for name in ("Anna Berger", "Ben Schuster"):
        player = Player.objects.create(name=name, date_of_birth=datetime.date(1980, 1, 1))
        services.register_player(night=night, player=player, by=organizer, fee=Decimal("10.00"))
    night_services.draw_seating(night=night)

    page.goto("/accounts/login/?next=/organizer/")
    page.get_by_label("Benutzername").fill(organizer.username)
    page.get_by_label("Passwort").fill(organizer.raw_password)
    page.get_by_role("button", name="Einloggen").click()
    expect(page.get_by_role("heading", name="Organisator", exact=True)).to_be_visible()
    fits_the_phone(page)
    _shot(page, "10-organizer-home")

    page.get_by_role("link", name="Saison-Einstellungen").click()
    expect(page.get_by_text("gesperrt: In dieser Saison wurde schon ausgelost").first).to_be_visible()
    # A stale form (or a forced value) is refused by name, and nothing changes.
    page.get_by_label("Startjetons").evaluate("input => { input.readOnly = false; input.value = '3000'; }")
    page.get_by_role("button", name="Speichern").click()
    expect(page.locator(".error")).to_contain_text("„Startjetons“ kann nicht mehr geändert werden")
    fits_the_phone(page)
    _shot(page, "11-season-frozen")
    season.refresh_from_db()
    assert season.starting_stack == 1500

    page.goto(f"/organizer/seasons/{season.pk}/nights/new/")
    thursday = night.date + datetime.timedelta(days=8)
    page.get_by_label("Datum").fill(thursday.isoformat())
    page.get_by_role("button", name="Ligaabend anlegen").click()
    expect(page.get_by_role("alert")).to_contain_text("ist kein Mittwoch")
    fits_the_phone(page)
    _shot(page, "12-night-other-weekday")
    assert Night.objects.count() == 1
    page.get_by_role("button", name="Ja, an diesem Tag anlegen").click()
    expect(page.get_by_role("heading", name="Anmeldetisch")).to_be_visible()
    assert Night.objects.filter(date=thursday).exists()
    page.get_by_role("button", name="Anmeldung schließen").click()
    expect(page.get_by_role("button", name="Anmeldung öffnen")).to_be_visible()
    _shot(page, "13-desk-closed")
