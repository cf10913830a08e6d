"""What the browser tests share: logging an organizer in through the real login form, in the page's language."""

import json
import os
from pathlib import Path

import pytest
from playwright.sync_api import Page

PHONE = {"width": 390, "height": 844}  # the phone-sized screen of the venue tests

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
    # Until the next page has loaded, its deferred scripts have not run, and a key pressed then is lost (a
    # Space for the clock's keys was, on a busy machine): wait for the page after the login, loaded.
    page.wait_for_url(lambda url: "/accounts/login/" not in url, wait_until="load")


def search_settled(page: Page, timeout_ms: int = 10000) -> None:
    """Search-as-you-type answers each key after a 150 ms pause: wait for the answer to what the box holds now,
    as a person waits for the list to stop changing, so a click never lands on a list an older answer replaces.
    The desk's list says which search it answers (data-query); a fixed pause was too short on a busy machine
    (the last key's request had not even started, and an older list was taken for the answer)."""
    wait_until(
        page,
        """() => {
            const box = document.querySelector('#q'), list = document.querySelector('#search-results');
            return !!box && !!list && list.dataset.query === box.value.trim()
                && !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added');
        }""",
        timeout_ms,
    )


def wait_until(page: Page, predicate: str, timeout_ms: int = 5000) -> None:
    """Poll a JavaScript predicate from the test's side. Playwright's wait_for_function evaluates a
    string in the page, which the site's Content-Security-Policy (no 'unsafe-eval') refuses."""
    for _ in range(max(1, timeout_ms // 50)):
        if page.evaluate(predicate):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"still false after {timeout_ms} ms: {predicate}")


def fits_the_phone(page: Page) -> None:
    """Nothing wider than the screen: no sideways scrolling on the phone."""
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def keep_screenshot(page: Page, folder: str | None, name: str) -> None:
    """A full-page screenshot in ``folder`` when one was asked for (an environment variable names it)."""
    if folder:
        os.makedirs(folder, exist_ok=True)
        page.screenshot(path=os.path.join(folder, f"{name}.png"), full_page=True)


# axe-core, pinned in tests/browser/axe/package.json and package-lock.json; .ci/run installs it with `npm ci`.
AXE = Path(__file__).resolve().parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"


def axe_or_skip() -> Path:
    if AXE.is_file():
        return AXE
    message = f"axe-core is not installed ({AXE}); run: npm ci --prefix tests/browser/axe"
    if os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}:
        pytest.fail(message + " (CI=true: it must be there)", pytrace=False)
    pytest.skip(message)


def serious_violations(page: Page) -> list[str]:
    """axe-core's critical and serious violations on the page as it stands, one line per node."""
    page.add_script_tag(path=str(axe_or_skip()))
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    found = []
    for violation in result["violations"]:
        if violation["impact"] in ("critical", "serious"):
            for node in violation["nodes"]:
                found.append(
                    f"{violation['impact']} {violation['id']}: {json.dumps(node['target'])} {node['html'][:120]}"
                )
    return found
