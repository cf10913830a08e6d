"""Forms that create a player, money or results apply once: a re-post or two desks sending the same form
together create one player, one paid entry, one cash line."""

from __future__ import annotations

import datetime
import threading
from decimal import Decimal

import pytest
from django.db import connections
from django.test import Client
from django.urls import reverse

from league import once
from league.models import CashLine, Entry, Player
from tests.league.factories import make_night

NEW_PLAYER = {
    "name": "Nina Neu",
    "date_of_birth": "1999-03-04",
    "id_checked_adult": "on",
    "pay_now": "on",
    "fee": "10.00",
}


def _new_player_form_token(client, night) -> str:
    page = client.get(reverse("registration_desk", args=[night.pk])).content.decode()
    start = page.index('name="once" value="') + len('name="once" value="')
    return page[start : page.index('"', start)]


@pytest.mark.django_db
def test_a_re_posted_new_player_form_is_refused_with_a_message(organizer_client):
    night = make_night()
    token = _new_player_form_token(organizer_client, night)
    url = reverse("desk_new_player", args=[night.pk])
    first = organizer_client.post(url, {**NEW_PLAYER, "once": token}, follow=True, HTTP_ACCEPT_LANGUAGE="en")
    again = organizer_client.post(url, {**NEW_PLAYER, "once": token}, follow=True, HTTP_ACCEPT_LANGUAGE="en")
    assert "Nina Neu is registered" in first.content.decode()
    assert "already sent and applied" in again.content.decode()
    assert Player.objects.count() == 1 and Entry.objects.count() == 1
    assert Entry.objects.get().fee_paid == Decimal("10.00")


@pytest.mark.django_db
def test_a_form_without_its_token_or_with_a_forged_one_changes_nothing(organizer_client):
    night = make_night()
    url = reverse("desk_new_player", args=[night.pk])
    for token in ("", "forged", "x" * 10_000):
        page = organizer_client.post(url, {**NEW_PLAYER, "once": token}, HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert "out of date" in page
    assert not Player.objects.exists() and not Entry.objects.exists()


@pytest.mark.django_db
def test_a_failed_form_keeps_its_token_for_the_corrected_one(organizer_client):
    night = make_night()
    token = _new_player_form_token(organizer_client, night)
    url = reverse("desk_new_player", args=[night.pk])
    organizer_client.post(url, {**NEW_PLAYER, "date_of_birth": "2015-01-01", "once": token})
    assert not Player.objects.exists()
    organizer_client.post(url, {**NEW_PLAYER, "once": token})
    assert Player.objects.count() == 1


def _post_together(organizer, url: str, data: dict) -> list[int]:
    barrier = threading.Barrier(2)
    statuses: list[object] = [None, None]

    def post(slot: int) -> None:
        client = Client()
        client.force_login(organizer)
        try:
            barrier.wait(timeout=10)
            statuses[slot] = client.post(url, data, HTTP_ACCEPT_LANGUAGE="en").status_code
        except Exception as error:  # shown in the assertion
            statuses[slot] = repr(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=post, args=(slot,)) for slot in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return statuses


@pytest.mark.django_db(transaction=True)
def test_two_desks_sending_the_same_new_player_form_together_create_one(organizer):
    first = make_night()
    for round_ in range(5):
        night = make_night(season=first.season, date=first.date + datetime.timedelta(days=7 * (round_ + 1)))
        token = once.new_token()
        # A new person each round: the league's own name again would be offered, not made (the desk's look-alikes).
        person = {**NEW_PLAYER, "name": ("Nina Neu", "Omar Ost", "Pia Pohl", "Rui Rosa", "Sven Sand")[round_]}
        statuses = _post_together(organizer, reverse("desk_new_player", args=[night.pk]), {**person, "once": token})
        assert all(isinstance(s, int) and s < 500 for s in statuses), statuses
        assert Entry.objects.filter(night=night).count() == 1, round_


@pytest.mark.django_db(transaction=True)
def test_a_double_clicked_cash_line_is_booked_once(organizer):
    night = make_night()
    data = {
        "direction": "out",
        "amount": "12.50",
        "box": "box",
        "night": night.pk,
        "reason": "Kreide",
        "once": once.new_token(),
    }
    statuses = _post_together(organizer, reverse("cash_line_new", args=[night.season_id]), data)
    assert all(isinstance(s, int) and s < 500 for s in statuses), statuses
    assert CashLine.objects.filter(reason="Kreide").count() == 1
