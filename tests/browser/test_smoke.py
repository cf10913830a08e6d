"""The cheapest proof that Chromium, Playwright and the live server work together."""
import pytest
from playwright.sync_api import Page

pytestmark = pytest.mark.browser


def test_the_home_page_opens_in_chromium_with_a_title(page: Page, live_server) -> None:
    response = page.goto(live_server.url + "/")

    assert response is not None and response.ok, f"GET / answered {response and response.status}"
    assert page.title().strip(), "the home page has no <title>"
