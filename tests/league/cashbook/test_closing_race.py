"""Issue 31, point 4: the desk that loses a race to close a night's cash, or closes a closed night, is told so
in words. Before, the refusal went into the form, which a closed night's page no longer shows: the page came
back with no message.

The race runs on the suite's database (SQLite as at the venue; PostgreSQL with DATABASE_URL): two desks,
each its own logged-in session and its own database connection, post the same count at the same moment.
"""

from __future__ import annotations

import re
import threading

import pytest
from django.test import Client
from django.urls import reverse

from league.models import CashCount
from tests.league.cashbook.test_cashbook import build_full_night

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}
ALREADY = "Die Kasse dieses Abends wurde bereits"


def _messages(html: str) -> list[str]:
    block = re.search(r'<ul class="messages">(.*?)</ul>', html, re.S)
    return re.findall(r"<li[^>]*>(.*?)</li>", block.group(1), re.S) if block else []


@pytest.mark.django_db
def test_closing_a_closed_night_says_so_in_german(organizer_client, organizer):
    night = build_full_night(organizer)
    url = reverse("night_cash", args=[night.pk])
    closed = organizer_client.post(url, {"counted": "162,00"}, follow=True, **GERMAN)
    assert _messages(closed.content.decode()) == ["Die Kasse des Abends ist abgeschlossen: die Zählung stimmt."]

    again = organizer_client.post(url, {"counted": "162,00"}, follow=True, **GERMAN)
    said = _messages(again.content.decode())
    assert len(said) == 1 and said[0].startswith(f"{ALREADY} von organizer am "), said
    assert 'id="cash-closed"' in again.content.decode() and CashCount.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_desks_closing_at_once_one_closes_and_the_other_is_told(organizer):
    night = build_full_night(organizer)
    url = reverse("night_cash", args=[night.pk])
    desks = [Client(), Client()]
    for desk in desks:
        desk.force_login(organizer)
        desk.get(url, **GERMAN)  # both pages open, the form on each
    start, pages = threading.Barrier(2), [None, None]

    def close(k: int) -> None:
        from django.db import connection

        try:
            start.wait()
            pages[k] = desks[k].post(url, {"counted": "162,00"}, follow=True, **GERMAN).content.decode()
        finally:
            connection.close()

    threads = [threading.Thread(target=close, args=(k,)) for k in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    said = [_messages(page) for page in pages]
    assert all(len(messages) == 1 for messages in said), said  # each desk is told something, in words
    told = [messages[0] for messages in said]
    assert "Die Kasse des Abends ist abgeschlossen: die Zählung stimmt." in told, told
    assert sum(message.startswith(ALREADY) for message in told) == 1, told
    assert CashCount.objects.count() == 1
