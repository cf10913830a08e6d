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


def expected(names, board="", dead=()):
    result = equity(
        [parse_cards(HOLES[name]) for name in names],
        parse_cards(board),
        [c for n in dead for c in parse_cards(HOLES[n])],
    )
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
    assert "chance to win" not in text.lower()
    assert "Main pot: chance to win" in page_text(client, table, "en")  # Anna and Ben also play a side pot
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
    real = odds_engine.equity_by_pot  # the rail imports it when it first computes odds (not at import: no numpy then)
    monkeypatch.setattr(odds_engine, "equity_by_pot", lambda *args: calls.append(args) or real(*args))
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
                assert (
                    "seat-odds"
                    in client.get(url, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE=language).content.decode()
                )
    assert len(calls) == 1
    dealer.cards("Kh 7d 3c", **HOLES)  # a new state: one more
    client.get(table_url, HTTP_HX_REQUEST="true")
    client.get(night_url)
    assert len(calls) == 2


def per_seat(text: str, name: str, following: str | None) -> str:
    """The part of the card's text from `name`'s seat to the next seat."""
    start = text.index(f" {name} ")
    return text[start : text.index(f" {following} ", start)] if following else text[start:]


def test_beside_a_side_pot_each_player_sees_his_chance_in_every_pot_he_can_win_named_in_german_and_english(
    table, client
):
    """Carl (77) can win only the main pot; in the side pot Ben's kings play Anna's aces alone, with Carl's cards
    shown (out of the deck): there his chance is not the main pot's."""
    dealer = Dealer(table)
    dealer.next_hand()
    dealer.act("Dora", "fold")
    dealer.act("Anna", "allin")
    dealer.act("Ben", "allin")
    dealer.act("Carl", "call")
    dealer.cards("Kh 7d 3c", **HOLES)
    three, two = expected(["Anna", "Ben", "Carl"], "Kh 7d 3c"), expected(["Anna", "Ben"], "Kh 7d 3c", dead=["Carl"])
    seats = {seat.name: seat for seat in rail.rail_table(table).seats}
    assert {name: [(k, (o.wins, o.ties, o.boards)) for k, o in seat.pot_odds] for name, seat in seats.items()} == {
        "Anna": [(0, three["Anna"]), (1, two["Anna"])],
        "Ben": [(0, three["Ben"]), (1, two["Ben"])],
        "Carl": [(0, three["Carl"])],
        "Dora": [],
    }
    assert two["Ben"][0] != three["Ben"][0]  # the case the single figure misled: the main pot's is not the side pot's

    def pct(odds):
        return round(100 * odds[0] / odds[2])

    text = page_text(client, table)
    ben = per_seat(text, "Ben", "Carl")
    assert (
        f"Hauptpot: Gewinnchance {pct(three['Ben'])} %" in ben
        and f"Nebenpot 1: Gewinnchance {pct(two['Ben'])} %" in ben
    )
    carl = per_seat(text, "Carl", "Dora")
    assert f"Hauptpot: Gewinnchance {pct(three['Carl'])} %" in carl and "Nebenpot" not in carl
    english = per_seat(page_text(client, table, "en"), "Ben", "Carl")
    assert (
        f"Main pot: chance to win {pct(three['Ben'])}%" in english
        and f"Side pot 1: chance to win {pct(two['Ben'])}%" in english
    )


def test_a_side_pot_with_the_main_pots_players_shows_one_chance_without_a_pot_name():
    pots = (rail.RailPot(300, ("Anna", "Ben")), rail.RailPot(200, ("Anna", "Ben")), rail.RailPot(50, ("Anna",)))
    assert rail.contested_pots(pots, ["Anna", "Ben"]) == ((0, ("Anna", "Ben")),)
    pots = (rail.RailPot(300, ("Anna", "Ben", "Carl")), rail.RailPot(200, ("Anna", "Ben")))
    assert rail.contested_pots(pots, ["Anna", "Ben", "Carl"]) == ((0, ("Anna", "Ben", "Carl")), (1, ("Anna", "Ben")))
