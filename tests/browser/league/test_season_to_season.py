"""From one season to the next, in German on a 1366x768 laptop: a 14-level structure with an ante level at equal
blinds, typed in the compact grid and kept under a name; a second season made like the first in one step; the
saved structure reused in a third; and the ante level on the TV clock."""

import datetime
import re
from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from league.models import Night, SavedStructure, Season
from tests.browser.helpers import log_in
from tournaments.clock import services as clock_control
from tournaments.poker import structure

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}
# 14 levels; level 5 brings an ante at the blinds of level 4 (as TD3 writes it); breaks after levels 4 and 9.
LEVELS = [
    (25, 50, 0),
    (50, 100, 0),
    (75, 150, 0),
    (100, 200, 0),
    (100, 200, 25),
    (150, 300, 25),
    (200, 400, 50),
    (300, 600, 75),
    (400, 800, 100),
    (500, 1000, 100),
    (600, 1200, 200),
    (800, 1600, 200),
    (1000, 2000, 300),
    (1500, 3000, 400),
]


@pytest.fixture
def first_season(transactional_db) -> Season:
    return Season.objects.create(
        name="Herbst 2026",
        start_date=datetime.date(2026, 9, 1),
        end_date=datetime.date(2026, 12, 31),
        entry_fee=Decimal("15.00"),
        jackpot_share=Decimal("3.00"),
        starting_stack=3000,
        points_scheme="fixed",
        fixed_points="12,8,5,3,2,1",
        best_nights=8,
        knockout_points=Decimal("1.5"),
        jackpot_payout_split="60,40",
        tie_rule="best",
        break_every_levels=0,
    )


def test_a_season_like_the_last_and_a_saved_structure_carry_over_and_the_ante_level_runs_on_the_tv(
    page: Page, live_server, organizer, first_season
) -> None:
    page.set_viewport_size(LAPTOP)
    log_in(page, live_server, organizer, f"/organizer/seasons/{first_season.pk}/blinds/")

    # The grid: 14 levels fit the laptop's screen.
    grid = page.locator("table.structure-grid")
    for number, (small, big, ante) in enumerate(LEVELS, start=1):
        page.locator(f"[name=small_{number}]").fill(str(small))
        page.locator(f"[name=big_{number}]").fill(str(big))
        page.locator(f"[name=ante_{number}]").fill(str(ante) if ante else "")
        page.locator(f"[name=minutes_{number}]").fill("20")
    page.locator("[name=break_minutes_4]").fill("10")
    page.locator("[name=note_4]").fill("Farbwechsel: die 25er gehen")
    page.locator("[name=break_minutes_9]").fill("15")
    rows = grid.locator("tbody tr")
    expect(rows).to_have_count(14)
    box = grid.bounding_box()
    assert box["height"] <= LAPTOP["height"], box
    assert (
        rows.nth(13).bounding_box()["y"] + rows.nth(13).bounding_box()["height"] - rows.nth(0).bounding_box()["y"] < 560
    )
    page.get_by_role("button", name="Struktur speichern", exact=True).click()
    expect(page.get_by_text("Blindstruktur gespeichert: jeder Abend der Saison folgt ihr.")).to_be_visible()
    first_season.refresh_from_db()
    kept = structure.from_text(first_season.blind_structure)
    assert [(lv.small, lv.big, lv.ante) for lv in kept.levels] == LEVELS

    # Kept under a name for other seasons.
    page.get_by_label("Name der Struktur").fill("Clubabend 14 Stufen")
    page.get_by_role("button", name="Unter diesem Namen speichern").click()
    expect(page.get_by_text("„Clubabend 14 Stufen“ gespeichert")).to_be_visible()

    # A second season like the first, in one step: everything carried over, the fee changed before saving.
    page.goto(f"{live_server.url}/organizer/")
    page.get_by_role("link", name="Neue Saison wie die letzte").click()
    expect(page.get_by_text("Alle Einstellungen sind von „Herbst 2026“ übernommen")).to_be_visible()
    expect(page.get_by_label("Die Blindstruktur von „Herbst 2026“ spielen")).to_be_checked()
    page.locator("#id_name").fill("Frühjahr 2027")
    page.locator("#id_entry_fee").fill("12")
    page.get_by_role("button", name="Speichern", exact=True).click()
    page.wait_for_url(re.compile(r"/nights/new/"))
    second = Season.objects.get(name="Frühjahr 2027")
    assert second.blind_structure == first_season.blind_structure
    assert (second.start_date, second.end_date) == (datetime.date(2027, 1, 1), datetime.date(2027, 5, 2))
    assert (second.entry_fee, second.jackpot_share, second.starting_stack) == (Decimal("12.00"), Decimal("3.00"), 3000)
    assert (second.points_scheme, second.fixed_points, second.best_nights, second.knockout_points) == (
        "fixed",
        "12,8,5,3,2,1",
        8,
        Decimal("1.50"),
    )
    assert (second.jackpot_payout_split, second.tie_rule) == ("60,40", "best")

    # A third season, made plainly, starts from the saved structure.
    page.goto(f"{live_server.url}/organizer/seasons/new/")
    page.locator("#id_name").fill("Sommer 2027")
    page.locator("#id_start_date").fill("2027-06-01")
    page.locator("#id_end_date").fill("2027-08-31")
    page.get_by_role("button", name="Speichern", exact=True).click()
    page.wait_for_url(re.compile(r"/nights/new/"))
    third = Season.objects.get(name="Sommer 2027")
    assert third.blind_structure == ""
    page.goto(f"{live_server.url}/organizer/seasons/{third.pk}/blinds/")
    page.get_by_role("radio", name="Clubabend 14 Stufen").check()
    page.get_by_role("button", name="Vorlage übernehmen").click()
    expect(page.locator("[name=ante_5]")).to_have_value("25")
    page.get_by_role("button", name="Struktur speichern", exact=True).click()
    expect(page.get_by_text("Blindstruktur gespeichert: jeder Abend der Saison folgt ihr.")).to_be_visible()
    third.refresh_from_db()
    assert third.blind_structure == SavedStructure.objects.get().levels

    # The ante level at equal blinds on the TV: level 5 shows 100/200 with an ante of 25.
    night = Night.objects.create(season=third, date=datetime.date(2027, 6, 2))
    clock_control.start_clock(night=night)
    for _ in range(8):  # through the break after level 4
        state = clock_control.clock_for(night)
        if (state.level, state.on_break) == (5, False):
            break
        clock_control.next_level(night=night)
    assert (clock_control.clock_for(night).level, clock_control.clock_for(night).on_break) == (5, False)
    tv = page.context.new_page()
    tv.set_viewport_size({"width": 1920, "height": 1080})
    tv.goto(f"{live_server.url}/nights/{night.pk}/clock/")
    clock = tv.locator("#clock")
    expect(tv.locator(".clock-stage")).to_have_text(re.compile(r"Stufe\s+5"))
    expect(clock.locator("[data-clock-field=small]")).to_have_text("100")
    expect(clock.locator("[data-clock-field=big]")).to_have_text("200")
    expect(clock.locator("[data-clock-field=ante]")).to_have_text("25")
