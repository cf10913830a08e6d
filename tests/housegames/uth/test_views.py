"""The Ultimate Texas Hold'em pages: the table with and without htmx, a guest's
rounds, and the live-table calculator."""

import re
from decimal import Decimal

import pytest
from django.urls import reverse

from housegames.models import Bankroll, BankrollEntry, UthRound
from housegames.services import uth as uth_play
from tests.housegames.uth.helpers import stack_decks

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def english_client(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


def post(client, name, data=None, htmx=False, **kwargs):
    return client.post(reverse(name, kwargs=kwargs or None), data or {}, **(HTMX if htmx else {}))


def the_round():
    return UthRound.objects.get()


def test_the_table_gives_a_new_guest_the_starting_play_money(client):
    response = client.get(reverse("uth_table"))
    assert response.status_code == 200
    html = response.content.decode()
    assert '<dd id="uth-balance" class="play-chips" data-amount="1000.00">1,000 play chips</dd>' in html
    assert "Your bets" in html and 'href="/static/housegames/uth.css"' in html
    assert Bankroll.objects.count() == 0  # a look writes nothing: the bankroll comes with the first bet


def test_an_htmx_request_gets_only_the_tables_main_part(client):
    client.get(reverse("uth_table"))
    response = client.get(reverse("uth_table"), **HTMX)
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="uth-main">') and "<html" not in html
    assert response.headers["Vary"] and "HX-Request" in response.headers["Vary"]


def test_chip_buttons_build_the_bets_with_or_without_htmx(client):
    response = post(client, "uth_slip", {"change": "ante:25"})
    assert response.status_code == 302 and response.url == reverse("uth_table")
    response = post(client, "uth_slip", {"change": "trips:5"}, htmx=True)
    html = response.content.decode()
    assert '<strong class="spot-amount" id="slip-ante">25 play chips</strong>' in html
    assert '<strong id="slip-total">55 play chips</strong>' in html
    response = post(client, "uth_slip", {"change": "ante:25"}, htmx=True)
    response = post(client, "uth_slip", {"change": "ante:5"}, htmx=True)
    assert "The ante can be at most 50 play chips." in response.content.decode()


def test_a_round_is_played_through_the_pages_and_the_bankroll_follows_the_settlement(client, monkeypatch):
    stack_decks(monkeypatch, (["AsKs"], "QhQd", "AhKd7c2s2h"))
    post(client, "uth_slip", {"change": "ante:25"})
    response = post(client, "uth_deal", htmx=True)
    html = response.content.decode()
    assert 'data-card="As"' in html and 'data-card="Ks"' in html
    assert 'data-card="Qh"' not in html and 'data-card="Ah"' not in html  # dealer and board face down
    assert '<dd id="uth-balance" class="play-chips" data-amount="950.00">' in html
    uth_round = the_round()
    response = post(client, "uth_decide", {"decision": "check", "seen": 0}, htmx=True, round_id=uth_round.pk)
    html = response.content.decode()
    assert 'data-card="Ah"' in html and 'data-card="2s"' not in html  # the flop only
    assert 'value="2x"' in html
    response = post(client, "uth_decide", {"decision": "2x", "seen": 1}, round_id=uth_round.pk)
    assert response.status_code == 302
    html = client.get(reverse("uth_table")).content.decode()
    assert 'id="uth-last-round"' in html and 'data-card="Qh"' in html
    # Staked 25 + 25 + Play 50; paid back Ante 50, Blind 25 (a push: two pair), Play 100.
    assert '<dd id="uth-balance" class="play-chips" data-amount="1075.00">' in html
    assert re.search(
        r'<tr class="win"><th scope="row">Ante</th><td class="num">25 play chips</td><td class="num net">\+25 play chips</td>',
        html,
    )
    assert "win below a straight: push" in html
    assert BankrollEntry.objects.filter(game="uth").count() == 3


def test_a_decision_from_a_stale_page_is_answered_with_the_current_state(client, monkeypatch):
    stack_decks(monkeypatch, (["AsKs"], "QhQd", "AhKd7c2s2h"))
    post(client, "uth_slip", {"change": "ante:5"})
    post(client, "uth_deal")
    uth_round = the_round()
    post(client, "uth_decide", {"decision": "check", "seen": 0}, round_id=uth_round.pk)
    response = post(client, "uth_decide", {"decision": "check", "seen": 0}, htmx=True, round_id=uth_round.pk)
    assert "This round has moved on" in response.content.decode()
    assert the_round().decisions_seen == 1


def test_reloading_the_table_in_the_middle_of_a_round_continues_it(client, monkeypatch):
    stack_decks(monkeypatch, (["AsKs"], "QhQd", "AhKd7c2s2h"))
    post(client, "uth_slip", {"change": "ante:5"})
    post(client, "uth_deal")
    first = client.get(reverse("uth_table")).content.decode()
    second = client.get(reverse("uth_table")).content.decode()
    cards = re.findall(r'data-card="(\w\w)"', first)
    assert cards == re.findall(r'data-card="(\w\w)"', second) == ["As", "Ks"]
    assert UthRound.objects.count() == 1


def test_a_guest_sees_only_his_own_rounds(client, monkeypatch, django_user_model):
    stack_decks(monkeypatch, (["AsKs"], "QhQd", "AhKd7c2s2h"))
    post(client, "uth_slip", {"change": "ante:5"})
    post(client, "uth_deal")
    uth_round = the_round()
    assert client.get(reverse("uth_round", args=[uth_round.pk])).status_code == 302  # in play: the table
    post(client, "uth_decide", {"decision": "4x", "seen": 0}, round_id=uth_round.pk)
    response = client.get(reverse("uth_round", args=[uth_round.pk]))
    assert response.status_code == 200 and "Bankroll entries" in response.content.decode()
    other = client.__class__()
    other.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    assert other.get(reverse("uth_round", args=[uth_round.pk])).status_code == 404
    response = other.post(reverse("uth_decide", args=[uth_round.pk]), {"decision": "check", "seen": 0})
    assert response.status_code == 302 and the_round().status == "settled"


def test_the_table_page_needs_few_queries(client, monkeypatch, django_assert_max_num_queries):
    stack_decks(monkeypatch, *[(["AsKs"], "QhQd", "AhKd7c2s2h")] * 3)
    post(client, "uth_slip", {"change": "ante:5"})
    for _ in range(3):
        post(client, "uth_deal")
        post(client, "uth_decide", {"decision": "4x", "seen": 0}, round_id=UthRound.objects.latest("id").pk)
    with django_assert_max_num_queries(13):  # 12, and one to look for a decision that timed out
        assert client.get(reverse("uth_table")).status_code == 200


def test_every_htmx_form_is_also_a_plain_form(client, monkeypatch):
    stack_decks(monkeypatch, (["AsKs"], "QhQd", "AhKd7c2s2h"))
    pages = [client.get(reverse("uth_table")).content.decode()]
    post(client, "uth_slip", {"change": "ante:5"})
    post(client, "uth_deal")
    pages.append(client.get(reverse("uth_table")).content.decode())
    for html in pages:
        for form in re.findall(r"<form [^>]*hx-(?:post|get)[^>]*>", html):
            hx = re.search(r'hx-(?:post|get)="([^"]+)"', form).group(1)
            assert f'action="{hx}"' in form, form


def test_the_top_up_button_appears_only_for_an_empty_bankroll(client):
    post(client, "uth_top_up")  # like a first bet, it makes the bankroll (a full one is not topped up)
    bankroll = Bankroll.objects.get()
    assert "Top up play money" not in client.get(reverse("uth_table")).content.decode()
    BankrollEntry.objects.create(bankroll=bankroll, amount=Decimal("-998.00"), reason="spent")
    assert "Top up play money" in client.get(reverse("uth_table")).content.decode()
    post(client, "uth_top_up")
    assert bankroll.balance() == 1000


CALC = {
    "rules": "standard",
    "dealer": "QhQd",
    "board": "AhKd7c2s2h",
    "meter": "",
    "box1_cards": "AsKs",
    "box1_ante": "10",
    "box1_trips": "5",
    "box1_play": "4",
    "box2_cards": "8c8d",
    "box2_ante": "5",
    "box2_trips": "",
    "box2_play": "0",
}


def test_the_calculator_is_a_form_page_without_login(client):
    response = client.get(reverse("uth_calculator"))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="box7_cards"' in html and "Payouts" not in html


def test_the_calculator_pays_each_bet_of_several_boxes(client):
    response = client.get(reverse("uth_calculator"), CALC)
    html = response.content.decode()
    assert "Payouts" in html and '<strong id="calc-dealer-hand">two pair</strong>' in html
    box1 = html[html.index('id="calc-settlement-1"') : html.index('id="calc-settlement-2"')]
    assert "+40</td>" in box1 and "-5</td>" in box1 and "You win" in box1
    box2 = html[html.index('id="calc-settlement-2"') :]
    assert "Folded" in box2 and box2.count("-5</td>") == 2


def test_the_calculator_answers_htmx_with_its_main_part_and_names_bad_cards(client):
    response = client.get(reverse("uth_calculator"), CALC | {"box2_cards": "8c8"}, **HTMX)
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="calc-main">')
    assert "Enter cards like AsKd" in html and "Payouts" not in html
    response = client.get(reverse("uth_calculator"), CALC | {"box2_cards": "AsQs"}, **HTMX)
    assert "The card As is used twice (board" not in response.content.decode()
    assert "The card As is used twice (box 1 and box 2)." in response.content.decode()
    response = client.get(reverse("uth_calculator"), CALC | {"box2_cards": "", "box2_ante": "5"})
    assert "Enter this box&#x27;s two cards." in response.content.decode()


def test_the_calculator_asks_for_the_meter_only_for_a_royal_flush_with_a_jackpot_bet(client):
    royal = CALC | {"board": "QsJsTs3d2c", "dealer": "AhAd", "box1_jackpot": "on"}
    html = client.get(reverse("uth_calculator"), royal).content.decode()
    assert "Enter the jackpot meter: a royal flush wins it." in html
    html = client.get(reverse("uth_calculator"), royal | {"meter": "25000"}).content.decode()
    assert "royal flush: the jackpot meter" in html and "+24,995</td>" in html


def test_the_calculator_uses_the_pair_of_fours_profile(client):
    data = {
        "rules": "pair_of_fours",
        "dealer": "3h3c",
        "board": "2s7h9cQdKs",
        "box1_cards": "JcJs",
        "box1_ante": "10",
        "box1_play": "3",
    }
    html = client.get(reverse("uth_calculator"), data).content.decode()
    assert "does not qualify: the Ante pushes" in html
    assert "dealer does not qualify: push" in html


def test_the_pages_render_in_german_too(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "de"
    assert client.get(reverse("uth_table")).status_code == 200
    assert client.get(reverse("uth_calculator"), CALC).status_code == 200


@pytest.mark.django_db
def test_the_pay_tables_on_the_page_are_the_engine_s(client):
    from housegames.engines.uth.rules import get_profile

    html = client.get(reverse("uth_table")).content.decode()
    profile = get_profile("standard")
    for table in (profile.blind_table, profile.trips_table):
        for _category, odds in table.odds:
            assert f"<td>{odds.numerator}:{odds.denominator}</td>" in html


def test_no_ante_chip_above_the_table_limit_is_offered(client):
    """A +100 ante chip would always be refused (maximum 50): it is not offered."""
    html = client.get(reverse("uth_table")).content.decode()
    offered = {int(value) for value in re.findall(r'name="change" value="ante:(\d+)"', html)}
    assert offered and max(offered) <= uth_play.TABLE_LIMITS.max_ante
