import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.tournaments.conftest import Dealer, table_of
from tournaments.hands import stored
from tournaments.models import Action, Hand, Placement, Table
from tournaments.tracker import services as tracker

REPO = Path(__file__).resolve().parents[3]


def _chips(dealer: Dealer) -> int:
    return tracker.chips_in_play(dealer.state)


@pytest.mark.django_db
def test_the_first_hand_needs_a_first_dealer(organizer):
    table = table_of({"Anna": 1500, "Ben": 1500}, organizer)
    table.first_dealer = None
    table.save()
    with pytest.raises(tracker.TrackerError, match="first dealer"):
        Dealer(table).next_hand()
    assert not Hand.objects.exists()


@pytest.mark.django_db
def test_a_hand_posts_the_blinds_from_the_clock_and_starts_left_of_the_big_blind(dealer):
    hand = dealer.next_hand()
    state = dealer.state
    assert (hand.level, hand.small_blind, hand.big_blind) == (1, 25, 50)
    assert state.engine.to_act == "Anna"
    assert dealer.stacks() == {"Anna": 1500, "Ben": 1475, "Carl": 250}
    assert state.table.status == "playing"


@pytest.mark.django_db
def test_a_hand_won_by_folds_moves_the_blinds_and_the_button_moves_on(dealer):
    dealer.next_hand()
    dealer.act("Anna", "raise", 150)
    dealer.act("Ben", "fold")
    dealer.act("Carl", "fold")
    dealer.settle()
    assert dealer.stacks() == {"Anna": 1575, "Ben": 1475, "Carl": 250}
    second = dealer.next_hand()
    assert second.button.player.name == "Ben"
    assert dealer.state.engine.to_act == "Ben"  # three-handed: the button acts first pre-flop


@pytest.mark.django_db
def test_a_short_all_in_makes_a_side_pot_and_busts_at_the_showdown(dealer):
    dealer.next_hand()
    dealer.act("Anna", "raise", 150)
    dealer.act("Ben", "call")
    dealer.act("Carl", "allin")
    dealer.act("Anna", "call")
    dealer.act("Ben", "call")
    dealer.act("Ben", "check")
    dealer.act("Anna", "bet", 200)
    dealer.act("Ben", "call")
    dealer.act("Ben", "check")
    dealer.act("Anna", "check")
    dealer.act("Ben", "check")
    dealer.act("Anna", "check")
    pots = dealer.state.engine.pots()
    assert [(p.amount, p.eligible) for p in pots] == [(900, ("Anna", "Ben", "Carl")), (400, ("Anna", "Ben"))]
    assert dealer.state.hand.status == "showdown"
    dealer.cards("Ah Kd 7h 2s 3c", Anna="Qs Qd", Ben="As Ad", Carl="Kh Kc")
    dealer.settle()
    assert dealer.stacks() == {"Anna": 1000, "Ben": 2300, "Carl": 0}
    carl = Placement.objects.get()
    assert (carl.seat.player.name, carl.place, carl.reason) == ("Carl", 3, "busted")
    assert _chips(dealer) == 3300


@pytest.mark.django_db
def test_the_last_player_with_chips_wins_the_table_and_it_is_finished(organizer):
    dealer = Dealer(table_of({"Anna": 1500, "Ben": 100}, organizer))
    dealer.next_hand()  # heads-up: Anna on the button posts the small blind
    dealer.act("Anna", "raise", 100)
    dealer.act("Ben", "call")
    dealer.cards("2c 3d 4h 9s Jd", Anna="As Ad", Ben="7c 8d")
    dealer.settle()
    places = {p.seat.player.name: (p.place, p.reason) for p in Placement.objects.all()}
    assert places == {"Ben": (2, "busted"), "Anna": (1, "winner")}
    assert Table.objects.get().status == "finished"
    with pytest.raises(tracker.TrackerError, match="finished"):
        dealer.next_hand()


@pytest.mark.django_db
def test_two_players_out_in_one_hand_are_placed_by_their_starting_chips(organizer):
    dealer = Dealer(table_of({"Anna": 2000, "Ben": 300, "Carl": 200, "Dora": 1000}, organizer))
    dealer.next_hand()  # button Anna, SB Ben, BB Carl; Dora first
    dealer.act("Dora", "call")
    dealer.act("Anna", "raise", 1000)
    dealer.act("Ben", "allin")
    dealer.act("Carl", "allin")
    dealer.act("Dora", "fold")
    dealer.cards("2c 3d 4h 9s Jd", Anna="As Ad", Ben="7c 8d", Carl="Kc Qd")
    dealer.settle()
    places = {p.seat.player.name: p.place for p in Placement.objects.all()}
    assert places == {"Ben": 3, "Carl": 4}


@pytest.mark.django_db
def test_players_out_in_one_hand_with_equal_chips_tie_for_the_place(organizer):
    dealer = Dealer(table_of({"Anna": 2000, "Ben": 300, "Carl": 300}, organizer))
    dealer.next_hand()
    dealer.act("Anna", "raise", 300)
    dealer.act("Ben", "call")
    dealer.act("Carl", "call")
    dealer.cards("2c 3d 4h 9s Jd", Anna="As Ad", Ben="7c 8d", Carl="Kc Qd")
    dealer.settle()
    places = {p.seat.player.name: (p.place, p.reason) for p in Placement.objects.all()}
    assert places == {"Ben": (2, "busted"), "Carl": (2, "busted"), "Anna": (1, "winner")}


@pytest.mark.django_db
def test_a_stale_version_is_refused_and_nothing_is_written_twice(dealer):
    dealer.next_hand()
    seen = dealer.state.version
    tracker.record_action(table=dealer.table, version=seen, seat_id=dealer.seat("Anna"), verb="call")
    with pytest.raises(tracker.StaleTable, match="table changed"):
        tracker.record_action(table=dealer.table, version=seen, seat_id=dealer.seat("Anna"), verb="call")
    assert Action.objects.count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize(
    "name, verb, to, reason",
    [
        ("Ben", "call", None, "turn"),  # out of turn
        ("Anna", "raise", 60, "minimum"),  # below the minimum raise
        ("Anna", "raise", 5000, "more than Anna has"),
        ("Anna", "check", None, "check"),  # facing the big blind
        ("Anna", "shove", None, ""),  # not a verb
    ],
)
def test_an_illegal_or_tampered_action_is_refused_and_changes_nothing(dealer, name, verb, to, reason):
    dealer.next_hand()
    before = dealer.stacks()
    with pytest.raises(tracker.TrackerError) as refused:
        dealer.act(name, verb, to)
    assert reason.lower() in str(refused.value).lower()
    assert Action.objects.count() == 0 and dealer.stacks() == before


@pytest.mark.django_db
def test_an_action_for_a_seat_of_another_table_is_refused(dealer, organizer):
    other = table_of({"Xena": 1500, "Yuri": 1500}, organizer, night=dealer.table.night)
    dealer.next_hand()
    with pytest.raises(tracker.TrackerError, match="not in this hand"):
        tracker.record_action(
            table=dealer.table, version=dealer.state.version, seat_id=other.seats.first().pk, verb="call"
        )


@pytest.mark.django_db
def test_undo_takes_back_actions_a_settlement_and_a_hand_dealt_by_mistake(dealer):
    dealer.next_hand()
    dealer.act("Anna", "raise", 300)
    dealer.act("Ben", "fold")
    dealer.undo()
    assert dealer.state.engine.to_act == "Ben"
    dealer.act("Ben", "call")
    dealer.act("Carl", "allin")
    for _ in range(3):
        dealer.act("Ben", "check")
        dealer.act("Anna", "check")
    dealer.cards("2c 3d 4h 9s Jd", Anna="As Ad", Ben="7c 8d", Carl="Kc Qd")
    dealer.settle()
    assert Placement.objects.count() == 1
    dealer.undo()
    assert Placement.objects.count() == 0 and dealer.state.hand.status == "showdown"
    dealer.settle()
    dealer.next_hand()
    dealer.undo()
    assert Hand.objects.count() == 1 and dealer.state.hand.status == "complete"


@pytest.mark.django_db
def test_the_dealer_can_name_the_winner_of_each_pot_instead_of_cards(dealer):
    dealer.next_hand()
    dealer.act("Anna", "raise", 150)
    dealer.act("Ben", "call")
    dealer.act("Carl", "allin")
    dealer.act("Anna", "raise", 600)
    dealer.act("Ben", "call")
    dealer.act("Ben", "check")
    dealer.act("Anna", "check")
    dealer.act("Ben", "check")
    dealer.act("Anna", "check")
    dealer.act("Ben", "check")
    dealer.act("Anna", "check")
    with pytest.raises(tracker.TrackerError, match="not eligible"):
        dealer.settle(pot_winners=[["Carl"], ["Carl"]])
    dealer.settle(pot_winners=[["Carl"], ["Ben"]])
    assert dealer.stacks() == {"Anna": 900, "Ben": 1500, "Carl": 900}


@pytest.mark.django_db
def test_unknown_or_repeated_cards_are_refused_with_their_names(dealer):
    dealer.next_hand()
    with pytest.raises(tracker.TrackerError, match="Xx"):
        dealer.cards("Xx Kd 7h")
    with pytest.raises(tracker.TrackerError, match="As"):
        dealer.cards("As Kd 7h", Anna="As Ad")
    assert dealer.state.hand.board == ""


@pytest.mark.django_db
def test_a_player_sitting_out_has_his_blind_taken_and_his_cards_folded(dealer):
    tracker.set_sitting_out(
        table=dealer.table, version=dealer.state.version, seat_id=dealer.seat("Ben"), sitting_out=True
    )
    dealer.next_hand()  # Ben in the small blind, away
    dealer.act("Anna", "raise", 150)
    dealer.act("Carl", "fold")
    dealer.settle()
    assert dealer.stacks() == {"Anna": 1575, "Ben": 1475, "Carl": 250}


@pytest.mark.django_db
def test_a_player_disqualified_between_hands_takes_the_lowest_place_and_his_chips_leave_play(dealer):
    dealer.next_hand()
    dealer.act("Anna", "call")
    dealer.act("Ben", "fold")
    dealer.act("Carl", "check")
    for _ in range(3):
        dealer.act("Carl", "check")
        dealer.act("Anna", "check")
    dealer.cards("2c 3d 4h 9s Jd", Anna="As Ad", Carl="Kc Qd")
    dealer.settle()
    placement = tracker.disqualify(table=dealer.table, version=dealer.state.version, seat_id=dealer.seat("Anna"))
    assert (placement.place, placement.reason, placement.chips_removed) == (3, "disqualified", 1575)
    state = dealer.state
    assert tracker.chips_in_play(state) == 3300 - 1575
    assert [seat.player.name for seat in state.remaining] == ["Ben", "Carl"]


@pytest.mark.subprocess
@pytest.mark.django_db
def test_every_hand_downloads_as_json_that_replay_hand_replays_to_the_same_stacks(dealer, tmp_path):
    dealer.next_hand()
    dealer.act("Anna", "raise", 150)
    dealer.act("Ben", "call")
    dealer.act("Carl", "allin")
    dealer.act("Anna", "call")
    dealer.act("Ben", "call")
    for _ in range(3):
        dealer.act("Ben", "check")
        dealer.act("Anna", "check")
    dealer.cards("Ah Kd 7h 2s 3c", Anna="Qs Qd", Ben="Js Jd", Carl="Kh Kc")
    dealer.settle()
    dealer.next_hand()
    dealer.act("Ben", "raise", 200)
    dealer.act("Carl", "fold")
    dealer.act("Anna", "fold")
    dealer.settle()
    for hand in Hand.objects.order_by("number"):
        data = stored.replay_json(hand, list(hand.actions.order_by("index")))
        path = tmp_path / f"hand{hand.number}.json"
        path.write_text(json.dumps(data))
        run = subprocess.run(
            [sys.executable, "manage.py", "replay_hand", str(path)], cwd=REPO, capture_output=True, text=True
        )
        assert run.returncode == 0, run.stderr
        stacks = json.loads(run.stdout)["stacks"]
        names = {p["seat"]: p["name"] for p in hand.players}
        assert stacks == {names[int(seat)]: chips for seat, chips in hand.final_stacks.items()}
