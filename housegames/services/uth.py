"""Playing Ultimate Texas Hold'em against the house with play money: the use cases.

Every write is one transaction: the guest's bankroll row is locked first (one
request per guest at a time), the round row is locked (``select_for_update``)
before a decision, and the jackpot meter row before it changes. Stakes and
payouts are booked to the bankroll's ledger in the same transaction as the
round's state, so a round and its money can never disagree. The deck is
shuffled once, when the round starts, and stored with it: reloading a page
shows the same round, and a settled round is never dealt again.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from decimal import ROUND_DOWN, Decimal

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from housegames.chips import format_chips
from housegames.engines.uth.rules import (
    JackpotRules,
    RoundSettlement,
    TableLimits,
    UthError,
    get_profile,
)
from housegames.engines.uth.rules import (
    UthRound as Game,
)
from housegames.models import STARTING_PLAY_MONEY, Bankroll, JackpotMeter, JackpotMeterEvent, UthRound
from housegames.services.bankroll import InsufficientPlayMoney, book, has_round_in_play, lock_bankroll
from league.rules.inputs import ascii_whole_or_none
from tournaments.poker.cards import shuffled_deck

GAME = "uth"
RULES = "standard"
# The rule profile's limits (docs/rules.md, "Table limits": Ante and Trips 5 to 50); one open box and two blind ones.
TABLE_LIMITS: TableLimits = get_profile(RULES).table_limits(max_boxes=3)
JACKPOT_RULES = JackpotRules()
CHIPS = (Decimal(5), Decimal(25), Decimal(100))
MAX_BLIND_BOXES = TABLE_LIMITS.max_boxes - 1
METER_NAME = "uth"
CENT = Decimal("0.01")


def rng_factory() -> random.Random:
    """The random source of a new round's shuffle: the operating system's
    cryptographic source. Tests replace this function to fix the deck."""
    return secrets.SystemRandom()


class UthPlayError(Exception):
    """A use case refused; ``str()`` is a translated message for the guest."""


class StaleRound(UthPlayError):
    """The request was made on an older view of the round."""


# The decisions in the guest's words: a use case's refusal names the decision, the page labels its buttons.
DECISION_LABELS = {
    "4x": gettext_lazy("Raise 4x"),
    "3x": gettext_lazy("Raise 3x"),
    "2x": gettext_lazy("Raise 2x"),
    "1x": gettext_lazy("Bet 1x"),
    "check": gettext_lazy("Check"),
    # German says "Passen" at the UTH table (docs/rules.md, "Words the venue uses"); the context keeps it apart
    # from the other games' "Fold".
    "fold": pgettext_lazy("ultimate texas hold'em", "Fold"),
}


def _error_message(error: UthError) -> str:
    params = {k: format_chips(v) if isinstance(v, Decimal) else v for k, v in error.params.items()}
    messages = {
        "ante_below_min": _("The ante must be at least %(limit)s."),
        "ante_above_max": _("The ante can be at most %(limit)s."),
        "trips_below_min": _("Trips must be at least %(limit)s, or nothing."),
        "trips_above_max": _("Trips can be at most %(limit)s."),
        "table_full": _("The table has only %(limit)s boxes."),
        "bad_amount": _("Place an ante first."),
    }
    message = messages.get(error.code)
    if message is None:
        return _("That is not possible now.")
    return message % params


# --------------------------------------------------------------------------
# The bet slip: the bets chosen before the deal (kept in the session)
# --------------------------------------------------------------------------

SLIP_KEY = "uth_slip"


@dataclass
class BetSlip:
    ante: Decimal = Decimal(0)
    trips: Decimal = Decimal(0)
    jackpot: bool = False
    blind_boxes: list[int] = field(default_factory=list)

    @classmethod
    def from_session(cls, session) -> BetSlip:
        data = session.get(SLIP_KEY) or {}
        try:
            return cls(
                ante=Decimal(data.get("ante", "0")),
                trips=Decimal(data.get("trips", "0")),
                jackpot=bool(data.get("jackpot", False)),
                blind_boxes=[int(m) for m in data.get("blind_boxes", []) if int(m) in (4, 3, 2, 1)][:MAX_BLIND_BOXES],
            )
        except (ArithmeticError, TypeError, ValueError):
            return cls()

    def save(self, session) -> None:
        session[SLIP_KEY] = {
            "ante": str(self.ante),
            "trips": str(self.trips),
            "jackpot": self.jackpot,
            "blind_boxes": list(self.blind_boxes),
        }

    @property
    def boxes(self) -> int:
        return 1 + len(self.blind_boxes)

    def total_stake(self) -> Decimal:
        """Everything the slip puts on the table before the deal."""
        jackpot = JACKPOT_RULES.bet * self.boxes if self.jackpot else Decimal(0)
        blind_plays = sum((self.ante * m for m in self.blind_boxes), Decimal(0))
        return 2 * self.ante * self.boxes + self.trips + jackpot + blind_plays

    def change(self, action: str) -> None:
        """Apply one button of the slip: ``ante:25``, ``trips:5``,
        ``clear:ante``, ``clear:trips``, ``clear:all``, ``jackpot:on|off``,
        ``blind:4`` (add a blind box with Play 4x), ``unblind:0`` (remove one).
        Raises :class:`UthPlayError` for a bet outside the table's limits."""
        spot, _sep, value = action.partition(":")
        if spot in ("ante", "trips"):
            chip = _chip(value)
            amount = getattr(self, spot) + chip
            limit = TABLE_LIMITS.max_ante if spot == "ante" else TABLE_LIMITS.max_trips
            if limit is not None and amount > limit:
                if spot == "ante":
                    raise UthPlayError(_("The ante can be at most %(limit)s.") % {"limit": format_chips(limit)})
                raise UthPlayError(_("Trips can be at most %(limit)s.") % {"limit": format_chips(limit)})
            setattr(self, spot, amount)
        elif spot == "clear":
            if value in ("ante", "all"):
                self.ante = Decimal(0)
            if value in ("trips", "all"):
                self.trips = Decimal(0)
            if value == "all":
                self.jackpot = False
                self.blind_boxes = []
        elif spot == "jackpot":
            self.jackpot = value == "on"
        elif spot == "blind":
            multiple = _int(value, (4, 3, 2, 1))
            if len(self.blind_boxes) >= MAX_BLIND_BOXES:
                raise UthPlayError(_("At most %(count)s extra blind boxes.") % {"count": MAX_BLIND_BOXES})
            self.blind_boxes.append(multiple)
        elif spot == "unblind":
            index = _int(value, range(len(self.blind_boxes)))
            del self.blind_boxes[index]
        else:
            raise UthPlayError(_("That is not possible now."))


def _chip(value: str) -> Decimal:
    try:
        chip = Decimal(value)
    except ArithmeticError:
        chip = None
    if chip not in CHIPS:
        raise UthPlayError(_("That is not possible now."))
    return chip


def _int(value: str, allowed) -> int:
    number = ascii_whole_or_none(value, max_digits=3)
    if number not in allowed:
        raise UthPlayError(_("That is not possible now."))
    return number


# --------------------------------------------------------------------------
# The jackpot meter
# --------------------------------------------------------------------------


def get_meter() -> JackpotMeter:
    """The table's progressive meter, created with its seed on first use."""
    meter = JackpotMeter.objects.filter(name=METER_NAME).first()
    if meter is not None:
        return meter
    try:
        with transaction.atomic():
            meter = JackpotMeter.objects.create(name=METER_NAME, amount=Decimal(0))
            _meter_event(meter, JackpotMeterEvent.Kind.SEED, meter.seed_amount)
    except IntegrityError:  # created meanwhile by another request
        meter = JackpotMeter.objects.get(name=METER_NAME)
    return meter


def _locked_meter() -> JackpotMeter:
    return JackpotMeter.objects.select_for_update().get(pk=get_meter().pk)


def _meter_event(
    meter: JackpotMeter, kind: str, amount: Decimal, uth_round: UthRound | None = None, box: int | None = None
) -> None:
    """Change the (locked) meter by ``amount`` and record it."""
    meter.amount += amount
    meter.save(update_fields=["amount", "updated_at"])
    JackpotMeterEvent.objects.create(
        meter=meter, kind=kind, amount=amount, balance_after=meter.amount, uth_round=uth_round, box=box
    )


def feed_amount(meter: JackpotMeter) -> Decimal:
    return (JACKPOT_RULES.bet * meter.feed_share).quantize(CENT, rounding=ROUND_DOWN)


# --------------------------------------------------------------------------
# Use cases
# --------------------------------------------------------------------------


def round_in_play(bankroll: Bankroll) -> UthRound | None:
    return UthRound.objects.filter(bankroll=bankroll, status=UthRound.Status.IN_PLAY).first()


@transaction.atomic
def start_round(*, bankroll: Bankroll, slip: BetSlip) -> UthRound:
    """Place the slip's bets, shuffle and deal. Books the stakes and feeds the
    meter; nothing is written when a bet is refused."""
    lock_bankroll(bankroll)
    if round_in_play(bankroll) is not None:
        raise UthPlayError(_("Finish the round in play first."))
    game = Game(RULES, TABLE_LIMITS, JACKPOT_RULES)
    try:
        game.add_box(ante=slip.ante, trips=slip.trips, jackpot=slip.jackpot, player="guest")
        for multiple in slip.blind_boxes:
            game.add_box(ante=slip.ante, jackpot=slip.jackpot, blind_play=multiple, player="guest")
        game.deal(shuffled_deck(rng_factory()))
    except UthError as error:
        raise UthPlayError(_error_message(error)) from None
    staked = sum((game.stake_before_deal(i) for i in range(len(game.boxes))), Decimal(0))
    uth_round = UthRound.objects.create(bankroll=bankroll, state=game.to_dict(), staked=staked, acted_at=timezone.now())
    try:
        book(
            bankroll=bankroll,
            amount=-staked,
            reason=f"UTH round {uth_round.pk}: bets",
            game=GAME,
            round_id=uth_round.pk,
        )
    except InsufficientPlayMoney:
        raise UthPlayError(
            _("Not enough play money: these bets need %(amount)s.") % {"amount": format_chips(staked)}
        ) from None
    jackpot_boxes = [i for i, box in enumerate(game.boxes) if box.jackpot]
    if jackpot_boxes:
        meter = _locked_meter()
        for i in jackpot_boxes:
            _meter_event(meter, JackpotMeterEvent.Kind.FEED, feed_amount(meter), uth_round, i)
    if game.is_over:
        _settle(uth_round, game)
    return uth_round


@transaction.atomic
def make_decision(*, bankroll: Bankroll, round_id: int, decision: str, seen: int) -> UthRound:
    """The guest's decision for the box whose turn it is. ``seen`` is how many
    decisions the guest's page showed: an older page is refused."""
    lock_bankroll(bankroll)
    uth_round = UthRound.objects.select_for_update().filter(bankroll=bankroll, pk=round_id).first()
    if uth_round is None:
        raise UthPlayError(_("There is no such round."))
    if uth_round.status == UthRound.Status.SETTLED:
        raise StaleRound(_("This round is over."))
    if seen != uth_round.decisions_seen:
        raise StaleRound(_("This round has moved on: here is where it stands."))
    game = uth_round.game()
    actor = game.to_act()
    try:
        made = game.decide(actor if actor is not None else 0, decision)
    except UthError:
        raise UthPlayError(_("That is not possible now.")) from None
    if made.play:
        try:
            book(
                bankroll=bankroll,
                amount=-made.play,
                reason=f"UTH round {uth_round.pk}: Play {made.verb}",
                game=GAME,
                round_id=uth_round.pk,
            )
        except InsufficientPlayMoney:
            raise UthPlayError(
                _("Not enough play money for %(decision)s (%(amount)s).")
                % {"decision": DECISION_LABELS[decision], "amount": format_chips(made.play)}
            ) from None
        uth_round.staked += made.play
    uth_round.state = game.to_dict()
    uth_round.acted_at = timezone.now()
    if game.is_over:
        _settle(uth_round, game)
    else:
        uth_round.save(update_fields=["state", "staked", "acted_at"])
    return uth_round


def decision_time() -> timedelta | None:
    """How long the guest has for each decision (``UTH_DECISION_SECONDS``; 0: no limit)."""
    seconds = getattr(settings, "UTH_DECISION_SECONDS", 0)
    return timedelta(seconds=seconds) if seconds else None


@transaction.atomic
def decide_overdue(*, bankroll: Bankroll, now: datetime | None = None) -> list[str]:
    """Make the decisions the guest let run out (docs/rules.md, "Decision time"): „Sollten Sie
    während der Entscheidungszeit keine Entscheidung getroffen haben, so wird
    automatisch für Sie geschoben" (AUTO CHECKED) before the flop and on the
    flop; after the river „werden Sie automatisch gepasst" (AUTOM. GEPASST).

    Each street has its own decision time, counted from the last decision (or
    the deal), so a guest back after three times the limit finds the round
    checked, checked and folded, and settled. Returns the verbs decided."""
    limit = decision_time()
    if limit is None:
        return []
    now = now or timezone.now()
    overdue = UthRound.objects.filter(bankroll=bankroll, status=UthRound.Status.IN_PLAY).filter(
        Q(acted_at__lte=now - limit) | Q(acted_at__isnull=True, created_at__lte=now - limit)
    )
    if not overdue.exists():  # the usual case: one query, no lock
        return []
    lock_bankroll(bankroll)
    uth_round = UthRound.objects.select_for_update().filter(bankroll=bankroll, status=UthRound.Status.IN_PLAY).first()
    if uth_round is None:
        return []
    since = uth_round.acted_at or uth_round.created_at
    game = uth_round.game()
    made: list[str] = []
    while not game.is_over and now - since >= limit:
        verb = game.timeout_decision()
        game.decide(game.to_act(), verb)
        uth_round.auto_decisions = [*uth_round.auto_decisions, len(game.decisions) - 1]
        made.append(verb)
        since += limit
    if not made:
        return []
    uth_round.state = game.to_dict()
    uth_round.acted_at = since
    if game.is_over:
        _settle(uth_round, game)
    else:
        uth_round.save(update_fields=["state", "acted_at", "auto_decisions"])
    return made


def _settle(uth_round: UthRound, game: Game) -> None:
    """Settle at the showdown: pay from the (locked) meter, book the payouts,
    freeze the result."""
    meter = _locked_meter()
    settlement = game.settle(meter=meter.amount)
    if settlement.jackpot.meter_won:
        for award in settlement.jackpot.awards:
            if award.from_meter:
                _meter_event(meter, JackpotMeterEvent.Kind.WIN, -award.amount, uth_round, award.box)
        _meter_event(meter, JackpotMeterEvent.Kind.RESET, meter.seed_amount, uth_round)
    jackpot_won = sum((b.jackpot_won for b in settlement.boxes), Decimal(0))
    bets_back = settlement.returned - jackpot_won
    if bets_back:
        book(
            bankroll=uth_round.bankroll,
            amount=bets_back,
            reason=f"UTH round {uth_round.pk}: paid back",
            game=GAME,
            round_id=uth_round.pk,
        )
    if jackpot_won:
        book(
            bankroll=uth_round.bankroll,
            amount=jackpot_won,
            reason=f"UTH round {uth_round.pk}: jackpot",
            game=GAME,
            round_id=uth_round.pk,
        )
    uth_round.state = game.to_dict()
    uth_round.result = settlement_data(game, settlement)
    uth_round.returned = settlement.returned
    uth_round.status = UthRound.Status.SETTLED
    uth_round.settled_at = timezone.now()
    uth_round.save()


@transaction.atomic
def abort_round(*, round_id: int, by, reason: str) -> UthRound:
    """Seed 004: a round that a fault interrupts (the guest's phone lost the table, a card misdealt at a live
    table) is void: every bet comes back, the jackpot feed comes off the meter again, and the round is kept,
    marked aborted with who did it and why. Only a round still in play can be aborted."""
    reason = " ".join(reason.split())[:200]
    if not reason:
        raise UthPlayError(_("Say what went wrong: the reason is kept with the round."))
    found = UthRound.objects.filter(pk=round_id).select_related("bankroll").first()
    if found is None:
        raise UthPlayError(_("There is no such round."))
    lock_bankroll(found.bankroll)
    uth_round = UthRound.objects.select_for_update().get(pk=round_id)
    if uth_round.status != UthRound.Status.IN_PLAY:
        raise UthPlayError(
            _("Round %(id)s is over already: only a round in play can be aborted.") % {"id": uth_round.pk}
        )
    book(
        bankroll=found.bankroll,
        amount=uth_round.staked,
        reason=f"UTH round {uth_round.pk}: aborted, bets returned",
        game=GAME,
        round_id=uth_round.pk,
    )
    feeds = list(uth_round.meter_events.filter(kind=JackpotMeterEvent.Kind.FEED))
    if feeds:
        meter = _locked_meter()
        for feed in feeds:
            _meter_event(meter, JackpotMeterEvent.Kind.VOID, -feed.amount, uth_round, feed.box)
    now = timezone.now()
    uth_round.status = UthRound.Status.ABORTED
    uth_round.result = {"aborted": {"by": by.get_username(), "at": now.isoformat(), "reason": reason}}
    uth_round.returned = uth_round.staked
    uth_round.settled_at = now
    uth_round.aborted_by = by
    uth_round.abort_reason = reason
    uth_round.save()
    return uth_round


def rounds_in_play(limit: int = 50) -> list[UthRound]:
    """Every guest's round still in play, for the organizer who may have to abort one (oldest first)."""
    return list(UthRound.objects.filter(status=UthRound.Status.IN_PLAY).order_by("created_at", "id")[:limit])


@transaction.atomic
def top_up(*, bankroll: Bankroll) -> Decimal:
    """Bring a bankroll that cannot cover the smallest round back to the
    starting play money."""
    lock_bankroll(bankroll)
    balance = bankroll.balance()
    if balance >= minimum_stake() or has_round_in_play(bankroll):
        raise UthPlayError(_("A top-up is only for an empty bankroll."))
    return book(bankroll=bankroll, amount=STARTING_PLAY_MONEY - balance, reason="play money top-up", game=GAME)


def minimum_stake() -> Decimal:
    return 2 * TABLE_LIMITS.min_ante


# --------------------------------------------------------------------------
# The settlement kept with the round (the page that shows it: housegames/views/pages.py)
# --------------------------------------------------------------------------


def _money(value: Decimal) -> str:
    return str(value.quantize(CENT))


def settlement_data(game: Game, settlement: RoundSettlement) -> dict:
    """The settlement as plain JSON data, frozen in the round at the showdown."""
    boxes = []
    for box, settled in zip(game.boxes, settlement.boxes):
        result = settled.result
        lines = []
        for line in result.lines:
            if line.bet == "trips" and not line.stake:
                continue
            lines.append(
                {
                    "bet": line.bet,
                    "stake": _money(line.stake),
                    "net": _money(line.net),
                    "reason": line.reason,
                    "odds": None if line.odds is None else str(line.odds),
                    "hand": result.player_hand,
                }
            )
        if settled.jackpot_stake:
            own = [a for a in settled.jackpot_awards if a.kind != "envy"]
            lines.append(
                {
                    "bet": "jackpot",
                    "stake": _money(settled.jackpot_stake),
                    "net": _money(sum((a.amount for a in own), Decimal(0)) - settled.jackpot_stake),
                    "reason": own[0].kind if own else "lose",
                    "odds": None,
                    "hand": None,
                }
            )
            for award in settled.jackpot_awards:
                if award.kind == "envy":
                    lines.append(
                        {
                            "bet": "jackpot",
                            "stake": "0.00",
                            "net": _money(award.amount),
                            "reason": "envy",
                            "odds": None,
                            "hand": None,
                        }
                    )
        boxes.append(
            {
                "box": settled.box,
                "blind_play": box.blind_play,
                "play_multiple": box.play_multiple,
                "cards": "".join(str(c) for c in box.hole),
                "hand": result.player_hand,
                "best": "".join(str(c) for c in game.best_five(settled.box)),
                "outcome": result.outcome,
                "lines": lines,
                "staked": _money(settled.staked),
                "returned": _money(settled.returned),
                "net": _money(settled.net),
            }
        )
    return {
        "rules": game.profile.name,
        "dealer": {
            "cards": "".join(str(c) for c in game.dealer_hole),
            "hand": settlement.dealer_hand,
            "best": "".join(str(c) for c in game.best_five(None)),
            "qualifies": settlement.dealer_qualifies,
        },
        "board": "".join(str(c) for c in game.board),
        "boxes": boxes,
        "staked": _money(settlement.staked),
        "returned": _money(settlement.returned),
        "net": _money(settlement.net),
        "meter_paid": _money(settlement.jackpot.meter_paid),
    }


def round_for(bankroll: Bankroll, round_id: int) -> UthRound | None:
    return UthRound.objects.filter(bankroll=bankroll, pk=round_id).first()
