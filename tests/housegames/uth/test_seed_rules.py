"""Rules where the app differed from the seeds, each read against the seed's own words.

The UTH leaflet of Casino Bad Ragaz and the live-dealer machine's help (both German); docs/rules.md
section 3 is their English digest, each rule named there in bold.
"""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone

from housegames.engines.uth.rules import PROFILES, TableLimits, UthError, UthRound, deck_order, settle_jackpot
from housegames.models import Bankroll, BankrollEntry
from housegames.models import UthRound as StoredRound
from housegames.services import uth as uth_play
from housegames.services.uth import BetSlip, UthPlayError
from tests.housegames.uth.helpers import stack_decks
from tournaments.poker.cards import parse_cards

METER = Decimal("10000.00")
ROYAL_BOARD = parse_cards("QsJsTs3d3c")


@pytest.fixture(autouse=True)
def english(settings):
    settings.LANGUAGE_CODE = "en"


@pytest.fixture
def bankroll(db) -> Bankroll:
    bankroll = Bankroll.objects.create(session_key="guest-1")
    BankrollEntry.objects.create(bankroll=bankroll, amount=Decimal("1000.00"), reason="starting play money")
    return bankroll


# --- Envy bonus: „ausser derjenige, der das Royal Flush erzielt hat" (docs/rules.md, "Envy bonus") -


def test_the_envy_bonus_is_not_paid_on_the_royal_winners_own_other_boxes():
    # „Bei einem Royal Flush erhalten alle Spieler, die in dieser Spielrunde den
    # Progressive-Jackpot Einsatz getätigt haben, ausser derjenige, der das Royal
    # Flush erzielt hat, den Envy Bonus von CHF 500.-. [...] Jede am Jackpot
    # teilgenommene Box erhält jeweils eine Envy Bonus Auszahlung."
    boxes = [
        (parse_cards("AsKs"), True),  # Anna's royal flush
        (parse_cards("2h4h"), True),  # Anna's second box
        (parse_cards("8h9d"), True),  # Ben
        (parse_cards("5c6c"), True),  # Ben's second box: each box gets one envy
    ]
    result = settle_jackpot(boxes, ROYAL_BOARD, meter=METER, players=["anna", "anna", "ben", "ben"])
    assert [(a.box, a.kind, a.amount) for a in result.awards] == [
        (0, "royal_flush", METER),
        (2, "envy", 500),
        (3, "envy", 500),
    ]


def test_at_the_web_table_the_guests_own_royal_pays_him_no_envy_on_his_blind_box():
    rnd = UthRound("standard", TableLimits(min_ante=Decimal(5), max_ante=Decimal(50)))
    rnd.add_box(ante=10, jackpot=True, player="guest")
    rnd.add_box(ante=10, jackpot=True, blind_play=1, player="guest")
    rnd.deal(deck_order(["AsKs", "2h4h"], "7d7c", "QsJsTs3d3c"))
    rnd.decide(0, "4x")
    settlement = rnd.settle(meter=METER)
    assert [a.kind for a in settlement.boxes[0].jackpot_awards] == ["royal_flush"]
    assert settlement.boxes[1].jackpot_awards == ()  # would be one envy bonus of 500 for another guest


def test_the_calculator_pays_envy_to_other_guests_only(client):
    # Box 1 and 2 are guest 1 (an extra box played blind), box 3 is another guest.
    query = {
        "rules": "standard",
        "dealer": "7d7c",
        "board": "QsJsTs3d3c",
        "meter": "10000",
        "box1_cards": "AsKs",
        "box1_ante": "10",
        "box1_play": "4",
        "box1_jackpot": "on",
        "box1_guest": "1",
        "box2_cards": "2h4h",
        "box2_ante": "10",
        "box2_play": "1",
        "box2_jackpot": "on",
        "box2_guest": "1",
        "box3_cards": "8h9d",
        "box3_ante": "10",
        "box3_play": "0",
        "box3_jackpot": "on",
    }
    html = client.get(reverse("uth_calculator"), query, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    box2 = html[html.index('id="calc-settlement-2"') : html.index('id="calc-settlement-3"')]
    box3 = html[html.index('id="calc-settlement-3"') :]
    assert "envy bonus" not in box2
    assert "envy bonus" in box3 and "+500</td>" in box3


# --- A royal flush at several tables splits the meter (docs/rules.md, "Progressive jackpot") ------


def test_the_calculator_splits_the_meter_with_royal_winners_at_other_tables(client):
    # „Sollte der Fall eintreffen, dass an mehreren bespielten Tischen in einer
    # zeitgleich durchgeführten Spielrunde ein Royal Flush für den Gewinn des
    # Jackpots erzielt wird, so wird der Jackpot im Verhältnis zur Anzahl der
    # Spieler, die den Royal Jackpot gewonnen haben, aufgeteilt."
    query = {
        "rules": "standard",
        "dealer": "7d7c",
        "board": "QsJsTs3d3c",
        "meter": "30000.01",
        "royals_elsewhere": "2",
        "box1_cards": "AsKs",
        "box1_ante": "10",
        "box1_play": "4",
        "box1_jackpot": "on",
    }
    html = client.get(reverse("uth_calculator"), query, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    jackpot_row = html[
        html.index("royal flush: the jackpot meter") - 200 : html.index("royal flush: the jackpot meter")
    ]
    assert "+9,995</td>" in jackpot_row  # a third of the meter, 10,000.00, less the 5 staked
    alone = client.get(reverse("uth_calculator"), query | {"royals_elsewhere": "0"}, HTTP_ACCEPT_LANGUAGE="en")
    assert "+29,995.01</td>" in alone.content.decode()


def test_the_calculator_refuses_a_negative_count_of_other_tables_royals(client):
    query = {
        "rules": "standard",
        "dealer": "7d7c",
        "board": "QsJsTs3d3c",
        "royals_elsewhere": "-1",
        "box1_cards": "AsKs",
        "box1_ante": "10",
        "box1_play": "4",
    }
    html = client.get(reverse("uth_calculator"), query, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Payouts" not in html and "greater than or equal to 0" in html


# --- Ante limits: „zwischen CHF 5 und CHF 50" (docs/rules.md, "Table limits") ---------------------


def test_the_standard_profile_carries_the_seeds_limits():
    # „Der Einsatz kann zwischen CHF 5 und CHF 50 betragen." (Ante) and for
    # Trips „Die Einsatzhöhe kann zwischen 5 und 50 CHF liegen."
    profile = PROFILES["standard"]
    assert (profile.min_ante, profile.max_ante, profile.min_trips, profile.max_trips) == (5, 50, 5, 50)
    assert uth_play.TABLE_LIMITS.min_ante == 5 and uth_play.TABLE_LIMITS.max_ante == 50
    limits = profile.table_limits(max_boxes=3)
    limits.check_ante(Decimal(50))
    with pytest.raises(UthError, match="above the table maximum"):
        limits.check_ante(Decimal("50.01"))
    with pytest.raises(UthError, match="below the table minimum"):
        limits.check_ante(Decimal("4.99"))


def test_the_web_table_takes_an_ante_of_50_and_refuses_55(bankroll, monkeypatch):
    stack_decks(monkeypatch, (["AsKs"], "QhQd", "AhKd7c2s2h"))
    slip = BetSlip()
    for chip in ("25", "25"):
        slip.change(f"ante:{chip}")
    assert slip.ante == 50
    with pytest.raises(UthPlayError, match="at most 50 play chips"):
        slip.change("ante:5")
    with pytest.raises(UthPlayError, match="at most 50 play chips"):
        uth_play.start_round(bankroll=bankroll, slip=BetSlip(ante=Decimal(55)))
    assert not StoredRound.objects.exists() and bankroll.balance() == 1000
    assert uth_play.start_round(bankroll=bankroll, slip=slip).staked == 100


# --- Timeouts: AUTO CHECKED, AUTOM. GEPASST (docs/rules.md, "Decision time") ----------------------


def _age(uth_round: StoredRound, seconds: int) -> None:
    StoredRound.objects.filter(pk=uth_round.pk).update(acted_at=timezone.now() - timedelta(seconds=seconds))


def test_an_undecided_round_is_checked_for_the_guest_when_the_time_runs_out(bankroll, monkeypatch, settings):
    # „Sollten Sie während der Entscheidungszeit keine Entscheidung getroffen
    # haben, so wird automatisch für Sie geschoben. Auf der Zeitanzeige wird
    # folgende Meldung angezeigt: AUTO CHECKED."
    settings.UTH_DECISION_SECONDS = 60
    stack_decks(monkeypatch, (["AsKs"], "QhQd", "AhKd7c2s2h"))
    uth_round = uth_play.start_round(bankroll=bankroll, slip=BetSlip(ante=Decimal(10)))
    assert uth_play.decide_overdue(bankroll=bankroll) == []  # still within the time
    _age(uth_round, 61)
    assert uth_play.decide_overdue(bankroll=bankroll) == ["check"]
    uth_round.refresh_from_db()
    assert uth_round.game().phase == "flop" and uth_round.auto_decisions == [0]
    assert uth_play.decide_overdue(bankroll=bankroll) == []  # the flop's time starts now


def test_a_round_left_past_every_street_is_checked_twice_then_folded_and_settled(bankroll, monkeypatch, settings):
    # „Wenn die Einsatzzeit verstrichen ist, ohne das Sie eine Entscheidung
    # getroffen haben, so werden Sie automatisch gepasst und verlieren alle Ihre
    # Einsätze. Auf der Zeitanzeige wird folgende Meldung angezeigt: AUTOM. GEPASST."
    settings.UTH_DECISION_SECONDS = 60
    stack_decks(monkeypatch, (["AsKs"], "QhQd", "AhKd7c2s2h"))
    uth_round = uth_play.start_round(bankroll=bankroll, slip=BetSlip(ante=Decimal(10), trips=Decimal(5)))
    _age(uth_round, 3 * 60 + 1)
    assert uth_play.decide_overdue(bankroll=bankroll) == ["check", "check", "fold"]
    uth_round.refresh_from_db()
    assert uth_round.status == StoredRound.Status.SETTLED and uth_round.auto_decisions == [0, 1, 2]
    assert [line["reason"] for line in uth_round.result["boxes"][0]["lines"]][:2] == ["fold", "fold"]
    assert bankroll.balance() == 1000 - 25  # ante, blind and trips lost (two pair: no Trips win)


def test_the_play_page_makes_the_overdue_decision_on_the_next_visit_and_says_so(db, client, monkeypatch, settings):
    settings.UTH_DECISION_SECONDS = 60
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    stack_decks(monkeypatch, (["AsKs"], "QhQd", "AhKd7c2s2h"))
    client.post(reverse("uth_slip"), {"change": "ante:25"})
    client.post(reverse("uth_deal"))
    uth_round = StoredRound.objects.get()
    assert "Each decision has 60 seconds" in client.get(reverse("uth_table")).content.decode()
    _age(uth_round, 61)
    html = client.get(reverse("uth_table")).content.decode()
    assert "Time ran out: checked for you (AUTO CHECKED)." in html
    assert 'data-phase="flop"' in html
    # A decision sent from the page as it was before the timeout is refused as stale.
    _age(uth_round, 61)
    client.post(reverse("uth_decide", args=[uth_round.pk]), {"decision": "2x", "seen": "1"})
    uth_round.refresh_from_db()
    assert uth_round.auto_decisions == [0, 1] and uth_round.decisions_seen == 2 and uth_round.staked == 50


def test_no_time_limit_when_the_setting_is_zero(bankroll, monkeypatch, settings):
    settings.UTH_DECISION_SECONDS = 0
    stack_decks(monkeypatch, (["AsKs"], "QhQd", "AhKd7c2s2h"))
    uth_round = uth_play.start_round(bankroll=bankroll, slip=BetSlip(ante=Decimal(10)))
    _age(uth_round, 10**6)
    assert uth_play.decide_overdue(bankroll=bankroll) == []
