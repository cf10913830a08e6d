"""The odds on the rail: shown beside the cards once no more betting can change the hand, from public cards only."""
from __future__ import annotations

from html import unescape

import pytest
from django.urls import reverse
from django.utils.html import strip_tags

from live.rail import tables as rail
from tests.tournaments.conftest import Dealer, table_of
from tournaments.poker import equity as odds_engine
from tournaments.poker.cards import parse_cards
from tournaments.poker.equity import equity

pytestmark = pytest.mark.django_db

HOLES = {"Anna": "As Ah", "Ben": "Kd Kc", "Carl": "7s 7h", "Dora": "2c 2d"}


@pytest.fixture
def table(organizer):
    """Anna deals; Ben small blind, Carl big blind, Dora first to act. Anna covers everyone."""
    return table_of({"Anna": 1000, "Ben": 600, "Carl": 300, "Dora": 1500}, organizer)


def odds_on_rail(table) -> dict[str, tuple[int, int, int]]:
    view = rail.rail_table(table)
    return {seat.name: (seat.odds.wins, seat.odds.ties, seat.odds.boards) for seat in view.seats if seat.odds}


def expected(names, board=""):
    result = equity([parse_cards(HOLES[name]) for name in names], parse_cards(board))
    return {name: (o.wins, o.ties, o.boards) for name, o in zip(names, result)}


def page_text(client, table, language="de") -> str:
    page = client.get(reverse("table_rail", args=[table.pk]), HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE=language)
    return " ".join(unescape(strip_tags(page.content.decode())).split())


def test_a_three_way_all_in_with_a_side_pot_shows_each_players_odds_only_once_the_betting_is_over(table, client):
    dealer = Dealer(table)
    dealer.next_hand()
    dealer.cards("", **HOLES)  # typed before anyone is all-in: the table has not seen them
    dealer.act("Dora", "fold")
    dealer.act("Anna", "allin")
    dealer.act("Ben", "allin")
    assert odds_on_rail(table) == {}  # Carl still has a decision
    assert "Gewinnchance" not in page_text(client, table) and "%" not in page_text(client, table)
    dealer.act("Carl", "call")
    assert len(rail.rail_table(table).pots) == 2  # a main pot for three, a side pot for Anna and Ben
    # Dora's folded hand is not public: not a dead card, so it changes nothing.
    assert odds_on_rail(table) == expected(["Anna", "Ben", "Carl"])
    text = page_text(client, table)
    anna, ben, carl = (expected(["Anna", "Ben", "Carl"])[n] for n in ("Anna", "Ben", "Carl"))
    assert f"Gewinnchance {round(100 * anna[0] / anna[2])} %" in text
    assert 0 < anna[1] / anna[2] < 0.01 and "Split <1 %" in text  # the rare boards on which A-A and K-K split
    assert "Chance to win" not in text
    assert "Chance to win" in page_text(client, table, "en")
    assert "2♣" not in text and "2♦" not in text


def test_the_odds_follow_the_board_street_by_street(table):
    dealer = Dealer(table)
    dealer.next_hand()
    dealer.act("Dora", "fold")
    dealer.act("Anna", "allin")
    dealer.act("Ben", "allin")
    dealer.act("Carl", "call")
    dealer.cards("", **HOLES)  # turned face up after the all-in
    three = ["Anna", "Ben", "Carl"]
    assert odds_on_rail(table) == expected(three)
    for board in ("Kh 7d 3c", "Kh 7d 3c 9s", "Kh 7d 3c 9s Ks"):
        dealer.cards(board, **HOLES)
        assert odds_on_rail(table) == expected(three, board)
    assert odds_on_rail(table)["Ben"] == (1, 0, 1)  # four kings on the river
    dealer.settle()
    assert odds_on_rail(table) == {}  # the hand is over: the pots show who won


def test_a_hand_with_a_card_not_entered_shows_no_odds_at_all(table, client):
    dealer = Dealer(table)
    dealer.next_hand()
    dealer.act("Dora", "fold")
    dealer.act("Anna", "allin")
    dealer.act("Ben", "fold")
    dealer.act("Carl", "call")
    dealer.cards("Kh 7d 3c", Anna="As Ah")  # Carl's cards are not entered yet
    assert odds_on_rail(table) == {}
    assert "Gewinnchance" not in page_text(client, table)
    dealer.cards("Kh 7d 3c", Anna="As Ah", Carl="7s 7h")
    assert odds_on_rail(table) == expected(["Anna", "Carl"], "Kh 7d 3c")


def test_many_viewers_cost_one_computation_per_state_of_the_hand(table, client, monkeypatch):
    calls = []
    real = odds_engine.equity  # the rail imports it when it first computes odds (not at import: no numpy then)
    monkeypatch.setattr(odds_engine, "equity", lambda *args: calls.append(args) or real(*args))
    rail._odds.cache_clear()
    dealer = Dealer(table)
    dealer.next_hand()
    dealer.act("Dora", "fold")
    dealer.act("Anna", "allin")
    dealer.act("Ben", "allin")
    dealer.act("Carl", "call")
    dealer.cards("", **HOLES)
    table_url, night_url = reverse("table_rail", args=[table.pk]), reverse("night_rail", args=[table.night.pk])
    for _viewer in range(5):  # the table's rail (page and partial) and the night's rail, in two languages
        for url in (table_url, night_url):
            for language in ("de", "en"):
                assert "seat-odds" in client.get(url, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert len(calls) == 1
    dealer.cards("Kh 7d 3c", **HOLES)  # a new state: one more
    client.get(table_url, HTTP_HX_REQUEST="true")
    client.get(night_url)
    assert len(calls) == 2
