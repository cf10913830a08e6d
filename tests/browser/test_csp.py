"""The Content-Security-Policy in a real browser: pages with htmx, the desk search and the house games run
without a single CSP violation (Chromium reports each one on the console)."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import log_in
from tests.league.factories import make_night, make_player

pytestmark = pytest.mark.browser


def _watch(page: Page) -> list[str]:
    violations: list[str] = []
    page.on(
        "console",
        lambda message: violations.append(message.text) if "Content Security Policy" in message.text else None,
    )
    return violations


def test_public_pages_and_the_house_games_run_under_the_policy(page: Page, live_server) -> None:
    violations = _watch(page)
    for path in ("/", "/standings/", "/uth/", "/imperial/"):
        response = page.goto(live_server.url + path)
        assert response is not None and response.ok, path
        assert "script-src 'self'" in response.headers["content-security-policy"]
    page.goto(live_server.url + "/uth/")
    page.wait_for_load_state("networkidle")
    assert page.evaluate("typeof htmx") == "object"  # the static htmx ran
    assert violations == []


def test_the_desk_search_works_with_htmx_under_the_policy(page: Page, live_server, organizer) -> None:
    night = make_night()
    make_player("Anna Berger")
    violations = _watch(page)
    log_in(page, live_server, organizer, f"/nights/{night.pk}/desk/")
    page.get_by_role("searchbox").fill("Anna")
    expect(page.get_by_text("Anna Berger")).to_be_visible()
    assert violations == []
