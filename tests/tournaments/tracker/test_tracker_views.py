import pytest
from django.urls import reverse

from tests.tournaments.conftest import Dealer
from tournaments.floor import services
from tournaments.models import Action

HTMX = {"HTTP_HX_REQUEST": "true"}


def _post(client, url, dealer, **data):
    return client.post(url, {"version": dealer.state.version, **data}, HTTP_ACCEPT_LANGUAGE="en", **HTMX)


@pytest.mark.django_db
def test_anonymous_visitors_are_sent_to_login_from_the_organizer_tracker(client, three_way):
    url = reverse("organizer_tracker", args=[three_way.pk])
    for response in (client.get(url), client.post(url, {"op": "next", "version": "0.0.waiting"})):
        assert response.status_code == 302 and response.url.startswith(reverse("login"))
    assert not three_way.hands.exists()


@pytest.mark.django_db
def test_the_dealer_link_opens_its_own_table_without_login(client, three_way, dealer):
    url = reverse("dealer_tracker", args=[three_way.dealer_token])
    assert "Deal the first hand" in client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    response = _post(client, url, dealer, op="next")
    html = response.content.decode()
    assert 'id="tracker"' in html and "<html" not in html and "Anna to act" in html


@pytest.mark.django_db
def test_a_revoked_dealer_link_stops_working(client, three_way, dealer):
    old = three_way.dealer_token
    services.revoke_dealer_link(table=three_way)
    assert client.get(reverse("dealer_tracker", args=[old])).status_code == 404
    assert _post(client, reverse("dealer_tracker", args=[old]), dealer, op="next").status_code == 404
    assert not three_way.hands.exists()


@pytest.mark.django_db
def test_a_dealer_link_cannot_act_on_another_table(client, three_way, dealer, organizer):
    from tests.tournaments.conftest import table_of

    other = table_of({"Xena": 1500, "Yuri": 1500}, organizer, night=three_way.night)
    Dealer(other).next_hand()
    dealer.next_hand()
    xena = other.seats.get(entry__player__name="Xena").pk
    response = _post(
        client, reverse("dealer_tracker", args=[three_way.dealer_token]), dealer, op="act", seat=xena, verb="call"
    )
    assert "not in this hand" in response.content.decode()
    assert not Action.objects.exists()


@pytest.mark.django_db
def test_a_second_phone_with_an_old_view_is_refused_with_a_reload(organizer_client, three_way, dealer):
    url = reverse("organizer_tracker", args=[three_way.pk])
    dealer.next_hand()
    seen = dealer.state.version
    anna = dealer.seat("Anna")
    organizer_client.post(url, {"version": seen, "op": "act", "seat": anna, "verb": "call"}, **HTMX)
    response = organizer_client.post(
        url, {"version": seen, "op": "act", "seat": anna, "verb": "call"}, HTTP_ACCEPT_LANGUAGE="en", **HTMX
    )
    assert "The table changed — reloaded" in response.content.decode()
    assert Action.objects.count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize("to", ["abc", "-5", "10"])
def test_a_tampered_amount_gets_a_message_and_changes_nothing(organizer_client, three_way, dealer, to):
    dealer.next_hand()
    url = reverse("organizer_tracker", args=[three_way.pk])
    response = _post(organizer_client, url, dealer, op="act", seat=dealer.seat("Anna"), verb="raise", to=to)
    assert 'class="error"' in response.content.decode()
    assert not Action.objects.exists()


@pytest.mark.django_db
def test_the_buttons_offer_only_the_legal_actions_with_their_amounts(organizer_client, three_way, dealer):
    dealer.next_hand()
    html = organizer_client.get(
        reverse("organizer_tracker", args=[three_way.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "Call 50" in html and 'value="check"' not in html
    assert 'placeholder="100–1,500"' in html  # the typed amount's range


@pytest.mark.django_db
def test_the_dealer_taps_the_winner_of_each_pot(organizer_client, three_way, dealer):
    dealer.next_hand()
    dealer.act("Anna", "call")
    dealer.act("Ben", "call")
    dealer.act("Carl", "check")
    for _ in range(3):
        for name in ("Ben", "Carl", "Anna"):
            dealer.act(name, "check")
    url = reverse("organizer_tracker", args=[three_way.pk])
    page = organizer_client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "tap the winner" in page
    _post(organizer_client, url, dealer, op="award", pots="1", pot0="Ben")
    assert dealer.stacks() == {"Anna": 1450, "Ben": 1600, "Carl": 250}


@pytest.mark.django_db
def test_a_tracker_request_runs_a_bounded_number_of_queries(
    organizer_client, three_way, dealer, django_assert_max_num_queries
):
    url = reverse("organizer_tracker", args=[three_way.pk])
    dealer.next_hand()
    dealer.act("Anna", "call")
    dealer.act("Ben", "call")
    data = {"version": dealer.state.version, "op": "act", "seat": dealer.seat("Carl"), "verb": "check"}
    # 16: the locked read, the replay reads, the write, and the new revision (one UPDATE)
    with django_assert_max_num_queries(16):
        organizer_client.post(url, data, **HTMX)
    for _ in range(3):
        for name in ("Ben", "Carl", "Anna"):
            dealer.act(name, "check")
    data = {"version": dealer.state.version, "op": "award", "pots": "1", "pot0": "Ben"}
    with django_assert_max_num_queries(18):
        organizer_client.post(url, data, **HTMX)
    for _ in range(8):
        dealer.next_hand()
        for _ in range(len(dealer.state.engine.in_hand) - 1):
            dealer.act(dealer.state.engine.to_act, "fold")
        dealer.settle()
    data = {"version": dealer.state.version, "op": "next"}
    with django_assert_max_num_queries(18):
        organizer_client.post(url, data, **HTMX)
    with django_assert_max_num_queries(8):
        organizer_client.get(url)


@pytest.mark.django_db
def test_the_hand_history_lists_hands_and_offers_the_json(organizer_client, three_way, dealer):
    dealer.next_hand()
    dealer.act("Anna", "fold")
    dealer.act("Ben", "fold")
    dealer.settle()
    html = organizer_client.get(reverse("hand_history", args=[three_way.pk])).content.decode()
    assert reverse("hand_json", args=[three_way.pk, 1]) in html
    data = organizer_client.get(reverse("hand_json", args=[three_way.pk, 1])).json()
    assert data["button"] == "Anna" and [a["action"] for a in data["actions"]] == ["fold", "fold"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "language, expected, english",
    [
        (
            "de",
            [
                "Ben: setzt den Small Blind 25",
                "Carl: setzt den Big Blind 50",
                "Anna: erhöht auf 1.500 (alles gesetzt)",
                "Ben: steigt aus",
            ],
            True,
        ),
        (
            "en",
            [
                "Ben: posts the small blind 25",
                "Carl: posts the big blind 50",
                "Anna: raises to 1,500 (all-in)",
                "Ben: folds",
            ],
            False,
        ),
    ],
)
def test_the_hand_history_tells_each_action_in_the_readers_language(
    organizer_client, three_way, dealer, language, expected, english
):
    dealer.next_hand()
    dealer.act("Anna", "allin")
    dealer.act("Ben", "fold")
    dealer.act("Carl", "fold")
    dealer.settle()
    html = organizer_client.get(
        reverse("hand_history", args=[three_way.pk]), HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    for text in expected:
        assert text in html
    # The stored verbs never reach the page as they are.
    assert ("Anna allin" in html) is False and ("Ben fold" in html) is False
    assert ("raises to" in html) is not english


@pytest.mark.django_db
def test_closed_panels_come_as_shells_and_their_bodies_when_opened(client, three_way, dealer):
    """tracker.js says which panels are open; the closed ones are a summary and an empty body htmx fetches
    when the dealer opens it. Without the header (a whole page, or no tracker.js) every body is drawn."""
    dealer.next_hand()
    url = reverse("dealer_tracker", args=[three_way.dealer_token])
    whole = client.get(url, **HTMX).content.decode()
    assert "Mark as sitting out" in whole or "Aussetzen lassen" in whole
    assert 'class="picker"' in whole and "?panel=" not in whole

    closed = client.get(url, **HTMX, HTTP_X_TRACKER_OPEN="-").content.decode()
    assert 'hx-get="%s?panel=manage"' % url in closed and 'hx-get="%s?panel=cards"' % url in closed
    assert 'name="op" value="sitout"' not in closed and 'class="picker"' not in closed
    assert 'name="op" value="act"' in closed  # the action bar is all there

    manage_open = client.get(url, **HTMX, HTTP_X_TRACKER_OPEN="manage").content.decode()
    assert '<details id="tracker-manage" class="card manage" open>' in manage_open
    assert 'name="op" value="sitout"' in manage_open and 'class="picker"' not in manage_open

    body = client.get(url, {"panel": "cards"}, **HTMX).content.decode()
    assert body.startswith('<div class="panel-body">') and 'class="picker"' in body and "actionbar" not in body
    # Only a known panel: anything else is the table as usual.
    for junk in ("../base", "tracker", "Manage"):
        other = client.get(url, {"panel": junk}, **HTMX)
        assert other.status_code == 200 and 'id="actionbar"' in other.content.decode()


@pytest.mark.parametrize(
    "language, stack, place, folded",
    [("de", "1.500", "3. Platz", "ausgestiegen"), ("en", "1,500", "3. place", "folded")],
)
def test_the_seat_rows_read_as_the_table_stands_with_names_escaped(language, stack, place, folded):
    """The seat rows (templates/tournaments/tracker/_seat_rows.html): every value escaped, the texts translated."""
    from django.template.loader import render_to_string
    from django.utils import translation

    from tournaments.tracker.page import SeatRow

    rows = [
        SeatRow(7, 1, "Ben <b>&", 1500, 50, ("button", "folded"), False, None, False, "AhKd"),
        SeatRow(8, 2, "Anna", 1000, 0, ("bb",), True, None, True, ""),
        SeatRow(9, 3, "Carl", 0, 0, ("out",), False, 3, False, ""),
    ]
    with translation.override(language):
        html = render_to_string("tournaments/tracker/_seat_rows.html", {"seat_rows": rows})
    assert "Ben &lt;b&gt;&amp;" in html and "<b>" not in html
    assert '<li class="seat folded" data-seat="7">' in html and '<li class="seat to-act" data-seat="8">' in html
    assert '<li class="seat out" data-seat="9">' in html and f'<span class="chips">{place}</span>' in html
    assert f'<span class="stack">{stack}</span><span class="committed">+50</span>' in html
    assert (
        f'<span class="badge badge-folded">{folded}</span>' in html
        and '<span class="badge badge-button">D</span>' in html
    )
    assert (
        '<span class="holes"><span class="cardface red">A♥</span> <span class="cardface red">K♦</span></span>' in html
    )


@pytest.mark.parametrize(
    "language, half, allin, amount", [("de", "½ Pot", "Alles setzen", "12.500"), ("en", "½ pot", "All-in", "12,500")]
)
def test_the_quick_sizes_read_their_names_and_amounts(language, half, allin, amount):
    """The quick sizes (the action bar's partial "sizes"): a button per size, its name translated."""
    from django.template.loader import render_to_string
    from django.utils import translation

    from tournaments.tracker.page import Sizing

    def size_buttons(sizes):
        return render_to_string("tournaments/tracker/_betting_bar.html#sizes", {"sizes": sizes})

    with translation.override(language):
        html = str(size_buttons([Sizing("half", 150), Sizing("allin", 12500)]))
    assert html.count("<button ") == 2
    assert f'<button name="to" value="150" class="secondary"><span>{half}</span><strong>150</strong></button>' in html
    assert (
        f'<button name="to" value="12500" class="secondary"><span>{allin}</span><strong>{amount}</strong></button>'
        in html
    )
    assert str(size_buttons([])) == ""


@pytest.mark.parametrize(
    "language, to_act, to_call, call, fold, raise_to, amount",
    [
        (
            "de",
            "Ben &lt;b&gt; ist am Zug",
            "Mitgehen: 12.345",
            "Mitgehen 12.345",
            "Passen",
            "Erhöhen auf",
            "24.690–1.234.567",
        ),
        ("en", "Ben &lt;b&gt; to act", "To call: 12,345", "Call 12,345", "Fold", "Raise to", "24,690–1,234,567"),
    ],
)
def test_the_betting_bar_reads_whose_turn_and_what_each_button_does(
    language, to_act, to_call, call, fold, raise_to, amount, rf
):
    """The action bar while a player is to act (templates/tournaments/tracker/_betting_bar.html): escaped, translated."""
    from types import SimpleNamespace

    from django.template.loader import render_to_string
    from django.utils import translation

    from tournaments.tracker.page import Sizing

    legal = SimpleNamespace(
        player="Ben <b>",
        can_check=False,
        can_call=True,
        can_bet=False,
        can_raise=True,
        verbs=("fold", "call", "raise", "allin"),
        call_amount=12345,
        min_to=24690,
        max_to=1234567,
    )
    context = {
        "legal": legal,
        "state": SimpleNamespace(version='v"1'),
        "to_act_seat": 7,
        "pot_total": 1500,
        "csrf_token": "t&k",
        "request": rf.post("/dealer/abc/"),
        "sizes": [Sizing("pot", 3000)],
    }
    with translation.override(language):
        html = render_to_string("tournaments/tracker/_betting_bar.html", context)
    assert f'<h2 class="status" data-announce>{to_act}</h2>' in html and "<b>" not in html
    assert f"<span>{to_call}</span>" in html
    assert f'<button name="verb" value="call" class="primary">{call}</button>' in html
    assert f'<button name="verb" value="fold" class="danger">{fold}</button>' in html
    assert 'value="check"' not in html and 'value="allin"' not in html  # a call is there: no all-in alone
    assert html.count('<input type="hidden" name="version" value="v&quot;1">') == 3  # three forms
    assert html.count('value="t&amp;k"') == 3 and html.count('hx-post="/dealer/abc/"') == 3
    assert html.count('<input type="hidden" name="verb" value="raise">') == 2
    assert f'<label for="typed-amount" class="visually-hidden">{raise_to}</label>' in html
    assert f'placeholder="{amount}"' in html and '<button name="to" value="3000" class="secondary">' in html


@pytest.mark.django_db
def test_the_dealer_page_is_never_stored_its_link_is_a_secret(client, three_way, dealer):
    url = reverse("dealer_tracker", args=[three_way.dealer_token])
    for response in (client.get(url), client.get(url, HTTP_HX_REQUEST="true")):
        assert response.status_code == 200
        assert "no-store" in response["Cache-Control"]
