"""The Imperial Poker table page: full page and htmx partials, plain forms without JavaScript."""

import re
from decimal import Decimal

import pytest
from django.urls import reverse

from housegames.engines.imperial.round import Round
from housegames.models import Bankroll, ImperialRound
from tests.housegames.engines.imperial.decks import stacked_deck
from tests.housegames.imperial.fixtures import deal, top_up  # noqa: F401  (fixtures)

pytestmark = pytest.mark.django_db

DEALER_AK = "Ad Kc Tc 3h 4d"
TABLE = "/imperial/"


@pytest.fixture
def guest(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


def htmx(client, url, data=None):
    return client.post(url, data or {}, HTTP_HX_REQUEST="true")


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def current_round() -> ImperialRound:
    return ImperialRound.objects.get()


def test_the_table_opens_with_the_starting_bankroll_and_the_bet_slip(guest):
    response = guest.get(reverse("imperial_table"))
    assert response.status_code == 200
    page = text(response)
    assert 'id="bankroll" class="play-chips" data-amount="1000">1,000 play chips<' in page
    assert "Place your bets" in page and 'id="deal"' in page
    assert "housegames/imperial.css" in page
    assert Bankroll.objects.count() == 0  # a look writes nothing: the bankroll comes with the first bet


def test_an_htmx_request_gets_only_the_tables_main_part(guest):
    response = guest.get(TABLE, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert b"<html" not in response.content and b'id="table-main"' in response.content
    assert response.headers["Vary"].count("HX-Request") == 1


def test_chip_buttons_build_the_slip_without_javascript(guest):
    response = guest.post(reverse("imperial_slip"), {"chip": "25", "op": "add-ante-1"})
    assert response.status_code == 302 and response.url == TABLE
    guest.post(reverse("imperial_slip"), {"chip": "5", "op": "add-bonus-1"})
    page = text(guest.get(TABLE))
    assert 'id="ante-1">Ante <strong>25</strong>' in page
    assert 'id="bonus-1">Bonus <strong>5</strong>' in page
    assert "Deal · stakes 30" in page
    assert 'value="5" checked' in page


def test_a_bonus_without_an_ante_is_refused_with_a_message(guest):
    page = text(htmx(guest, reverse("imperial_slip"), {"chip": "5", "op": "add-bonus-2"}))
    assert "A bonus bet needs an ante on its box first." in page


def test_dealing_shows_the_round_with_each_option_and_its_cost(guest, deal):
    deal("9s 8d 7c 6h 2s", dealer=DEALER_AK, draws="5c")
    htmx(guest, reverse("imperial_slip"), {"chip": "25", "op": "add-ante-1"})
    page = text(htmx(guest, reverse("imperial_deal")))
    assert "Buy a sixth card · 25" in page
    assert "Exchange the ticked cards · 25" in page
    assert "Bet · 50" in page
    assert "Fold · ante 25 lost" in page
    assert page.count('class="pcard back"') == 4  # the dealer's last card is face up
    assert 'id="bankroll" class="play-chips" data-amount="975"' in page


def test_a_round_is_played_through_forms_and_settled_line_by_line(guest, deal):
    deal("9s 8d 7c 6h 2s", dealer=DEALER_AK, draws="5c")
    guest.post(reverse("imperial_slip"), {"chip": "5", "op": "add-ante-1"})
    guest.post(reverse("imperial_deal"))
    round_ = current_round()
    act = reverse("imperial_act", args=[round_.pk])
    assert guest.post(act, {"action": "buy", "box": "1", "seen": "0"}).status_code == 302
    guest.post(act, {"action": "bet", "box": "1", "seen": "1"})
    page = text(guest.get(TABLE))
    assert "Settlement of round" in page
    for line in (
        "Ante −5",
        "Sixth card bought (1 ante) −5",
        "Bet (2 × ante) −10",
        "Ante returned +5",
        "Bet returned +10",
        "Bet paid 4:1 (Straight) +40",
    ):
        label, amount = line.rsplit(" ", 1)
        assert f'<td>{label}</td><td class="num">{amount} play chips</td>' in page, line
    assert 'id="round-net" data-amount="35">+35 play chips' in page
    assert 'id="bankroll" class="play-chips" data-amount="1035"' in page
    assert "Next round" in page


def test_exchanging_ticked_cards_then_one_card_again(guest, deal):
    deal("Qs Qd 7c 4h 2s", dealer=DEALER_AK, draws="3d Qc")
    htmx(guest, reverse("imperial_slip"), {"chip": "5", "op": "add-ante-1"})
    htmx(guest, reverse("imperial_deal"))
    act = reverse("imperial_act", args=[current_round().pk])
    page = text(htmx(guest, act, {"action": "exchange", "box": "1", "cards": ["2s"], "seen": "0"}))
    assert "Exchange one more card · 10 (2 antes)" in page
    assert 'type="radio" name="cards" value="3d"' in page
    page = text(htmx(guest, act, {"action": "exchange", "box": "1", "cards": ["3d"], "seen": "1"}))
    assert "Three of a Kind" in page and "Insurance against a dealer who does not qualify (5 to 30" in page
    assert 'id="bankroll" class="play-chips" data-amount="980"' in page


def test_a_stale_form_shows_a_message_and_the_table_as_it_stands(guest, deal):
    deal("Qs Qd 7c 4h 2s", dealer=DEALER_AK, draws="3d Qc")
    htmx(guest, reverse("imperial_slip"), {"chip": "5", "op": "add-ante-1"})
    htmx(guest, reverse("imperial_deal"))
    act = reverse("imperial_act", args=[current_round().pk])
    htmx(guest, act, {"action": "exchange", "box": "1", "cards": ["2s"], "seen": "0"})
    page = text(htmx(guest, act, {"action": "exchange", "box": "1", "cards": ["2s"], "seen": "0"}))
    assert "The table had moved on" in page
    assert current_round().actions_seen == 1


@pytest.mark.parametrize(
    "data",
    [{"action": "dance", "seen": "0"}, {"action": "bet", "seen": "x", "box": "1"}, {"action": "bet", "seen": "0"}],
)
def test_a_malformed_action_is_refused_with_a_message(guest, deal, data):
    htmx(guest, reverse("imperial_slip"), {"chip": "5", "op": "add-ante-1"})
    htmx(guest, reverse("imperial_deal"))
    page = text(htmx(guest, reverse("imperial_act", args=[current_round().pk]), data))
    assert "That request could not be read." in page
    assert current_round().actions_seen == 0


def test_the_dealer_not_qualifying_offers_go_on_or_the_dealer_card_exchange_for_the_ante(guest, deal):
    deal("8s 8d 8c 2s 2d", dealer="Qh 9h 7h 3h As", draws="Ac Ah")
    htmx(guest, reverse("imperial_slip"), {"chip": "5", "op": "add-ante-1"})
    htmx(guest, reverse("imperial_deal"))
    act = reverse("imperial_act", args=[current_round().pk])
    page = text(htmx(guest, act, {"action": "bet", "box": "1", "seen": "0"}))
    assert "The dealer does not qualify." in page
    assert "Box 1: pay the ante (5) to exchange the dealer's highest card" in page
    page = text(htmx(guest, act, {"action": "go_on", "exchange_box": ["1"], "seen": "1"}))
    assert "Free repeat" in page and "Flush · <strong>qualifies" in page
    assert "Ante paid for the exchange of the dealer&#x27;s card" in page
    assert '<td>Bet paid 7:1 (Full House)</td><td class="num">+70 play chips</td>' in page


def test_the_last_card_asks_for_a_confirmation_first(guest, client):
    guest.post(reverse("imperial_deal"))  # the first deal makes the bankroll (this one has no stakes yet)
    bankroll = Bankroll.objects.get()
    top_up(bankroll, 10_000)
    game = Round([(5, 0)], stacked_deck("Qs Qd 7c 4h 2s", dealer=DEALER_AK))
    for _ in range(41):
        game.exchange(1, [game.boxes[0].cards[4]])
    round_ = ImperialRound.objects.create(bankroll=bankroll, state=game.to_dict())
    card = str(game.boxes[0].cards[4])
    act = reverse("imperial_act", args=[round_.pk])
    page = text(htmx(guest, act, {"action": "exchange", "box": "1", "cards": [card], "seen": "41"}))
    assert 'id="confirm-last-card"' in page and "Take the last card" in page
    assert f'name="cards" value="{card}"' in page
    page = text(
        htmx(guest, act, {"action": "exchange", "box": "1", "cards": [card], "seen": "41", "confirm_last_card": "1"})
    )
    assert 'id="confirm-last-card"' not in page
    assert ImperialRound.objects.get().game().deck_remaining == 0


def test_a_reload_of_the_page_shows_the_same_round_and_changes_nothing(guest, deal):
    htmx(guest, reverse("imperial_slip"), {"chip": "5", "op": "add-ante-1"})
    htmx(guest, reverse("imperial_deal"))
    first = guest.get(TABLE).content
    page_1 = re.sub(rb"[A-Za-z0-9]{64}", b"", first)  # the CSRF token is masked anew on every page
    page_2 = re.sub(rb"[A-Za-z0-9]{64}", b"", guest.get(TABLE).content)
    assert page_1 == page_2
    assert current_round().actions_seen == 0


def test_a_round_of_the_history_opens_on_its_own_page_and_only_for_its_guest(guest, client, deal, django_user_model):
    deal("9s 8d 7c 6h 5s", dealer=DEALER_AK)
    htmx(guest, reverse("imperial_slip"), {"chip": "5", "op": "add-ante-1"})
    htmx(guest, reverse("imperial_deal"))
    round_ = current_round()
    htmx(guest, reverse("imperial_act", args=[round_.pk]), {"action": "bet", "box": "1", "seen": "0"})
    page = text(guest.get(TABLE))
    assert f'href="/imperial/rounds/{round_.pk}/"' in page
    response = guest.get(reverse("imperial_round", args=[round_.pk]))
    assert (
        response.status_code == 200
        and '<td>Bet paid 4:1 (Straight)</td><td class="num">+40 play chips</td>' in text(response)
    )
    guest.cookies.clear()
    assert guest.get(reverse("imperial_round", args=[round_.pk])).status_code == 404


def test_a_round_in_play_is_shown_at_the_table_not_on_its_own_page(guest, deal):
    htmx(guest, reverse("imperial_slip"), {"chip": "5", "op": "add-ante-1"})
    htmx(guest, reverse("imperial_deal"))
    response = guest.get(reverse("imperial_round", args=[current_round().pk]))
    assert response.status_code == 302 and response.url == TABLE


def test_writes_need_post(guest):
    assert guest.get(reverse("imperial_deal")).status_code == 405
    assert guest.get(reverse("imperial_act", args=[1])).status_code == 405


def test_the_table_page_runs_a_bounded_number_of_queries(guest, deal, django_assert_max_num_queries):
    htmx(guest, reverse("imperial_slip"), {"chip": "5", "op": "add-ante-1"})
    htmx(guest, reverse("imperial_deal"))
    with django_assert_max_num_queries(12):
        guest.get(TABLE)


def test_the_page_speaks_german_by_default(client):
    page = text(client.get(TABLE))
    assert '<html lang="de">' in page


def test_money_on_the_table_is_play_money_booked_in_the_ledger(guest, deal):
    deal("9s 8d 7c 6h 5s", dealer=DEALER_AK)
    htmx(guest, reverse("imperial_slip"), {"chip": "5", "op": "add-ante-1"})
    htmx(guest, reverse("imperial_deal"))
    htmx(guest, reverse("imperial_act", args=[current_round().pk]), {"action": "bet", "box": "1", "seen": "0"})
    bankroll = Bankroll.objects.get()
    assert bankroll.balance() == Decimal(1040)
    assert set(bankroll.entries.exclude(round_id=None).values_list("game", flat=True)) == {"imperial"}


@pytest.mark.django_db
def test_the_pay_table_on_the_page_is_the_engine_s(client):
    from housegames.engines.imperial.hands import BET_ODDS, BONUS_ODDS

    html = client.get(reverse("imperial_table"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    rows = re.findall(r'<tr><td>([^<]+)</td><td class="num">(\d+):1</td><td class="num">([^<]+)</td></tr>', html)
    assert [int(bet) for _hand, bet, _bonus in rows] == [odds for odds in BET_ODDS.values() if odds]
    assert sorted(int(b[:-2]) for _h, _b, b in rows if b != "–") == sorted(BONUS_ODDS.values())


def test_deal_is_disabled_until_a_chip_is_on_an_ante(guest):
    page = text(guest.get(TABLE))
    assert re.search(r'<button class="primary" id="deal" disabled aria-describedby="deal-needs-ante">', page)
    assert "Deal · stakes 0 play chips" in page
    page = text(htmx(guest, reverse("imperial_slip"), {"chip": "5", "op": "add-ante-1"}))
    assert '<button class="primary" id="deal">Deal · stakes 5 play chips</button>' in page


def test_the_bet_slip_keeps_its_bets_after_the_deal(guest, deal):
    deal("Qs Qd 7c 4h 2s", dealer=DEALER_AK)
    guest.post(reverse("imperial_slip"), {"chip": "25", "op": "add-ante-1"})
    guest.post(reverse("imperial_slip"), {"chip": "5", "op": "add-bonus-1"})
    guest.post(reverse("imperial_deal"))
    round_ = ImperialRound.objects.get()
    act = reverse("imperial_act", args=[round_.pk])
    guest.post(act, {"action": "fold", "box": "1", "seen": "0"})
    page = text(guest.get(TABLE))
    assert "Settlement of round" in page
    assert '<button class="primary" id="deal">Deal · stakes 30 play chips</button>' in page
