"""Browser tests: Debian's Chromium driven by Playwright against pytest-django's ``live_server``.

Chromium speaks German, as at the venue (locale de-DE, ``Accept-Language: de``); a test asks for English with
``@pytest.mark.browser_language("en")``, or runs in both with ``@pytest.mark.parametrize("browser_language",
["de", "en"])``. Playwright is never allowed to download a browser of its own. Without Chromium the browser
tests are skipped with a reason (tests/plugins/selection.py), except in CI (``CI=true``), where that is a failure.
The fixtures that override pytest-playwright's (``playwright``, ``browser_type_launch_args``,
``browser_context_args``, ``base_url``) are in tests/conftest.py: a plugin's fixture does not reliably override
another plugin's of the same name, a conftest's does.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# Debian's headless build of Chromium (the same Blink and network stack, without the desktop browser's
# windowing): a third less CPU per browser test than /usr/bin/chromium in headless mode. The full browser
# when only it is installed.
HEADLESS_SHELL = Path("/usr/bin/chromium-headless-shell")
CHROMIUM = HEADLESS_SHELL if HEADLESS_SHELL.exists() else Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# What a browser context gets for each language: Chromium's locale (navigator.language,
# number inputs, Intl) and the header Django's LocaleMiddleware reads.
BROWSER_LANGUAGES = {
    "de": {"locale": "de-DE", "extra_http_headers": {"Accept-Language": "de-DE,de;q=0.9"}},
    "en": {"locale": "en-GB", "extra_http_headers": {"Accept-Language": "en-GB,en;q=0.9"}},
}


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


def missing_chromium_message() -> str:
    return f"Chromium not found at {HEADLESS_SHELL} or {CHROMIUM}: `apt-get install chromium-headless-shell`"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        'browser_language(code): the language Chromium speaks in this browser test, "de" (the default) or "en"',
    )


@pytest.fixture
def browser_language(request: pytest.FixtureRequest) -> str:
    """German unless the test says otherwise (marker, or parametrize("browser_language", [...]))."""
    marker = request.node.get_closest_marker("browser_language")
    language = marker.args[0] if marker else "de"
    if language not in BROWSER_LANGUAGES:
        pytest.fail(f"browser_language must be one of {sorted(BROWSER_LANGUAGES)}, not {language!r}", pytrace=False)
    return language


@pytest.fixture
def german_phone(page, live_server):
    """As at the venue: the suite's browser (German unless a test asks otherwise) on a phone-sized screen."""
    from tests.browser.helpers import PHONE

    page.set_viewport_size(PHONE)
    return page


# --- CI: a browser leg that only skipped is a failed leg -----------------------

_browser_outcomes: dict[str, int] = {"passed": 0, "failed": 0, "skipped": 0}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if ("browser", "1") not in report.user_properties:
        return
    if report.when == "call" and report.passed:
        _browser_outcomes["passed"] += 1
    elif report.failed:
        _browser_outcomes["failed"] += 1
    elif report.skipped:
        _browser_outcomes["skipped"] += 1


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    if any(_browser_outcomes.values()):
        counts = ", ".join(f"{n} {outcome}" for outcome, n in _browser_outcomes.items())
        terminalreporter.write_line(f"browser tests (Chromium {CHROMIUM}): {counts}")
        if _only_skipped_browser_tests_in_ci():
            terminalreporter.write_line("CI=true and every browser test was skipped: failing the run", red=True)


def _only_skipped_browser_tests_in_ci() -> bool:
    return in_ci() and _browser_outcomes["skipped"] > 0 and _browser_outcomes["passed"] == 0


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if _only_skipped_browser_tests_in_ci() and exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
