"""House-game guests: a look writes nothing, the first bet makes the bankroll, stale guests are cleaned up."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.utils import timezone

from housegames.models import Bankroll, BankrollEntry
from housegames.services.bankroll import book, delete_stale_guests

pytestmark = pytest.mark.django_db


def _rows() -> tuple[int, int, int]:
    return Session.objects.count(), Bankroll.objects.count(), BankrollEntry.objects.count()


@pytest.mark.parametrize("url", ["/uth/", "/imperial/"])
def test_a_cookieless_look_writes_no_row(client, url):
    for _ in range(3):
        response = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
        assert response.status_code == 200
        client.cookies.clear()
    assert _rows() == (0, 0, 0)


def test_the_look_shows_the_starting_play_money(client):
    page = client.get("/uth/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "1,000" in page or "1000" in page or "1.000" in page


def test_the_bankroll_is_made_on_the_first_bet(client):
    client.get("/uth/")
    client.post("/uth/slip/", {"change": "ante:5"})
    assert Bankroll.objects.count() == 0
    client.post("/uth/deal/")
    assert Bankroll.objects.count() == 1


def test_stale_guests_go_players_and_recent_guests_stay():
    old, recent = Bankroll.objects.create(session_key="old"), Bankroll.objects.create(session_key="recent")
    for bankroll in (old, recent):
        book(bankroll=bankroll, amount=100, reason="start")
    long_ago = timezone.now() - timedelta(days=40)
    Bankroll.objects.filter(pk=old.pk).update(created_at=long_ago)
    BankrollEntry.objects.filter(bankroll=old).update(created_at=long_ago)
    assert delete_stale_guests(idle_days=30) == 1
    assert list(Bankroll.objects.values_list("session_key", flat=True)) == ["recent"]
    assert not BankrollEntry.objects.filter(bankroll_id=old.pk).exists()


def test_the_cleanup_command_runs_and_refuses_silly_days(capsys):
    call_command("cleanup_guests", "--days", "30")
    assert "guest bankrolls" in capsys.readouterr().out
    from django.core.management.base import CommandError

    with pytest.raises(CommandError):
        call_command("cleanup_guests", "--days", "0")
