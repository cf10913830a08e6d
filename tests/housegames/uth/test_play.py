"""Playing Ultimate Texas Hold'em with play money (tournaments/uth_play.py):
stakes and payouts on the ledger, stored rounds that reload without change,
and the progressive jackpot meter with its history."""

from decimal import Decimal

import pytest

from housegames.models import Bankroll, BankrollEntry, JackpotMeter, JackpotMeterEvent, UthRound
from housegames.services import uth as uth_play
from housegames.services.uth import BetSlip, StaleRound, UthPlayError
from housegames.views import pages
from tests.housegames.uth.helpers import stack_decks

pytestmark = pytest.mark.django_db

BLIND_ROYAL = (["2h4h"], "AdAc", "KsQsJsTs3d")


@pytest.fixture(autouse=True)
def english(settings):
    settings.LANGUAGE_CODE = "en"


@pytest.fixture
def bankroll() -> Bankroll:
    bankroll = Bankroll.objects.create(session_key="guest-1")
    BankrollEntry.objects.create(bankroll=bankroll, amount=Decimal("1000.00"), reason="starting play money")
    return bankroll


def slip(ante=10, trips=0, jackpot=False, blind_boxes=()):
    return BetSlip(ante=Decimal(ante), trips=Decimal(trips), jackpot=jackpot, blind_boxes=list(blind_boxes))


def play(bankroll, uth_round, *decisions):
    for decision in decisions:
        uth_round = uth_play.make_decision(
            bankroll=bankroll, round_id=uth_round.pk, decision=decision, seen=uth_round.decisions_seen
        )
    return uth_round


def ledger(bankroll):
    return [(e.amount, e.reason) for e in bankroll.entries.filter(game="uth").order_by("id")]


def test_starting_a_round_books_ante_blind_and_trips_and_stores_the_shuffled_deck(bankroll, monkeypatch):
    stack_decks(monkeypatch, (["AsKs"], "QhQd", "AhKd7c2s2h"))
    uth_round = uth_play.start_round(bankroll=bankroll, slip=slip(ante=10, trips=5))
    assert uth_round.status == UthRound.Status.IN_PLAY and uth_round.staked == 25
    assert len(uth_round.state["deck"]) == 52 and uth_round.state["deck"][:2] == ["As", "Ks"]
    assert ledger(bankroll) == [(Decimal("-25.00"), f"UTH round {uth_round.pk}: bets")]
    assert bankroll.balance() == 975


def test_a_round_played_to_the_end_books_the_play_and_the_payout_in_step_with_the_settlement(bankroll, monkeypatch):
    stack_decks(monkeypatch, (["AsKs"], "QhQd", "AhKd7c2s2h"))
    uth_round = uth_play.start_round(bankroll=bankroll, slip=slip(ante=10, trips=5))
    uth_round = play(bankroll, uth_round, "check", "2x")
    assert uth_round.status == UthRound.Status.SETTLED
    # Aces and kings beat queens and deuces: Ante +10, Blind 0, Play +20, Trips -5.
    assert uth_round.result["boxes"][0]["net"] == "25.00"
    assert (uth_round.staked, uth_round.returned, uth_round.net) == (45, 70, 25)
    assert ledger(bankroll) == [
        (Decimal("-25.00"), f"UTH round {uth_round.pk}: bets"),
        (Decimal("-20.00"), f"UTH round {uth_round.pk}: Play 2x"),
        (Decimal("70.00"), f"UTH round {uth_round.pk}: paid back"),
    ]
    assert bankroll.balance() == 1025


def test_a_fold_at_the_river_loses_ante_and_blind_and_still_pays_trips(bankroll, monkeypatch):
    stack_decks(monkeypatch, (["8c3d"], "AsJs", "QhQdQc5s2h"))
    uth_round = uth_play.start_round(bankroll=bankroll, slip=slip(ante=10, trips=5))
    uth_round = play(bankroll, uth_round, "check", "check", "fold")
    lines = {line["bet"]: line["net"] for line in uth_round.result["boxes"][0]["lines"]}
    assert lines == {"ante": "-10.00", "blind": "-10.00", "play": "0.00", "trips": "15.00"}
    assert bankroll.balance() == 1000 - 25 + 20


def test_reloading_a_round_in_play_shows_the_same_cards_and_never_deals_again(bankroll, monkeypatch):
    stacked = stack_decks(monkeypatch, (["AsKs"], "QhQd", "AhKd7c2s2h"))
    uth_round = uth_play.start_round(bankroll=bankroll, slip=slip())
    uth_round = play(bankroll, uth_round, "check")
    first = pages.round_view(UthRound.objects.get(pk=uth_round.pk), bankroll.balance())
    again = pages.round_view(UthRound.objects.get(pk=uth_round.pk), bankroll.balance())
    assert first == again
    assert [c["code"] for c in first["board"] if c] == ["Ah", "Kd", "7c"]
    assert first["dealer_cards"] == [None, None]
    assert stacked.decks == []  # one shuffle for the whole round


def test_a_settled_round_keeps_its_result_and_cannot_be_played_again(bankroll, monkeypatch):
    stack_decks(monkeypatch, (["AsKs"], "QhQd", "AhKd7c2s2h"))
    uth_round = play(bankroll, uth_play.start_round(bankroll=bankroll, slip=slip()), "4x")
    result = uth_round.result
    with pytest.raises(StaleRound):
        uth_play.make_decision(bankroll=bankroll, round_id=uth_round.pk, decision="4x", seen=0)
    uth_round.refresh_from_db()
    assert uth_round.result == result and bankroll.balance() == 1000 + 10 + 40


def test_a_decision_from_an_older_page_is_refused_and_changes_nothing(bankroll, monkeypatch):
    stack_decks(monkeypatch, (["AsKs"], "QhQd", "AhKd7c2s2h"))
    uth_round = uth_play.start_round(bankroll=bankroll, slip=slip())
    play(bankroll, uth_round, "check")
    with pytest.raises(StaleRound):
        uth_play.make_decision(bankroll=bankroll, round_id=uth_round.pk, decision="check", seen=0)
    uth_round.refresh_from_db()
    assert uth_round.decisions_seen == 1 and bankroll.balance() == 980


def test_an_illegal_decision_is_refused_and_changes_nothing(bankroll, monkeypatch):
    stack_decks(monkeypatch, (["AsKs"], "QhQd", "AhKd7c2s2h"))
    uth_round = uth_play.start_round(bankroll=bankroll, slip=slip())
    with pytest.raises(UthPlayError, match="not possible now"):
        uth_play.make_decision(bankroll=bankroll, round_id=uth_round.pk, decision="1x", seen=0)
    uth_round.refresh_from_db()
    assert uth_round.decisions_seen == 0 and bankroll.balance() == 980


def test_one_round_at_a_time_per_guest(bankroll, monkeypatch):
    stack_decks(monkeypatch, (["AsKs"], "QhQd", "AhKd7c2s2h"), (["AsKs"], "QhQd", "AhKd7c2s2h"))
    uth_play.start_round(bankroll=bankroll, slip=slip())
    with pytest.raises(UthPlayError, match="Finish the round in play first"):
        uth_play.start_round(bankroll=bankroll, slip=slip())
    assert UthRound.objects.count() == 1 and bankroll.balance() == 980


@pytest.mark.parametrize(
    "bets, message",
    [
        ({"ante": 0}, "Place an ante first"),
        ({"ante": 55}, "The ante can be at most 50 play chips"),
        ({"ante": 10, "trips": 60}, "Trips can be at most 50 play chips"),
        ({"ante": 10, "trips": 2}, "Trips must be at least 5 play chips"),
    ],
)
def test_bets_outside_the_table_limits_write_nothing(bankroll, monkeypatch, bets, message):
    stack_decks(monkeypatch, (["AsKs"], "QhQd", "AhKd7c2s2h"))
    with pytest.raises(UthPlayError, match=message):
        uth_play.start_round(bankroll=bankroll, slip=slip(**bets))
    assert UthRound.objects.count() == 0 and bankroll.balance() == 1000


def test_bets_above_the_bankroll_write_nothing(bankroll, monkeypatch):
    BankrollEntry.objects.create(bankroll=bankroll, amount=Decimal("-990.00"), reason="spent")
    stack_decks(monkeypatch, (["AsKs"], "QhQd", "AhKd7c2s2h"))
    with pytest.raises(UthPlayError, match="Not enough play money"):
        uth_play.start_round(bankroll=bankroll, slip=slip(ante=10, jackpot=True))
    assert UthRound.objects.count() == 0 and JackpotMeterEvent.objects.filter(kind="feed").count() == 0
    assert bankroll.balance() == 10


def test_a_raise_the_bankroll_cannot_cover_is_refused_and_a_check_still_works(bankroll, monkeypatch):
    stack_decks(monkeypatch, (["AsKs"], "QhQd", "AhKd7c2s2h"))
    uth_round = uth_play.start_round(bankroll=bankroll, slip=slip(ante=50))
    BankrollEntry.objects.create(bankroll=bankroll, amount=Decimal("-800.00"), reason="spent")
    view = pages.round_view(uth_round, bankroll.balance())
    assert [(c["verb"], c["affordable"]) for c in view["choices"]] == [("4x", False), ("3x", False), ("check", True)]
    with pytest.raises(UthPlayError, match="Not enough play money for Raise 4x"):
        uth_play.make_decision(bankroll=bankroll, round_id=uth_round.pk, decision="4x", seen=0)
    assert play(bankroll, uth_round, "check").decisions_seen == 1


def test_extra_blind_boxes_stake_their_play_before_the_deal_and_show_their_cards_only_at_the_showdown(
    bankroll, monkeypatch
):
    stack_decks(monkeypatch, (["AsKs", "2c3d"], "QhQd", "AhKd7c2s2h"))
    uth_round = uth_play.start_round(bankroll=bankroll, slip=slip(ante=10, blind_boxes=[2]))
    assert uth_round.staked == 20 + 40  # two boxes' ante and blind, and the blind box's Play 2x
    view = pages.round_view(uth_round, bankroll.balance())
    assert view["boxes"][1]["cards"] == [None, None] and view["boxes"][0]["cards"][0]["code"] == "As"
    uth_round = play(bankroll, uth_round, "4x")
    settled = pages.round_view(uth_round, bankroll.balance())
    assert [c["code"] for c in settled["boxes"][1]["cards"]] == ["2c", "3d"]
    assert [b["net"] for b in uth_round.result["boxes"]] == ["50.00", "30.00"]
    assert bankroll.balance() == 1000 + 50 + 30


def test_the_meter_is_created_with_its_seed_and_fed_a_share_of_each_jackpot_bet(bankroll, monkeypatch):
    stack_decks(monkeypatch, (["AsKs", "8c8d"], "QhQd", "AhKd7c2s2h"))
    meter = uth_play.get_meter()
    assert (meter.amount, meter.seed_amount, meter.feed_share) == (
        Decimal("10000.00"),
        Decimal("10000.00"),
        Decimal("0.25"),
    )
    uth_round = uth_play.start_round(bankroll=bankroll, slip=slip(ante=10, jackpot=True, blind_boxes=[1]))
    meter.refresh_from_db()
    assert meter.amount == Decimal("10002.50")
    feeds = list(
        meter.events.filter(kind="feed").order_by("id").values_list("amount", "balance_after", "uth_round", "box")
    )
    assert feeds == [
        (Decimal("1.25"), Decimal("10001.25"), uth_round.pk, 0),
        (Decimal("1.25"), Decimal("10002.50"), uth_round.pk, 1),
    ]
    assert meter.events_total() == meter.amount
    assert uth_round.staked == 2 * (10 + 10 + 5) + 10


def test_the_feed_share_is_a_setting_of_the_meter(bankroll, monkeypatch):
    JackpotMeter.objects.create(name="uth", amount=Decimal(500), seed_amount=Decimal(500), feed_share=Decimal("0.5"))
    stack_decks(monkeypatch, (["AsKs"], "QhQd", "AhKd7c2s2h"))
    uth_play.start_round(bankroll=bankroll, slip=slip(jackpot=True))
    assert JackpotMeter.objects.get().amount == Decimal("502.50")


def test_a_royal_flush_with_a_hole_card_wins_the_meter_which_resets_to_its_seed_with_history(bankroll, monkeypatch):
    stack_decks(monkeypatch, (["AsKs"], "AdAc", "QsJsTs3d2c"))
    uth_round = uth_play.start_round(bankroll=bankroll, slip=slip(ante=10, jackpot=True))
    uth_round = play(bankroll, uth_round, "4x")
    meter = JackpotMeter.objects.get()
    kinds = list(meter.events.order_by("id").values_list("kind", "amount", "balance_after"))
    assert kinds == [
        ("seed", Decimal("10000.00"), Decimal("10000.00")),
        ("feed", Decimal("1.25"), Decimal("10001.25")),
        ("win", Decimal("-10001.25"), Decimal("0.00")),
        ("reset", Decimal("10000.00"), Decimal("10000.00")),
    ]
    assert meter.amount == meter.events_total() == Decimal("10000.00")
    box = uth_round.result["boxes"][0]
    assert [(line["bet"], line["net"], line["reason"]) for line in box["lines"]][-1] == (
        "jackpot",
        "9996.25",
        "royal_flush",
    )
    # Ante 10, Blind 500:1 = 5000, Play 40 and the meter.
    assert bankroll.balance() == 1000 + 10 + 5000 + 40 + Decimal("9996.25")
    assert ledger(bankroll)[-1] == (Decimal("10001.25"), f"UTH round {uth_round.pk}: jackpot")
    assert pages.meter_view()["wins"][0]["amount"] == Decimal("10001.25")


def test_a_blind_box_royal_flush_wins_the_meter_and_pays_no_envy_bonus_on_the_guests_own_open_box(
    bankroll, monkeypatch
):
    # Seed 003: „Bei einem Royal Flush erhalten alle Spieler, die in dieser
    # Spielrunde den Progressive-Jackpot Einsatz getätigt haben, ausser
    # derjenige, der das Royal Flush erzielt hat, den Envy Bonus". Every box
    # at the web table is the one guest's: his own royal pays him no envy.
    stack_decks(monkeypatch, (["9c9d", "AsKs"], "2h4h", "QsJsTs3d8c"))
    uth_round = uth_play.start_round(bankroll=bankroll, slip=slip(ante=5, jackpot=True, blind_boxes=[1]))
    uth_round = play(bankroll, uth_round, "check", "check", "1x")
    open_box, blind_box = uth_round.result["boxes"]
    assert [(line["reason"], line["net"]) for line in open_box["lines"] if line["bet"] == "jackpot"] == [
        ("lose", "-5.00")
    ]
    assert [line["reason"] for line in blind_box["lines"] if line["bet"] == "jackpot"] == ["royal_flush"]
    assert uth_round.result["meter_paid"] == "10002.50"
    assert JackpotMeter.objects.get().amount == Decimal("10000.00")


def test_a_top_up_is_only_for_an_empty_bankroll(bankroll):
    with pytest.raises(UthPlayError):
        uth_play.top_up(bankroll=bankroll)
    BankrollEntry.objects.create(bankroll=bankroll, amount=Decimal("-996.00"), reason="spent")
    assert uth_play.top_up(bankroll=bankroll) == Decimal("1000.00")


def test_the_bet_slip_adds_chips_within_the_limits_and_keeps_itself_in_the_session():
    session = {}
    bets = BetSlip.from_session(session)
    for change in ("ante:25", "ante:5", "trips:5", "jackpot:on", "blind:4", "blind:1"):
        bets.change(change)
    with pytest.raises(UthPlayError, match="At most 2 extra blind boxes"):
        bets.change("blind:2")
    with pytest.raises(UthPlayError, match="at most"):
        bets.change("ante:100")
    with pytest.raises(UthPlayError):
        bets.change("ante:7")  # not a chip
    bets.change("unblind:0")
    bets.save(session)
    again = BetSlip.from_session(session)
    assert (again.ante, again.trips, again.jackpot, again.blind_boxes) == (30, 5, True, [1])
    assert again.total_stake() == 2 * 30 * 2 + 5 + 2 * 5 + 30
    again.change("clear:all")
    assert again.total_stake() == 0


def test_no_top_up_while_an_imperial_round_holds_stakes(bankroll):
    from housegames.services import imperial as imperial_play

    BankrollEntry.objects.create(bankroll=bankroll, amount=Decimal("-991.00"), reason="spent")
    imperial_play.start_round(bankroll=bankroll, stakes=[(5, 0)])
    with pytest.raises(UthPlayError, match="only for an empty bankroll"):
        uth_play.top_up(bankroll=bankroll)
