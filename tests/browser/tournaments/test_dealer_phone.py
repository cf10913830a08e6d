"""Issue 12 in a phone-sized, touch-emulating Chromium, in German: the dealer's phone is one-handed,
never lost and never wrong."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from results.jackpot import confirm_deposit
from tests.benchmarks.support.phone_client import wait_until_serving
from tests.benchmarks.venue import _SERVER_VARIABLES, REPO_ROOT, free_port, venue_db
from tests.browser.helpers import wait_until
from tests.tournaments.conftest import table_of
from tournaments.models import Action, Placement, Seat, Table

pytestmark = pytest.mark.browser

PHONES = {"360x640": (360, 640), "375x667": (375, 667), "390x844": (390, 844), "430x932": (430, 932)}
SHOTS = Path(os.environ.get("DEALER_SCREENSHOTS", "/tmp/dealer-phone-screenshots"))


def _phone(new_context, size: str) -> Page:
    width, height = PHONES[size]
    context = new_context(viewport={"width": width, "height": height}, has_touch=True, is_mobile=True)
    return context.new_page()


def _to_act(page: Page, name: str) -> None:
    expect(page.locator("#actionbar h2")).to_have_text(f"{name} ist am Zug")


def _bar(page: Page):
    return page.locator("#actionbar")


@pytest.fixture
def table(transactional_db, organizer) -> Table:
    # Ben covers exactly what Anna has after hand 1, so either winner of hand 2 ends the table.
    return table_of({"Anna": 1500, "Ben": 2600, "Carl": 300}, organizer)


@pytest.mark.parametrize("size", ["360x640", "390x844"])
def test_a_whole_table_on_a_phone_typed_raise_card_picker_undo_of_the_final_award_then_read_only(
    new_context, live_server, table, organizer, size
) -> None:
    page = _phone(new_context, size)
    page.goto(f"{live_server.url}/dealer/{table.dealer_token}/")
    expect(page.locator("h1")).to_have_text("Tisch 1")
    page.get_by_role("button", name="Erste Hand geben").tap()

    # Hand 1: 400 typed on the number pad and sent with Enter is what is recorded.
    _to_act(page, "Anna")
    amount = page.get_by_label("Erhöhen auf")
    amount.tap()
    amount.fill("400")
    amount.press("Enter")
    expect(page.locator(".log")).to_contain_text("Anna: erhöht auf 400")
    assert list(Action.objects.values_list("verb", "to")) == [("raise", 400)]
    _to_act(page, "Ben")
    _bar(page).get_by_role("button", name="Mitgehen 375").tap()
    _to_act(page, "Carl")
    _bar(page).get_by_role("button", name="Mitgehen 250").tap()
    for name in ("Ben", "Anna") * 3:
        _to_act(page, name)
        _bar(page).get_by_role("button", name="Schieben", exact=True).tap()
    expect(page.locator("#actionbar h2")).to_have_text("Showdown")

    # The card picker: the board first, then each player's two cards; used cards are greyed out.
    picker = page.locator(".picker")
    SHOTS.mkdir(parents=True, exist_ok=True)
    picker.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"picker-{size}.png"))
    for card in ("A♥", "K♦", "7♥", "2♠", "3♣", "Q♠", "Q♦", "J♠", "J♦", "9♣", "8♦"):
        button = picker.get_by_role("button", name=card, exact=True)
        expect(button).to_be_enabled()
        button.tap()
        expect(picker.get_by_role("button", name=card, exact=True)).to_be_disabled()
    expect(page.locator(".board-line")).to_have_text("Board: A♥ K♦ 7♥ 2♠ 3♣")
    expect(page.locator(".board-line .cardface.red")).to_have_count(3)
    expect(page.locator(".seat", has_text="Anna").locator(".holes")).to_have_text("Q♠ Q♦")
    page.screenshot(path=str(SHOTS / f"showdown-{size}.png"), full_page=True)
    _bar(page).get_by_role("button", name="Nach den Karten entscheiden").tap()
    expect(page.locator("#actionbar h2")).to_have_text("Hand 1 ist beendet")
    expect(page.locator(".seat", has_text="Carl")).to_contain_text("3. Platz")

    # Hand 2, heads-up, both all-in: the dealer taps the wrong winner, undoes the final award, taps the right one.
    _bar(page).get_by_role("button", name="Nächste Hand geben").tap()
    _to_act(page, "Ben")
    _bar(page).locator(".quick").get_by_role("button", name=re.compile("^Alles setzen")).tap()
    _to_act(page, "Anna")
    _bar(page).get_by_role("button", name=re.compile("^Mitgehen")).tap()
    _bar(page).get_by_label("Anna").check()
    _bar(page).get_by_role("button", name="Pots vergeben").tap()
    expect(page.locator("#actionbar h2")).to_have_text("Der Tisch ist beendet")
    expect(_bar(page).locator(".next-steps")).to_contain_text("Tischzettel zum Organisator")
    expect(_bar(page).locator(".next-steps")).to_contain_text("Jackpot-Summe")
    _bar(page).get_by_role("button", name=re.compile("Letzte Pot-Vergabe rückgängig")).tap()
    expect(page.locator("#actionbar h2")).to_have_text("Showdown")
    _bar(page).get_by_label("Ben").check()
    _bar(page).get_by_role("button", name="Pots vergeben").tap()
    expect(page.locator("#actionbar h2")).to_have_text("Der Tisch ist beendet")
    expect(page.locator(".placements li")).to_have_text(["Ben", "Anna", "Carl"])
    places = {p.seat.player.name: p.place for p in Placement.objects.select_related("seat__entry__player")}
    assert places == {"Ben": 1, "Anna": 2, "Carl": 3}

    # The organizer confirms the deposit: the result stands, the dealer link only shows it.
    confirm_deposit(table=table, by=organizer)
    page.reload()
    expect(page.locator(".finished")).to_contain_text("Das Ergebnis steht")
    expect(page.get_by_role("button")).to_have_count(0)
    expect(page.locator("form")).to_have_count(0)


def _button_boxes(page: Page) -> list[dict]:
    return page.locator("#actionbar button").evaluate_all(
        "buttons => buttons.map(b => { const r = b.getBoundingClientRect();"
        " return {text: b.innerText.replace(/\\s+/g, ' ').trim(), top: r.top, bottom: r.bottom, height: r.height}; })"
    )


@pytest.mark.parametrize("size", list(PHONES))
def test_the_action_bar_is_in_reach_on_every_phone_size(new_context, live_server, table, size) -> None:
    width, height = PHONES[size]
    page = _phone(new_context, size)
    page.goto(f"{live_server.url}/dealer/{table.dealer_token}/")
    page.get_by_role("button", name="Erste Hand geben").tap()
    _to_act(page, "Anna")
    expect(page.locator("h1")).to_have_text("Tisch 1")
    assert page.locator("nav, .topbar").count() == 0  # the dealer link shows no site navigation
    for what in ("#actionbar h2", ".facts", ".pot-total"):
        box = page.locator(what).bounding_box()
        assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= height, what
    boxes = _button_boxes(page)
    assert len(boxes) >= 7  # fold, call, four quick sizes (or fewer), raise, undo
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"dealer-{size}.png"))
    print(
        f"\n{size}: buttons (top..bottom, height) "
        + "; ".join(f"{b['text']}: {b['top']:.0f}..{b['bottom']:.0f} ({b['height']:.0f})" for b in boxes)
    )
    for b in boxes:
        assert b["height"] >= 48, b
        assert b["top"] >= height / 2 and b["bottom"] <= height, b  # the lower half, on screen
    # After a tap, focus stays in the action bar.
    _bar(page).get_by_role("button", name="Mitgehen 50").tap()
    _to_act(page, "Ben")
    wait_until(
        page, "() => document.activeElement !== null && document.activeElement.closest('#actionbar') !== null", 3000
    )
    expect(page.locator("#tracker-announce")).to_have_text("Ben ist am Zug")


def test_a_tap_shows_at_once_that_it_is_working_and_cannot_be_sent_twice(new_context, live_server, table) -> None:
    page = _phone(new_context, "360x640")
    page.goto(f"{live_server.url}/dealer/{table.dealer_token}/")
    page.get_by_role("button", name="Erste Hand geben").tap()
    _to_act(page, "Anna")
    # Two quick taps in one go: the first disables every button before its request leaves.
    seen = page.evaluate(
        """() => {
            const call = [...document.querySelectorAll('#actionbar button')].find(b => b.textContent.includes('Mitgehen'));
            call.click();
            const state = {disabled: call.disabled, working: call.classList.contains('working'),
                           busy: document.getElementById('tracker').getAttribute('aria-busy')};
            call.click();
            return state;
        }"""
    )
    assert seen == {"disabled": True, "working": True, "busy": "true"}
    _to_act(page, "Ben")
    assert list(Action.objects.values_list("verb", flat=True)) == ["call"]


def test_two_phones_on_one_table_a_sit_out_makes_the_other_stale_and_it_refreshes_itself(
    new_context, live_server, table
) -> None:
    url = f"{live_server.url}/dealer/{table.dealer_token}/"
    first, second = _phone(new_context, "390x844"), _phone(new_context, "360x640")
    first.goto(url)
    first.get_by_role("button", name="Erste Hand geben").tap()
    _to_act(first, "Anna")
    # The second phone's "has it changed?" question is cut off for a moment: it still shows the old table.
    second.route("**/revision", lambda route: route.abort())
    second.goto(url)
    _to_act(second, "Anna")
    first.locator(".manage > summary").tap()
    first.locator(".manage li", has_text="Carl").get_by_role("button", name="Aussetzen lassen").tap()
    expect(first.locator(".seat", has_text="Carl")).to_contain_text("setzt aus")
    _bar(second).get_by_role("button", name="Mitgehen 50").tap()
    expect(second.locator(".messages")).to_contain_text("Der Tisch hat sich geändert")
    assert Action.objects.count() == 0
    expect(second.locator(".seat", has_text="Carl")).to_contain_text("setzt aus")  # reloaded with the answer

    second.unroute("**/revision")
    _bar(first).get_by_role("button", name="Mitgehen 50").tap()
    _to_act(first, "Ben")
    started = time.monotonic()
    _to_act(second, "Ben")  # by itself, no tap
    assert time.monotonic() - started < 5
    assert Action.objects.count() == 1


def test_the_players_panel_comes_when_opened_stays_open_through_taps_and_refuses_a_stale_tap(
    new_context, live_server, table
) -> None:
    """A tap's answer draws the closed panels as a shell; opening one fetches its body. An open panel stays
    open through the next taps. A body fetched after another phone's tap carries the newer version, but
    the tap goes with the version of the table the dealer sees: refused as stale, not applied blind."""
    url = f"{live_server.url}/dealer/{table.dealer_token}/"
    page, other = _phone(new_context, "390x844"), _phone(new_context, "360x640")
    page.goto(url)
    page.get_by_role("button", name="Erste Hand geben").tap()
    _to_act(page, "Anna")
    panel = page.locator("#tracker-manage")
    expect(panel.locator("button")).to_have_count(0)  # a shell: summary only
    panel.locator("> summary").tap()
    sit_out_carl = panel.locator("li", has_text="Carl").get_by_role("button", name="Aussetzen lassen")
    expect(sit_out_carl).to_be_visible()

    _bar(page).get_by_role("button", name="Mitgehen 50").tap()
    _to_act(page, "Ben")
    expect(panel).to_have_attribute("open", "")
    expect(sit_out_carl).to_be_enabled()
    sit_out_carl.tap()
    expect(page.locator(".seat", has_text="Carl")).to_contain_text("setzt aus")
    expect(page.locator(".messages .error")).to_have_count(0)
    assert Seat.objects.get(table=table, entry__player__name="Carl").sitting_out

    # Closed again; another phone taps while this one does not hear of it, then the panel is opened.
    panel.locator("> summary").tap()
    page.route("**/revision", lambda route: route.abort())
    _bar(page).get_by_role("button", name="Mitgehen 25").tap()  # Ben calls: the panel is a shell again
    _to_act(page, "Carl")
    other.goto(url)
    _to_act(other, "Carl")
    _bar(other).get_by_role("button", name="Schieben").tap()
    expect(other.locator(".log")).to_contain_text("Carl: schiebt")
    panel.locator("> summary").tap()
    back_carl = panel.locator("li", has_text="Carl").get_by_role("button", name="Zurück am Tisch")
    assert back_carl.locator("xpath=..").locator("input[name=version]").get_attribute("value") != page.locator(
        "#tracker"
    ).get_attribute("data-version")  # the body is newer than the page
    back_carl.tap()
    expect(page.locator(".messages")).to_contain_text("Der Tisch hat sich geändert")
    assert Seat.objects.get(table=table, entry__player__name="Carl").sitting_out
    assert Action.objects.count() == 3


# --- the server stops mid-hand ------------------------------------------------------------------


class _Server:
    """`manage.py venue` (gunicorn) on a fixed loopback port, so it can be stopped and started again."""

    def __init__(self, db: str, folder: Path) -> None:
        self.port = free_port("127.0.0.1")
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {k: v for k, v in os.environ.items() if k not in _SERVER_VARIABLES}
        self.env.update(
            DATABASE_URL=f"sqlite:///{db}",
            PUBLIC_URL=self.url,
            SECRET_KEY=secrets.token_urlsafe(50),
            ORGANIZER_LOGIN_FILE=str(folder / "organizer-login"),
        )
        self.log = folder / "server.log"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        command = [sys.executable, "manage.py", "venue", "--port", str(self.port), "--bind", "127.0.0.1"]
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(command, cwd=REPO_ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        wait_until_serving(self.process, self.url + "/", self.log)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)


@pytest.mark.browser_language("en")
def test_the_server_stops_mid_hand_the_tap_shows_a_banner_and_is_applied_once_after_the_restart(
    new_context, tmp_path
) -> None:
    db = str(tmp_path / "night.sqlite3")
    night = venue_db("build", db, "--tables", "1")
    token = night["tables"][0]["token"]
    server = _Server(db, tmp_path)
    server.start()
    try:
        page = _phone(new_context, "390x844")
        page.goto(f"{server.url}/dealer/{token}/")
        page.get_by_role("button", name="Deal the first hand").tap()
        expect(page.locator("#actionbar h2")).to_have_text("Dora 1 to act")

        server.stop()
        _bar(page).get_by_role("button", name=re.compile("^Fold")).tap()
        banner = page.locator("#tracker-banner")
        expect(banner).to_be_visible()
        expect(banner).to_contain_text("No connection to the server")
        expect(page.locator("#actionbar h2")).to_have_text("Dora 1 to act")  # nothing pretends to be done

        server.start()
        banner.get_by_role("button", name="Send again").tap()
        # A fresh gunicorn's first answer, with the other test processes on the same cores: more than 5 s.
        expect(page.locator("#actionbar h2")).to_have_text("Emil 1 to act", timeout=20_000)
        expect(banner).to_be_hidden()
        verdict = venue_db("check", db)["1"]
        assert verdict["inputs"] == [["next"], ["act", "fold", None]]
        assert verdict["problems"] == []
    finally:
        server.stop()
