"""The TV's state and screens, the pulse, and the rail's filter on cards the table has not seen."""

from __future__ import annotations

import json
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import strip_tags

from live import versions as live
from live.rail import tables as rail
from live.tv import screens as tv
from tests.tournaments.conftest import Dealer, table_of
from tournaments.clock import services as clock_control
from tournaments.models import TvScreen

pytestmark = pytest.mark.django_db


@pytest.fixture
def heads_up_table(organizer):
    """Anna deals (small blind heads-up), Ben 1000 each."""
    return table_of({"Anna": 1000, "Ben": 1000}, organizer)


def test_the_tv_state_counts_players_chips_and_average_from_the_tracker(heads_up_table, organizer, client):
    night = heads_up_table.night
    paper = table_of({"Cleo": 1500, "Dirk": 1500, "Emma": 1500}, organizer, night=night)
    dealer = Dealer(heads_up_table)
    figures = tv.night_figures(night)
    assert (figures.players_started, figures.players_left, figures.tables_playing) == (5, 5, 2)
    assert figures.chips_in_play == 2000 + 4500 and figures.average_stack == 6500 // 5

    dealer.next_hand()
    dealer.act("Anna", "allin")
    dealer.act("Ben", "call")
    dealer.settle(pot_winners=[["Anna"]])
    figures = tv.night_figures(night)
    # Ben is out and Anna's table is finished: only the paper table's chips are in play.
    assert (figures.players_left, figures.tables_playing, figures.chips_in_play) == (3, 1, 4500)
    assert figures.average_stack == 1500
    assert paper.pk

    data = json.loads(client.get(reverse("clock_state", args=[night.pk])).content)
    assert data["players_left"] == 3 and data["players_started"] == 5
    assert data["average_stack_text"] == "1.500"  # German grouping, the venue's language
    assert data["pulse"] == live.night_pulse(night.pk)


def test_the_pulse_changes_with_a_tap_a_clock_button_and_the_tv_settings_but_not_with_early_hole_cards(heads_up_table):
    night = heads_up_table.night
    dealer = Dealer(heads_up_table)
    last = {"night": live.night_pulse(night.pk), "table": live.table_pulse(heads_up_table.pk)}

    def changed(*, table: bool = True) -> bool:
        """Whether a screen holding the previous value would fetch again; the table's rail follows its taps."""
        night_now, table_now = live.night_pulse(night.pk), live.table_pulse(heads_up_table.pk)
        fresh = night_now != last["night"]
        assert (table_now != last["table"]) == (fresh and table)
        last.update(night=night_now, table=table_now)
        return fresh

    dealer.next_hand()
    assert changed()
    dealer.act("Anna", "call")
    assert changed()
    before = live.table_pulse(heads_up_table.pk)
    dealer.cards("", Anna="As Ah", Ben="Kd Kc")  # typed early: the table has not seen them
    assert live.table_pulse(heads_up_table.pk) == before and not changed()
    dealer.undo()
    assert changed()  # one action fewer: the same values as before the call, which a screen that saw the call fetches
    clock_control.start_clock(night=night)
    assert changed(table=False)
    clock_control.set_tv(night=night, screen=TvScreen.SEATING, announcement="Pizza ist da", spoken=True)
    assert changed(table=False)


def test_the_rail_shows_hole_cards_only_once_they_are_shown_at_a_showdown(heads_up_table, client):
    dealer = Dealer(heads_up_table)
    dealer.next_hand()
    dealer.cards("Qs Jd 2c 7h 9s", Anna="As Ah", Ben="Kd Kc")
    dealer.act("Anna", "call")
    url = reverse("table_rail", args=[heads_up_table.pk])
    night_url = reverse("night_rail", args=[heads_up_table.night.pk])

    def shown(response) -> str:
        assert response.status_code == 200
        return response.content.decode()

    for page in (shown(client.get(url)), shown(client.get(url, HTTP_HX_REQUEST="true")), shown(client.get(night_url))):
        for card in ("As", "Ah", "Kd", "Kc", "Qs", "Jd"):
            assert f'data-card="{card}"' not in page
        assert "A♠" not in page and "K♦" not in page and "Q♠" not in page
    dealer.act("Ben", "check")  # the flop: three board cards, still no hole cards
    page = shown(client.get(url, HTTP_HX_REQUEST="true"))
    assert all(f'data-card="{c}"' in page for c in ("Qs", "Jd", "2c")) and 'data-card="7h"' not in page
    assert 'data-card="As"' not in page and 'data-card="Kd"' not in page
    for _street in ("flop", "turn", "river"):
        dealer.act("Ben", "check")
        dealer.act("Anna", "check")
    page = shown(client.get(url, HTTP_HX_REQUEST="true"))  # the showdown: both hands are turned over
    assert all(f'data-card="{c}"' in page for c in ("As", "Ah", "Kd", "Kc", "7h", "9s"))
    dealer.settle()
    page = shown(client.get(url))
    assert 'data-card="As"' in page and 'data-card="Kc"' in page


def test_a_hand_won_by_a_fold_shows_no_hole_cards_and_the_board_only_as_far_as_it_was_dealt(heads_up_table):
    dealer = Dealer(heads_up_table)
    dealer.next_hand()
    dealer.cards("Qs Jd 2c 7h 9s", Anna="As Ah", Ben="Kd Kc")
    dealer.act("Anna", "call")
    dealer.act("Ben", "check")
    dealer.act("Ben", "bet", 100)
    dealer.act("Anna", "fold")
    dealer.settle()
    view = rail.rail_table(heads_up_table)
    assert view.hand_over and [card.code for card in view.board] == ["Qs", "Jd", "2c"]
    assert all(not seat.shown_cards for seat in view.seats)


def test_the_rail_card_reads_as_the_table_stands_in_german_and_english(heads_up_table, client):
    """The card (templates/live/rail/_table_card.html): its words, escaping and spacing."""
    Player = heads_up_table.seats.first().entry.player.__class__
    Player.objects.filter(name="Ben").update(name="Ben <b>&")  # a name is text, never markup
    dealer = Dealer(heads_up_table)
    dealer.next_hand()
    dealer.act("Anna", "raise", 1000)  # all-in
    url = reverse("table_rail", args=[heads_up_table.pk])
    texts = {}
    for language in ("de", "en"):
        page = client.get(url, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert "Ben &lt;b&gt;&amp;" in page and "<b>&" not in page
        texts[language] = " ".join(unescape(strip_tags(page)).split())
    assert "Tisch 1 Hand 1 · Pre-Flop · Blinds 25/50" in texts["de"]
    assert "Ben <b>& BB am Zug 950 (+50)" in texts["de"] and "Anna: erhöht auf 1.000 (alles gesetzt)" in texts["de"]
    assert "Table 1 Hand 1 · Pre-flop · Blinds 25/50" in texts["en"] and "Pot 1,050" in texts["en"]
    assert "1 Anna DSB 0 (+1,000) all-in" in texts["en"] and "Ben <b>&: posts the big blind 50" in texts["en"]


def test_the_tv_page_and_its_screens_render_for_anyone(heads_up_table, client):
    night = heads_up_table.night
    clock_control.set_tv(night=night, screen=TvScreen.ROTATE, announcement="Letzte Runde an der Bar", spoken=False)
    page = client.get(reverse("clock_tv", args=[night.pk])).content.decode()
    assert "Letzte Runde an der Bar" in page and 'data-pulse-url="' in page and "<script>" not in page
    assert reverse("night_rail", args=[night.pk]) in page  # the QR code's link, written beside it for tests
    screens = client.get(reverse("tv_screens", args=[night.pk])).content.decode()
    assert "Anna" in screens and "Ben" in screens
    assert client.get(reverse("clock_pulse", args=[night.pk])).content.decode() == live.night_pulse(night.pk)


def test_only_an_organizer_changes_the_tv_and_a_bad_choice_changes_nothing(heads_up_table, organizer_client):
    night = heads_up_table.night
    url = reverse("clock_tv_settings", args=[night.pk])
    response = Client().post(url, {"screen": "standings", "announcement": "", "spoken": ""})
    assert response.status_code == 302 and "login" in response["Location"]
    response = organizer_client.post(url, {"screen": "dartboard", "announcement": "x"})
    assert response.status_code == 200
    assert clock_control.stored_clock(night).tv_screen == TvScreen.CLOCK
    response = organizer_client.post(url, {"screen": "standings", "announcement": " Pause um 22 Uhr ", "spoken": "on"})
    assert response.status_code == 302
    stored = clock_control.stored_clock(night)
    assert (stored.tv_screen, stored.announcement, stored.spoken) == ("standings", "Pause um 22 Uhr", True)


def test_the_pulse_costs_one_query(heads_up_table, client, django_assert_max_num_queries):
    with django_assert_max_num_queries(1):
        client.get(reverse("clock_pulse", args=[heads_up_table.night.pk]))
    with django_assert_max_num_queries(1):
        client.get(reverse("table_rail_pulse", args=[heads_up_table.pk]))


def test_the_rail_answers_not_modified_while_its_table_is_unchanged(
    heads_up_table, client, django_assert_max_num_queries
):
    dealer = Dealer(heads_up_table)
    dealer.next_hand()
    url = reverse("table_rail", args=[heads_up_table.pk])
    first = client.get(url, HTTP_HX_REQUEST="true")
    tag = first["ETag"]
    assert first.status_code == 200 and tag.strip('"') == live.table_pulse(heads_up_table.pk)
    with django_assert_max_num_queries(1):
        again = client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 304 and not again.content
    dealer.act("Anna", "call")
    changed = client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=tag)
    assert changed.status_code == 200 and changed["ETag"] != tag and "Anna" in changed.content.decode()


@pytest.mark.parametrize(
    ("ante_by", "german", "english"),
    [
        ("each", "Blinds 25/50 · Ante 10", "Blinds 25/50 · ante 10"),
        ("big_blind", "Blinds 25/50 · Big-Blind-Ante 10", "Blinds 25/50 · big-blind ante 10"),
    ],
)
def test_the_rail_card_names_the_hand_s_ante_as_the_tracker_does(heads_up_table, client, ante_by, german, english):
    """A season's structure with antes: the rail and the TV's live tables say so beside the blinds."""
    from league.models import Season
    from tournaments.poker import structure

    Season.objects.update(
        blind_structure=structure.Structure(
            (structure.Level(25, 50, 10, 15), structure.Level(50, 100, 20, 15)), (), "double", ante_by
        ).to_text()
    )
    Dealer(heads_up_table).next_hand()
    url = reverse("table_rail", args=[heads_up_table.pk])
    texts = {
        language: " ".join(
            unescape(
                strip_tags(client.get(url, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE=language).content.decode())
            ).split()
        )
        for language in ("de", "en")
    }
    assert f"Hand 1 · Pre-Flop · {german}" in texts["de"]
    assert f"Hand 1 · Pre-flop · {english}" in texts["en"]
