"""The cheapest proof that Chromium, Playwright and the live server work together."""

import pytest
from playwright.sync_api import Page

pytestmark = pytest.mark.browser


def test_the_home_page_opens_in_chromium_with_a_title(page: Page, live_server) -> None:
    response = page.goto(live_server.url + "/")

    assert response is not None and response.ok, f"GET / answered {response and response.status}"
    assert page.title().strip(), "the home page has no <title>"


def test_chromium_speaks_german_by_default(page: Page, live_server) -> None:
    page.goto(live_server.url + "/")
    assert page.evaluate("navigator.language") == "de-DE"
    assert page.get_attribute("html", "lang") == "de"
    assert page.get_by_role("link", name="Organisator-Login").is_visible()


@pytest.mark.browser_language("en")
def test_a_test_asks_for_english_with_a_marker(page: Page, live_server) -> None:
    page.goto(live_server.url + "/")
    assert page.evaluate("navigator.language") == "en-GB"
    assert page.get_attribute("html", "lang") == "en"
    assert page.get_by_role("link", name="Organizer login").is_visible()
