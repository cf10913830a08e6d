"""The TV follows the organizer within a second and the tracker after each hand; the rail follows a table within
two seconds and never shows a card the table has not seen. Also the screenshots docs/design.md's TV section shows."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.handbook.pictures import Sources
from tests.browser.helpers import log_in
from tests.browser.live.test_tv_club_clock import club_clock_pictures
from tests.browser.live.test_tv_displays import named_tv_pictures
from tests.browser.live.test_tv_live_tables import six_live_tables_picture
from tests.browser.live.tv_night import act, build_tv_night, bust_one, settle, start
from tournaments.clock import services as clock_control
from tournaments.models import TvScreen
from tournaments.tracker import services as tracker

pytestmark = pytest.mark.browser

# docs/design.md's and the handbook's TV pictures are refreshed on demand, with the handbook's (`python -m
# tests.docs.make_pictures` sets TV_SCREENSHOTS=docs/screenshots); a plain run writes to a temporary folder.
DOCS_SCREENSHOTS = os.environ.get("TV_SCREENSHOTS")
TV_SIZES = [(1920, 1080), (1280, 720)]


@pytest.fixture
def tv_night(transactional_db, organizer):
    return build_tv_night(organizer)


def test_a_pause_reaches_the_tv_within_a_second(page: Page, new_context, live_server, organizer, tv_night) -> None:
    night = tv_night.night
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{live_server.url}/nights/{night.pk}/clock/")
    clock = page.locator("#clock")
    expect(clock).to_have_class(re.compile(r"\bis-running\b"))
    expect(clock).to_have_attribute("data-live", "stream")  # EventSource, allowed by the CSP (connect-src 'self')

    controls = new_context(viewport={"width": 390, "height": 844}).new_page()
    log_in(controls, live_server, organizer, f"/nights/{night.pk}/clock/control/")
    expect(controls.locator("#clock-panel")).to_have_class(re.compile(r"\bis-running\b"))
    delays = []
    for button, state in (("Anhalten", "is-paused"), ("Fortsetzen", "is-running"), ("Anhalten", "is-paused")):
        clicked = time.perf_counter()
        controls.locator("#clock-panel").get_by_role("button", name=button, exact=True).click()
        # Within a second of the tap, measured from the click (the organizer's own request included).
        expect(clock).to_have_class(re.compile(rf"\b{state}\b"), timeout=1000)
        delays.append(time.perf_counter() - clicked)
    print(f"\norganizer's tap -> TV: {', '.join(f'{d * 1000:.0f} ms' for d in delays)}")
    expect(page.locator(".clock-status")).to_contain_text("Angehalten")

    # The announcement line and the screen the organizer chooses follow just as fast.
    controls.get_by_role("textbox", name="Ansagezeile").fill("Pizza ist da!")
    controls.locator("#clock-panel").get_by_label("Sitzplan", exact=True).check()
    clicked = time.perf_counter()
    controls.get_by_role("button", name="Auf dem TV zeigen").click()
    expect(page.locator("[data-tv-field=announcement]")).to_have_text("Pizza ist da!", timeout=1000)
    expect(clock).to_have_class(re.compile(r"\bshow-seating\b"), timeout=1000)
    print(f"announcement and screen -> TV: {(time.perf_counter() - clicked) * 1000:.0f} ms")
    expect(page.get_by_role("heading", name=re.compile("Sitzplan"))).to_be_visible()
    controls.context.close()


def test_the_level_list_average_stack_and_players_left_follow_the_tracker(page: Page, live_server, tv_night) -> None:
    night = tv_night.night
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/nights/{night.pk}/clock/")
    players = page.locator("[data-tv-field=players-left]")
    average = page.locator("[data-tv-field=average]")
    chips = page.locator("[data-tv-field=chips]")
    current = page.locator("[data-tv-levels] li.current")
    expect(players).to_have_text("28")
    expect(page.locator("[data-tv-field=players-started]")).to_have_text("28")
    expect(average).to_have_text("1.500")
    expect(chips).to_have_text("42.000")
    expect(current).to_have_text(re.compile(r"^1 · 25/50"))
    expect(page.locator("[data-tv-field=jackpot]")).to_contain_text("70,00")  # 28 shares of 2,50 €
    expect(page.locator("[data-tv-field=break-in]")).to_have_text(re.compile(r"^\d+:\d\d:\d\d$|^\d+:\d\d$"))

    bust_one(tv_night.tables[0])  # a hand on the tracker: one player out at table 1
    expect(players).to_have_text("27", timeout=5000)  # figures follow a tap within 3 s
    expect(average).to_have_text("1.555")  # 42.000 chips among 27 players
    expect(chips).to_have_text("42.000")

    # A hand at table 2 starts a level later: the blinds came from the clock, and the list moved on.
    clock_control.next_level(night=night)
    expect(current).to_have_text(re.compile(r"^2 · 50/100"), timeout=1000)
    expect(page.locator("[data-tv-levels] li.done")).to_have_text(re.compile(r"^1 · 25/50"))
    start(tv_night.tables[1])
    assert tracker.load_state(tv_night.tables[1]).hand.big_blind == 100
    # The list holds the level done, the current one and those to come, as many as stand above the QR code.
    expect(page.locator("[data-tv-levels] li").nth(5)).to_be_attached()


@pytest.mark.parametrize("browser_language", ["de"])
def test_the_rail_shows_an_action_within_two_seconds_and_never_a_hidden_hole_card(
    page: Page, live_server, tv_night, browser_language
) -> None:
    table = tv_night.tables[1]
    start(table)
    engine = tracker.load_state(table).engine
    names = list(engine.names)
    # The dealer types every hole card and the whole board at once, before a single card is shown.
    holes = dict(zip(names, ["As Ah", "Ks Kh", "Qs Qh", "Js Jh", "Ts Th", "9s 9h", "8s 8h"]))
    tracker.save_cards(table=table, version=tracker.load_state(table).version, board="2c 3d 4c 5d 7c", hole_cards=holes)
    hidden = ["A♠", "A♥", "K♠", "K♥", "Q♠", "Q♥", "J♠", "10♠", "9♠", "8♠"]
    hidden_codes = [
        f'data-card="{code}"'
        for code in ("As", "Ah", "Ks", "Kh", "Qs", "Qh", "Js", "Jh", "Ts", "Th", "9s", "9h", "8s", "8h")
    ]

    payloads: list[str] = []
    page.on(
        "response",
        lambda response: (
            payloads.append(response.text())
            if "/rail/" in response.url and "/events" not in response.url and response.status == 200
            else None
        ),
    )
    # The rail's event stream, read beside the page by a plain HTTP client: every update it sends is checked too.
    events = EventStream(f"{live_server.url}/tables/{table.pk}/rail/events")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/tables/{table.pk}/rail/")
    rail = page.locator("#rail")
    expect(rail).to_have_attribute("data-live", "stream")
    to_act = engine.to_act
    expect(rail.locator(".rail-seat.to-act")).to_contain_text(to_act)

    clicked = time.perf_counter()
    act(table, to_act, "fold")
    expect(rail.locator(".rail-seat.folded").first).to_contain_text(to_act, timeout=2000)
    print(f"\ndealer's tap -> rail: {(time.perf_counter() - clicked) * 1000:.0f} ms")
    expect(rail.locator(".rail-log")).to_contain_text(to_act)
    expect(rail.locator(".rail-board")).to_contain_text("Noch kein Board")

    # Everyone calls to the flop: three board cards, still no hole card.
    while not (now := tracker.load_state(table).engine).is_betting_over and now.street == "preflop":
        legal = now.legal_actions()
        act(table, now.to_act, "call" if "call" in legal.verbs else "check")
    expect(rail.locator(".rail-board .card-face")).to_have_count(3, timeout=2000)
    html = page.content()
    assert not any(card in html for card in hidden), "a hole card on the rail before the showdown"
    assert not any(code in html for code in hidden_codes)
    assert payloads, "the rail page was not fetched"
    streamed = events.wait_for(lambda text: 'data-card="2c"' in text, seconds=3)
    assert streamed.count("event: rail") >= 3, "the event stream sent too few updates"
    for body in [*payloads, streamed]:
        assert not any(code in body for code in hidden_codes) and not any(card in body for card in hidden)
    assert 'data-card="7c"' not in html and 'data-card="5d"' not in html  # turn and river not dealt yet

    # Checked down to the showdown: now the hands still in are shown, and only those.
    while not (now := tracker.load_state(table).engine).is_betting_over:
        act(table, now.to_act, "check")
    expect(rail.locator(".seat-cards .card-face").first).to_be_visible(timeout=2000)
    shown = tracker.load_state(table).engine.in_hand
    for name in shown:
        code = holes[name].split()[0]
        expect(rail.locator(f'[data-card="{code}"]')).to_be_visible()
    folded_code = holes[to_act].split()[0]
    expect(rail.locator(f'[data-card="{folded_code}"]')).to_have_count(0)
    settle(table)
    expect(rail.locator(".rail-pot")).to_contain_text("Hauptpot", timeout=2000)
    streamed = events.wait_for(
        lambda text: all(f'data-card="{holes[name].split()[0]}"' in text for name in shown), seconds=3
    )
    assert f'data-card="{folded_code}"' not in streamed  # the folded hand stays hidden in the stream too
    events.close()


class EventStream:
    """An EventSource-like reader: a plain HTTP client on a thread, keeping everything the stream sent."""

    def __init__(self, url: str) -> None:
        self._response = urllib.request.urlopen(url, timeout=30)
        assert self._response.headers["Content-Type"].startswith("text/event-stream")
        assert self._response.headers.get("Content-Encoding") is None  # never gzipped: that would hold events back
        self._lines: list[str] = []
        self._lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            for line in self._response:
                with self._lock:
                    self._lines.append(line.decode())
        except (OSError, ValueError):  # closed by close()
            pass

    def text(self) -> str:
        with self._lock:
            return "".join(self._lines)

    def wait_for(self, predicate, *, seconds: float) -> str:
        deadline = time.monotonic() + seconds
        while not predicate(text := self.text()):
            assert time.monotonic() < deadline, f"the event stream did not send it within {seconds} s"
            time.sleep(0.05)
        return text

    def close(self) -> None:
        self._response.close()


def test_where_the_server_refuses_event_streams_the_tv_and_the_rail_poll_and_still_follow(
    page: Page, new_context, live_server, tv_night, monkeypatch
) -> None:
    monkeypatch.setenv("LIVE_STREAMS_PER_PROCESS", "0")  # every stream is answered 204, as under sync workers
    night = tv_night.night
    table = tv_night.tables[1]
    start(table)
    page.goto(f"{live_server.url}/nights/{night.pk}/clock/")
    clock = page.locator("#clock")
    expect(clock).to_have_attribute("data-live", "poll")
    clicked = time.perf_counter()
    clock_control.pause_clock(night=night)
    expect(clock).to_have_class(re.compile(r"\bis-paused\b"), timeout=1000)
    print(f"\npolling: pause -> TV {(time.perf_counter() - clicked) * 1000:.0f} ms")

    phone = new_context(viewport={"width": 390, "height": 844}).new_page()
    phone.goto(f"{live_server.url}/tables/{table.pk}/rail/")
    rail = phone.locator("#rail")
    expect(rail).to_have_attribute("data-live", "poll")
    to_act = tracker.load_state(table).engine.to_act
    act(table, to_act, "fold")
    expect(rail.locator(".rail-seat.folded").first).to_contain_text(to_act, timeout=2000)
    phone.context.close()


def test_one_tap_enables_the_sound_for_the_night_and_a_kiosk_browser_keeps_it_after_a_reload(
    page: Page, browser_type, browser_type_launch_args, live_server, tv_night
) -> None:
    url = f"{live_server.url}/nights/{tv_night.night.pk}/clock/"
    page.goto(url)
    sound = page.get_by_role("button", name="Tippen, um den Ton einzuschalten")
    sound.click()
    expect(sound).to_be_hidden()
    expect(page.locator("#clock")).to_have_attribute("data-sound-on", "true")
    expect(page.locator("#clock")).to_have_attribute("data-chimes", "test")
    assert page.evaluate(f"() => localStorage.getItem('league-tv-sound:{tv_night.night.pk}')") == "on"
    # A browser that asks for a tap before any sound: after a reload one touch anywhere restores it.
    page.reload()
    expect(page.locator("#clock")).not_to_have_attribute("data-sound-on", "true")
    page.locator(".clock-time").click()
    expect(page.locator("#clock")).to_have_attribute("data-sound-on", "true")

    # The TV's kiosk browser (started with --autoplay-policy=no-user-gesture-required, see docs/features.md)
    # has it on at once after a reload.
    args = {
        **browser_type_launch_args,
        "args": [*browser_type_launch_args["args"], "--autoplay-policy=no-user-gesture-required"],
    }
    kiosk = browser_type.launch(**args)
    try:
        tv = kiosk.new_page(locale="de-DE", extra_http_headers={"Accept-Language": "de-DE,de;q=0.9"})
        tv.goto(url)
        tv.get_by_role("button", name="Tippen, um den Ton einzuschalten").click()
        tv.reload()
        expect(tv.locator("#clock")).to_have_attribute("data-sound-on", "true")
        expect(tv.get_by_role("button", name="Tippen, um den Ton einzuschalten")).to_be_hidden()
        # The TV has ticked once (its level list drawn), so it knows the level it chimes away from.
        expect(tv.locator("[data-tv-levels][data-html]")).to_have_count(1)  # set by tv.js tick only
        # A level change chimes.
        clock_control.next_level(night=tv_night.night)
        expect(tv.locator("#clock")).to_have_attribute("data-chimes", "level", timeout=2000)
    finally:
        kiosk.close()


# --- screenshots -------------------------------------------------------------------------------------


def _smallest_text_vh(page: Page) -> tuple[float, str]:
    """The smallest font size (in vh) of any visible text on the TV, and where it is."""
    return page.evaluate(
        """() => {
            let smallest = [Infinity, ""];
            const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
            while (walker.nextNode()) {
                const node = walker.currentNode;
                if (!node.textContent.trim()) continue;
                const el = node.parentElement;
                if (el.closest("svg, script, template, [hidden]")) continue;
                const rect = el.getBoundingClientRect();
                if (!rect.width || !rect.height || el.offsetParent === null) continue;
                const size = parseFloat(getComputedStyle(el).fontSize) / window.innerHeight * 100;
                if (size < smallest[0]) smallest = [size, node.textContent.trim().slice(0, 40)];
            }
            return smallest;
        }"""
    )


def test_screenshots_of_every_tv_screen_and_the_rail(page: Page, live_server, organizer, tv_night, tmp_path) -> None:
    SCREENSHOTS = Path(DOCS_SCREENSHOTS) if DOCS_SCREENSHOTS else tmp_path
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with Sources(SCREENSHOTS) as sources:  # manifest.json: what each picture was made from
        _tv_and_rail_pictures(page, live_server, tv_night, SCREENSHOTS, sources)
        six_live_tables_picture(page, live_server, organizer, tv_night.season, SCREENSHOTS, sources)
        named_tv_pictures(page, live_server, organizer, tv_night, SCREENSHOTS, sources)  # last: it ends the night
        sources.write()


def _tv_and_rail_pictures(page: Page, live_server, tv_night, folder: Path, sources: Sources) -> None:
    night = tv_night.night
    bust_one(tv_night.tables[0])
    start(tv_night.tables[1])
    tracker_state = tracker.load_state(tv_night.tables[1])
    act(tv_night.tables[1], tracker_state.engine.to_act, "raise", 150)
    clock_control.set_tv(night=night, screen=TvScreen.CLOCK, announcement="Pizza ist da – Pause um 22 Uhr", spoken=True)
    sizes = []
    for width, height in TV_SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{live_server.url}/nights/{night.pk}/clock/")
        sound = page.get_by_role("button", name="Tippen, um den Ton einzuschalten")
        sound.click()  # sound on, as on the pub's TV: the button goes
        expect(sound).to_be_hidden()
        for screen in ("clock", "seating", "eliminations", "standings", "tables"):
            clock_control.set_tv(night=night, screen=screen, announcement="Pizza ist da – Pause um 22 Uhr", spoken=True)
            expect(page.locator("#clock")).to_have_class(re.compile(rf"\bshow-{screen}\b"), timeout=2000)
            page.wait_for_timeout(300)
            smallest, where = _smallest_text_vh(page)
            sizes.append((screen, width, height, smallest, where))
            # The live tables' type follows the table count (tv.css): at most six tables at 24 px on a 1080p TV.
            least = 24 / 1080 * 100 if screen == "tables" else 3.99
            assert smallest >= least, f"{screen} at {width}x{height}: {where!r} is {smallest:.2f} vh"
            overflow = page.evaluate("() => document.documentElement.scrollWidth > window.innerWidth")
            assert not overflow, f"{screen} at {width}x{height} is wider than the screen"
            page.screenshot(path=str(folder / f"tv-{screen}-{width}x{height}.png"))
            sources.page(page, f"tv-{screen}-{width}x{height}")
    for screen, width, height, smallest, where in sizes:
        print(f"{screen:13s} {width}x{height}: smallest text {smallest:.1f} vh ({where})")
    if shutil.which("zbarimg"):  # the QR code on the TV, read from the picture, leads to the rail
        for width, height in TV_SIZES:
            image = folder / f"tv-clock-{width}x{height}.png"
            decoded = subprocess.run(
                ["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(image)],
                capture_output=True,
                text=True,
            ).stdout.strip()
            assert decoded.endswith(f"/nights/{night.pk}/rail/"), decoded

    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/tables/{tv_night.tables[1].pk}/rail/")
    expect(page.locator(".rail-seat.to-act")).to_have_count(1)
    assert not page.evaluate("() => document.documentElement.scrollWidth > window.innerWidth")
    page.screenshot(path=str(folder / "rail-table-390x844.png"), full_page=True)
    sources.page(page, "rail-table-390x844")
    page.goto(f"{live_server.url}/nights/{night.pk}/rail/")
    expect(page.locator(".rail-table")).to_have_count(2)
    page.screenshot(path=str(folder / "rail-night-390x844.png"))
    sources.page(page, "rail-night-390x844")
    club_clock_pictures(page, live_server, night, folder, sources)  # last: the club's look changes every screen


LEVELS_CLIPPED = """() => {
  const box = document.querySelector('.tv-levels').getBoundingClientRect();
  const qr = document.querySelector('.clock-qr').getBoundingClientRect();
  const items = [...document.querySelectorAll('[data-tv-levels] li')];
  const clipped = items.filter(li => {
    const r = li.getBoundingClientRect();
    return li.scrollWidth > li.clientWidth + 1 || r.right > box.right + 1 || r.bottom > box.bottom + 1 || r.left < box.left - 1
      || (r.bottom > qr.top + 1 && r.right > qr.left && r.left < qr.right);  // over the live tables' QR code
  }).map(li => li.textContent);
  return {clipped, shown: items.length, current: items.filter(li => li.classList.contains('current')).length};
}"""


@pytest.mark.parametrize("level", [11, 27, 45])
def test_the_level_list_fits_its_box_however_long_the_night(page: Page, live_server, tv_night, level) -> None:
    """From level 11 the blinds were wider than the list: none is cut off."""
    from tournaments.models import ClockState

    ClockState.objects.filter(night=tv_night.night).update(level=level)
    for width, height in TV_SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{live_server.url}/nights/{tv_night.night.pk}/clock/")
        expect(page.locator("[data-tv-levels] li.current")).to_contain_text(f"{level} ·")
        page.wait_for_timeout(300)
        found = page.evaluate(LEVELS_CLIPPED)
        assert found["clipped"] == [] and found["current"] == 1 and found["shown"] >= 2, (
            width,
            height,
            found,
        )


LONG_ANNOUNCEMENT = (
    "Die Küche schließt um 23 Uhr: Bestellungen bitte bis 22:45 an der Theke. Nächster Abend am Mittwoch, "
    "Anmeldung ab 19 Uhr beim Wirt"
)

FOOT_FITS = """() => {
  const line = document.querySelector('[data-tv-field="announcement"]');
  const r = line.getBoundingClientRect();
  const stats = [...document.querySelectorAll('.tv-stats dd, .tv-stats dt')].filter(el => el.offsetParent !== null);
  return {
    text: line.textContent, lines: Math.round(r.height / parseFloat(getComputedStyle(line).lineHeight)),
    cut: line.scrollWidth > line.clientWidth + 1 || line.scrollHeight > line.clientHeight + 1,
    inside: r.left >= 0 && r.right <= innerWidth && r.bottom <= innerHeight,
    statsCut: stats.filter(el => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > innerWidth)
      .map(el => el.textContent),
  };
}"""


@pytest.mark.parametrize(("width", "height"), TV_SIZES)
def test_a_long_announcement_shows_in_full_beside_the_season_jackpot(
    page: Page, live_server, tv_night, tmp_path, width, height
) -> None:
    """It was cut after about 20 characters; the 140 the form allows wrap onto the screen, and the clock's figures
    (the season jackpot with tonight's part among them) stay whole."""
    night = tv_night.night
    assert len(LONG_ANNOUNCEMENT) <= 140
    clock_control.set_tv(night=night, screen=TvScreen.CLOCK, announcement=LONG_ANNOUNCEMENT, spoken=False)
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{live_server.url}/nights/{night.pk}/clock/")
    expect(page.locator("[data-tv-field=jackpot-tonight]")).to_have_text(re.compile(r"^\+70,00\s€ heute$"))
    foot = page.evaluate(FOOT_FITS)
    page.screenshot(path=str(tmp_path / f"tv-long-announcement-{width}x{height}.png"))
    print(
        f"\n{width}x{height}: announcement on {foot['lines']} lines, cut: {foot['cut']}, figures cut: {foot['statsCut']}"
    )
    assert foot["text"] == LONG_ANNOUNCEMENT and not foot["cut"] and foot["inside"] and 1 < foot["lines"] <= 3
    assert foot["statsCut"] == []
    smallest, where = _smallest_text_vh(page)
    assert smallest >= 3.99, f"{where!r} is {smallest:.2f} vh"
    assert not page.evaluate("() => document.documentElement.scrollWidth > window.innerWidth")
