"""axe-core on the house-game pages, in German (the venue's language) and on a
phone: the UTH table (before and during a round), the live-table calculator
(empty and with a result) and the Imperial table (bet slip and a round in
play). No critical and no serious violation.

axe-core comes from the npm registry, pinned in tests/browser/axe/package.json
and package-lock.json; .ci/run installs it with ``npm ci``. Without it the test
is skipped (a failure when CI=true), as the browser tests are without Chromium.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import axe_or_skip, serious_violations
from tests.housegames.imperial.fixtures import deal  # noqa: F401  (fixture: the next Imperial decks)
from tests.housegames.uth.helpers import stack_decks

pytestmark = pytest.mark.browser


@pytest.fixture
def german_phone(new_context) -> Page:
    """The suite's German browser on a phone; the page's Content-Security-Policy (script-src 'self') would
    refuse axe-core injected as an inline script, so this context alone bypasses it."""
    axe_or_skip()
    from tests.browser.helpers import PHONE

    return new_context(bypass_csp=True, viewport=PHONE).new_page()


def test_the_uth_table_has_no_serious_accessibility_violation(german_phone: Page, live_server, monkeypatch):
    page = german_phone
    stack_decks(monkeypatch, (["AsKs", "9s8s"], "QhQd", "AhKd7c2s2h"))
    page.goto(f"{live_server.url}/uth/")
    expect(page.locator("#uth-balance")).to_contain_text("Spielchips")
    assert serious_violations(page) == []
    page.get_by_role("button", name="25 auf Ante setzen").click()
    page.get_by_role("button", name="Geben", exact=True).click()
    expect(page.locator("#uth-round")).to_have_attribute("data-phase", "preflop")
    assert serious_violations(page) == []


def test_the_uth_calculator_has_no_serious_accessibility_violation(german_phone: Page, live_server):
    page = german_phone
    page.goto(f"{live_server.url}/uth/calculator/")
    assert serious_violations(page) == []
    page.get_by_label("Karten des Dealers").fill("7d7c")
    page.get_by_label("Board").fill("QsJsTs3d3c")
    page.get_by_label("Box 1: Karten").fill("AsKs")
    page.get_by_label("Box 1: Ante").fill("10.50")  # a number input submits a dot in every language
    page.get_by_label("Box 2: Karten").fill("2h4h")
    page.get_by_label("Box 2: Ante").fill("10")
    page.get_by_label("Box 2: Play").select_option("0")
    page.get_by_role("button", name="Berechnen").click()
    expect(page.locator("#calc-result")).to_be_visible()
    assert serious_violations(page) == []


def test_the_imperial_table_has_no_serious_accessibility_violation(
    german_phone: Page, live_server, deal, transactional_db
):  # noqa: F811
    page = german_phone
    deal("Qs Qd 7c 4h 2s", dealer="Ad Kc Tc 3h 4d")
    page.goto(f"{live_server.url}/imperial/")
    expect(page.locator("#deal")).to_be_disabled()  # no stake yet
    assert serious_violations(page) == []
    page.locator("label.chip-5").click()
    page.locator("#ante-1").click()
    expect(page.locator("#deal")).to_be_enabled()
    page.locator("#deal").click()
    expect(page.locator("#box-actions")).to_be_visible()
    assert serious_violations(page) == []
