"""The pot the rail and the replayer show is the pot.

An uncalled bet goes back to its player: it is not part of the pot. The rail showed "Pot 4.575" beside a
main pot of 3.650 and a side pot of 600; now the parts add up to the pot and the uncalled chips are named
on their own. The dealer's page named a pot's only eligible player before its winner ("Lena Busch →
Lena Busch").
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.tournaments.conftest import Dealer, table_of
from tournaments.models import Table, TableStatus

pytestmark = pytest.mark.django_db


def flat(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.fixture
def all_in(organizer) -> Dealer:
    """Anna (1,500) deals; everyone all-in before the flop: Ben has 1,000 and Carl 300, so 500 of Anna's go back."""
    dealer = Dealer(table_of({"Anna": 1500, "Ben": 1000, "Carl": 300}, organizer))
    dealer.next_hand()
    for name in ("Anna", "Ben", "Carl"):
        assert dealer.state.engine.to_act == name
        dealer.act(name, "allin")
    assert dealer.state.engine.is_betting_over
    return dealer


def test_the_rail_shows_the_pot_as_the_sum_of_its_pots_and_the_uncalled_bet_apart(client, all_in):
    html = flat(client.get(reverse("table_rail", args=[all_in.table.pk]), HTTP_ACCEPT_LANGUAGE="de").content.decode())
    assert "Pot 2.300 Hauptpot: 900 Nebenpot 1: 1.400 500 zurück an Anna: niemand ist mitgegangen" in html, html
    assert "2.800" not in html


def test_the_replayer_shows_the_same_figures(client, all_in):
    all_in.settle(pot_winners=[["Carl"], ["Ben"]])
    Table.objects.filter(pk=all_in.table.pk).update(status=TableStatus.FINISHED)
    html = flat(
        client.get(
            reverse("hand_replay", args=[all_in.table.pk, 1]) + "?step=3", HTTP_ACCEPT_LANGUAGE="de"
        ).content.decode()
    )
    assert (
        "Pot 2.300 Hauptpot 900 · Anna, Ben, Carl Nebenpot 1.400 · Anna, Ben 500 zurück an Anna: niemand ist mitgegangen"
        in html
    ), html
    early = flat(
        client.get(
            reverse("hand_replay", args=[all_in.table.pk, 1]) + "?step=1", HTTP_ACCEPT_LANGUAGE="de"
        ).content.decode()
    )
    assert "Pot 1.575" in early  # while the betting runs, every chip in the middle


def test_the_dealer_page_names_a_single_eligible_player_once(client, organizer):
    dealer = Dealer(table_of({"Anna": 1500, "Ben": 1500, "Carl": 1500}, organizer))
    dealer.next_hand()
    dealer.act("Anna", "fold")
    dealer.act("Ben", "fold")
    dealer.settle()
    html = flat(
        client.get(
            reverse("dealer_tracker", args=[dealer.table.dealer_token]), HTTP_ACCEPT_LANGUAGE="de"
        ).content.decode()
    )
    assert "Hauptpot: 50 → Carl" in html and "Carl → Carl" not in html, html


def test_the_replayers_last_step_offers_the_next_hand_not_a_dead_forward(client, all_in):
    """The last step showed a disabled "Weiter →": it leads on to the next hand, or the list."""
    all_in.settle(pot_winners=[["Carl"], ["Ben"]])
    Table.objects.filter(pk=all_in.table.pk).update(status=TableStatus.FINISHED)
    last = client.get(
        reverse("hand_replay", args=[all_in.table.pk, 1]) + "?step=99", HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "Weiter →" not in last
    assert f'href="{reverse("hand_list", args=[all_in.table.pk])}"' in last and 'id="all-hands"' in last
