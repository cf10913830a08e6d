"""A league's own rules, clicked through in German on a phone (390x844), the TV's keys at 1920x1080: a blind
structure copied from a template and edited, a hand dealt with its ante, a points formula typed with its live
preview (and refused when hostile), the player list imported from German Excel, and the clock's keys."""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from league.models import Night, Player, Season
from tests.browser.helpers import fits_the_phone, log_in, wait_until
from tests.tournaments.conftest import table_of
from tournaments.clock import services as clock_control
from tournaments.models import ClockState, Hand
from tournaments.poker import structure

pytestmark = pytest.mark.browser

DAY = datetime.date(2026, 11, 25)
ONE_MINUTE_ADDED = "Eine Minute hinzugefügt."


@pytest.fixture
def season(transactional_db) -> Season:
    return Season.objects.create(
        name="Saison Test", start_date=DAY - datetime.timedelta(days=60), end_date=DAY + datetime.timedelta(days=90)
    )


def test_the_organizer_copies_a_template_edits_the_levels_and_a_bad_level_is_refused(
    german_phone: Page, live_server, organizer, season
):
    page = german_phone
    url = f"/organizer/seasons/{season.pk}/blinds/"
    log_in(page, live_server, organizer, url)
    expect(page.get_by_role("heading", name=re.compile("^Blindstruktur"))).to_be_visible()
    page.get_by_label("Klassisch: 20 Minuten, Antes ab Stufe 5").check()
    page.get_by_role("button", name="Vorlage übernehmen").click()
    expect(page.get_by_text("Vorlage übernommen")).to_be_visible()

    def cell(level: int, label: str):
        return page.get_by_label(f"Stufe {level}: {label}", exact=True)

    expect(cell(2, "Big Blind")).to_have_value("100")
    fits_the_phone(page)
    cell(2, "Small Blind").fill("25")  # the blinds of level 1 again, and no ante: not a level
    cell(2, "Big Blind").fill("50")
    page.get_by_role("button", name="Struktur speichern", exact=True).click()
    expect(
        page.get_by_text("Stufe 2: gleiche Blinds wie die Stufe davor: die Blinds erhöhen oder das Ante über 0.")
    ).to_be_visible()
    assert Season.objects.get().blind_structure == ""
    cell(2, "Small Blind").fill("50")
    cell(2, "Big Blind").fill("100")
    cell(5, "Ante").fill("30")
    cell(4, "Hinweis auf dem TV").fill("Farbwechsel: 25er raus")
    page.get_by_role("button", name="Struktur speichern", exact=True).click()
    expect(page.get_by_text("Blindstruktur gespeichert")).to_be_visible()
    kept = structure.from_text(Season.objects.get().blind_structure)
    assert kept.levels[4] == structure.Level(150, 300, 30, 20)
    assert kept.break_after(4) == structure.Break(4, 10, "Farbwechsel: 25er raus")
    expect(page.locator(".structure-timeline")).to_contain_text("Pause: Farbwechsel: 25er raus")
    fits_the_phone(page)


def test_a_dealt_hand_posts_the_antes_of_the_season_s_structure(
    german_phone: Page, live_server, organizer, transactional_db
):
    table = table_of({"Anna": 1500, "Ben": 1500, "Carl": 1500}, organizer)
    Season.objects.update(
        blind_structure=structure.Structure(
            (structure.Level(25, 50, 10, 15), structure.Level(50, 100, 20, 15)), (), "double", "each"
        ).to_text()
    )
    page = german_phone
    page.goto(f"{live_server.url}/dealer/{table.dealer_token}/")
    page.get_by_role("button", name="Erste Hand geben").click()
    expect(page.locator(".tracker-sub .blinds")).to_contain_text("Stufe 1: 25/50 · Ante 10")
    assert (Hand.objects.get().ante, Hand.objects.get().ante_by) == (10, "each")
    # Anna on the button is first to act, with 1,490 behind after her ante.
    expect(page.get_by_text("1.490").first).to_be_visible()
    fits_the_phone(page)


def test_a_formula_previews_as_it_is_typed_and_hostile_text_saves_nothing(
    german_phone: Page, live_server, organizer, season
):
    page = german_phone
    log_in(page, live_server, organizer, f"/seasons/{season.pk}/points-scheme/")
    page.get_by_label("Punkteschema").select_option("formula")
    formula = page.locator("#id_points_formula")
    formula.fill("log((n + 1) / r)")
    table = page.locator("#points-table")
    expect(table).to_contain_text("1,95")  # ln 7, to hundredths, written the German way
    expect(table).to_contain_text("0,15")
    formula.fill("__import__('os')")
    expect(table).to_contain_text("„__import__“ ist keine Funktion der Formel")
    beside = page.locator("#formula-live-error")
    expect(beside).to_contain_text("„__import__“ ist keine Funktion der Formel")
    field, error = formula.bounding_box(), beside.bounding_box()
    assert 0 <= error["y"] - (field["y"] + field["height"]) < 40  # right below the field, in view while typing
    page.get_by_role("button", name="Speichern").click()
    expect(page.get_by_text("„__import__“ ist keine Funktion der Formel").first).to_be_visible()
    assert Season.objects.get().points_formula == ""
    formula.fill("p-f+1+(f==1?5:0)")  # Blind Valet's, as it writes it
    expect(table.locator("tbody tr").first).to_contain_text("11")
    expect(beside).to_be_empty()
    formula.fill("n - r + 1 + (5 if r == 1 else 0)")
    page.get_by_label("Punkte pro Knockout").fill("0,5")
    page.get_by_label("Zählende Abende").fill("4")
    expect(table).to_contain_text("Dazu 0,5 Punkte für jeden rausgeworfenen Spieler.")
    expect(table.locator("tbody tr").first).to_contain_text("11")  # a table of 6: 6 + 5 for the winner
    fits_the_phone(page)
    page.get_by_role("button", name="Speichern").click()
    expect(page).to_have_url(re.compile(r"/standings/"))
    saved = Season.objects.get()
    assert (saved.points_scheme, saved.points_formula, saved.knockout_points, saved.best_nights) == (
        "formula",
        "n - r + 1 + (5 if r == 1 else 0)",
        Decimal("0.5"),
        4,
    )


def test_the_player_list_imports_from_german_excel_with_a_preview(
    german_phone: Page, live_server, organizer, transactional_db, tmp_path
):
    Player.objects.create(name="Anna Müller", date_of_birth=datetime.date(1990, 11, 27))
    Player.objects.create(name="Jürgen Weiss", date_of_birth=datetime.date(1975, 2, 1))
    sheet = tmp_path / "spieler.csv"
    sheet.write_bytes(
        (
            "Name;Spitzname;Geburtsdatum;Kontakt;Ausweis geprüft (18+)\r\n"
            "Anna Müller;;27.11.1990;;\r\n"  # already in the league
            "Jürgen Weiß;;1.2.1975;;ja\r\n"  # similar: Weiss
            "Özlem Öztürk;Özi;03.04.1988;;\r\n"
            "Björn Schäfer;;;;ja\r\n"
        ).encode("cp1252")
    )
    page = german_phone
    log_in(page, live_server, organizer, "/organizer/players/")
    page.get_by_label("Datei (CSV, XLSX, ODS)").set_input_files(str(sheet))
    page.get_by_role("button", name="Datei prüfen").click()
    expect(page.locator("#count-new")).to_have_text("2")
    expect(page.locator("#count-duplicate")).to_have_text("1")
    expect(page.locator("#count-similar")).to_have_text("1")
    expect(page.get_by_text("Gelesen als cp1252")).to_be_visible()
    expect(page.get_by_text("ähnlich wie Jürgen Weiss: trotzdem importieren")).to_be_visible()
    assert Player.objects.count() == 2
    fits_the_phone(page)
    page.get_by_role("button", name="2 neue Spieler importieren").click()
    expect(page.get_by_text("2 Spieler importiert.")).to_be_visible()
    assert sorted(Player.objects.values_list("name", flat=True)) == [
        "Anna Müller",
        "Björn Schäfer",
        "Jürgen Weiss",
        "Özlem Öztürk",
    ]
    with page.expect_download() as download:
        page.get_by_role("link", name="CSV (Excel)").click()
    assert "Özlem Öztürk;Özi;03.04.1988" in download.value.path().read_bytes().decode("utf-8-sig")


@pytest.fixture
def tv_night(season) -> Night:
    night = Night.objects.create(season=season, date=DAY)
    clock_control.start_clock(night=night)
    return night


def _clock(night: Night) -> ClockState:
    return ClockState.objects.get(night=night)


def test_the_tv_s_keys_run_the_clock_for_a_logged_in_organizer(page: Page, live_server, organizer, tv_night):
    page.set_viewport_size({"width": 1920, "height": 1080})
    log_in(page, live_server, organizer, "/organizer/")
    page.goto(f"{live_server.url}/nights/{tv_night.pk}/clock/?sync=1")
    clock = page.locator("#clock")
    expect(clock).to_have_class(re.compile("is-running"))
    page.keyboard.press("?")
    help_box = page.get_by_role("dialog", name="Tastenkürzel")
    expect(help_box).to_be_visible()
    expect(help_box).to_contain_text("Leertaste")
    expect(help_box).to_contain_text("Pause und weiter (Start)")
    font = page.evaluate("parseFloat(getComputedStyle(document.querySelector('[data-clock-keys-help]')).fontSize)")
    assert font >= 0.04 * 1080 - 0.5  # the TV's smallest text: 4 vh
    page.keyboard.press("Escape")
    expect(help_box).to_be_hidden()
    page.keyboard.press(" ")
    expect(clock).to_have_class(re.compile("is-paused"))
    assert _clock(tv_night).running_since is None
    page.keyboard.press(" ")
    expect(clock).to_have_class(re.compile("is-running"))
    page.keyboard.press("ArrowRight")
    expect(page.locator("#clock [data-clock-field=level]").first).to_have_text("2")
    assert _clock(tv_night).level == 2
    page.once("dialog", lambda dialog: dialog.accept())
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#clock [data-clock-field=level]").first).to_have_text("1")
    before = _clock(tv_night).elapsed
    page.keyboard.press("+")
    expect(page.locator("[data-clock-keys-note]")).to_have_text(ONE_MINUTE_ADDED)
    for _ in range(40):
        if _clock(tv_night).elapsed != before:
            break
        page.wait_for_timeout(50)
    assert _clock(tv_night).elapsed < before  # a minute added: less of the level used
    page.keyboard.press("-")
    expect(page.locator("[data-clock-keys-note]")).to_have_text("Eine Minute abgezogen.")
    page.keyboard.press("m")
    expect(clock).to_have_attribute("data-muted", "true")
    expect(page.locator("[data-clock-keys-note]")).to_have_text("Ton aus")
    page.keyboard.press("m")
    expect(clock).to_have_attribute("data-muted", "false")
    page.keyboard.press("f")
    wait_until(page, "!!document.fullscreenElement")
    page.keyboard.press("f")
    wait_until(page, "!document.fullscreenElement")


def test_without_a_login_the_tv_s_keys_say_so_and_change_nothing(page: Page, live_server, tv_night):
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/nights/{tv_night.pk}/clock/")
    page.keyboard.press(" ")
    expect(page.locator("[data-clock-keys-note]")).to_contain_text("als Veranstalter anmelden")
    assert _clock(tv_night).running_since is not None


def test_the_control_page_s_keys_press_its_own_buttons(german_phone: Page, live_server, organizer, tv_night):
    page = german_phone
    log_in(page, live_server, organizer, f"/nights/{tv_night.pk}/clock/control/")
    panel = page.locator("#clock-panel")
    expect(panel).to_have_class(re.compile("is-running"))
    page.keyboard.press(" ")
    expect(page.locator("#clock-panel")).to_have_class(re.compile("is-paused"))
    assert _clock(tv_night).running_since is None
    page.keyboard.press("ArrowRight")
    expect(page.locator("#clock-panel [data-clock-field=level]").first).to_have_text("2")
    page.keyboard.press("?")
    expect(page.get_by_role("dialog", name="Tastenkürzel")).to_be_visible()
    fits_the_phone(page)


def test_a_paper_table_s_knockouts_and_the_best_nights_show_in_the_standings(
    german_phone: Page, live_server, organizer, season
):
    from tests.results.test_league_rules import paper_night

    Season.objects.filter(pk=season.pk).update(best_nights=1, knockout_points=Decimal("1"))
    season.refresh_from_db()
    players = [
        Player.objects.create(name=name, date_of_birth=datetime.date(1980, 1, k + 1))
        for k, name in enumerate(("Anna", "Ben", "Carl"))
    ]
    paper_night(season, DAY - datetime.timedelta(weeks=2), players, (1, 2, 3), (2, 0, 0), organizer)  # Anna 3 + 2
    night = Night.objects.create(season=season, date=DAY - datetime.timedelta(weeks=1))
    from league.desk import services as desk
    from tests.tournaments.conftest import FEE
    from tournaments.models import Seat, Table

    table = Table.objects.create(night=night, number=1)
    for position, player in enumerate(players, start=1):
        Seat.objects.create(
            table=table,
            entry=desk.register_player(night=night, player=player, by=organizer, fee=FEE),
            position=position,
            starting_stack=1500,
        )
    Night.objects.filter(pk=night.pk).update(status="seated")
    page = german_phone
    log_in(page, live_server, organizer, f"/tables/{table.pk}/results/")
    for name, place, knockouts in (("Anna", "3", ""), ("Ben", "1", "2"), ("Carl", "2", "")):
        page.get_by_label(f"Platz von {name}").fill(place)
        page.get_by_label(f"Knockouts von {name}").fill(knockouts)
    fits_the_phone(page)
    page.get_by_role("button", name="Plätze speichern").click()
    page.goto(f"{live_server.url}/standings/?season={season.pk}")
    standings = page.locator("#standings")
    # Anna: her best night 5 (3 + 2 KOs), the 1 of the second night does not count; Ben: 3 + 2 = 5 beats his 2.
    # Body rows only: the head's hidden "Seit dem letzten Ligaabend" holds "ben" too.
    expect(standings.locator("tbody tr", has_text="Anna")).to_contain_text("5")
    expect(standings.locator("tbody tr", has_text="Anna")).to_contain_text("1 zählt nicht")
    expect(standings.locator("tbody tr", has_text="Ben")).to_contain_text("1 zählt nicht")
    expect(page.get_by_text("Nur der beste Abend jedes Spielers zählt.")).to_be_visible()
    fits_the_phone(page)
    page.get_by_role("link", name="Anna").first.click()
    expect(page.locator("tr.not-counted")).to_have_count(1)
    expect(page.locator("tr.not-counted")).to_contain_text("zählt nicht")
    fits_the_phone(page)


def test_the_tv_shows_the_structure_s_ante_and_none_where_a_level_has_none(page: Page, live_server, season):
    """At 1920x1080 in German: the ante beside the blinds, the next level's only where it has one (a TV rule
    once outweighed the hiding and showed "· Ante 0"), the list of levels with theirs."""
    Season.objects.filter(pk=season.pk).update(
        blind_structure=structure.Structure(
            (structure.Level(25, 50, 10, 15), structure.Level(50, 100, 0, 15), structure.Level(75, 150, 25, 15)),
            (),
            "double",
            "each",
        ).to_text()
    )
    night = Night.objects.create(season=season, date=DAY)
    clock_control.start_clock(night=night)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/nights/{night.pk}/clock/")
    reading = page.locator("[data-screen=clock]")
    expect(reading.locator(".clock-now .clock-ante")).to_have_text(re.compile(r"^\s*Ante\s+10\s*$"))
    expect(reading.locator(".clock-next .when-next-ante")).to_be_hidden()
    expect(reading.locator("[data-tv-levels] li.current")).to_have_text("1 · 25/50/10")
    font = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.clock-now .clock-ante')).fontSize)")
    assert font >= 0.04 * 1080 - 0.5  # the TV's smallest text: 4 vh
    clock_control.next_level(night=night)  # the TV follows within its sync
    expect(reading.locator("[data-clock-field=level]").first).to_have_text("2", timeout=15000)
    expect(reading.locator(".clock-now .clock-ante")).to_be_hidden()
    expect(reading.locator(".clock-next .when-next-ante")).to_be_visible()
    expect(reading.locator(".clock-next .when-next-ante")).to_contain_text("Ante 25")
