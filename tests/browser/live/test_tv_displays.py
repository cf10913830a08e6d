"""Every TV its own screen, in German at 1920x1080 and 1280x720: two named TVs with different screens follow a
pause within a second, a rotation turns, a change made on the clock's page reaches the TV, and axe finds no
serious violation on any screen. Also the handbook's pictures of the TVs (tests/docs/make_pictures.py)."""

from __future__ import annotations

import datetime
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from league.models import Night
from tests.browser.handbook.pictures import Sources
from tests.browser.helpers import axe_or_skip, log_in, serious_violations
from tests.browser.live.tv_night import build_tv_night
from tournaments.clock import displays
from tournaments.models import TvDisplay, TvScreen

pytestmark = pytest.mark.browser

TV_SIZES = [(1920, 1080), (1280, 720)]
SCREENS = ("clock", "seating", "eliminations", "standings", "tables")


@pytest.fixture
def tv_night(transactional_db, organizer):
    return build_tv_night(organizer)


def _tv(new_context, live_server, display: TvDisplay, width: int, height: int, **context) -> Page:
    page = new_context(viewport={"width": width, "height": height}, **context).new_page()
    page.goto(f"{live_server.url}/tv/{display.key}/")
    return page


@pytest.mark.parametrize(("width", "height"), TV_SIZES)
def test_two_tvs_with_different_screens_both_follow_a_pause_within_a_second(
    new_context, live_server, organizer, tv_night, width, height
) -> None:
    bar = displays.add_display(name="Bar", screen=TvScreen.CLOCK)
    door = displays.add_display(name="Tür", screen=TvScreen.STANDINGS)
    tvs = [_tv(new_context, live_server, bar, width, height), _tv(new_context, live_server, door, width, height)]
    clocks = [tv.locator("#clock") for tv in tvs]
    expect(clocks[0]).to_have_class(re.compile(r"\bshow-clock\b"))
    expect(clocks[1]).to_have_class(re.compile(r"\bshow-standings\b"))
    expect(tvs[1].get_by_role("heading", name=re.compile("Saisontabelle"))).to_be_visible()
    for clock in clocks:
        expect(clock).to_have_class(re.compile(r"\bis-running\b"))
        expect(clock).to_have_attribute("data-live", "stream")

    controls = new_context(viewport={"width": 390, "height": 844}).new_page()
    log_in(controls, live_server, organizer, f"/nights/{tv_night.night.pk}/clock/control/")
    delays = []
    for button, state in (("Anhalten", "is-paused"), ("Fortsetzen", "is-running")):
        clicked = time.perf_counter()
        controls.locator("#clock-panel").get_by_role("button", name=button, exact=True).click()
        for clock in clocks:
            expect(clock).to_have_class(re.compile(rf"\b{state}\b"), timeout=1000)
            delays.append(time.perf_counter() - clicked)
    print(f"\n{width}x{height} organizer's tap -> both TVs: {', '.join(f'{d * 1000:.0f} ms' for d in delays)}")
    expect(clocks[1]).to_have_class(re.compile(r"\bshow-standings\b"))  # each kept its own screen


@pytest.mark.parametrize(("width", "height"), TV_SIZES)
def test_a_rotation_turns_through_the_chosen_screens_only(new_context, live_server, tv_night, width, height) -> None:
    bar = displays.add_display(
        name="Bar", screen=TvScreen.ROTATE, rotation=["clock", "standings"], seconds=displays.MIN_SECONDS
    )
    tv = _tv(new_context, live_server, bar, width, height)
    clock = tv.locator("#clock")
    expect(clock).to_have_class(re.compile(r"\bshow-clock\b"))
    shown = []
    for _turn in range(3):
        was = clock.get_attribute("data-showing")
        expect(clock).not_to_have_attribute("data-showing", was, timeout=(displays.MIN_SECONDS + 2) * 1000)
        shown.append(clock.get_attribute("data-showing"))
    assert shown == ["standings", "clock", "standings"]


def test_a_tvs_screen_changed_on_the_clocks_page_reaches_it_within_a_second(
    new_context, live_server, organizer, tv_night
) -> None:
    bar = displays.add_display(name="Bar", screen=TvScreen.CLOCK)
    door = displays.add_display(name="Tür", screen=TvScreen.CLOCK)
    tvs = [_tv(new_context, live_server, display, 1920, 1080) for display in (bar, door)]
    for tv in tvs:
        expect(tv.locator("#clock")).to_have_attribute("data-live", "stream")

    controls = new_context(viewport={"width": 1280, "height": 900}).new_page()
    log_in(controls, live_server, organizer, f"/nights/{tv_night.night.pk}/clock/control/")
    section = controls.locator(f"#tv-{bar.pk}")
    section.get_by_role("radio", name="Sitzplan", exact=True).check()
    clicked = time.perf_counter()
    section.get_by_role("button", name="Auf „Bar“ zeigen").click()
    expect(tvs[0].locator("#clock")).to_have_class(re.compile(r"\bshow-seating\b"), timeout=1000)
    print(f"\nscreen changed -> TV: {(time.perf_counter() - clicked) * 1000:.0f} ms")
    expect(tvs[0].get_by_role("heading", name=re.compile("Sitzplan"))).to_be_visible()
    expect(controls.get_by_text("„Bar“ folgt innerhalb einer Sekunde.")).to_be_visible()
    expect(tvs[1].locator("#clock")).to_have_class(re.compile(r"\bshow-clock\b"))  # the other TV stays

    # Taking turns without two screens is refused beside the field; the TV keeps showing the seating.
    section = controls.locator(f"#tv-{bar.pk}")
    section.get_by_role("radio", name="Abwechselnd", exact=True).check()
    for box in section.get_by_role("checkbox").all():
        box.uncheck()
    section.get_by_role("checkbox", name="Uhr", exact=True).check()
    section.get_by_role("button", name="Auf „Bar“ zeigen").click()
    expect(controls.locator(f"#tv-{bar.pk} .error")).to_have_text(
        "Wählen Sie mindestens zwei Bildschirme, die sich abwechseln."
    )
    expect(tvs[0].locator("#clock")).to_have_class(re.compile(r"\bshow-seating\b"))


@pytest.mark.parametrize(("width", "height"), TV_SIZES)
def test_axe_finds_no_serious_violation_on_any_screen_of_a_named_tv(
    new_context, live_server, tv_night, width, height
) -> None:
    axe_or_skip()
    bar = displays.add_display(name="Bar")
    tv = _tv(new_context, live_server, bar, width, height, bypass_csp=True)
    problems = []
    for screen in SCREENS:
        displays.change_display(display_id=bar.pk, name="Bar", screen=screen, rotation=[], seconds=20)
        expect(tv.locator("#clock")).to_have_class(re.compile(rf"\bshow-{screen}\b"), timeout=2000)
        problems += [f"{screen}: {found}" for found in serious_violations(tv)]
    Night.objects.update(status="finished")  # no night open: the TV shows the standings alone
    expect(tv.locator("[data-tv-idle]")).to_be_visible(timeout=3000)
    problems += [f"standings alone: {found}" for found in serious_violations(tv)]
    assert not problems, "\n".join(problems)
    # Read from across the room as the night's screens are (4 vh: 43 px at 1080p, 29 px at 720p).
    smallest = tv.evaluate(
        """() => Math.min(...[...document.querySelectorAll('main *')]
            .filter(el => el.childElementCount === 0 && el.textContent.trim() && el.getBoundingClientRect().height)
            .map(el => parseFloat(getComputedStyle(el).fontSize) / window.innerHeight * 100))"""
    )
    assert smallest >= 3.99, f"the standings alone at {width}x{height}: {smallest:.2f} vh"


# --- the handbook's pictures (called by the TV screenshots' walk, into the same folder and manifest) --------


def named_tv_pictures(page: Page, live_server, organizer, tv_night, folder: Path, sources: Sources) -> None:
    """The clock's page with two TVs, and a TV with no night open (the standings alone)."""
    bar = displays.add_display(name="Bar", screen=TvScreen.CLOCK)
    displays.add_display(name="Tür", screen=TvScreen.ROTATE, rotation=["clock", "standings", "tables"], seconds=20)
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, live_server, organizer, f"/nights/{tv_night.night.pk}/clock/control/")
    tvs = page.locator("#tvs")
    tvs.scroll_into_view_if_needed()
    tvs.screenshot(path=str(folder / "tv-displays-control.png"))
    sources.page(page, "tv-displays-control")
    Night.objects.update(status="finished")
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{live_server.url}/tv/{bar.key}/")
    expect(page.locator("[data-tv-idle]")).to_be_visible()
    page.screenshot(path=str(folder / "tv-standings-alone-1280x720.png"))
    sources.page(page, "tv-standings-alone-1280x720")


def test_where_the_server_refuses_event_streams_a_named_tv_polls_and_still_follows_and_moves_on(
    new_context, live_server, tv_night, monkeypatch
) -> None:
    monkeypatch.setenv("LIVE_STREAMS_PER_PROCESS", "0")  # every stream is answered 204, as under sync workers
    bar = displays.add_display(name="Bar", screen=TvScreen.CLOCK)
    tv = _tv(new_context, live_server, bar, 1280, 720)
    clock = tv.locator("#clock")
    expect(clock).to_have_attribute("data-live", "poll")
    clicked = time.perf_counter()
    displays.change_display(display_id=bar.pk, name="Bar", screen="standings", rotation=[], seconds=20)
    expect(clock).to_have_class(re.compile(r"\bshow-standings\b"), timeout=1000)
    print(f"\npolling: screen -> TV {(time.perf_counter() - clicked) * 1000:.0f} ms")
    # The night is finished: the TV moves on to the next night planned, never to an error.
    later = Night.objects.create(season=tv_night.season, date=tv_night.night.date + datetime.timedelta(days=7))
    Night.objects.exclude(pk=later.pk).update(status="finished")
    expect(clock).to_have_attribute("data-night", str(later.pk), timeout=3000)
    expect(tv.locator("#clock")).to_have_class(re.compile(r"\bshow-standings\b"))
