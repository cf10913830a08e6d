"""What the Ultimate Texas Hold'em pages show: a round, its settlement, the history, the meter and the table in
the guest's words and figures, from the rows and the kept settlement (the game itself is
``housegames.services.uth``)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from housegames.cards import cards_view
from housegames.engines.uth.rules import PayTable, get_profile
from housegames.models import Bankroll, BankrollEntry, JackpotMeterEvent, UthRound
from housegames.services.uth import (
    CENT,
    CHIPS,
    DECISION_LABELS,
    GAME,
    JACKPOT_RULES,
    MAX_BLIND_BOXES,
    RULES,
    TABLE_LIMITS,
    BetSlip,
    decision_time,
    feed_amount,
    get_meter,
    minimum_stake,
    round_in_play,
)

# --------------------------------------------------------------------------
# Words for the guest
# --------------------------------------------------------------------------

HAND_NAMES = {
    "royal_flush": gettext_lazy("royal flush"),
    "straight_flush": gettext_lazy("straight flush"),
    "four_of_a_kind": gettext_lazy("four of a kind"),
    "full_house": gettext_lazy("full house"),
    "flush": gettext_lazy("flush"),
    "straight": gettext_lazy("straight"),
    "three_of_a_kind": gettext_lazy("three of a kind"),
    "two_pair": gettext_lazy("two pair"),
    "one_pair": gettext_lazy("one pair"),
    "high_card": gettext_lazy("high card"),
    "community_royal": gettext_lazy("royal flush on the board"),
    "envy": gettext_lazy("envy bonus"),
}
BET_NAMES = {
    "ante": gettext_lazy("Ante"),
    "blind": gettext_lazy("Blind"),
    "play": gettext_lazy("Play"),
    "trips": gettext_lazy("Trips"),
    "jackpot": gettext_lazy("Jackpot"),
}
OUTCOME_NAMES = {
    "win": gettext_lazy("You win"),
    "lose": gettext_lazy("Dealer wins"),
    "push": gettext_lazy("Tie"),
    "fold": gettext_lazy("Folded"),
}
# Seed 000: before the river, with trips or better on the board, folding gives up Ante and Blind while Trips plays.
GIVE_UP_LABEL = gettext_lazy("Give up, Trips plays")
QUALIFYING_HANDS = {
    "standard": gettext_lazy("a pair or better"),
    "pair_of_fours": gettext_lazy("a pair of fours or better"),
}
"""The engine's ``RuleProfile.qualifying_hand`` in the guest's language (the engine stays Django-free)."""


TIMEOUT_MESSAGES = {
    "check": gettext_lazy("Time ran out: checked for you (AUTO CHECKED)."),
    "fold": gettext_lazy("Time ran out: folded for you (AUTOM. GEPASST)."),
}
STREET_NAMES = {
    "preflop": gettext_lazy("Before the flop"),
    "flop": gettext_lazy("The flop"),
    "river": gettext_lazy("Turn and river"),
    "showdown": gettext_lazy("Showdown"),
}


def odds_text(odds: Fraction | str | None) -> str:
    if odds is None:
        return ""
    odds = Fraction(odds)
    return f"{odds.numerator}:{odds.denominator}"


def line_text(bet: str, reason: str, odds: str | None, hand: str | None) -> str:
    """Why a bet was paid, pushed or lost, in the guest's language."""
    hand_name = HAND_NAMES.get(hand or "", "")
    if bet == "jackpot":
        if reason == "lose":
            return _("no jackpot hand")
        if reason == "royal_flush":
            return _("royal flush: the jackpot meter")
        return str(HAND_NAMES.get(reason, reason))
    if reason == "fold":
        return _("folded")
    if reason == "push_tie":
        return _("tie: push")
    if reason == "push_not_qualified":
        return _("dealer does not qualify: push")
    if reason == "push_below_straight":
        return _("win below a straight: push")
    if reason == "lose":
        if bet == "trips":
            return _("below three of a kind")
        return _("loses")
    if reason == "win":
        if bet in ("blind", "trips"):
            return _("%(hand)s pays %(odds)s") % {"hand": hand_name, "odds": odds_text(odds)}
        return _("pays 1:1")
    return reason


def result_view(result: dict) -> dict:
    """A stored settlement, ready for the template (cards, words, amounts)."""
    boxes = []
    for box in result["boxes"]:
        lines = []
        for line in box["lines"]:
            net = Decimal(line["net"])
            lines.append(
                {
                    "bet": BET_NAMES[line["bet"]],
                    "stake": Decimal(line["stake"]),
                    "net": net,
                    "returned": Decimal(line["stake"]) + net,
                    "sign": "win" if net > 0 else "lose" if net < 0 else "push",
                    "text": line_text(line["bet"], line["reason"], line["odds"], line["hand"]),
                }
            )
        boxes.append(
            {
                "number": box.get("number", box["box"] + 1),  # the calculator's boxes keep the dealer's numbers
                "blind_play": box["blind_play"],
                "play_multiple": box["play_multiple"],
                "cards": cards_view(box["cards"]),
                "best": {c for c in _pairs(box["best"])},
                "hand": HAND_NAMES[box["hand"]],
                "outcome": box["outcome"],
                "outcome_text": OUTCOME_NAMES[box["outcome"]],
                "lines": lines,
                "staked": Decimal(box["staked"]),
                "returned": Decimal(box["returned"]),
                "net": Decimal(box["net"]),
            }
        )
    dealer = result["dealer"]
    return {
        "dealer_cards": cards_view(dealer["cards"]),
        "dealer_hand": HAND_NAMES[dealer["hand"]],
        "dealer_best": set(_pairs(dealer["best"])),
        "dealer_qualifies": dealer["qualifies"],
        "board": cards_view(result["board"]),
        "boxes": boxes,
        "staked": Decimal(result["staked"]),
        "returned": Decimal(result["returned"]),
        "net": Decimal(result["net"]),
        "meter_paid": Decimal(result["meter_paid"]),
    }


def _pairs(text: str) -> list[str]:
    return [text[i : i + 2] for i in range(0, len(text), 2)]


def round_view(uth_round: UthRound, balance: Decimal) -> dict:
    """A round in play or settled, as the guest may see it: the dealer's
    cards, unseen community cards and blind boxes stay face down until the
    showdown."""
    game = uth_round.game()
    settled = uth_round.status == UthRound.Status.SETTLED
    view = {
        "id": uth_round.pk,
        "settled": settled,
        "phase": game.phase,
        "street": STREET_NAMES[game.phase] if game.phase in STREET_NAMES else "",
        "seen": uth_round.decisions_seen,
        "decision_time": decision_time(),
        "staked": uth_round.staked,
        "created_at": uth_round.created_at,
        "rules": str(QUALIFYING_HANDS[game.profile.name]),
    }
    if settled:
        view.update(result_view(uth_round.result))
        view["returned"] = uth_round.returned
        return view
    shown = game.visible_board
    view["board"] = cards_view(shown) + [None] * (5 - len(shown))
    view["dealer_cards"] = [None, None]
    boxes = []
    for i, box in enumerate(game.boxes):
        boxes.append(
            {
                "number": i + 1,
                "blind_play": box.blind_play,
                "cards": [None, None] if box.is_blind_box else cards_view(box.hole),
                "ante": box.ante,
                "trips": box.trips,
                "jackpot": box.jackpot,
                "play": box.play,
                "play_multiple": box.play_multiple,
            }
        )
    view["boxes"] = boxes
    actor = game.to_act()
    choices = []
    if actor is not None:
        ante = game.boxes[actor].ante
        for verb in game.legal_decisions():
            multiple = {"4x": 4, "3x": 3, "2x": 2, "1x": 1}.get(verb, 0)
            amount = ante * multiple
            choices.append(
                {
                    "verb": verb,
                    "label": GIVE_UP_LABEL if verb == "fold" and game.phase != "river" else DECISION_LABELS[verb],
                    "amount": amount,
                    "affordable": amount <= balance,
                    "primary": bool(multiple),
                }
            )
    view["choices"] = choices
    return view


def history(bankroll: Bankroll, limit: int = 10) -> list[dict]:
    rounds = (
        UthRound.objects.filter(bankroll=bankroll)
        .exclude(status=UthRound.Status.IN_PLAY)
        .order_by("-settled_at", "-id")
    )
    rows = []
    for uth_round in rounds[:limit]:
        if uth_round.status == UthRound.Status.ABORTED:
            rows.append(
                {
                    "id": uth_round.pk,
                    "settled_at": uth_round.settled_at,
                    "staked": uth_round.staked,
                    "net": Decimal(0),
                    "aborted": True,
                    "reason": uth_round.abort_reason,
                }
            )
            continue
        result = uth_round.result
        main = result["boxes"][0]
        rows.append(
            {
                "id": uth_round.pk,
                "settled_at": uth_round.settled_at,
                "staked": uth_round.staked,
                "net": uth_round.net,
                "boxes": len(result["boxes"]),
                "hand": HAND_NAMES[main["hand"]],
                "dealer_hand": HAND_NAMES[result["dealer"]["hand"]],
                "outcome": OUTCOME_NAMES[main["outcome"]],
            }
        )
    return rows


def meter_view() -> dict:
    meter = get_meter()
    wins = list(
        meter.events.filter(kind=JackpotMeterEvent.Kind.WIN)
        .order_by("-created_at", "-id")
        .values("amount", "created_at")[:5]
    )
    return {
        "amount": meter.amount,
        "feed": feed_amount(meter),
        "bet": JACKPOT_RULES.bet,
        "wins": [{"amount": -w["amount"], "at": w["created_at"]} for w in wins],
    }


def table_context(bankroll: Bankroll, slip: BetSlip) -> dict:
    """Everything the table page shows."""
    balance = bankroll.balance().quantize(CENT)
    in_play = round_in_play(bankroll)
    last = None
    if in_play is None:
        last_round = (
            UthRound.objects.filter(bankroll=bankroll, status=UthRound.Status.SETTLED)
            .order_by("-settled_at", "-id")
            .first()
        )
        last = round_view(last_round, balance) if last_round else None
    return {
        "balance": balance,
        "round": round_view(in_play, balance) if in_play else None,
        "last_round": last,
        "slip": slip,
        "slip_total": slip.total_stake(),
        "slip_affordable": slip.total_stake() <= balance,
        # A chip above the limit would always be refused: it is not offered.
        "chips": tuple(c for c in CHIPS if TABLE_LIMITS.max_ante is None or c <= TABLE_LIMITS.max_ante),
        "trips_chips": tuple(c for c in CHIPS if TABLE_LIMITS.max_trips is None or c <= TABLE_LIMITS.max_trips),
        "limits": TABLE_LIMITS,
        "max_blind_boxes": MAX_BLIND_BOXES,
        "can_add_blind_box": len(slip.blind_boxes) < MAX_BLIND_BOXES,
        "jackpot": meter_view(),
        "jackpot_rules": JACKPOT_RULES,
        "blind_table": pay_table_rows(get_profile(RULES).blind_table),
        "trips_table": pay_table_rows(get_profile(RULES).trips_table),
        "needs_top_up": in_play is None and balance < minimum_stake(),
        "history": history(bankroll),
    }


def pay_table_rows(table: PayTable) -> list[tuple[str, str]]:
    """A pay table as the page shows it, straight from the engine: (hand, "3:2")."""
    return [(HAND_NAMES[category], f"{odds.numerator}:{odds.denominator}") for category, odds in table.odds]


_LEDGER_TEXTS = {
    "bets": gettext_lazy("Bets placed"),
    "paid back": gettext_lazy("Paid back"),
    "jackpot": gettext_lazy("Jackpot won"),
    "aborted, bets returned": gettext_lazy("Round aborted: bets returned"),
}


def ledger_text(entry: BankrollEntry) -> str:
    """A ledger row's reason in the guest's language (the stored reason is the
    bookkeeper's English, ``UTH round 7: Play 4x``)."""
    _prefix, _sep, what = entry.reason.partition(": ")
    if what.startswith("Play "):
        verb = what.removeprefix("Play ")
        return _("Play %(decision)s") % {"decision": DECISION_LABELS.get(verb, verb)}
    return str(_LEDGER_TEXTS.get(what, entry.reason))


def ledger(bankroll: Bankroll, round_id: int) -> list[dict]:
    entries = BankrollEntry.objects.filter(bankroll=bankroll, game=GAME, round_id=round_id).order_by("id")
    return [{"text": ledger_text(e), "amount": e.amount, "created_at": e.created_at} for e in entries]


def calculator_result(result: dict) -> dict:
    """The live-table calculator's settlement as the page shows it, with the dealer's qualifying hand."""
    view = result_view(result)
    view["rules"] = QUALIFYING_HANDS[result["rules"]]
    return view
