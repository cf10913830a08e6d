"""config/security_headers.py: every kind of answer the app makes carries the security headers, also those made
before the middleware that adds them ran (the request guard's, a Host not allowed, the redirect to HTTPS, static
files), the error pages and the busy database's answer."""

from __future__ import annotations

from unittest import mock

import pytest
from asgiref.sync import async_to_sync
from django.conf import settings
from django.db import OperationalError
from django.test import AsyncClient, Client

pytestmark = pytest.mark.django_db


def _assert_headers(response) -> None:
    policy = response.headers.get("Content-Security-Policy", "")
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert response.headers.get("X-Frame-Options") == settings.X_FRAME_OPTIONS == "DENY"
    assert response.headers.get("X-Content-Type-Options") == "nosniff"
    assert response.headers.get("Referrer-Policy") == settings.SECURE_REFERRER_POLICY


@pytest.mark.parametrize(
    ("path", "data", "status"),
    [
        ("/", {}, 200),  # a page
        ("/", {"q": "search\x00"}, 400),  # the request guard: a NUL
        ("/players/" + "9" * 40 + "/", {}, 404),  # the request guard: a number longer than any id
        ("/no-such-page/", {}, 404),
        ("/health/", {}, None),
    ],
)
def test_pages_the_guard_and_the_error_pages_carry_the_headers(path, data, status):
    response = Client(raise_request_exception=False).get(path, data)
    assert status is None or response.status_code == status
    _assert_headers(response)


def test_the_guards_answer_under_asgi_carries_the_headers_too():
    response = async_to_sync(AsyncClient(raise_request_exception=False).get)("/", {"q": "search\x00"})
    assert response.status_code == 400
    _assert_headers(response)


@pytest.mark.parametrize(
    "host",
    ["evil.example", "bad host", "x" * 300, "league.example:99999", "[::1"],
    ids=["not allowed", "a space", "too long", "no such port", "broken IPv6"],
)
def test_a_host_that_is_not_allowed_or_cannot_be_one_is_refused_with_the_headers(host):
    response = Client(raise_request_exception=False).get("/", HTTP_HOST=host)
    assert response.status_code == 400
    _assert_headers(response)


def test_the_redirect_to_https_and_a_bad_host_refused_before_it_carry_the_headers(settings):
    settings.SECURE_SSL_REDIRECT = True
    client = Client(raise_request_exception=False)
    redirect = client.get("/standings/")
    assert redirect.status_code == 301 and redirect["Location"].startswith("https://")
    _assert_headers(redirect)
    refused = client.get("/standings/", HTTP_HOST="evil.example")  # SecurityMiddleware asks for the host first
    assert refused.status_code == 400
    _assert_headers(refused)


def test_a_form_without_its_csrf_token_is_refused_with_the_headers():
    response = Client(enforce_csrf_checks=True).post("/accounts/login/", {"username": "a", "password": "b"})
    assert response.status_code == 403
    _assert_headers(response)


def test_a_server_error_and_the_busy_database_answer_carry_the_headers():
    client = Client(raise_request_exception=False)
    with mock.patch("online.health.health", side_effect=RuntimeError("broken")):
        failed = client.get("/health/")
    assert failed.status_code == 500
    _assert_headers(failed)
    with mock.patch("online.health.health", side_effect=OperationalError("database is locked")):
        busy = client.get("/health/")
    assert busy.status_code == 503 and busy["Retry-After"] == "2"
    _assert_headers(busy)


def test_static_files_carry_the_headers(settings):
    settings.WHITENOISE_USE_FINDERS = True  # WhiteNoise serves the sources, as if collected
    response = Client().get("/static/favicon.svg")
    assert response.status_code == 200 and response["Content-Type"].startswith("image/svg")
    _assert_headers(response)


def test_a_header_a_page_set_itself_is_left_as_it_was():
    from django.http import HttpResponse
    from django.test import RequestFactory

    from config.security_headers import EveryAnswerHeadersMiddleware

    own = HttpResponse("x", headers={"Content-Security-Policy": "default-src 'none'", "X-Frame-Options": "SAMEORIGIN"})
    response = EveryAnswerHeadersMiddleware(lambda request: own)(RequestFactory().get("/"))
    assert response["Content-Security-Policy"] == "default-src 'none'" and response["X-Frame-Options"] == "SAMEORIGIN"
    assert response["X-Content-Type-Options"] == "nosniff"
