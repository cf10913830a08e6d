"""Two of the leaflets' rules at the play-money table: giving up while the Trips bet plays on (docs/rules.md,
"Give up, Trips plays"), and an organizer's abort of a round that a fault interrupted, every bet returned
("A round that a fault interrupts is void")."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from housegames.models import Bankroll, BankrollEntry, JackpotMeterEvent, UthRound
from housegames.services import uth as uth_play
from housegames.services.uth import BetSlip, UthPlayError
from housegames.views import pages
from tests.housegames.uth.helpers import stack_decks

pytestmark = pytest.mark.django_db

TRIPS_ON_THE_FLOP = (["AsKs"], "QhQd", "7c7h7dJs2c")


@pytest.fixture
def bankroll() -> Bankroll:
    bankroll = Bankroll.objects.create(session_key="guest-1")
    BankrollEntry.objects.create(bankroll=bankroll, amount=Decimal("1000.00"), reason="starting play money")
    return bankroll


def test_the_table_offers_giving_up_with_trips_on_the_board_and_trips_plays_on(client, monkeypatch):
    stack_decks(monkeypatch, TRIPS_ON_THE_FLOP)
    for change in ("ante:25", "trips:5"):
        client.post(reverse("uth_slip"), {"change": change})
    client.post(reverse("uth_deal"))
    round_id = UthRound.objects.get().pk
    client.post(reverse("uth_decide", args=[round_id]), {"decision": "check", "seen": "0"})
    html = client.get(reverse("uth_table"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert re.search(r'<button name="decision" value="fold"[^>]*>Aufgeben, Trips spielt weiter', html), html
    client.post(reverse("uth_decide", args=[round_id]), {"decision": "fold", "seen": "1"})
    settled = UthRound.objects.get()
    assert settled.status == UthRound.Status.SETTLED
    # Ante and Blind (25 each) lost, Trips 5 paid 3:1: 55 staked, 20 back.
    assert (settled.staked, settled.returned) == (Decimal("55.00"), Decimal("20.00"))


def test_an_organizer_aborts_a_round_in_play_and_every_bet_and_the_meter_feed_go_back(bankroll, monkeypatch, organizer):
    stack_decks(monkeypatch, TRIPS_ON_THE_FLOP)
    meter_before = uth_play.get_meter().amount
    uth_round = uth_play.start_round(bankroll=bankroll, slip=BetSlip(ante=Decimal(10), trips=Decimal(5), jackpot=True))
    uth_round = uth_play.make_decision(bankroll=bankroll, round_id=uth_round.pk, decision="check", seen=0)
    assert bankroll.balance() < 1000 and uth_play.get_meter().amount > meter_before

    with pytest.raises(UthPlayError):
        uth_play.abort_round(round_id=uth_round.pk, by=organizer, reason="  ")  # a reason is needed
    aborted = uth_play.abort_round(round_id=uth_round.pk, by=organizer, reason="Handy hat die Verbindung verloren")
    assert aborted.status == UthRound.Status.ABORTED and aborted.aborted_by == organizer
    assert aborted.abort_reason == "Handy hat die Verbindung verloren" and aborted.returned == aborted.staked
    assert bankroll.balance() == Decimal("1000.00")
    meter = uth_play.get_meter()
    assert meter.amount == meter_before == meter.events_total()
    assert meter.events.filter(kind=JackpotMeterEvent.Kind.VOID, uth_round=aborted).count() == 1
    with pytest.raises(UthPlayError, match="only a round in play can be aborted"):
        uth_play.abort_round(round_id=uth_round.pk, by=organizer, reason="noch einmal")
    assert bankroll.balance() == Decimal("1000.00")
    # The guest can deal again, and sees the aborted round in the history.
    assert uth_play.round_in_play(bankroll) is None
    assert pages.history(bankroll)[0]["aborted"]


def test_only_an_organizer_aborts_and_the_table_shows_him_the_rounds_in_play(organizer_client, monkeypatch):
    client = Client()  # the guest, on his own phone
    stack_decks(monkeypatch, TRIPS_ON_THE_FLOP)
    client.post(reverse("uth_slip"), {"change": "ante:25"})
    client.post(reverse("uth_deal"))
    uth_round = UthRound.objects.get()
    url = reverse("uth_abort", args=[uth_round.pk])
    assert client.post(url, {"reason": "Störung"}).status_code == 302 and UthRound.objects.get().status == "in_play"
    assert "/accounts/login/" in client.post(url, {"reason": "Störung"}).url

    table = organizer_client.get(reverse("uth_table"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Laufende Runden (Organisatoren)" in table and url in table
    confirm = organizer_client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert f"Runde {uth_round.pk} abbrechen?" in confirm
    assert (
        "Bitte sagen, was schiefging"
        in organizer_client.post(url, {"reason": ""}, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    )
    assert organizer_client.post(url, {"reason": "Karte falsch gegeben"}).status_code == 302
    assert UthRound.objects.get().status == UthRound.Status.ABORTED
    guest = client.get(reverse("uth_table"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Abgebrochen: alle Einsätze zurück" in guest and "Karte falsch gegeben" in guest
