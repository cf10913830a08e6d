"""A dealer plays a whole three-player table through the tracker on a phone-sized Chromium: in German, and once in English."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.tournaments.conftest import table_of
from tournaments.models import Placement, Table
from tournaments.tracker import services as tracker

pytestmark = pytest.mark.browser

TEXT = {
    "de": {
        "deal first": "Erste Hand geben",
        "deal next": "Nächste Hand geben",
        "level": "Stufe 1: 25/50",
        "to act": "{} ist am Zug",
        "raise to": "Erhöhen auf",
        "raise": "Erhöhen",
        "bet to": "Setzen auf",
        "bet": "Setzen",
        "call": "Mitgehen {}",
        "check": "Schieben",
        "all-in": "Alles setzen",
        "flop": "Flop",
        "turn": "Turn",
        "showdown": "Showdown",
        "main pot": "Hauptpot: 900",
        "side pot": "Nebenpot 1: 400",
        "board": "Board",
        "save cards": "Karten speichern",
        "type cards": "Karten stattdessen eintippen",
        "decide": "Nach den Karten entscheiden",
        "hand over": "Hand 1 ist beendet",
        "third": "3. Platz",
        "stack": "2.300",
        "allin badge": "alles gesetzt",
        "raised": "Anna: erhöht auf 150",
        "main pot legend": "Hauptpot (2.000)",
        "award": "Pots vergeben",
        "finished": "Der Tisch ist beendet",
        "chips": "Jetons im Spiel: 3.300",
    },
    "en": {
        "deal first": "Deal the first hand",
        "deal next": "Deal the next hand",
        "level": "Level 1: 25/50",
        "to act": "{} to act",
        "raise to": "Raise to",
        "raise": "Raise",
        "bet to": "Bet to",
        "bet": "Bet",
        "call": "Call {}",
        "check": "Check",
        "all-in": "All-in",
        "flop": "Flop",
        "turn": "Turn",
        "showdown": "Showdown",
        "main pot": "Main pot: 900",
        "side pot": "Side pot 1: 400",
        "board": "Board",
        "save cards": "Save the cards",
        "type cards": "Type the cards instead",
        "decide": "Decide from the cards",
        "hand over": "Hand 1 is over",
        "third": "3. place",
        "stack": "2,300",
        "allin badge": "all-in",
        "raised": "Anna: raises to 150",
        "main pot legend": "Main pot (2,000)",
        "award": "Award the pots",
        "finished": "The table is finished",
        "chips": "Chips in play: 3,300",
    },
}


@pytest.fixture
def table(transactional_db, organizer) -> Table:
    return table_of({"Anna": 1500, "Ben": 1500, "Carl": 300}, organizer)


@pytest.mark.parametrize("browser_language", ["de", "en"])
def test_a_dealer_plays_a_table_with_a_side_pot_and_a_bust_out_to_its_finish(
    page: Page, live_server, table, browser_language
) -> None:
    t = TEXT[browser_language]
    act = page.locator(".act")

    def to_act(name: str) -> None:
        expect(act.get_by_role("heading")).to_have_text(t["to act"].format(name))

    def tap(name: str) -> None:
        act.get_by_role("button", name=name, exact=True).click()

    def typed(label: str, button: str, amount: int) -> None:
        act.get_by_label(t[label]).fill(str(amount))
        tap(t[button])

    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/dealer/{table.dealer_token}/")

    page.get_by_role("button", name=t["deal first"]).click()
    expect(page.locator(".blinds")).to_have_text(t["level"])
    to_act("Anna")
    typed("raise to", "raise", 150)
    expect(page.locator(".log")).to_contain_text(t["raised"])
    to_act("Ben")
    tap(t["call"].format(125))
    to_act("Carl")
    act.get_by_role("button", name=re.compile("^" + re.escape(t["all-in"]))).click()
    expect(page.locator(".seat", has_text="Carl")).to_contain_text(t["allin badge"])
    to_act("Anna")
    tap(t["call"].format(150))
    to_act("Ben")
    tap(t["call"].format(150))
    expect(page.locator(".street")).to_have_text(t["flop"])
    to_act("Ben")
    tap(t["check"])
    to_act("Anna")
    typed("bet to", "bet", 200)
    to_act("Ben")
    tap(t["call"].format(200))
    expect(page.locator(".street")).to_have_text(t["turn"])
    for name in ("Ben", "Anna", "Ben", "Anna"):
        to_act(name)
        tap(t["check"])
    expect(page.get_by_role("heading", name=t["showdown"], exact=True)).to_be_visible()
    expect(page.locator(".pot")).to_have_count(2)
    expect(page.locator(".pot").nth(0)).to_contain_text(t["main pot"])
    expect(page.locator(".pot").nth(1)).to_contain_text(t["side pot"])

    page.get_by_text(t["type cards"]).click()  # typed instead of tapped in the card picker
    page.get_by_role("textbox", name=t["board"], exact=True).fill("Ah Kd 7h 2s 3c")
    page.get_by_role("textbox", name="Anna", exact=True).fill("Qs Qd")
    page.get_by_role("textbox", name="Ben", exact=True).fill("As Ad")
    page.get_by_role("textbox", name="Carl", exact=True).fill("Kh Kc")
    page.get_by_role("button", name=t["save cards"]).click()
    expect(page.locator(".board-line")).to_have_text(f"{t['board']}: A♥ K♦ 7♥ 2♠ 3♣")  # suits as symbols
    page.get_by_role("button", name=t["decide"]).click()
    expect(page.get_by_role("heading", name=t["hand over"])).to_be_visible()
    expect(page.locator(".seat", has_text="Carl")).to_contain_text(t["third"])
    expect(page.locator(".seat", has_text="Ben").locator(".stack")).to_have_text(t["stack"])

    page.get_by_role("button", name=t["deal next"]).click()
    to_act("Ben")  # heads-up: the button posts the small blind and acts first
    act.get_by_role("button", name=re.compile("^" + re.escape(t["all-in"]))).click()
    to_act("Anna")
    act.get_by_role("button", name=re.compile("^" + re.escape(t["call"].format("")))).click()
    expect(page.locator(".showdown legend")).to_contain_text(t["main pot legend"])
    page.get_by_role("group", name=re.compile("^" + re.escape(t["main pot legend"]))).get_by_label("Ben").check()
    page.get_by_role("button", name=t["award"]).click()
    expect(page.get_by_role("heading", name=t["finished"])).to_be_visible()
    expect(page.locator(".placements li")).to_have_text(["Ben", "Anna", "Carl"])
    expect(page.locator(".tracker-foot")).to_contain_text(t["chips"])

    places = {p.seat.player.name: p.place for p in Placement.objects.select_related("seat__entry__player")}
    assert places == {"Ben": 1, "Anna": 2, "Carl": 3}
    table.refresh_from_db()
    assert table.status == "finished"
    assert tracker.chips_in_play(tracker.load_state(table)) == 3300
