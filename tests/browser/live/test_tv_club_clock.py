"""The club's own clock on a TV at 1920x1080 and 1280x720, in German: its logo and chip chart show, the chosen
figures show and the others do not, the figures are at least 24 px at 1080p, nothing is cut at 720p, and axe
finds no serious violation."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from playwright.sync_api import Page, expect

from league.rules.chips import parse_chips
from tests.browser.helpers import PHONE, fits_the_phone, log_in, serious_violations, wait_until
from tests.browser.live.tv_night import build_tv_night, bust_one
from tournaments.clock import club
from tournaments.clock import services as clock_control
from tournaments.clock.logo import checked_logo
from tournaments.models import TvScreen

pytestmark = pytest.mark.browser

CHOSEN = ["break", "average", "average_bb", "players", "jackpot_season", "levels"]
NOT_CHOSEN = {"tables": "tables", "chips": "chips", "jackpot_tonight": "jackpot-tonight"}
# The longest line the form takes (140 characters): two lines on the TV.
PRIZE = (
    "Heute doppelte Punkte – der Sieger bekommt eine Flasche Sekt, der Zweite ein Freigetränk "
    "und wer als Erster ausscheidet, zahlt die nächste Runde"
)[:140]
CHIPS = "25 weiß\n100 rot\n500 grün\n1000 schwarz\n5000 lila\n10000 gelb\n25000 #1e90ff\n100000 orange"


def wide_logo() -> bytes:
    """A sponsor's banner, three times as wide as high: the widest a logo usually is."""
    out = io.BytesIO()
    Image.new("RGB", (1200, 400), "#c62828").save(out, "PNG")
    return out.getvalue()


@pytest.fixture
def club_night(transactional_db, organizer):
    tv_night = build_tv_night(organizer)
    club.save_club_clock(
        logo=checked_logo(wide_logo()),
        remove_logo=False,
        chips=parse_chips(CHIPS),
        figures=CHOSEN,
        prize_line=PRIZE,
    )
    return tv_night


# Every visible box of the clock screen inside the window, and no text cut inside its own box.
CUT = """() => {
  const screen = document.querySelector('[data-screen="clock"]');
  const cut = [];
  for (const node of screen.querySelectorAll('*')) {
    const box = node.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(node).visibility === 'hidden') continue;
    if (node.closest('.tv-levels') && !node.matches('.tv-levels, li.current')) continue;  // tv.js drops the others that do not fit
    if (box.right > innerWidth + 1 || box.bottom > innerHeight + 1 || box.left < -1 || box.top < -1) {
      cut.push('outside: ' + node.tagName + ' ' + (node.getAttribute('class') || '') + ' ' + node.textContent.trim().slice(0, 30));
    } else if (node.children.length === 0 && node.scrollWidth > node.clientWidth + 1 && getComputedStyle(node).overflow !== 'visible') {
      cut.push('clipped: ' + node.tagName + ' ' + node.textContent.trim().slice(0, 30));
    }
  }
  const current = document.querySelector('[data-tv-levels] li.current').getBoundingClientRect();
  const levels = document.querySelector('.tv-levels').getBoundingClientRect();
  if (current.bottom > levels.bottom + 1) cut.push('the current level is cut');
  // No two of the screen's parts over each other.
  const parts = [...screen.querySelectorAll('.clock-head, .clock-time, .clock-blinds, .tv-wall, .tv-logo, .tv-levels, .tv-chips, .clock-qr, .tv-prize, .tv-stats')];
  parts.forEach((a, i) => parts.slice(i + 1).forEach((b) => {
    const p = a.getBoundingClientRect(), q = b.getBoundingClientRect();
    const x = Math.min(p.right, q.right) - Math.max(p.left, q.left), y = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
    if (p.width && q.width && x > 1 && y > 1) cut.push('over each other: ' + a.className + ' / ' + b.className);
  }));
  const page = document.documentElement;
  if (page.scrollWidth > innerWidth + 1 || page.scrollHeight > innerHeight + 1) cut.push('the page scrolls');
  return cut;
}"""

SMALLEST_FIGURE = """() => Math.min(...[...document.querySelectorAll('.tv-stats dt, .tv-stats dd, .tv-stats dd *, .chip-chart li, .tv-prize')]
  .filter((node) => node.getBoundingClientRect().width > 0)
  .map((node) => parseFloat(getComputedStyle(node).fontSize)))"""


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
def test_the_clubs_clock_shows_its_logo_chips_and_chosen_figures_readably_and_whole(
    new_context, live_server, club_night, size
) -> None:
    width, height = size
    # axe is injected as a script of the test's own: the page's CSP would refuse it, and nothing else changes.
    page = new_context(bypass_csp=True, viewport={"width": width, "height": height}).new_page()
    page.goto(f"{live_server.url}/nights/{club_night.night.pk}/clock/")
    logo = page.locator(".tv-logo img")
    expect(logo).to_be_visible()
    assert page.evaluate("() => document.querySelector('.tv-logo img').naturalWidth") == 1200
    chips = page.locator(".tv-chips .chip-chart li")
    expect(chips).to_have_count(8)
    for value in ("25", "1.000", "100.000"):
        expect(page.locator(".tv-chips")).to_contain_text(value)
    expect(page.locator(".tv-prize")).to_have_text(PRIZE)

    for field in ("players-left", "average", "average-bb", "jackpot", "break-in"):
        expect(page.locator(f"[data-tv-field={field}]")).to_be_visible()
    expect(page.locator("[data-tv-field=average-bb]")).to_have_text("30")  # 1.500 chips at 25/50
    expect(page.locator("[data-tv-levels] li.current")).to_be_visible()
    for field in NOT_CHOSEN.values():
        expect(page.locator(f"[data-tv-field={field}]")).to_have_count(0)
    expect(page.locator(".tv-stats dt", has_text="Tische")).to_have_count(0)

    page.wait_for_timeout(500)  # tv.js has fitted the level list to its box
    if width == 1920:
        smallest = page.evaluate(SMALLEST_FIGURE)
        print(f"\nsmallest figure or chip text at {width}x{height}: {smallest:.1f} px")
        assert smallest >= 24
    assert page.evaluate(CUT) == []
    assert serious_violations(page) == []


def test_the_average_in_big_blinds_follows_the_level_on_the_tv(page: Page, live_server, club_night) -> None:
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{live_server.url}/nights/{club_night.night.pk}/clock/")
    average = page.locator("[data-tv-field=average-bb]")
    expect(average).to_have_text("30")
    bust_one(club_night.tables[0])  # 42.000 chips among 27 players: 1.555 a player, 31,1 big blinds
    expect(page.locator("[data-tv-field=players-left]")).to_have_text("27", timeout=5000)
    page.wait_for_timeout(500)  # some ticks of the clock, which work the figure out again
    expect(average).to_have_text("31")  # whole numbers from 10 on, on the server and on the TV alike
    clock_control.next_level(night=club_night.night)  # 50/100
    clock_control.next_level(night=club_night.night)  # 100/200: 1.555 chips are 7,8 big blinds
    expect(average).to_have_text("7,8", timeout=2000)


def sample_logo() -> bytes:
    """A pub's sign for the handbook's picture: a dark green board with its name in gold."""
    from PIL import ImageDraw, ImageFont

    image = Image.new("RGB", (900, 300), "#0b3d2e")
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((12, 12, 888, 288), radius=36, outline="#ffd54a", width=10)
    font = ImageFont.load_default(size=120)
    draw.text((450, 150), "Zum Anker", fill="#ffd54a", font=font, anchor="mm")
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def club_clock_pictures(page: Page, live_server, night, folder, sources) -> None:
    """The handbook's picture of the club's clock (tests/browser/live/test_tv_and_rail.py takes it with the TV's
    other pictures): a logo, five chips, the average in big blinds and a line for the night's prizes."""
    club.save_club_clock(
        logo=checked_logo(sample_logo()),
        remove_logo=False,
        chips=parse_chips("25 weiß\n100 rot\n500 grün\n1000 schwarz\n5000 lila"),
        figures=["break", "average", "average_bb", "players", "tables", "jackpot_season", "jackpot_tonight", "levels"],
        prize_line="Heute doppelte Punkte für den Tischsieg",
    )
    clock_control.set_tv(night=night, screen=TvScreen.CLOCK, announcement="", spoken=True)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/nights/{night.pk}/clock/")
    expect(page.locator(".tv-chips .chip-chart li")).to_have_count(5)
    wait_until(page, "() => document.querySelector('.tv-logo img').complete")
    page.wait_for_timeout(300)
    page.screenshot(path=str(folder / "tv-club-clock-1920x1080.png"))
    sources.page(page, "tv-club-clock-1920x1080")


def test_a_scripted_svg_is_refused_beside_the_field_on_the_organizers_phone(
    new_context, live_server, organizer, transactional_db, tmp_path
) -> None:
    page = new_context(bypass_csp=True, viewport=PHONE).new_page()  # bypass_csp: for axe's script only
    log_in(page, live_server, organizer, "/organizer/clock/")
    drawing = tmp_path / "logo.svg"
    drawing.write_text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>')
    page.get_by_label("Logo oder Sponsor").set_input_files(str(drawing))
    page.locator("#id_chips").fill("25 weiß\n100 rot")
    page.get_by_role("button", name="Speichern").click()
    field = page.locator(".field.invalid")
    expect(field).to_have_count(1)
    expect(field).to_contain_text("SVG-Zeichnungen werden nicht angenommen")
    expect(field.locator("input[type=file]")).to_have_count(1)  # the words stand beside the field
    assert club.club_look().chips == []  # nothing saved, not even the chips
    fits_the_phone(page)
    assert serious_violations(page) == []

    page.get_by_label("Logo oder Sponsor").set_input_files(
        files=[{"name": "logo.png", "mimeType": "image/png", "buffer": wide_logo()}]
    )
    page.get_by_role("button", name="Speichern").click()
    expect(page.locator(".club-logo-preview img")).to_be_visible()
    expect(page.locator(".club-clock-form .chip-chart li")).to_have_count(2)
    fits_the_phone(page)
    assert serious_violations(page) == []


def test_a_tv_shows_the_clubs_new_clock_at_its_next_reading(
    page: Page, live_server, transactional_db, organizer
) -> None:
    night = build_tv_night(organizer).night
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{live_server.url}/nights/{night.pk}/clock/?sync=1")  # re-reads the state every second
    expect(page.locator("[data-tv-field=chips]")).to_be_visible()
    club.save_club_clock(
        logo=None, remove_logo=False, chips=parse_chips("25 weiß"), figures=["players"], prize_line="Freibier"
    )
    expect(page.locator(".tv-prize")).to_have_text("Freibier", timeout=5000)
    expect(page.locator(".tv-chips .chip-chart li")).to_have_count(1)
    expect(page.locator("[data-tv-field=chips]")).to_have_count(0)
