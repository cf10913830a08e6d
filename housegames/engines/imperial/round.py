"""One round of Imperial Poker against the house, as a state machine.

Pure Python, no Django import (tests/tournaments/poker/test_purity.py).

The rules are docs/rules.md section 4; where the seed left a choice,
the decision is written down in docs/housegames/imperial.md and tested.

A round is its stakes, its shuffled deck and its list of actions:
:meth:`Round.to_dict` stores exactly that as plain JSON-able data, and
:meth:`Round.from_dict` rebuilds every later state by replaying the actions on
the same deck order, so a stored round resumes with the same cards and the
same outcome, always.

Each action is a triad in the manner of pokerkit: ``can_buy(box)`` answers,
``verify_buy(box)`` raises :class:`IllegalMove` with a clear message, and
``buy(box)`` checks, applies and records. Every stake and every payout is a
:class:`Line` of :attr:`Round.ledger`, per box, in the order it happened;
amounts are whole units of play money (``int``), negative for a stake,
positive for money coming back to the player.

Flow of a round::

    decisions           each open box in turn: buy / exchange / insure, then bet or fold
    blind_insurance     (only if a blind box may insure) insure blind boxes, then reveal
    dealer_not_qualified  go on: take the antes 1:1, or pay antes for dealer-card exchanges
    finished
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, cast

from housegames.engines.imperial.hands import HandReading, bonus_category, bonus_odds, compare_hands, read_hand
from tournaments.poker.cards import FULL_DECK, Card, CardError, parse_card, parse_cards

__all__ = [
    "DECISIONS",
    "BLIND_INSURANCE",
    "DEALER_NOT_QUALIFIED",
    "FINISHED",
    "IllegalMove",
    "LastCardWarning",
    "TableRules",
    "Stake",
    "Line",
    "Box",
    "Round",
    "STAKE_KINDS",
    "WIN_KINDS",
    "RETURN_KINDS",
    "NOTE_KINDS",
]

DECISIONS = "decisions"
BLIND_INSURANCE = "blind_insurance"
DEALER_NOT_QUALIFIED = "dealer_not_qualified"
FINISHED = "finished"

STAKE_KINDS = frozenset({"ante", "bonus", "bet", "buy", "exchange", "insurance"})
"""Ledger lines that take money from the player (negative amounts)."""
WIN_KINDS = frozenset({"ante_win", "blind_ante_win", "bet_win", "bonus_win", "insurance_win"})
"""Ledger lines that are winnings (not a stake coming back): these count towards the payout cap."""
RETURN_KINDS = frozenset({"ante_return", "bet_return", "bonus_return", "insurance_return"})
NOTE_KINDS = frozenset({"ante_lost", "bet_lost", "bonus_lost", "insurance_lost", "dealer_exchange"})
"""Zero-amount lines that explain where a stake went."""

_STATE_VERSION = 1


class IllegalMove(ValueError):
    """An action that the rules do not allow now; the message says why."""


class LastCardWarning(IllegalMove):
    """The draw would take the last card of the deck (after which the dealer's
    card can no longer be exchanged): repeat it with ``confirm_last_card=True``."""


@dataclass(frozen=True)
class TableRules:
    """What the table states (docs/rules.md, "Limits"): minimum ante, payout cap per round, ..."""

    min_ante: int = 5
    payout_cap: int = 20_000
    min_bonus: int = 1
    max_boxes: int = 4
    max_open: int = 2
    ante_spread: int = 5
    free_dealer_repeats: int = 3

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableRules:
        return cls(**{k: int(v) for k, v in data.items() if k in cls.__dataclass_fields__})


@dataclass(frozen=True)
class Stake:
    """One box's bets before the deal."""

    ante: int
    bonus: int = 0


@dataclass(frozen=True)
class Line:
    """One ledger line of a round: a stake (negative), money back (positive)
    or a zero-amount note. ``box`` is 1-based, None for the round as a whole."""

    box: int | None
    kind: str
    amount: int
    odds: int | None = None
    category: str | None = None
    number: int | None = None
    """For an exchange: the how-manieth (1, 2, 3 ...), which is also its cost in antes."""


@dataclass
class Box:
    """A box of the player: its bets, its cards and what happened to it."""

    number: int
    ante: int
    bonus: int
    blind: bool
    original: tuple[Card, ...]
    cards: list[Card]
    bought: bool = False
    exchanges: int = 0
    last_exchange_size: int = 0
    insurance: int = 0
    status: str = "pending"
    """``pending`` (an open box still deciding), ``bet`` or ``folded``."""
    result: str | None = None
    """After settlement: ``win``, ``push``, ``lose``, ``fold``, ``not_qualified``
    (the dealer did not qualify: ante paid 1:1) or ``still_not_qualified``."""
    exchanged_dealer_card: bool = False
    replaced: list[tuple[Card, ...]] = field(default_factory=list)
    """Cards this box gave away, per exchange."""

    @property
    def reading(self) -> HandReading:
        return read_hand(self.cards)

    @property
    def bet(self) -> int:
        return 2 * self.ante if self.status == "bet" else 0

    @property
    def bonus_category(self) -> str:
        return bonus_category(self.original)

    @property
    def bonus_odds(self) -> int:
        return bonus_odds(self.original)


class Round:
    """One round: the player's boxes against the dealer, from the deal to the settlement."""

    def __init__(
        self,
        stakes: Sequence[Stake | dict[str, Any] | tuple[int, int]],
        deck: Sequence[Card | str],
        rules: TableRules | None = None,
    ) -> None:
        self.rules = rules or TableRules()
        self.stakes = [_stake(s) for s in stakes]
        self._verify_stakes(self.stakes)
        self.deck: tuple[Card, ...] = _full_deck(deck)
        self._next = 0
        self.actions: list[dict[str, Any]] = []
        self.ledger: list[Line] = []
        self.phase = DECISIONS
        self.blind_revealed = False
        self.dealer_revealed = False
        self.dealer_exchanges: list[dict[str, Any]] = []
        self.boxes: list[Box] = []
        for number, stake in enumerate(self.stakes, start=1):
            five = self._draw(5)
            self.boxes.append(Box(number, stake.ante, stake.bonus, number > self.rules.max_open, five, list(five)))
        self.dealer_original: tuple[Card, ...] = self._draw(5)
        self.dealer: list[Card] = list(self.dealer_original)
        for box in self.boxes:
            self._line(box, "ante", -box.ante)
            if box.bonus:
                self._line(box, "bonus", -box.bonus)
        for box in self.boxes:
            if box.blind:  # seed 19: the blind box's BET is placed automatically
                box.status = "bet"
                self._line(box, "bet", -2 * box.ante)
        self._advance()

    # ------------------------------------------------------------------
    # Storing and resuming
    # ------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data: rules, stakes, the whole deck order, the actions."""
        return {
            "version": _STATE_VERSION,
            "rules": self.rules.to_dict(),
            "stakes": [{"ante": s.ante, "bonus": s.bonus} for s in self.stakes],
            "deck": [str(c) for c in self.deck],
            "actions": [dict(a) for a in self.actions],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Round:
        """Rebuild a round by replaying its actions on its deck."""
        if not isinstance(data, dict) or data.get("version") != _STATE_VERSION:
            raise IllegalMove("not a stored Imperial Poker round (unknown version)")
        game = cls(data["stakes"], data["deck"], TableRules.from_dict(data.get("rules", {})))
        for index, action in enumerate(data.get("actions", [])):
            try:
                game.apply(action)
            except IllegalMove as error:
                raise IllegalMove(f"stored action {index} ({action.get('action')}): {error}") from None
        return game

    def apply(self, action: dict[str, Any]) -> None:
        """Apply one action given as data, e.g. ``{"action": "exchange", "box": 1, "cards": ["7h"]}``."""
        if not isinstance(action, dict):
            raise IllegalMove('an action is an object like {"action": "bet", "box": 1}')
        verb = action.get("action")
        if verb in ("bet", "fold"):
            getattr(self, verb)(_box_number(action))
        elif verb == "buy":
            self.buy(_box_number(action), confirm_last_card=bool(action.get("confirm_last_card")))
        elif verb == "exchange":
            self.exchange(
                _box_number(action), action.get("cards", ()), confirm_last_card=bool(action.get("confirm_last_card"))
            )
        elif verb == "insure":
            self.insure(_box_number(action), cast(int, action.get("amount")))  # verify_insure checks it
        elif verb == "reveal":
            self.reveal()
        elif verb == "go_on":
            self.go_on(action.get("exchange", ()))
        else:
            raise IllegalMove(f"unknown action {verb!r}")

    # ------------------------------------------------------------------
    # What the table shows
    # ------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.phase == FINISHED

    @property
    def deck_remaining(self) -> int:
        return len(self.deck) - self._next

    @property
    def current_box(self) -> Box | None:
        """The open box whose turn it is (decisions phase only)."""
        if self.phase != DECISIONS:
            return None
        return next((b for b in self.boxes if not b.blind and b.status == "pending"), None)

    @property
    def dealer_reading(self) -> HandReading:
        return read_hand(self.dealer)

    @property
    def dealer_qualifies(self) -> bool:
        return self.dealer_reading.dealer_qualifies

    @property
    def dealer_visible(self) -> list[Card | None]:
        """The dealer's cards as the player sees them: only the last one until the reveal."""
        if self.dealer_revealed:
            return list(self.dealer)
        return [None] * 4 + [self.dealer[4]]

    def cards_visible(self, box: Box) -> bool:
        return not box.blind or self.blind_revealed

    def box(self, number: int) -> Box:
        for box in self.boxes:
            if box.number == number:
                return box
        raise IllegalMove(f"there is no box {number}")

    def lines_of(self, box: Box | None) -> list[Line]:
        number = box.number if box is not None else None
        return [line for line in self.ledger if line.box == number]

    @property
    def staked(self) -> int:
        """What the player put down: bets and costs; the table limit's cut is not a stake."""
        return -sum(line.amount for line in self.ledger if line.amount < 0 and line.kind != "payout_cap")

    @property
    def paid_back(self) -> int:
        """What came back to the player, after the table limit."""
        return self.net + self.staked

    @property
    def net(self) -> int:
        return sum(line.amount for line in self.ledger)

    def insurance_limits(self, box: Box) -> tuple[int, int]:
        """(minimum, maximum) insurance for a box: one ante up to what the box
        can win (its BET at the odds of both combinations, plus the blind box's
        1:1 on the ante), and never above the table's payout cap."""
        possible = 2 * box.ante * box.reading.bet_odds + (box.ante if box.blind else 0)
        return box.ante, min(possible, self.rules.payout_cap)

    def exchange_cost(self, box: Box) -> int:
        """The next exchange costs 1 ante, and each repeated single-card exchange one ante more."""
        return (box.exchanges + 1) * box.ante

    def options(self) -> list[dict[str, Any]]:
        """Every action allowed now, with what it costs."""
        found: list[dict[str, Any]] = []
        if self.phase == DECISIONS:
            box = self.current_box
            if box is None:
                return found
            if self.can_buy(box.number):
                found.append(
                    {"action": "buy", "box": box.number, "cost": box.ante, "takes_last_card": self.deck_remaining == 1}
                )
            if self.can_exchange(box.number, 1):
                single = box.exchanges > 0
                found.append(
                    {
                        "action": "exchange",
                        "box": box.number,
                        "cost": self.exchange_cost(box),
                        "antes": box.exchanges + 1,
                        "single": single,
                        "max_cards": 1 if single else min(5, self.deck_remaining),
                        "deck_remaining": self.deck_remaining,
                        "takes_last_card": self.deck_remaining == 1,
                    }
                )
            if self.can_insure(box.number, box.ante):
                low, high = self.insurance_limits(box)
                found.append({"action": "insure", "box": box.number, "min": low, "max": high})
            found.append({"action": "bet", "box": box.number, "cost": 2 * box.ante})
            if self.can_fold(box.number):
                found.append({"action": "fold", "box": box.number, "cost": 0, "forfeits": box.ante})
        elif self.phase == BLIND_INSURANCE:
            for box in self.boxes:
                if self._may_insure_blind(box):
                    low, high = self.insurance_limits(box)
                    found.append({"action": "insure", "box": box.number, "min": low, "max": high})
            found.append({"action": "reveal"})
        elif self.phase == DEALER_NOT_QUALIFIED:
            found.append(
                {
                    "action": "go_on",
                    "boxes": [{"box": b.number, "cost": b.ante} for b in self.boxes if b.status == "bet"],
                    "deck_remaining": self.deck_remaining,
                }
            )
        return found

    # ------------------------------------------------------------------
    # Open boxes: buy, exchange, insure, bet, fold
    # ------------------------------------------------------------------

    def verify_buy(self, number: int) -> Box:
        box = self._verify_turn(number)
        if box.bought:
            raise IllegalMove(f"box {number} already has a sixth card")
        if box.exchanges:
            raise IllegalMove(f"box {number} has exchanged cards: a sixth card can no longer be bought")
        if box.insurance:
            raise IllegalMove(f"box {number} is insured: only Bet remains")
        if self.deck_remaining < 1:
            raise IllegalMove("the deck is used up")
        return box

    def can_buy(self, number: int) -> bool:
        return _can(self.verify_buy, number)

    def buy(self, number: int, *, confirm_last_card: bool = False) -> None:
        """Buy a sixth card for one ante; then only Bet or Fold remain."""
        box = self.verify_buy(number)
        self._verify_last_card(1, confirm_last_card)
        self._line(box, "buy", -box.ante, number=1)
        box.cards.append(self._draw_one())
        box.bought = True
        self._record({"action": "buy", "box": number}, confirm_last_card and self.deck_remaining == 0)

    def verify_exchange(self, number: int, count: int) -> Box:
        box = self._verify_turn(number)
        if box.bought:
            raise IllegalMove(f"box {number} bought a sixth card: only Bet or Fold remain")
        if box.insurance:
            raise IllegalMove(f"box {number} is insured: only Bet remains")
        if box.exchanges and box.last_exchange_size != 1:
            raise IllegalMove(f"box {number} exchanged several cards: only Bet or Fold remain")
        if count < 1:
            raise IllegalMove("choose at least one card to exchange")
        if box.exchanges and count != 1:
            raise IllegalMove("a repeated exchange is of exactly one card")
        if count > 5:
            raise IllegalMove("a box has five cards to exchange")
        if count > self.deck_remaining:
            if self.deck_remaining == 0:
                raise IllegalMove("the deck is used up")
            raise IllegalMove(f"only {self.deck_remaining} cards are left in the deck")
        return box

    def can_exchange(self, number: int, count: int = 1) -> bool:
        return _can(self.verify_exchange, number, count)

    def exchange(self, number: int, cards: Iterable[Card | str] | str, *, confirm_last_card: bool = False) -> None:
        """Exchange the given cards of the box for new ones from the deck.

        The first exchange costs one ante whatever the number of cards; after
        a single-card exchange the player may exchange a single card again, for
        2, 3, 4 ... antes, until the deck runs out."""
        try:
            chosen = parse_cards(cards if isinstance(cards, (str, list, tuple)) else tuple(cards))
        except CardError as error:
            raise IllegalMove(str(error)) from None
        box = self.verify_exchange(number, len(chosen))
        for card in chosen:
            if card not in box.cards:
                raise IllegalMove(f"{card} is not a card of box {number}")
        self._verify_last_card(len(chosen), confirm_last_card)
        cost = self.exchange_cost(box)
        box.exchanges += 1
        box.last_exchange_size = len(chosen)
        self._line(box, "exchange", -cost, number=box.exchanges)
        new = self._draw(len(chosen))
        for old, card in zip(chosen, new):
            box.cards[box.cards.index(old)] = card
        box.replaced.append(chosen)
        action = {"action": "exchange", "box": number, "cards": [str(c) for c in chosen]}
        self._record(action, confirm_last_card and self.deck_remaining == 0)

    def verify_insure(self, number: int, amount: object) -> Box:
        if self.phase == BLIND_INSURANCE:
            box = self.box(number)
            if not box.blind:
                raise IllegalMove(f"box {number} is an open box: its time to insure has passed")
            if box.insurance:
                raise IllegalMove(f"box {number} is already insured")
            if not self._may_insure_blind(box):
                raise IllegalMove(f"box {number} needs three of a kind or better to insure")
        else:
            box = self._verify_turn(number)
            if box.insurance:
                raise IllegalMove(f"box {number} is already insured")
            if not box.reading.at_least("three_of_a_kind"):
                raise IllegalMove(f"box {number} needs three of a kind or better to insure")
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise IllegalMove("the insurance is a whole amount")
        low, high = self.insurance_limits(box)
        if not low <= amount <= high:
            raise IllegalMove(f"the insurance on box {number} is from {low} to {high}")
        return box

    def can_insure(self, number: int, amount: object) -> bool:
        return _can(self.verify_insure, number, amount)

    def insure(self, number: int, amount: int) -> None:
        """Insure a box with three of a kind or better against a dealer who does not qualify."""
        box = self.verify_insure(number, amount)
        box.insurance = amount
        self._line(box, "insurance", -amount)
        self._record({"action": "insure", "box": number, "amount": amount})
        if self.phase == BLIND_INSURANCE and not any(self._may_insure_blind(b) for b in self.boxes):
            self._reveal_dealer()

    def verify_bet(self, number: int) -> Box:
        return self._verify_turn(number)

    def can_bet(self, number: int) -> bool:
        return _can(self.verify_bet, number)

    def bet(self, number: int) -> None:
        """Raise: the BET is twice the ante."""
        box = self.verify_bet(number)
        box.status = "bet"
        self._line(box, "bet", -2 * box.ante)
        self._record({"action": "bet", "box": number})
        self._advance()

    def verify_fold(self, number: int) -> Box:
        box = self._verify_turn(number)
        if box.insurance:
            raise IllegalMove(f"box {number} is insured: only Bet remains")
        return box

    def can_fold(self, number: int) -> bool:
        return _can(self.verify_fold, number)

    def fold(self, number: int) -> None:
        """Lay the cards down and lose the ante (the bonus still stands on the original five)."""
        box = self.verify_fold(number)
        box.status = "folded"
        self._record({"action": "fold", "box": number})
        self._advance()

    # ------------------------------------------------------------------
    # Blind boxes' insurance, the dealer, the dealer-card exchange
    # ------------------------------------------------------------------

    def reveal(self) -> None:
        """After insuring blind boxes (or not): the dealer shows his hand."""
        if self.phase != BLIND_INSURANCE:
            raise IllegalMove("the dealer shows his hand when every box has decided")
        self._record({"action": "reveal"})
        self._reveal_dealer()

    def verify_go_on(self, exchange: Iterable[int]) -> list[Box]:
        if self.phase != DEALER_NOT_QUALIFIED:
            raise IllegalMove("Go on is for a dealer who does not qualify")
        try:
            numbers = sorted({int(n) for n in exchange})
        except (TypeError, ValueError):
            raise IllegalMove("boxes are given by their numbers") from None
        boxes = [self.box(n) for n in numbers]
        for box in boxes:
            if box.status != "bet":
                raise IllegalMove(f"box {box.number} is not in play")
        if boxes and self.deck_remaining == 0:
            raise IllegalMove("the deck is used up: the dealer's card cannot be exchanged")
        return boxes

    def can_go_on(self, exchange: Iterable[int] = ()) -> bool:
        return _can(self.verify_go_on, exchange)

    def go_on(self, exchange: Iterable[int] = ()) -> None:
        """Settle against a dealer who does not qualify.

        Boxes not in ``exchange`` take their ante 1:1 and get their BET back.
        Each box in ``exchange``, in box order, pays its ante to have the
        dealer's highest card replaced (repeated free while the new card has
        the same rank and the dealer still does not qualify, at most three
        times); it is then settled on its BET alone against the new hand. A
        box whose turn comes when an earlier exchange already made the dealer
        qualify pays nothing and is settled normally, ante included."""
        boxes = self.verify_go_on(exchange)
        requested = {b.number for b in boxes}
        self._record({"action": "go_on", "exchange": sorted(requested)})
        live = [b for b in self.boxes if b.status == "bet"]
        for box in live:
            if box.number not in requested:
                self._settle_not_qualified(box)
        for box in live:
            if box.number not in requested:
                continue
            if self.dealer_qualifies:
                self._settle_against_dealer(box, with_ante=True)
            elif self.deck_remaining == 0:
                self._settle_not_qualified(box)
            else:
                box.exchanged_dealer_card = True
                self._line(box, "dealer_exchange", 0)
                self._exchange_dealer_card(box)
                if self.dealer_qualifies:
                    self._settle_against_dealer(box, with_ante=False)
                else:
                    box.result = "still_not_qualified"
                    self._line(box, "bet_return", 2 * box.ante)
        self._finish()

    # ------------------------------------------------------------------
    # Inside
    # ------------------------------------------------------------------

    def _verify_stakes(self, stakes: list[Stake]) -> None:
        rules = self.rules
        if not stakes:
            raise IllegalMove("place an ante on at least one box")
        if len(stakes) > rules.max_boxes:
            raise IllegalMove(f"a player plays at most {rules.max_boxes} boxes")
        for number, stake in enumerate(stakes, start=1):
            if stake.ante < rules.min_ante:
                raise IllegalMove(f"box {number}: the minimum ante is {rules.min_ante}")
            if stake.bonus < 0:
                raise IllegalMove(f"box {number}: a bonus cannot be negative")
            if 0 < stake.bonus < rules.min_bonus:
                raise IllegalMove(f"box {number}: the minimum bonus is {rules.min_bonus}")
        antes = [s.ante for s in stakes]
        if max(antes) > rules.ante_spread * min(antes):
            raise IllegalMove(
                f"the antes of several boxes must lie within a factor of {rules.ante_spread} "
                f"of each other ({min(antes)} and {max(antes)} do not)"
            )

    def _verify_turn(self, number: int) -> Box:
        if self.phase != DECISIONS:
            raise IllegalMove("every box has decided")
        box = self.box(number)
        if box.blind:
            raise IllegalMove(f"box {number} plays blind: it cannot buy, exchange or fold")
        current = self.current_box
        if box.status != "pending":
            raise IllegalMove(f"box {number} has already decided")
        assert current is not None  # a pending box: the first of them has the turn
        if current is not box:
            raise IllegalMove(f"it is box {current.number}'s turn, not box {number}'s")
        return box

    def _verify_last_card(self, count: int, confirmed: bool) -> None:
        if count == self.deck_remaining and not confirmed:
            raise LastCardWarning(
                "this takes the last card of the deck: the dealer's card can then no longer be exchanged"
            )

    def _may_insure_blind(self, box: Box) -> bool:
        return (
            self.phase == BLIND_INSURANCE
            and box.blind
            and not box.insurance
            and box.reading.at_least("three_of_a_kind")
        )

    def _draw(self, count: int) -> tuple[Card, ...]:
        if count > self.deck_remaining:
            raise IllegalMove(f"only {self.deck_remaining} cards are left in the deck")
        cards = self.deck[self._next : self._next + count]
        self._next += count
        return cards

    def _draw_one(self) -> Card:
        return self._draw(1)[0]

    def _line(self, box: Box | None, kind: str, amount: int, **details: Any) -> None:
        self.ledger.append(Line(box.number if box is not None else None, kind, amount, **details))

    def _record(self, action: dict[str, Any], confirmed_last_card: bool = False) -> None:
        if confirmed_last_card:
            action["confirm_last_card"] = True
        self.actions.append(action)

    def _advance(self) -> None:
        """After an open box decides: the next open box, or the blind boxes, or the dealer."""
        if self.phase != DECISIONS or self.current_box is not None:
            return
        self.blind_revealed = True
        self.phase = BLIND_INSURANCE
        if any(self._may_insure_blind(b) for b in self.boxes):
            return
        self._reveal_dealer()

    def _reveal_dealer(self) -> None:
        self.dealer_revealed = True
        dealer = self.dealer_reading
        qualifies = dealer.dealer_qualifies
        for box in self.boxes:
            if box.insurance:
                self._settle_insurance(box, dealer)
        live = [b for b in self.boxes if b.status == "bet"]
        if qualifies or not live:
            for box in live:
                self._settle_against_dealer(box, with_ante=True)
            self._finish()
        elif self.deck_remaining == 0:
            for box in live:
                self._settle_not_qualified(box)
            self._finish()
        else:
            self.phase = DEALER_NOT_QUALIFIED

    def _settle_insurance(self, box: Box, dealer: HandReading) -> None:
        amount = box.insurance
        if not dealer.dealer_qualifies:
            self._line(box, "insurance_return", amount)
            self._line(box, "insurance_win", amount, odds=1)
        elif compare_hands(box.reading, dealer) < 0:
            self._line(box, "insurance_return", amount)
        else:
            self._line(box, "insurance_lost", 0)

    def _settle_against_dealer(self, box: Box, *, with_ante: bool) -> None:
        """Against a qualifying dealer; ``with_ante=False`` after the ante paid for a dealer-card exchange."""
        reading = box.reading
        outcome = compare_hands(reading, self.dealer_reading)
        bet = 2 * box.ante
        if outcome > 0:
            box.result = "win"
            if with_ante:
                self._line(box, "ante_return", box.ante)
            self._line(box, "bet_return", bet)
            self._line(box, "bet_win", bet * reading.bet_odds, odds=reading.bet_odds, category=reading.category)
            if box.blind and with_ante:
                self._line(box, "blind_ante_win", box.ante, odds=1)
        elif outcome == 0:
            box.result = "push"
            if with_ante:
                self._line(box, "ante_return", box.ante)
            self._line(box, "bet_return", bet)
        else:
            box.result = "lose"
            if with_ante:
                self._line(box, "ante_lost", 0)
            self._line(box, "bet_lost", 0)

    def _settle_not_qualified(self, box: Box) -> None:
        box.result = "not_qualified"
        self._line(box, "ante_return", box.ante)
        self._line(box, "ante_win", box.ante, odds=1)
        self._line(box, "bet_return", 2 * box.ante)

    def _exchange_dealer_card(self, box: Box) -> None:
        free = 0
        while True:
            highest = max(self.dealer, key=lambda c: (c.rank, c))
            new = self._draw_one()
            self.dealer[self.dealer.index(highest)] = new
            self.dealer_exchanges.append({"box": box.number, "out": highest, "in": new, "free": free > 0})
            if self.dealer_qualifies or new.rank != highest.rank:
                return
            if free >= self.rules.free_dealer_repeats or self.deck_remaining == 0:
                return
            free += 1

    def _finish(self) -> None:
        for box in self.boxes:
            if box.status == "folded":
                box.result = "fold"
                self._line(box, "ante_lost", 0)
        for box in self.boxes:
            if not box.bonus:
                continue
            odds = box.bonus_odds
            if odds:
                self._line(box, "bonus_return", box.bonus)
                self._line(box, "bonus_win", box.bonus * odds, odds=odds, category=box.bonus_category)
            else:
                self._line(box, "bonus_lost", 0)
        won = sum(line.amount for line in self.ledger if line.kind in WIN_KINDS)
        if won > self.rules.payout_cap:
            self._line(None, "payout_cap", self.rules.payout_cap - won)
        self.phase = FINISHED


def _can(verify: Callable[..., object], *args: object) -> bool:
    try:
        verify(*args)
    except IllegalMove:
        return False
    return True


def _stake(value: object) -> Stake:
    if isinstance(value, Stake):
        stake = value
    elif isinstance(value, dict):
        stake = Stake(cast(int, value.get("ante")), value.get("bonus", 0))  # checked below
    elif isinstance(value, (tuple, list)):
        stake = Stake(*value)
    else:
        raise IllegalMove(f"a box's stake is an ante and a bonus, got {value!r}")
    for amount in (stake.ante, stake.bonus):
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise IllegalMove("antes and bonuses are whole amounts")
    return stake


def _full_deck(deck: Sequence[Card | str]) -> tuple[Card, ...]:
    try:
        cards = tuple(c if isinstance(c, Card) else parse_card(c) for c in deck)
    except CardError as error:
        raise IllegalMove(f"bad deck: {error}") from None
    if len(cards) != 52 or set(cards) != set(FULL_DECK):
        raise IllegalMove("a deck is the 52 cards, each once")
    return cards


def _box_number(action: dict[str, Any]) -> int:
    number = action.get("box")
    if not isinstance(number, int) or isinstance(number, bool):
        raise IllegalMove(f"the action {action.get('action')!r} needs a box number")
    return number
