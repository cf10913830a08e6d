"""Imperial Poker against the house: the use cases behind the table page.

The rules are the pure engine :mod:`housegames.engines.imperial.round`;
this module stores its rounds (:class:`ImperialRound`), books every stake and
payout on the guest's play-money ledger in the same transaction as the state
change, keeps the bet slip of the next round, and describes a round for the
page with translated words.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from django.conf import settings
from django.db import transaction
from django.db.models import Count, Q, Sum
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from housegames.cards import card_view
from housegames.chips import format_chips
from housegames.engines.imperial.hands import BET_ODDS, BONUS_ODDS
from housegames.engines.imperial.round import (
    BLIND_INSURANCE,
    DEALER_NOT_QUALIFIED,
    DECISIONS,
    NOTE_KINDS,
    IllegalMove,
    LastCardWarning,
    Line,
    Round,
    TableRules,
)
from housegames.models import Bankroll, BankrollEntry, ImperialRound
from housegames.services.bankroll import InsufficientPlayMoney, book, lock_bankroll
from tournaments.poker.cards import Card, shuffled_deck

CHIPS: tuple[int, ...] = (1, 5, 25, 100)
"""The chip values at the table; the smallest is also the smallest bonus bet."""
SLIP_BOXES = 4
GAME = "imperial"


class ImperialPlayError(Exception):
    """A request the table refuses; the message is for the guest."""


class LastCardNeedsConfirmation(ImperialPlayError):
    """The draw would take the last card of the deck: the guest confirms first."""


def table_rules() -> TableRules:
    """The table's limits; ``IMPERIAL_MIN_ANTE`` and ``IMPERIAL_PAYOUT_CAP`` may set them."""
    return TableRules(
        min_ante=int(getattr(settings, "IMPERIAL_MIN_ANTE", 5)),
        payout_cap=int(getattr(settings, "IMPERIAL_PAYOUT_CAP", 20_000)),
        min_bonus=min(CHIPS),
    )


def new_deck() -> list[Card]:
    """A deck shuffled by the system's secure random source.

    The only source of cards for a new round. Tests replace this function
    (monkeypatch) to deal known cards; nothing in the running site does."""
    return shuffled_deck()


# --------------------------------------------------------------------------
# Rounds
# --------------------------------------------------------------------------


def active_round(bankroll: Bankroll) -> ImperialRound | None:
    return ImperialRound.objects.filter(bankroll=bankroll, status=ImperialRound.Status.ACTIVE).first()


def latest_round(bankroll: Bankroll) -> ImperialRound | None:
    return ImperialRound.objects.filter(bankroll=bankroll).order_by("-created_at", "-id").first()


def start_round(*, bankroll: Bankroll, stakes: list[tuple[int, int]]) -> ImperialRound:
    """Deal a new round with these (ante, bonus) per box; books the antes, bonuses and blind bets."""
    try:
        return _start_round(bankroll=bankroll, stakes=stakes)
    except InsufficientPlayMoney:
        raise ImperialPlayError(_("Not enough play money for these bets.")) from None


@transaction.atomic
def _start_round(*, bankroll: Bankroll, stakes: list[tuple[int, int]]) -> ImperialRound:
    lock_bankroll(bankroll)
    if active_round(bankroll) is not None:
        raise ImperialPlayError(_("Finish the round in play first."))
    rules = table_rules()
    _verify_stakes(stakes, rules)
    try:
        game = Round(stakes, new_deck(), rules)
    except IllegalMove as error:
        raise ImperialPlayError(_("The table refuses these bets: %(reason)s") % {"reason": error}) from None
    round_ = ImperialRound.objects.create(bankroll=bankroll, state=game.to_dict())
    _book(round_, game.ledger)
    _save(round_, game)
    return round_


def play(*, bankroll: Bankroll, round_id: int, action: dict, seen: int) -> ImperialRound:
    """Apply one action of the guest to his round in play.

    ``seen`` is the number of actions the guest's page showed: a second click
    or a second tab that is behind the table is refused, so nothing happens
    twice. Stakes and payouts are booked in the same transaction."""
    try:
        return _play(bankroll=bankroll, round_id=round_id, action=action, seen=seen)
    except InsufficientPlayMoney:
        raise ImperialPlayError(_("Not enough play money for this.")) from None


@transaction.atomic
def _play(*, bankroll: Bankroll, round_id: int, action: dict, seen: int) -> ImperialRound:
    round_ = ImperialRound.objects.select_for_update().filter(bankroll=bankroll, pk=round_id).first()
    if round_ is None:
        raise ImperialPlayError(_("There is no such round at your table."))
    if round_.status != ImperialRound.Status.ACTIVE:
        raise ImperialPlayError(_("This round is over."))
    if seen != round_.actions_seen:
        raise ImperialPlayError(_("The table had moved on since your page was shown: here it is as it stands."))
    game = round_.game()
    before = len(game.ledger)
    try:
        game.apply(action)
    except LastCardWarning:
        raise LastCardNeedsConfirmation(
            _("This takes the last card of the deck: after it the dealer's card can no longer be exchanged.")
        ) from None
    except IllegalMove as error:
        raise ImperialPlayError(_("Not allowed now: %(reason)s") % {"reason": error}) from None
    _book(round_, game.ledger[before:])
    _save(round_, game)
    return round_


def _verify_stakes(stakes: list[tuple[int, int]], rules: TableRules) -> None:
    """The table's limits, in the guest's language (the engine checks them again)."""
    if not stakes:
        raise ImperialPlayError(_("Place an ante on at least one box."))
    if len(stakes) > rules.max_boxes:
        raise ImperialPlayError(_("At most %(n)s boxes.") % {"n": rules.max_boxes})
    antes = [ante for ante, _bonus in stakes]
    if min(antes) < rules.min_ante:
        raise ImperialPlayError(_("The minimum ante is %(min)s.") % {"min": rules.min_ante})
    if max(antes) > rules.ante_spread * min(antes):
        raise ImperialPlayError(
            _("The antes of your boxes must lie within a factor of %(factor)s of each other.")
            % {"factor": rules.ante_spread}
        )


def _book(round_: ImperialRound, lines: Iterable[Line]) -> None:
    for line in lines:
        if line.amount:
            where = f"box {line.box}" if line.box else "table"
            book(
                bankroll=round_.bankroll,
                amount=Decimal(line.amount),
                reason=f"Imperial Poker round {round_.pk}, {where}: {line.kind.replace('_', ' ')}",
                game=GAME,
                round_id=round_.pk,
            )


def _save(round_: ImperialRound, game: Round) -> None:
    round_.state = game.to_dict()
    if game.finished:
        round_.status = ImperialRound.Status.FINISHED
        round_.finished_at = timezone.now()
    round_.save()


@dataclass(frozen=True)
class PastRound:
    id: int
    finished_at: object
    boxes: int
    net: Decimal

    @property
    def net_text(self) -> str:
        return signed(int(self.net)) if self.net == int(self.net) else str(self.net)


def history(bankroll: Bankroll, limit: int = 10) -> list[PastRound]:
    """The guest's last finished rounds, newest first, each with its net from the ledger."""
    rounds = list(
        ImperialRound.objects.filter(bankroll=bankroll, status=ImperialRound.Status.FINISHED).order_by(
            "-finished_at", "-id"
        )[:limit]
    )
    nets = dict(
        BankrollEntry.objects.filter(bankroll=bankroll, game=GAME, round_id__in=[r.pk for r in rounds])
        .values_list("round_id")
        .annotate(total=Sum("amount"))
    )
    return [PastRound(r.pk, r.finished_at, len(r.state["stakes"]), nets.get(r.pk, Decimal("0"))) for r in rounds]


def round_totals(round_: ImperialRound) -> dict:
    """Staked, paid back and net of one round, from the bankroll ledger."""
    return BankrollEntry.objects.filter(bankroll_id=round_.bankroll_id, game=GAME, round_id=round_.pk).aggregate(
        staked=Sum("amount", filter=Q(amount__lt=0)),
        paid=Sum("amount", filter=Q(amount__gt=0)),
        net=Sum("amount"),
        rows=Count("id"),
    )


# --------------------------------------------------------------------------
# The bet slip of the next round (kept in the session)
# --------------------------------------------------------------------------

SLIP_SESSION_KEY = "imperial_slip"


def read_slip(session) -> dict:
    slip = session.get(SLIP_SESSION_KEY)
    valid = (
        isinstance(slip, dict)
        and slip.get("chip") in CHIPS
        and isinstance(slip.get("boxes"), list)
        and len(slip["boxes"]) == SLIP_BOXES
        and all(
            isinstance(b, list) and len(b) == 2 and all(isinstance(x, int) and x >= 0 for x in b) for b in slip["boxes"]
        )
    )
    if not valid:
        slip = {"chip": CHIPS[1], "boxes": [[0, 0] for _box in range(SLIP_BOXES)]}
    return slip


def write_slip(session, slip: dict) -> None:
    session[SLIP_SESSION_KEY] = slip


def choose_chip(slip: dict, chip: int) -> None:
    if chip not in CHIPS:
        raise ImperialPlayError(_("There is no such chip."))
    slip["chip"] = chip


def add_chip(slip: dict, *, box: int, spot: str) -> None:
    """Put the chosen chip on a box's ante or bonus (box 1 to 4)."""
    if not 1 <= box <= SLIP_BOXES or spot not in ("ante", "bonus"):
        raise ImperialPlayError(_("There is no such place on the table."))
    ante, bonus = slip["boxes"][box - 1]
    if spot == "bonus" and not ante:
        raise ImperialPlayError(_("A bonus bet needs an ante on its box first."))
    slip["boxes"][box - 1] = [ante + slip["chip"], bonus] if spot == "ante" else [ante, bonus + slip["chip"]]


def clear_slip(slip: dict) -> None:
    slip["boxes"] = [[0, 0] for _box in range(SLIP_BOXES)]


def rebet(slip: dict, bankroll: Bankroll) -> None:
    """Add the bets of the last round again (docs/rules.md, "Repeat": each click adds them once more)."""
    last = latest_round(bankroll)
    if last is None:
        raise ImperialPlayError(_("There is no earlier round to repeat."))
    for index, stake in enumerate(last.state["stakes"][:SLIP_BOXES]):
        ante, bonus = slip["boxes"][index]
        slip["boxes"][index] = [ante + stake["ante"], bonus + stake["bonus"]]


def slip_stakes(slip: dict) -> list[tuple[int, int]]:
    """The boxes with an ante, in order, as (ante, bonus)."""
    return [(ante, bonus) for ante, bonus in slip["boxes"] if ante]


def slip_total(slip: dict) -> int:
    """What dealing this slip takes from the bankroll: antes, bonuses, and the BET of each blind box."""
    stakes = slip_stakes(slip)
    total = sum(ante + bonus for ante, bonus in stakes)
    return total + sum(2 * ante for ante, _bonus in stakes[table_rules().max_open :])


# --------------------------------------------------------------------------
# Describing a round for the page
# --------------------------------------------------------------------------

CATEGORY_LABELS = {
    "imperial_flush": gettext_lazy("Imperial Flush"),
    "royal_flush": gettext_lazy("Royal Flush"),
    "straight_flush": gettext_lazy("Straight Flush"),
    "four_of_a_kind": gettext_lazy("Four of a Kind"),
    "full_house": gettext_lazy("Full House"),
    "flush": gettext_lazy("Flush"),
    "straight": gettext_lazy("Straight"),
    "three_of_a_kind": gettext_lazy("Three of a Kind"),
    "two_pair": gettext_lazy("Two Pair"),
    "one_pair": gettext_lazy("One Pair"),
    "ace_king": gettext_lazy("Ace-King"),
    "high_card": gettext_lazy("High Card"),
}


def pay_table() -> list[tuple[str, int, int | None]]:
    """Table 2 as the page shows it, straight from the engine's odds: (hand, BET odds, bonus odds or None)."""
    return [(CATEGORY_LABELS[category], odds, BONUS_ODDS.get(category)) for category, odds in BET_ODDS.items() if odds]


RESULT_LABELS = {
    "win": gettext_lazy("Won"),
    "push": gettext_lazy("Tie"),
    "lose": gettext_lazy("Lost"),
    "fold": gettext_lazy("Folded"),
    "not_qualified": gettext_lazy("The dealer does not qualify"),
    "still_not_qualified": gettext_lazy("The dealer still does not qualify"),
}


def line_text(line: Line, rules: TableRules) -> str:
    hand = CATEGORY_LABELS.get(line.category or "", "")
    texts = {
        "ante": _("Ante"),
        "bonus": _("Bonus bet"),
        "bet": _("Bet (2 × ante)"),
        "buy": _("Sixth card bought (1 ante)"),
        "exchange": _("Exchange no. %(n)s (%(n)s × ante)") % {"n": line.number},
        "insurance": _("Insurance"),
        "ante_return": _("Ante returned"),
        "ante_win": _("Ante paid 1:1"),
        "blind_ante_win": _("Blind box: ante paid 1:1"),
        "bet_return": _("Bet returned"),
        "bet_win": _("Bet paid %(odds)s:1 (%(hand)s)") % {"odds": line.odds, "hand": hand},
        "bonus_return": _("Bonus returned"),
        "bonus_win": _("Bonus paid %(odds)s:1 (%(hand)s)") % {"odds": line.odds, "hand": hand},
        "insurance_return": _("Insurance returned"),
        "insurance_win": _("Insurance paid 1:1"),
        "ante_lost": _("Ante lost"),
        "bet_lost": _("Bet lost"),
        "bonus_lost": _("Bonus lost"),
        "insurance_lost": _("Insurance lost"),
        "dealer_exchange": _("Ante paid for the exchange of the dealer's card"),
        "payout_cap": _("Table limit: winnings of a round are capped at %(cap)s")
        % {"cap": number_format(rules.payout_cap, force_grouping=True)},
    }
    return texts.get(line.kind, line.kind)


def signed(amount: int) -> str:
    """``+35 Spielchips``, ``−10 Spielchips``, ``0 Spielchips``: a ledger amount
    with its sign, in the one chip format of the house games."""
    return ("+" if amount > 0 else "−" if amount < 0 else "") + format_chips(abs(amount))


def _line_view(line: Line, rules: TableRules) -> dict:
    # A note ("Ante lost") moves no chips: the stake left the bankroll when it was placed, so no "0 play chips".
    amount_text = "" if line.kind in NOTE_KINDS and not line.amount else signed(line.amount)
    return {"kind": line.kind, "text": line_text(line, rules), "amount": line.amount, "amount_text": amount_text}


def describe_round(round_: ImperialRound) -> dict:
    """Everything the table shows of a round, as plain values with translated words."""
    game = round_.game()
    rules = game.rules
    current = game.current_box
    options = game.options()
    boxes = []
    for box in game.boxes:
        visible = game.cards_visible(box)
        reading = box.reading if visible else None
        box_options = {o["action"]: o for o in options if o.get("box") == box.number and box is current}
        lines = [_line_view(line, rules) for line in game.lines_of(box)]
        boxes.append(
            {
                "number": box.number,
                "blind": box.blind,
                "ante": box.ante,
                "bonus": box.bonus,
                "bet": box.bet,
                "insurance": box.insurance,
                "visible": visible,
                "cards": [card_view(c) for c in box.cards] if visible else [None] * len(box.cards),
                "hand": CATEGORY_LABELS[reading.category] if reading else "",
                "second": CATEGORY_LABELS[reading.second.category] if reading and reading.second else "",
                "odds": reading.bet_odds if reading else None,
                "bonus_hand": CATEGORY_LABELS[box.bonus_category] if visible and box.bonus and box.bonus_odds else "",
                "bonus_odds": box.bonus_odds if visible and box.bonus else 0,
                "status": box.status,
                "result": RESULT_LABELS.get(box.result or "", ""),
                "result_code": box.result or "",
                "current": box is current,
                "options": box_options,
                "exchanges": box.exchanges,
                "lines": lines,
                "net": sum(line["amount"] for line in lines),
                "net_text": signed(sum(line["amount"] for line in lines)),
            }
        )
    dealer_reading = game.dealer_reading if game.dealer_revealed else None
    blind_insurance = [o for o in options if o["action"] == "insure" and game.phase == BLIND_INSURANCE]
    go_on = next((o for o in options if o["action"] == "go_on"), None)
    return {
        "id": round_.pk,
        "phase": game.phase,
        "finished": game.finished,
        "seen": len(game.actions),
        "rules": rules,
        "deck_remaining": game.deck_remaining,
        "dealer": {
            "cards": [card_view(c) for c in game.dealer_visible],
            "hand": CATEGORY_LABELS[dealer_reading.category] if dealer_reading else "",
            "qualifies": dealer_reading.dealer_qualifies if dealer_reading else None,
            "original": [card_view(c) for c in game.dealer_original] if game.dealer_exchanges else [],
            "exchanges": [
                {"box": e["box"], "out": card_view(e["out"]), "in": card_view(e["in"]), "free": e["free"]}
                for e in game.dealer_exchanges
            ],
        },
        "boxes": boxes,
        "current": current.number if current else None,
        "deciding": game.phase == DECISIONS,
        "blind_insurance": blind_insurance,
        "awaiting_reveal": game.phase == BLIND_INSURANCE,
        "go_on": go_on if game.phase == DEALER_NOT_QUALIFIED else None,
        "table_lines": [_line_view(line, rules) for line in game.lines_of(None)],
        "staked": game.staked,
        "staked_text": format_chips(game.staked),
        "paid_back": game.paid_back,
        "paid_back_text": format_chips(game.paid_back),
        "net": game.net,
        "net_text": signed(game.net),
    }
