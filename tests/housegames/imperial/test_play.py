"""The Imperial Poker use cases: rounds stored, resumed, booked on the play-money ledger."""

from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction
from django.test import override_settings
from django.utils import translation

from housegames.engines.imperial.round import Round
from housegames.models import Bankroll, BankrollEntry, ImperialRound
from housegames.services import imperial as imperial_play
from housegames.services.imperial import ImperialPlayError, LastCardNeedsConfirmation, play, start_round
from tests.housegames.engines.imperial.decks import stacked_deck
from tests.housegames.imperial.fixtures import bankroll, deal, top_up  # noqa: F401  (fixtures)

pytestmark = pytest.mark.django_db

DEALER_AK = "Ad Kc Tc 3h 4d"


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def ledger(bankroll, round_) -> list[Decimal]:
    return list(
        BankrollEntry.objects.filter(bankroll=bankroll, game="imperial", round_id=round_.pk).values_list(
            "amount", flat=True
        )
    )


def test_dealing_books_antes_bonuses_and_the_blind_boxes_bet(bankroll, deal):
    round_ = start_round(bankroll=bankroll, stakes=[(10, 1), (10, 0), (20, 2)])
    assert round_.status == ImperialRound.Status.ACTIVE and round_.finished_at is None
    assert ledger(bankroll, round_) == [
        Decimal(-10),
        Decimal(-1),
        Decimal(-10),
        Decimal(-20),
        Decimal(-2),
        Decimal(-40),
    ]
    assert bankroll.balance() == Decimal(1000 - 83)
    entry = BankrollEntry.objects.filter(round_id=round_.pk).first()
    assert entry.game == "imperial" and "box 1" in entry.reason


def test_a_round_is_played_to_its_settlement_and_the_bankroll_moves_by_its_net(bankroll, deal):
    deal("9s 8d 7c 6h 2s", dealer=DEALER_AK, draws="5c")
    round_ = start_round(bankroll=bankroll, stakes=[(10, 0)])
    round_ = play(bankroll=bankroll, round_id=round_.pk, action={"action": "buy", "box": 1}, seen=0)
    round_ = play(bankroll=bankroll, round_id=round_.pk, action={"action": "bet", "box": 1}, seen=1)
    assert round_.status == ImperialRound.Status.FINISHED and round_.finished_at is not None
    # ante -10, buy -10, bet -20, ante back +10, bet back +20, bet paid 4:1 +80
    assert sum(ledger(bankroll, round_)) == 80 - 10
    assert bankroll.balance() == Decimal(1070)
    assert imperial_play.round_totals(round_)["net"] == Decimal(70)


def test_repeated_exchanges_are_booked_at_one_two_and_three_antes(bankroll, deal):
    deal("Qs Qd 7c 4h 2s", dealer=DEALER_AK, draws="3d 5h Qc")
    round_ = start_round(bankroll=bankroll, stakes=[(10, 0)])
    for seen, card in enumerate(["2s", "3d", "5h"]):
        play(bankroll=bankroll, round_id=round_.pk, action={"action": "exchange", "box": 1, "cards": [card]}, seen=seen)
    assert ledger(bankroll, round_) == [Decimal(-10), Decimal(-10), Decimal(-20), Decimal(-30)]


def test_a_second_round_cannot_start_while_one_is_in_play(bankroll, deal):
    start_round(bankroll=bankroll, stakes=[(10, 0)])
    with pytest.raises(ImperialPlayError, match="Finish the round in play"):
        start_round(bankroll=bankroll, stakes=[(10, 0)])
    assert ImperialRound.objects.count() == 1


def test_the_database_refuses_two_rounds_in_play_for_one_bankroll(bankroll):
    state = Round([(10, 0)], stacked_deck(dealer="")).to_dict()
    ImperialRound.objects.create(bankroll=bankroll, state=state)
    with pytest.raises(IntegrityError), transaction.atomic():
        ImperialRound.objects.create(bankroll=bankroll, state=state)


@pytest.mark.parametrize(
    "stakes, message",
    [
        ([], "at least one box"),
        ([(4, 0)], "minimum ante is 5"),
        ([(5, 0), (26, 0)], "within a factor of 5"),
        ([(10, 0)] * 5, "At most 4 boxes"),
    ],
)
def test_bets_outside_the_table_limits_are_refused_and_nothing_is_written(bankroll, deal, stakes, message):
    with pytest.raises(ImperialPlayError, match=message):
        start_round(bankroll=bankroll, stakes=stakes)
    assert not ImperialRound.objects.exists()
    assert bankroll.balance() == Decimal(1000)


def test_a_round_the_bankroll_cannot_cover_is_not_dealt(bankroll, deal):
    with pytest.raises(ImperialPlayError, match="Not enough play money"):
        start_round(bankroll=bankroll, stakes=[(400, 0), (400, 0), (400, 0)])
    assert not ImperialRound.objects.exists()
    assert bankroll.balance() == Decimal(1000)


def test_an_exchange_the_bankroll_cannot_cover_changes_nothing(bankroll, deal):
    deal("Qs Qd 7c 4h 2s", dealer=DEALER_AK)
    round_ = start_round(bankroll=bankroll, stakes=[(500, 0)])
    play(bankroll=bankroll, round_id=round_.pk, action={"action": "exchange", "box": 1, "cards": ["2s"]}, seen=0)
    with pytest.raises(ImperialPlayError, match="Not enough play money"):
        play(bankroll=bankroll, round_id=round_.pk, action={"action": "exchange", "box": 1, "cards": ["Qs"]}, seen=1)
    round_.refresh_from_db()
    assert round_.actions_seen == 1 and bankroll.balance() == Decimal(0)


def test_a_stale_request_is_refused_so_a_double_click_does_nothing_twice(bankroll, deal):
    deal("Qs Qd 7c 4h 2s", dealer=DEALER_AK)
    round_ = start_round(bankroll=bankroll, stakes=[(10, 0)])
    play(bankroll=bankroll, round_id=round_.pk, action={"action": "exchange", "box": 1, "cards": ["2s"]}, seen=0)
    with pytest.raises(ImperialPlayError, match="moved on"):
        play(bankroll=bankroll, round_id=round_.pk, action={"action": "exchange", "box": 1, "cards": ["7c"]}, seen=0)
    assert len(ledger(bankroll, round_)) == 2


def test_an_illegal_move_is_refused_with_a_clear_message(bankroll, deal):
    deal("Qs Qd 7c 4h 2s", dealer=DEALER_AK)
    round_ = start_round(bankroll=bankroll, stakes=[(10, 0)])
    with pytest.raises(ImperialPlayError, match="Not allowed now: As is not a card of box 1"):
        play(bankroll=bankroll, round_id=round_.pk, action={"action": "exchange", "box": 1, "cards": ["As"]}, seen=0)


def test_nobody_plays_another_guests_round_or_a_finished_one(bankroll, deal):
    other = Bankroll.objects.create(session_key="someone-else")
    top_up(other, 1000)
    deal("9s 8d 7c 6h 5s", dealer=DEALER_AK)
    round_ = start_round(bankroll=bankroll, stakes=[(10, 0)])
    with pytest.raises(ImperialPlayError, match="no such round"):
        play(bankroll=other, round_id=round_.pk, action={"action": "bet", "box": 1}, seen=0)
    play(bankroll=bankroll, round_id=round_.pk, action={"action": "bet", "box": 1}, seen=0)
    with pytest.raises(ImperialPlayError, match="over"):
        play(bankroll=bankroll, round_id=round_.pk, action={"action": "bet", "box": 1}, seen=1)


def test_reloading_a_round_from_the_database_never_changes_its_cards_or_outcome(bankroll, deal):
    round_ = start_round(bankroll=bankroll, stakes=[(10, 0), (10, 0), (10, 0)])
    first = imperial_play.describe_round(ImperialRound.objects.get(pk=round_.pk))
    for _ in range(3):
        again = imperial_play.describe_round(ImperialRound.objects.get(pk=round_.pk))
        assert again == first
    game = ImperialRound.objects.get(pk=round_.pk).game()
    assert game.to_dict() == round_.state


def test_the_deck_of_a_real_round_is_shuffled_by_the_secure_source_and_stored_whole(bankroll):
    first = start_round(bankroll=bankroll, stakes=[(10, 0)])
    ImperialRound.objects.filter(pk=first.pk).update(status="finished", finished_at="2026-01-01T00:00:00Z")
    second = start_round(bankroll=bankroll, stakes=[(10, 0)])
    assert len(first.state["deck"]) == 52 == len(set(first.state["deck"]))
    assert first.state["deck"] != second.state["deck"]


@override_settings(IMPERIAL_PAYOUT_CAP=100, IMPERIAL_MIN_ANTE=10)
def test_the_table_limits_are_settings_and_a_round_keeps_those_it_was_dealt_with(bankroll, deal):
    deal("Ts 9s 8h 7d 6c", dealer=DEALER_AK)
    with pytest.raises(ImperialPlayError, match="minimum ante is 10"):
        start_round(bankroll=bankroll, stakes=[(5, 0)])
    round_ = start_round(bankroll=bankroll, stakes=[(20, 0)])
    with override_settings(IMPERIAL_PAYOUT_CAP=20_000):
        round_ = play(bankroll=bankroll, round_id=round_.pk, action={"action": "bet", "box": 1}, seen=0)
    # The straight wins 40 * 4 = 160 on the bet; the round's cap of 100 holds.
    assert round_.state["rules"]["payout_cap"] == 100
    assert sum(ledger(bankroll, round_)) == 100


def test_the_last_card_of_the_deck_is_taken_only_after_a_confirmation(bankroll, deal):
    top_up(bankroll, 10_000)
    deal("Qs Qd 7c 4h 2s", dealer=DEALER_AK)
    round_ = start_round(bankroll=bankroll, stakes=[(5, 0)])
    for seen in range(41):
        card = round_.game().boxes[0].cards[4]
        round_ = play(
            bankroll=bankroll,
            round_id=round_.pk,
            action={"action": "exchange", "box": 1, "cards": [str(card)]},
            seen=seen,
        )
    card = str(round_.game().boxes[0].cards[4])
    with pytest.raises(LastCardNeedsConfirmation):
        play(bankroll=bankroll, round_id=round_.pk, action={"action": "exchange", "box": 1, "cards": [card]}, seen=41)
    round_ = play(
        bankroll=bankroll,
        round_id=round_.pk,
        action={"action": "exchange", "box": 1, "cards": [card], "confirm_last_card": True},
        seen=41,
    )
    assert round_.game().deck_remaining == 0


def test_the_history_lists_finished_rounds_with_their_net_from_the_ledger(bankroll, deal):
    deal("9s 8d 7c 6h 5s", dealer=DEALER_AK)
    deal("2s 3d 5h 8c Jd", dealer=DEALER_AK)
    for seen_action in ("bet", "fold"):
        round_ = start_round(bankroll=bankroll, stakes=[(10, 0)])
        play(bankroll=bankroll, round_id=round_.pk, action={"action": seen_action, "box": 1}, seen=0)
    past = imperial_play.history(bankroll)
    assert [p.net for p in past] == [Decimal(-10), Decimal(80)]
    assert all(p.boxes == 1 for p in past)


def test_the_slip_adds_chips_and_refuses_a_bonus_without_an_ante(bankroll):
    slip = imperial_play.read_slip({})
    imperial_play.choose_chip(slip, 25)
    imperial_play.add_chip(slip, box=1, spot="ante")
    imperial_play.add_chip(slip, box=1, spot="ante")
    imperial_play.choose_chip(slip, 5)
    imperial_play.add_chip(slip, box=1, spot="bonus")
    with pytest.raises(ImperialPlayError, match="needs an ante"):
        imperial_play.add_chip(slip, box=2, spot="bonus")
    with pytest.raises(ImperialPlayError, match="no such chip"):
        imperial_play.choose_chip(slip, 3)
    assert imperial_play.slip_stakes(slip) == [(50, 5)]
    imperial_play.add_chip(slip, box=4, spot="ante")
    imperial_play.add_chip(slip, box=3, spot="ante")
    imperial_play.add_chip(slip, box=2, spot="ante")
    assert imperial_play.slip_total(slip) == 50 + 5 + 5 + 5 + 5 + 2 * 5 + 2 * 5  # boxes 3 and 4 blind


def test_rebet_adds_the_last_rounds_bets_again(bankroll, deal):
    start_round(bankroll=bankroll, stakes=[(10, 1), (5, 0)])
    slip = imperial_play.read_slip({})
    imperial_play.rebet(slip, bankroll)
    imperial_play.rebet(slip, bankroll)
    assert imperial_play.slip_stakes(slip) == [(20, 2), (10, 0)]
