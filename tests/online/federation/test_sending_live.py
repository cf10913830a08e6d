"""The laptop sends its nights over real HTTP to a running server (pytest-django's live_server on a loopback
address): `manage.py send_nights` prints one line per night, a second run finds nothing to send, and the
organizer's page shows the night's state. The laptop and the server share the database here: the server
writes the night it received over the rows it was built from, and the laptop sees its own night as sent."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import translation

from online.models import LeagueLink, NightUpload, ReceivedNight, SentNight

pytestmark = pytest.mark.django_db(transaction=True)


def _send_nights() -> str:
    out = io.StringIO()
    with translation.override("de"):
        call_command("send_nights", stdout=out)
    return out.getvalue()


def test_send_nights_over_http_sends_each_finished_night_once(night, key, live_server, organizer):
    LeagueLink.objects.update(server_url=live_server.url)
    first = _send_nights()
    assert "25.11.2026 (Saison 2026): gesendet" in first, first
    received = ReceivedNight.objects.get()
    assert received.night_uid == night.uid and received.digest == SentNight.objects.get(night=night).digest
    assert NightUpload.objects.count() == 0
    assert _send_nights().strip() == "Jeder beendete Abend ist gesendet."

    web = Client(headers={"Accept-Language": "de"})
    web.force_login(organizer)
    page = web.get(reverse("league_send_night", args=[night.pk])).content.decode()
    assert "gesendet" in page and "Version 1" in page
