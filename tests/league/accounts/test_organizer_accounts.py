"""Organizer accounts from the site: add another organizer, change one's own password."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.http import HttpRequest

from league.accounts import services as accounts

pytestmark = pytest.mark.django_db

GOOD = "Tisch-Sieben-2026!"


def test_an_organizer_adds_another_organizer_who_can_then_log_in(organizer_client, client):
    response = organizer_client.post(
        "/organizer/accounts/new/", {"username": "petra", "password1": GOOD, "password2": GOOD}
    )
    assert response.status_code == 302
    petra = get_user_model().objects.get(username="petra")
    assert petra.is_staff and not petra.is_superuser and petra.check_password(GOOD)
    organizer_client.logout()
    assert organizer_client.login(request=HttpRequest(), username="petra", password=GOOD)  # django-axes needs a request
    assert organizer_client.get("/organizer/").status_code == 200


def test_two_different_passwords_or_a_weak_one_are_refused(organizer_client):
    response = organizer_client.post(
        "/organizer/accounts/new/", {"username": "petra", "password1": GOOD, "password2": GOOD + "x"}
    )
    assert "The two password fields didn’t match." in response.content.decode()
    response = organizer_client.post(
        "/organizer/accounts/new/", {"username": "petra", "password1": "12345678", "password2": "12345678"}
    )
    assert "This password is too common." in response.content.decode()
    assert not get_user_model().objects.filter(username="petra").exists()


def test_the_service_refuses_a_taken_username_and_a_weak_password(organizer):
    with pytest.raises(accounts.AccountError, match="taken"):
        accounts.create_organizer(username="Organizer", password=GOOD)
    with pytest.raises(accounts.AccountError, match="too common"):
        accounts.create_organizer(username="petra", password="password")
    assert get_user_model().objects.count() == 1


def test_an_organizer_changes_their_own_password(organizer_client, organizer):
    page = organizer_client.get("/organizer/password/").content.decode()
    assert "Change your password" in page and 'href="/static/css/league.css"' in page
    response = organizer_client.post(
        "/organizer/password/",
        {"old_password": organizer.raw_password, "new_password1": GOOD, "new_password2": GOOD},
    )
    assert response.status_code == 302 and response.url == "/organizer/"
    organizer.refresh_from_db()
    assert organizer.check_password(GOOD)
    # Still logged in: Django keeps the session after a password change.
    assert organizer_client.get("/organizer/").status_code == 200


def test_a_wrong_old_password_changes_nothing(organizer_client, organizer):
    response = organizer_client.post(
        "/organizer/password/", {"old_password": "wrong", "new_password1": GOOD, "new_password2": GOOD}
    )
    assert response.status_code == 200 and "Your old password was entered incorrectly." in response.content.decode()
    organizer.refresh_from_db()
    assert organizer.check_password(organizer.raw_password)


def test_the_top_bar_leads_organizers_to_their_pages(organizer_client, client):
    assert 'href="/organizer/"' in organizer_client.get("/").content.decode()
    organizer_client.logout()
    assert 'href="/organizer/"' not in organizer_client.get("/").content.decode()


def test_an_organizer_signed_in_before_the_organizer_backend_stays_signed_in(client, organizer):
    # His session names Django's own backend, as every session did before league.accounts.backend came.
    client.force_login(organizer, backend="django.contrib.auth.backends.ModelBackend")
    assert client.get("/organizer/").status_code == 200
