"""Login throttling (django-axes): a lock hits the client that guessed, never the account's owner elsewhere.

Wrong passwords lock the address they came from (for one account, or sprayed over many); the lock is listed
and lifted on /organizer/logins/ or with `manage.py unlock_logins`, which needs no second account. Behind a
proxy named in TRUSTED_PROXIES the client's own address counts, never a header any client can set.
"""

from __future__ import annotations

import logging

import pytest
from axes.models import AccessAttempt
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse

from tests.conftest import ORGANIZER_PASSWORD

pytestmark = pytest.mark.django_db

LIMIT = 10  # AXES_FAILURE_LIMIT
ATTACKER = "10.0.0.66"
OWNER = "10.0.0.5"


def _login(
    client, username: str, password: str, *, ip: str = ATTACKER, lang: str = "en", path: str | None = None, **headers
):
    return client.post(
        path or reverse("login"),
        {"username": username, "password": password},
        REMOTE_ADDR=ip,
        HTTP_ACCEPT_LANGUAGE=lang,
        **headers,
    )


def _logged_in(client, user) -> bool:
    return client.session.get("_auth_user_id") == str(user.pk)


def test_wrong_passwords_lock_the_guessing_device_but_never_the_owner_on_another(client, organizer, caplog):
    caplog.set_level(logging.INFO, logger="axes")
    for _ in range(LIMIT + 20):  # the test of 2026-11-27: 10 wrong passwords locked the account everywhere
        _login(client, organizer.username, "wrong")
    assert "organizer" in caplog.text  # failed logins are logged, with the account
    refused = _login(client, organizer.username, ORGANIZER_PASSWORD)
    assert refused.status_code == 429
    assert "Too many wrong passwords" in refused.content.decode()
    assert "_auth_user_id" not in client.session
    assert (
        "Zu viele falsche Passwörter"
        in _login(client, organizer.username, ORGANIZER_PASSWORD, lang="de").content.decode()
    )

    owner = Client()
    assert _login(owner, organizer.username, ORGANIZER_PASSWORD, ip=OWNER).status_code == 302
    assert _logged_in(owner, organizer)
    admin = Client()
    assert _login(admin, organizer.username, ORGANIZER_PASSWORD, ip=OWNER, path="/admin/login/").status_code == 302
    # One more wrong try an hour keeps the attacker locked, and still only the attacker.
    _login(client, organizer.username, "wrong")
    assert _login(Client(), organizer.username, ORGANIZER_PASSWORD, ip="10.0.0.6").status_code == 302


def test_an_address_guessing_many_accounts_is_locked_listed_and_unlocked_on_the_organizers_page(client, organizer):
    for k in range(LIMIT + 1):
        _login(client, f"guess{k}", "wrong", ip="10.0.0.99")
    assert _login(client, organizer.username, ORGANIZER_PASSWORD, ip="10.0.0.99").status_code == 429
    assert _login(Client(), organizer.username, ORGANIZER_PASSWORD, ip=OWNER).status_code == 302

    helper = Client()
    helper.force_login(organizer)  # the organizer himself, from his own phone: no second account needed
    page = helper.get(reverse("locked_logins"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "10.0.0.99" in page and "guess0" in page and "Unlock" in page  # was not listed before
    assert 'name="address" value="10.0.0.99"' in page
    german = helper.get(reverse("locked_logins"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Entsperren" in german and "falsche Passwörter" in german
    response = helper.post(reverse("unlock_login"), {"address": "10.0.0.99"}, HTTP_ACCEPT_LANGUAGE="en", follow=True)
    assert "10.0.0.99 can try to log in again" in response.content.decode()
    assert "No login is locked." in helper.get(reverse("locked_logins"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert _login(client, organizer.username, ORGANIZER_PASSWORD, ip="10.0.0.99").status_code == 302


def test_fewer_wrong_passwords_than_the_limit_lock_nothing_and_are_not_listed(client, organizer):
    for _ in range(LIMIT - 1):
        _login(client, organizer.username, "wrong")
    helper = Client()
    helper.force_login(organizer)
    assert "No login is locked." in helper.get(reverse("locked_logins"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert _login(client, organizer.username, ORGANIZER_PASSWORD).status_code == 302


def test_the_unlock_command_lists_and_lifts_locks_without_any_account(client, organizer, capsys):
    for _ in range(LIMIT):
        _login(client, organizer.username, "wrong", ip="10.0.0.66")
        _login(client, organizer.username, "wrong", ip="10.0.0.67")
    call_command("unlock_logins")
    listed = capsys.readouterr().out
    assert "10.0.0.66" in listed and "10.0.0.67" in listed and "organizer" in listed
    call_command("unlock_logins", "--address", "10.0.0.66")
    assert "10.0.0.66 can try to log in again" in capsys.readouterr().out
    assert _login(Client(), organizer.username, ORGANIZER_PASSWORD, ip="10.0.0.66").status_code == 302
    assert _login(Client(), organizer.username, ORGANIZER_PASSWORD, ip="10.0.0.67").status_code == 429
    with pytest.raises(CommandError):
        call_command("unlock_logins", "--address", "10.0.0.66")  # not locked any more
    call_command("unlock_logins", "--all")
    assert not AccessAttempt.objects.exists()
    assert _login(Client(), organizer.username, ORGANIZER_PASSWORD, ip="10.0.0.67").status_code == 302


def test_behind_a_named_proxy_each_client_is_locked_by_its_own_address(client, organizer, settings):
    settings.TRUSTED_PROXIES = ["127.0.0.1", "10.1.0.0/16"]
    for _ in range(LIMIT):
        _login(client, organizer.username, "wrong", ip="127.0.0.1", HTTP_X_FORWARDED_FOR="192.0.2.7, 10.1.2.3")
    assert AccessAttempt.objects.get().ip_address == "192.0.2.7"
    assert (
        _login(
            client, organizer.username, ORGANIZER_PASSWORD, ip="127.0.0.1", HTTP_X_FORWARDED_FOR="192.0.2.7"
        ).status_code
        == 429
    )
    # Another phone behind the same proxy is not the attacker.
    other = Client()
    assert (
        _login(
            other, organizer.username, ORGANIZER_PASSWORD, ip="127.0.0.1", HTTP_X_FORWARDED_FOR="192.0.2.8"
        ).status_code
        == 302
    )
    # The attacker cannot talk his way out by writing another address in front: the proxy appends the real one.
    forged = _login(
        Client(), organizer.username, ORGANIZER_PASSWORD, ip="127.0.0.1", HTTP_X_FORWARDED_FOR="192.0.2.99, 192.0.2.7"
    )
    assert forged.status_code == 429


def test_a_forwarded_for_header_from_a_client_that_is_no_named_proxy_is_ignored(client, organizer, settings):
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    for k in range(LIMIT):
        _login(client, organizer.username, "wrong", ip="10.0.0.50", HTTP_X_FORWARDED_FOR=f"192.0.2.{k}")
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {"10.0.0.50"}
    assert (
        _login(
            client, organizer.username, ORGANIZER_PASSWORD, ip="10.0.0.50", HTTP_X_FORWARDED_FOR="192.0.2.200"
        ).status_code
        == 429
    )


def test_visitors_cannot_see_or_unlock_locked_logins(client):
    assert client.get(reverse("locked_logins")).status_code == 302
    assert client.post(reverse("unlock_login"), {"address": "10.0.0.66"}).status_code == 302
