"""The app on a server as docs/server.md sets it up, driven for real: HTTPS through Debian's nginx (the example
file itself) to `manage.py serve` as a service user who cannot write in the checkout, PostgreSQL behind it.

One chain per test function (each starts its own PostgreSQL, app server and nginx on free 127.0.0.1 ports).
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import time

import pytest
from playwright.sync_api import expect

from tests.benchmarks.support.phone_client import REPO_ROOT
from tests.online.server.chain import HOST, SERVICE_USER, missing, running_chain

# Chromium drives part of it; CI's PostgreSQL leg (-m "not browser") leaves the chain to the first leg.
pytestmark = [pytest.mark.browser, pytest.mark.server]


@pytest.fixture
def chain():
    reason = missing()
    if reason:
        if os.environ.get("CI"):
            pytest.fail(f"the server chain test must run in CI: {reason} (.ci/run installs nginx)")
        pytest.skip(reason)
    with running_chain() as running:
        yield running


def _browser(playwright, browser_type_launch_args):
    args = [*browser_type_launch_args.get("args", []), f"--host-resolver-rules=MAP {HOST} 127.0.0.1"]
    return playwright.chromium.launch(**{**browser_type_launch_args, "args": args})


def test_the_server_chain_https_proxy_app_postgresql_as_documented(chain, playwright, browser_type_launch_args):
    visitor = chain.client()

    # HTTPS through the proxy, German, HSTS as the settings default it; plain HTTP goes to HTTPS.
    home = visitor.get("/")
    assert home.status == 200 and '<html lang="de">' in home.body
    assert home.header("Strict-Transport-Security") == "max-age=31536000; includeSubDomains; preload"
    plain = socket.create_connection(("127.0.0.1", chain.http_port), timeout=10)
    plain.sendall(f"GET /standings/ HTTP/1.1\r\nHost: {HOST}:{chain.http_port}\r\nConnection: close\r\n\r\n".encode())
    answer = plain.recv(4096).decode()
    plain.close()
    assert answer.startswith("HTTP/1.1 301") and f"Location: https://{HOST}:{chain.https_port}/standings/" in answer

    # check --deploy is clean with the example's settings (PUBLIC_URL among them).
    assert "System check identified no issues" in chain.deploy_check, chain.deploy_check

    # German error pages; a host the proxy does not serve gets no answer; the app answers a wrong Host with a
    # German 400 and one log line, no traceback.
    missing_page = visitor.get("/gibt-es-nicht/")
    assert missing_page.status == 404 and "Seite nicht gefunden" in missing_page.body
    with pytest.raises((ConnectionError, OSError)):
        visitor.get("/", host="evil.example")
    direct = socket.create_connection(("127.0.0.1", chain.app_port), timeout=10)
    direct.sendall(b"GET / HTTP/1.1\r\nHost: evil.example\r\nAccept-Language: de\r\nConnection: close\r\n\r\n")
    raw = b""
    while chunk := direct.recv(65536):
        raw += chunk
    direct.close()
    assert raw.startswith(b"HTTP/1.1 400") and b"Nicht angenommen" in raw
    time.sleep(0.5)
    log = chain.app_log.read_text()
    assert "Invalid HTTP_HOST header" in log and "Traceback" not in log, log[-3000:]

    # The health endpoint: every check passed, nothing private in the answer.
    health = visitor.get("/health/")
    assert health.status == 200
    assert json.loads(health.body) == {"status": "ok", "database": True, "migrations": True, "data_folder": True}

    # The first organizer made by createsuperuser --noinput logs in; cookies are secure.
    organizer = chain.client()
    username, password = chain.superuser
    login = organizer.log_in(username, password)
    assert login.status == 302, login.body[:2000]
    cookies = {line.split("=", 1)[0]: line for line in login.cookies()}
    assert "sessionid" in cookies and "Secure" in cookies["sessionid"] and "HttpOnly" in cookies["sessionid"]
    assert "Secure" in cookies.get("csrftoken", "Secure")
    assert organizer.get("/organizer/").status == 200

    # The service user cannot write in the checkout; the live screens write in the data folder instead.
    cannot = subprocess.run(["runuser", "-u", SERVICE_USER, "--", "test", "-w", str(REPO_ROOT)])
    assert cannot.returncode != 0
    night = chain.night["night"]
    assert organizer.post(f"/nights/{night}/clock/control/start/").status in (200, 302)
    state = visitor.get(f"/nights/{night}/clock/state.json")
    assert state.status == 200, chain.app_log.read_text()[-3000:]
    assert any((chain.data_dir / ".cache" / "live").iterdir())

    # Chromium over HTTP/2: the TV follows a pause within a second through the proxy (the stream is not
    # buffered), and with 8 stream pages open in one browser a 9th page still loads.
    browser = _browser(playwright, browser_type_launch_args)
    try:
        context = browser.new_context(
            ignore_https_errors=True, locale="de-DE", extra_http_headers={"Accept-Language": "de"}
        )
        tv = context.new_page()
        tv.goto(f"{chain.url}/nights/{night}/clock/")
        clock = tv.locator("#clock")
        expect(clock).to_have_attribute("data-live", "stream")
        expect(clock).to_have_class(re.compile(r"\bis-running\b"))
        delays = []
        for action, state_class in (("pause", "is-paused"), ("resume", "is-running"), ("pause", "is-paused")):
            sent = time.perf_counter()
            assert organizer.post(f"/nights/{night}/clock/control/{action}/").status in (200, 302)
            expect(clock).to_have_class(re.compile(rf"\b{state_class}\b"), timeout=1000)
            delays.append(time.perf_counter() - sent)
        print(f"\nthrough nginx: organizer's POST -> TV: {', '.join(f'{d * 1000:.0f} ms' for d in delays)}")

        tables = [table["id"] for table in chain.night["tables"]]
        streams = (
            [f"/nights/{night}/clock/"] * 3 + [f"/nights/{night}/rail/"] * 2 + [f"/tables/{t}/rail/" for t in tables]
        )
        pages = [tv]
        for path in streams:
            page = context.new_page()
            page.goto(chain.url + path)
            pages.append(page)
        assert len(pages) == 8
        for page in pages:
            expect(page.locator("[data-live]").first).to_have_attribute("data-live", "stream")
        ninth = context.new_page()
        started = time.perf_counter()
        response = ninth.goto(f"{chain.url}/standings/", timeout=10000)
        loaded = time.perf_counter() - started
        assert response.status == 200
        expect(ninth.locator("h1")).to_contain_text("Tabelle")
        print(f"9th page with 8 streams open: {loaded * 1000:.0f} ms")
        assert loaded < 5
        context.close()
    finally:
        browser.close()
    assert " HTTP/2.0 " in chain.access_log()


def test_behind_the_proxy_the_app_sees_each_client_s_own_address_and_a_client_cannot_fake_it(chain):
    """Login lockouts are per real client: ten wrong passwords from one client do not lock another client out."""
    import psycopg

    mallory, organizer = chain.client("127.0.0.2"), chain.client("127.0.0.3")
    for attempt in range(10):
        mallory.log_in(f"nobody-{attempt}", "wrong")
    # A client that names another address in X-Forwarded-For is still known by its own.
    faker = chain.client("127.0.0.2")
    faker.get("/accounts/login/")
    faker.request(
        "POST",
        "/accounts/login/",
        data={"username": "nobody-x", "password": "wrong", "csrfmiddlewaretoken": faker.jar.get("csrftoken", "")},
        headers={"X-Forwarded-For": "203.0.113.9", "X-CSRFToken": faker.jar.get("csrftoken", "")},
    )
    with psycopg.connect(chain.database_url) as connection:
        addresses = {str(row[0]) for row in connection.execute("SELECT DISTINCT ip_address FROM axes_accessattempt")}
    assert addresses == {"127.0.0.2"}, addresses
    username, password = chain.superuser
    assert organizer.log_in(username, password).status == 302  # not locked out by the other client's failures
