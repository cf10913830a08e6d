"""Login throttling (django-axes): per account and per address, a clear message, an organizer's unlock."""
from __future__ import annotations

import logging

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.conftest import ORGANIZER_PASSWORD

pytestmark = pytest.mark.django_db

WRONG_ATTEMPTS = 30


def _login(client, username: str, password: str, *, ip: str = "10.0.0.7", lang: str = "en"):
    return client.post(
        reverse("login"),
        {"username": username, "password": password},
        REMOTE_ADDR=ip,
        HTTP_ACCEPT_LANGUAGE=lang,
    )


def test_thirty_wrong_passwords_lock_the_account_until_an_organizer_unlocks_it(client, organizer, caplog):
    caplog.set_level(logging.INFO, logger="axes")
    for _ in range(WRONG_ATTEMPTS):
        _login(client, organizer.username, "wrong")
    assert "organizer" in caplog.text  # failed logins are logged, with the account
    refused = _login(client, organizer.username, ORGANIZER_PASSWORD)
    assert refused.status_code == 429
    assert "Too many wrong passwords" in refused.content.decode()
    assert "_auth_user_id" not in client.session
    german = _login(client, organizer.username, ORGANIZER_PASSWORD, lang="de")
    assert "Zu viele falsche Passwörter" in german.content.decode()

    # Another organizer unlocks it from the organizer pages.
    other = get_user_model().objects.create_user("second", password="second-secret-0815", is_staff=True)
    from django.test import Client

    helper = Client()
    helper.force_login(other)
    page = helper.get(reverse("locked_logins"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "organizer" in page and "Unlock" in page
    from axes.models import AccessAttempt

    for attempt in AccessAttempt.objects.all():
        helper.post(reverse("unlock_login", args=[attempt.pk]))
    assert "No login is locked." in helper.get(reverse("locked_logins"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    allowed = _login(client, organizer.username, ORGANIZER_PASSWORD)
    assert allowed.status_code == 302
    assert client.session["_auth_user_id"] == str(organizer.pk)


def test_one_address_guessing_many_accounts_is_locked_too(client, organizer):
    for k in range(WRONG_ATTEMPTS):
        _login(client, f"guess{k}", "wrong", ip="10.0.0.99")
    assert _login(client, organizer.username, ORGANIZER_PASSWORD, ip="10.0.0.99").status_code == 429
    # The account itself is not locked: from another address the organizer still gets in.
    assert _login(client, organizer.username, ORGANIZER_PASSWORD, ip="10.0.0.5").status_code == 302


def test_visitors_cannot_see_or_unlock_locked_logins(client):
    assert client.get(reverse("locked_logins")).status_code == 302
    assert client.post(reverse("unlock_login", args=[1])).status_code == 302
