"""Every page of every role on a phone (390x844), in German and once in English: axe-core
finds no critical and no serious violation, nothing is wider than the screen, and no tap target is under
44x44 px except a link inside running text (a sentence, a table's cell of text); every page has an <h1>; a drawing's words are at least 10 px tall.

The roles: anyone (the public pages, the TV, the rail, the house games), the dealer link's phone, and the
organizer (every page of tests/test_no_english.py's and tests/test_form_numbers.py's lists and the rest of the
organizer's pages). Every failure of every page is listed at once.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from playwright.sync_api import Page, expect

from tests.browser.helpers import PHONE, axe_or_skip, log_in, serious_violations
from tests.evening import Evening, build_evening
from tests.test_no_english import GERMAN_PAGES

pytestmark = pytest.mark.browser

Pages = list[tuple[str, Callable[[Evening], str]]]

ANYONE: Pages = [
    ("home", lambda e: reverse("home")),
    ("standings", lambda e: reverse("standings")),
    ("jackpot", lambda e: reverse("jackpot")),
    ("statistics", lambda e: reverse("season_statistics")),
    ("player", lambda e: reverse("player_detail", args=[e.player.pk])),
    ("night results", lambda e: reverse("night_results", args=[e.played.pk])),
    ("tonight's results", lambda e: reverse("night_results", args=[e.tonight.pk])),
    ("clock TV", lambda e: reverse("clock_tv", args=[e.tonight.pk])),
    ("rail of the night", lambda e: reverse("night_rail", args=[e.tonight.pk])),
    ("rail of a table", lambda e: reverse("table_rail", args=[e.showdown_table.pk])),
    ("UTH table", lambda e: reverse("uth_table")),
    ("UTH calculator", lambda e: reverse("uth_calculator")),
    ("Imperial table", lambda e: reverse("imperial_table")),
    ("login", lambda e: reverse("login")),
    ("seating screen", lambda e: reverse("seating", args=[e.tonight.pk]) + "?screen=1"),
]
DEALER: Pages = [("dealer link", lambda e: reverse("dealer_tracker", args=[e.tracked_table.dealer_token]))]
ORGANIZER_MORE: Pages = [
    ("tonight", lambda e: reverse("tonight")),
    ("cash book", lambda e: reverse("cash_book")),
    ("night's cash", lambda e: reverse("night_cash", args=[e.tonight.pk])),
    ("season payout", lambda e: reverse("season_payout", args=[e.season.pk])),
    ("night jackpot tonight", lambda e: reverse("night_jackpot", args=[e.tonight.pk])),
    ("seating", lambda e: reverse("seating", args=[e.tonight.pk])),
    ("password", lambda e: reverse("password_change")),
    ("player import", lambda e: reverse("players_import")),
]


def _finished_table_pages(organizer, evening: Evening) -> Pages:
    """A tracked table played to its end on a night of the evening's season: its hand list and a replay, which
    the shared evening (its tracked tables still in play) does not reach."""
    import datetime

    from tests.league.factories import make_night
    from tests.tournaments.conftest import Dealer, table_of
    from tests.upkeep.playing import next_input
    from tournaments.models import TableStatus

    night = make_night(season=evening.season, date=evening.played.date - datetime.timedelta(days=7))
    dealer = Dealer(table_of({"Greta Hahn": 200, "Hugo Ulm": 200, "Ines Vogt": 200}, organizer, night=night))
    for step in range(600):
        if next_input(dealer, step) == "finished":
            break
    assert dealer.table.status == TableStatus.FINISHED
    table = dealer.table.pk
    return [
        ("hand list of a finished table", lambda e: reverse("hand_list", args=[table])),
        ("replay of its first hand", lambda e: reverse("hand_replay", args=[table, 1]) + "?step=3"),
    ]


def _organizer_pages() -> Pages:
    from tests.test_form_numbers import FORM_PAGES

    seen, pages = set(), []
    for name, url in [*GERMAN_PAGES, *FORM_PAGES, *ORGANIZER_MORE]:
        if name not in seen:
            seen.add(name)
            pages.append((name, url))
    return pages


# A control smaller than 44x44 px, unless it is a link inside running text: its block holds more text than the
# link. A checkbox or radio counts by its label when the label is the larger target.
SMALL_TARGETS = """() => {
  const small = [];
  const controls = document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]');
  for (const el of controls) {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || el.closest('[hidden], [aria-hidden=true]')) continue;
    if (box.width <= 1 && box.height <= 1) continue;  // visually hidden
    let target = box;
    if (el.matches('input[type=checkbox], input[type=radio]')) {
      const label = el.closest('label') || (el.id && document.querySelector(`label[for="${el.id}"]`));
      if (label) target = label.getBoundingClientRect();
    }
    if (target.width >= 43.5 && target.height >= 43.5) continue;
    if (el.matches('a')) {
      const block = el.parentElement && el.parentElement.closest('p, li, td, dd, dt, th, figcaption, blockquote, label, legend, h1, h2, h3, div');
      const own = (el.textContent || '').trim().length;
      const around = block ? (block.textContent || '').replace(/\\s+/g, ' ').trim().length : 0;
      if (block && style.display === 'inline' && around > own + 3) continue;  // inside running text
    }
    small.push(`${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : ''} "${(el.textContent || el.value || el.name || '').trim().slice(0, 30)}" ${Math.round(target.width)}x${Math.round(target.height)}`);
  }
  return small;
}"""


LOCKED = "2001:db8:85a3:0:0:8a2e:370:7334"  # an IPv6 address and long names: the row that was 601 px wide


def _lock_a_login() -> None:
    """Wrong passwords from one address, for accounts with long names, until the address is locked."""
    for k in range(settings.AXES_FAILURE_LIMIT):
        Client().post(
            reverse("login"),
            {"username": f"thekla.wunderlich-schmidt.{k}@example.org", "password": "wrong"},
            REMOTE_ADDR=LOCKED,
        )


def _check(page: Page, base: str, pages: Pages, evening: Evening, role: str) -> list[str]:
    problems = []
    for name, url in pages:
        address = url(evening)
        response = page.goto(base + address)
        where = f"{role} · {name} ({address})"
        if response is None or response.status >= 400:
            problems.append(f"{where}: HTTP {response.status if response else '-'}")
            continue
        page.wait_for_load_state("domcontentloaded")
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE["width"]:
            problems.append(f"{where}: {width} px wide")
        tiny = page.evaluate(
            "() => [...document.querySelectorAll('svg text')].filter(t => { const h = t.getBoundingClientRect().height; return h > 0 && h < 10; }).length"
        )
        if tiny:
            problems.append(f"{where}: {tiny} words of a drawing under 10 px tall")
        if not page.locator("h1").count():
            problems.append(f"{where}: no <h1>")
        problems += [f"{where}: small tap target {found}" for found in page.evaluate(SMALL_TARGETS)]
        problems += [f"{where}: axe {found}" for found in serious_violations(page)]
    return problems


@pytest.fixture
def phone_without_csp(new_context):
    """axe-core is injected as a script the page's Content-Security-Policy would refuse."""
    axe_or_skip()

    def make() -> Page:
        return new_context(bypass_csp=True, viewport=PHONE).new_page()

    return make


@pytest.mark.parametrize("browser_language", ["de", "en"])
def test_every_page_of_every_role_on_a_phone(
    phone_without_csp, live_server, transactional_db, organizer, browser_language
):
    evening = build_evening(organizer)
    finished = _finished_table_pages(organizer, evening)
    _lock_a_login()
    problems = _check(phone_without_csp(), live_server.url, [*ANYONE, *finished], evening, "anyone")
    problems += _check(phone_without_csp(), live_server.url, DEALER, evening, "dealer")
    page = phone_without_csp()
    log_in(page, live_server, organizer, "/", language=browser_language)
    problems += _check(page, live_server.url, _organizer_pages(), evening, "organizer")
    assert not problems, "\n" + "\n".join(problems)
    # The locked login is unlocked on the phone: the button lies inside its card and a tap reaches it.
    page.goto(live_server.url + reverse("locked_logins"))
    row = page.locator("ul.locked-logins li", has_text="thekla.wunderlich-schmidt")
    unlock = row.get_by_role("button")
    box, card = unlock.bounding_box(), page.locator("section.card").first.bounding_box()
    assert card["x"] <= box["x"] and box["x"] + box["width"] <= card["x"] + card["width"]
    unlock.click()
    expect(page.locator("ul.locked-logins li")).to_have_count(0)
