"""What the browser tests share: logging an organizer in through the real login form, in the page's language."""
from playwright.sync_api import Page

LOGIN = {
    "de": {"username": "Benutzername", "password": "Passwort", "submit": "Einloggen"},
    "en": {"username": "Username", "password": "Password", "submit": "Log in"},
}


def log_in(page: Page, live_server, organizer, next_url: str, language: str = "de") -> None:
    words = LOGIN[language]
    page.goto(f"{live_server.url}/accounts/login/?next={next_url}")
    page.get_by_label(words["username"]).fill(organizer.username)
    page.get_by_label(words["password"]).fill(organizer.raw_password)
    page.get_by_role("button", name=words["submit"]).click()
