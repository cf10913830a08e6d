"""Issue 12: the dealer's phone is never wrong. Typed amounts, hostile input, the table's revision,
a finished result closed to the dealer link, immediate disqualification, same-name players."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from league.models import JackpotDeposit
from results.jackpot import confirm_deposit
from results.nights import tables_results
from tests.tournaments.conftest import Dealer, table_of
from tournaments.hands import stored
from tournaments.models import Action, Hand, Placement
from tournaments.placements import services as placements_services
from tournaments.poker.replay import replay_hand
from tournaments.tracker import services as tracker

HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_ACCEPT_LANGUAGE": "en"}


def _snapshot(table) -> tuple:
    """Everything a dealer's input could change."""
    table.refresh_from_db()
    return (
        table.revision,
        table.status,
        list(Action.objects.filter(hand__table=table).values_list("index", "seat_id", "verb", "to")),
        list(Hand.objects.filter(table=table).values_list("number", "status", "board", "hole_cards", "final_stacks")),
        list(Placement.objects.filter(table=table).values_list("seat_id", "place", "reason", "chips_removed")),
        list(table.seats.values_list("pk", "sitting_out")),
    )


# --- typed amounts ----------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_typed_amount_is_the_amount_recorded_and_quick_sizes_are_a_form_of_their_own(client, three_way, dealer):
    url = reverse("dealer_tracker", args=[three_way.dealer_token])
    dealer.next_hand()
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    typed_form = html.split('class="typed"')[1].split("</form>")[0]
    assert 'name="to"' in typed_form and 'name="to" value=' not in typed_form  # no quick size inside the typed form
    assert typed_form.count("<button") == 1  # Enter can only send the typed amount
    # What the browser sends when 400 is typed and Enter pressed: the typed form's fields, nothing else.
    client.post(
        url,
        {"version": dealer.state.version, "op": "act", "seat": dealer.seat("Anna"), "verb": "raise", "to": "400"},
        **HTMX,
    )
    assert list(Action.objects.values_list("verb", "to")) == [("raise", 400)]
    # A German dealer may type the thousands point.
    client.post(
        url,
        {"version": dealer.state.version, "op": "act", "seat": dealer.seat("Ben"), "verb": "raise", "to": "1.000"},
        **HTMX,
    )
    assert list(Action.objects.values_list("verb", "to")) == [("raise", 400), ("raise", 1000)]


# --- hostile input ----------------------------------------------------------------------------

HUGE = "9" * 40
NUL = "1\x00"


def _base_payloads(dealer) -> dict[str, dict]:
    """One valid input per kind, as the page would send it (taps that would change the table)."""
    anna, ben = dealer.seat("Anna"), dealer.seat("Ben")
    return {
        "act": {"op": "act", "seat": anna, "verb": "raise", "to": "200"},
        "pick": {"op": "pick", "target": "board", "card": "Ah"},
        "cards": {"op": "cards", "board": "Ah Kd 7h", "hole:Anna": "As Ks"},
        "sitout": {"op": "sitout", "seat": ben},
        "disqualify": {"op": "disqualify", "seat": ben, "confirm": "yes"},
    }


# field -> values that must be refused with a message. "missing" drops the field; "repeated" sends it twice.
HOSTILE = {
    "op": [HUGE, "-5", "abc", NUL, "missing", "repeated"],
    "version": [HUGE, "-5", "abc", NUL, "missing", "repeated"],
    "seat": [HUGE, "-5", "abc", NUL, "missing", "repeated"],
    "verb": [HUGE, "-5", "abc", NUL, "missing", "repeated"],
    "to": [HUGE, "-5", "abc", NUL, "missing", "repeated", "10", "99999999999999999999"],
    "target": [HUGE, "-5", "abc", NUL, "missing", "repeated"],
    "card": [HUGE, "-5", "abc", NUL, "missing", "repeated", "Ah Kd"],
    "board": [HUGE, "-5", "abc", NUL, "repeated"],  # a missing board is "no board": allowed
    "hole:Anna": [HUGE, "-5", "abc", NUL, "repeated"],
    "confirm": [HUGE, "-5", "abc", NUL, "missing", "repeated"],
}


def _hostile_cases():
    for field, values in HOSTILE.items():
        for value in values:
            yield field, value


@pytest.mark.django_db
def test_every_tracker_field_with_hostile_values_gets_a_message_and_changes_nothing(client, three_way, dealer):
    url = reverse("dealer_tracker", args=[three_way.dealer_token])
    dealer.next_hand()
    tried = 0
    for field, value in _hostile_cases():
        for kind, base in _base_payloads(dealer).items():
            if field not in base and field not in ("op", "version"):
                continue
            data: dict[str, object] = {"version": dealer.state.version, **base}
            if value == "missing":
                data.pop(field)
            elif value == "repeated":
                data[field] = [data[field], data[field]]
            else:
                data[field] = value
            before = _snapshot(three_way)
            response = client.post(url, data, **HTMX)
            assert _refused_with_a_message(response), (kind, field, value)
            assert _snapshot(three_way) == before, (kind, field, value)
            tried += 1
    assert tried > 100


def _refused_with_a_message(response) -> bool:
    """The tracker's own message, or (a NUL anywhere in the request) the site's guard refusing it before any view."""
    html = response.content.decode()
    if response.status_code == 400:
        return 'role="alert"' in html and "NUL" in html
    return response.status_code == 200 and 'class="messages"' in html


@pytest.mark.django_db
@pytest.mark.parametrize("pots", ["abc", "10000000", "-1", "0", NUL, HUGE])
def test_a_hostile_pot_count_is_refused_at_once(client, three_way, dealer, pots):
    url = reverse("dealer_tracker", args=[three_way.dealer_token])
    dealer.next_hand()
    dealer.act("Anna", "call")
    dealer.act("Ben", "call")
    dealer.act("Carl", "check")
    for _ in range(3):
        for name in ("Ben", "Carl", "Anna"):
            dealer.act(name, "check")
    before = _snapshot(three_way)
    response = client.post(url, {"version": dealer.state.version, "op": "award", "pots": pots, "pot0": "Ben"}, **HTMX)
    assert _refused_with_a_message(response)
    assert _snapshot(three_way) == before


# --- the table's revision ---------------------------------------------------------------------


@pytest.mark.django_db
def test_every_kind_of_change_renews_the_revision_and_makes_older_pages_stale(three_way, dealer, organizer):
    seen = []

    def renewed():
        version = dealer.state.version
        assert version not in seen
        seen.append(version)

    renewed()
    dealer.next_hand()
    renewed()
    tracker.set_sitting_out(
        table=three_way, version=dealer.state.version, seat_id=dealer.seat("Carl"), sitting_out=True
    )
    renewed()
    tracker.set_sitting_out(
        table=three_way, version=dealer.state.version, seat_id=dealer.seat("Carl"), sitting_out=False
    )
    renewed()
    dealer.act("Anna", "call")
    renewed()
    dealer.undo()
    renewed()
    dealer.cards("Ah Kd 7h")
    renewed()
    tracker.disqualify(table=three_way, version=dealer.state.version, seat_id=dealer.seat("Carl"))
    renewed()
    placement = Placement.objects.get(seat_id=dealer.seat("Carl"))
    placements_services.correct_placement(placement=placement, place=2, reason="typo on the sheet", by=organizer)
    renewed()
    for old in seen[:-1]:
        with pytest.raises(tracker.StaleTable):
            tracker.undo(table=three_way, version=old)
    assert len(set(seen)) == len(seen) and all(len(v) >= 12 for v in seen)


@pytest.mark.django_db
def test_the_revision_answer_is_tiny_and_says_when_the_table_changed(client, three_way, dealer):
    url = reverse("dealer_tracker_revision", args=[three_way.dealer_token])
    first = client.get(url)
    assert first.status_code == 200 and first.content.decode() == dealer.state.version and len(first.content) < 40
    assert first["Cache-Control"] == "no-store"
    dealer.next_hand()
    assert client.get(url).content.decode() == dealer.state.version != first.content.decode()
    assert client.get(reverse("dealer_tracker_revision", args=["nope"])).status_code == 404


@pytest.mark.django_db
def test_an_expired_organizer_session_sends_the_whole_page_to_the_login(client, three_way):
    url = reverse("organizer_tracker", args=[three_way.pk])
    response = client.post(
        url, {"op": "next", "version": "x"}, HTTP_HX_REQUEST="true", HTTP_HX_CURRENT_URL=f"http://testserver{url}"
    )
    assert response.status_code == 200 and response["HX-Redirect"].startswith(reverse("login") + "?next=")
    assert not three_way.hands.exists()


# --- a finished table is closed to the dealer link ------------------------------------------


def _play_to_the_end(dealer: Dealer) -> None:
    """Heads-up: Anna all-in, Ben calls, the dealer taps Anna as the winner."""
    dealer.next_hand()
    dealer.act("Anna", "allin")
    dealer.act("Ben", "call")
    dealer.settle(pot_winners=[["Anna"]])


@pytest.mark.django_db
def test_the_final_award_can_be_undone_until_the_result_stands_then_only_corrected(client, organizer):
    table = table_of({"Anna": 1500, "Ben": 1500}, organizer)
    dealer = Dealer(table)
    _play_to_the_end(dealer)
    dealer.undo()  # the dealer tapped the wrong winner
    dealer.settle(pot_winners=[["Ben"]])
    table.refresh_from_db()
    assert table.status == "finished"
    url = reverse("dealer_tracker", args=[table.dealer_token])
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Undo the final award" in html and "jackpot sum" in html

    confirm_deposit(table=table, by=organizer)
    assert JackpotDeposit.objects.filter(table=table).exists()
    before = _snapshot(table)
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "The result stands" in html and 'value="undo"' not in html
    response = client.post(url, {"version": table.revision, "op": "undo"}, **HTMX)
    assert "The result of this table stands" in response.content.decode()
    assert _snapshot(table) == before
    with pytest.raises(tracker.ResultStands):
        tracker.undo(table=table, version=table.revision)

    fingerprint = tables_results(table.night, table_ids=[table.pk])[0].fingerprint
    winner = Placement.objects.get(table=table, place=1)
    placements_services.correct_placement(placement=winner, place=2, reason="the winner was misread", by=organizer)
    assert tables_results(table.night, table_ids=[table.pk])[0].fingerprint not in ("", fingerprint)
    assert winner.corrections.get().reason == "the winner was misread"
    table.refresh_from_db()
    assert table.revision != before[0]


# --- immediate disqualification ---------------------------------------------------------------


@pytest.mark.django_db
def test_a_player_disqualified_in_the_middle_of_a_betting_round_with_a_side_pot(organizer):
    table = table_of({"Anna": 1500, "Ben": 1500, "Carl": 300, "Dora": 1500}, organizer)
    dealer = Dealer(table)
    dealer.next_hand()  # Anna button, Ben small blind, Carl big blind
    dealer.act("Dora", "raise", 150)
    dealer.act("Anna", "call")
    dealer.act("Ben", "call")
    dealer.act("Carl", "allin")  # 300: the side pot starts
    assert dealer.state.engine.to_act == "Dora"
    placement = tracker.disqualify(table=table, version=dealer.state.version, seat_id=dealer.seat("Ben"))
    assert (placement.place, placement.reason, placement.chips_removed) == (4, "disqualified", 1350)
    state = dealer.state
    assert state.engine.to_act == "Dora"  # play goes on where it was
    assert "Ben" not in state.engine.in_hand and state.engine.pot_total == 150 + 150 + 150 + 300
    assert tracker.chips_in_play(state) == tracker.chips_expected(state) == 4800 - 1350
    dealer.act("Dora", "call")
    dealer.act("Anna", "call")
    dealer.act("Dora", "bet", 200)  # flop: Ben is gone, Carl all-in
    dealer.act("Anna", "call")
    for _ in range(2):
        dealer.act("Dora", "check")
        dealer.act("Anna", "check")
    dealer.cards("2c 3h 7s 9d Jh", Anna="As Ad", Carl="Kc Kd", Dora="Qc Qd")
    result = dealer.settle()
    assert [(pot.amount, pot.eligible, pot.winners) for pot in result.pots] == [
        (1050, ("Anna", "Carl", "Dora"), ("Anna",)),  # Ben's 150 stays in the main pot
        (400, ("Anna", "Dora"), ("Anna",)),
    ]
    assert dealer.stacks() == {"Anna": 2450, "Ben": 0, "Carl": 0, "Dora": 1000}
    places = {p.seat.player.name: (p.place, p.reason) for p in Placement.objects.select_related("seat__entry__player")}
    assert places == {"Ben": (4, "disqualified"), "Carl": (3, "busted")}
    state = dealer.state
    assert tracker.chips_in_play(state) == tracker.chips_expected(state) == 3450

    # The stored hand replays through the contract's command to the same stacks, the removed chips named.
    hand = state.hand
    data = stored.replay_json(hand, list(hand.actions.order_by("index")))
    assert {"player": "Ben", "action": "disqualify"} in data["actions"]
    out = replay_hand(json.loads(json.dumps(data)))
    assert out["stacks"] == {"Anna": 2450, "Ben": 0, "Carl": 0, "Dora": 1000}
    assert out["disqualified"] == {"Ben": 1350} and out["busted"] == ["Carl"]


@pytest.mark.django_db
def test_disqualifying_the_player_to_act_moves_the_action_on_and_undo_takes_it_back(three_way, dealer):
    dealer.next_hand()
    before = dealer.stacks()
    tracker.disqualify(table=three_way, version=dealer.state.version, seat_id=dealer.seat("Anna"))
    assert dealer.state.engine.to_act == "Ben"
    dealer.undo()
    assert dealer.state.engine.to_act == "Anna" and dealer.stacks() == before
    assert not Placement.objects.exists()


@pytest.mark.django_db
def test_a_disqualification_that_leaves_one_player_ends_the_hand_and_the_table(organizer):
    table = table_of({"Anna": 1500, "Ben": 1500}, organizer)
    dealer = Dealer(table)
    dealer.next_hand()  # heads-up: Anna on the button posts the small blind and acts first
    dealer.act("Anna", "raise", 300)
    tracker.disqualify(table=table, version=dealer.state.version, seat_id=dealer.seat("Anna"))
    state = dealer.state
    assert state.engine.street == "complete"
    dealer.settle()
    table.refresh_from_db()
    assert table.status == "finished"
    assert dealer.stacks()["Ben"] == 1800  # his own 1500 and Anna's 300 that stayed in the pot
    places = {
        p.seat.player.name: (p.place, p.reason, p.chips_removed)
        for p in Placement.objects.select_related("seat__entry__player")
    }
    assert places == {"Anna": (2, "disqualified", 1200), "Ben": (1, "winner", 0)}


# --- same names -------------------------------------------------------------------------------


@pytest.mark.django_db
def test_three_players_called_bob_bob_and_bob_1_can_be_dealt_and_told_apart(client, organizer):
    table = table_of({"Bob": 1500, "Bob ": 1500, "Bob (1)": 1500}, organizer)
    # make_player strips nothing: give the second Bob the same name as the first
    second = table.seats.get(position=2).entry.player
    second.name = "Bob"
    second.save()
    dealer = Dealer(table)
    hand = dealer.next_hand()
    names = [p["name"] for p in hand.players]
    assert names == ["Bob [1]", "Bob (2)", "Bob (1)"]  # "Bob (1)" is a player's own name, so seat 1's Bob is "Bob [1]"
    url = reverse("dealer_tracker", args=[table.dealer_token])
    html = client.get(url).content.decode()
    for name in names:
        assert f'<span class="who">{name}' in html
    dealer.act(dealer.state.engine.to_act, "fold")
    dealer.act(dealer.state.engine.to_act, "fold")
    dealer.settle()
    assert sum(dealer.state.stacks.values()) == 4500
    rows = tables_results(table.night, table_ids=[table.pk])[0].waiting
    assert sorted(row.name for row in rows) == sorted(names)  # the results page tells them apart too
