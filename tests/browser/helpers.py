"""What the browser tests share: logging an organizer in through the real login form."""
from playwright.sync_api import Page


def log_in(page: Page, live_server, organizer, next_url: str) -> None:
    page.goto(f"{live_server.url}/accounts/login/?next={next_url}")
    page.fill("input[name=username]", organizer.username)
    page.fill("input[name=password]", organizer.raw_password)
    page.click("button.primary")
