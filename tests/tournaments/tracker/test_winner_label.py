"""The winner of a table is its winner, not "out".

The dealer's page labelled every placed player "ausgeschieden", the table's winner too ("Gerd Bauer
ausgeschieden 1. Platz"); the rail struck his name through and counted him among the players out; the
TV's eliminations listed him like any other.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.tournaments.conftest import Dealer, table_of
from tournaments.models import TableStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(organizer):
    table = table_of({"Gerd Bauer": 1500, "Lena Busch": 1500}, organizer)
    dealer = Dealer(table)
    dealer.next_hand()
    first = dealer.state.engine.to_act
    other = ({"Gerd Bauer", "Lena Busch"} - {first}).pop()
    dealer.act(first, "allin")
    dealer.act(other, "call")
    dealer.settle(pot_winners=[["Gerd Bauer"]])
    table.refresh_from_db()
    assert table.status == TableStatus.FINISHED
    return table


def seat_row(html: str, name: str) -> str:
    return next(item for item in re.findall(r"<li class=\"[^\"]*\"[^>]*>.*?</li>", html, re.S) if name in item)


def test_the_dealer_page_calls_the_winner_winner_and_the_loser_out(client, finished):
    html = client.get(
        reverse("dealer_tracker", args=[finished.dealer_token]), HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    gerd, lena = seat_row(html, "Gerd Bauer"), seat_row(html, "Lena Busch")
    assert "Sieger" in gerd and "ausgeschieden" not in gerd and "1. Platz" in gerd
    assert "ausgeschieden" in lena and "2. Platz" in lena


def test_the_rail_does_not_strike_the_winner_through_or_count_him_out(client, finished):
    html = client.get(reverse("table_rail", args=[finished.pk]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    gerd = seat_row(html, "Gerd Bauer")
    assert ' out"' not in gerd.split(">", 1)[0] and "won" in gerd.split(">", 1)[0]
    assert "1 Spieler ausgeschieden" in html and "2 Spieler ausgeschieden" not in html


def test_the_tv_says_who_won_the_table(client, finished):
    html = client.get(reverse("tv_screens", args=[finished.night_id]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert re.search(r"Gerd Bauer</span>\s*<span class=\"tv-meta\">Tisch 1 · Tisch gewonnen", html), html
