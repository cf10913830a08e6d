"""Ultimate Texas Hold'em: the house game of docs/rules.md section 3, as plain Python.

Pure Python, no Django import (tests/tournaments/poker/test_purity.py checks
this whole package). Everything here takes plain values and returns frozen
records; money is :class:`~decimal.Decimal` and pay odds are
:class:`~fractions.Fraction`, so a 3:2 Blind on an ante of 5 pays exactly 7.5.

What is here
------------
- Rule profiles (:data:`PROFILES`): ``"standard"`` (the dealer qualifies with
  a pair or better, seeds 000/003) and ``"pair_of_fours"`` (a pair of fours or
  better, docs/rules.md "Dealer qualifies"), each with its Blind and Trips pay tables as data.
- :func:`settle_box`: one box's Ante, Blind, Play and Trips against the
  dealer, given all the cards (the ``uth_settle`` contract and the live-table
  calculator use it).
- The progressive jackpot's pure payout rules (docs/rules.md, "Progressive jackpot"): :func:`jackpot_hand`,
  :func:`settle_jackpot`, :func:`split_meter`. The meter itself is stored by
  the web app (``tournaments.models.uth``).
- :class:`UthRound`: a round as a state machine. Bets per box (Ante = Blind,
  optional Trips and jackpot bet, or an extra "blind" box whose Play is fixed
  before the deal), the deal from a given deck order, the decisions street by
  street (pre-flop 4x/3x/check, flop 2x/check, river 1x/fold) in box order,
  the showdown and the settlement of every bet. ``to_dict()``/``from_dict()``
  round-trip through plain JSON data, deck order included; loading replays
  the decisions, so a reload can never change an outcome.

Decisions the seeds leave open (also in docs/housegames/uth.md)
----------------------------------------------------
- A payout that is not a whole number of cents (a 3:2 Blind on an ante with
  an odd number of cents) is rounded down to the cent; amounts themselves
  must be whole cents.
- The jackpot bet is settled on the box's own seven cards whatever happens to
  the other bets (like Trips, even after a fold). The jackpot bet is not
  returned: a win pays the listed amount. A royal flush needs at least one
  hole card to win the meter; a royal on the board alone is the community
  royal (5,000) for every box with a jackpot bet and triggers no envy bonus.
  Each royal flush made with a hole card by any box (with or without a
  jackpot bet) pays one envy bonus to every box with a jackpot bet of every
  *other* guest, on top of what that box wins itself; the guest who made the
  royal gets no envy on his own other boxes ("Envy bonus"). Royal winners in the same round split the
  meter equally, rounded down to the cent; the cents left over stay on the
  meter.
- Cards are dealt from the deck order: two to each box in box order, two to
  the dealer, then the five community cards (no burn cards: with a uniformly
  shuffled deck they change nothing).
- Open boxes decide in box order on each street; blind boxes never decide.
  Boxes are numbered from 1 in messages, as seats; indexes in the API are
  0-based.
- Giving up while the Trips bet plays (docs/rules.md, "Give up, Trips plays"): when the community cards
  turned over so far make three of a kind or better by themselves, a box with
  a Trips bet may fold at any decision, not only after the river. Ante and
  Blind are lost as in any fold; Trips is settled on the box's seven cards as
  always (it wins: the board alone gives it three of a kind or better).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from tournaments.poker.cards import FULL_DECK, Card, CardError, format_cards, parse_cards
from tournaments.poker.evaluator import category_floor, category_of, evaluate, hand_value

__all__ = [
    "UthError",
    "PayTable",
    "BLIND_TABLE",
    "TRIPS_TABLE",
    "RuleProfile",
    "PROFILES",
    "get_profile",
    "TableLimits",
    "JackpotRules",
    "BetLine",
    "BoxResult",
    "settle_box",
    "JACKPOT_HANDS",
    "jackpot_hand",
    "JackpotAward",
    "JackpotResult",
    "settle_jackpot",
    "split_meter",
    "STREETS",
    "DECISIONS",
    "Box",
    "Decision",
    "BoxSettlement",
    "RoundSettlement",
    "UthRound",
    "deck_order",
    "settle_table",
    "board_makes_trips",
    "money",
    "format_money",
]

CENT = Decimal("0.01")
ZERO = Decimal(0)


class UthError(ValueError):
    """An illegal bet or decision, or bad input; ``str()`` is one line naming
    what is wrong and where. ``code`` and ``params`` let a user interface say
    the same in its own words (and language)."""

    def __init__(self, message: str, *, code: str = "invalid", **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


# --------------------------------------------------------------------------
# Money
# --------------------------------------------------------------------------


def money(value: Any, what: str = "amount", *, allow_zero: bool = True) -> Decimal:
    """An amount as an exact Decimal of whole cents; :class:`UthError` otherwise.

    Accepts ``int``, ``Decimal``, a decimal string, or a float that is
    written with at most two decimals (JSON numbers arrive as Decimal in the
    ``uth_settle`` command, so no float is ever involved there).
    """
    if isinstance(value, bool) or not isinstance(value, (int, Decimal, str, float)):
        raise UthError(f"{what} must be a number, got {value!r}", code="bad_amount", what=what)
    try:
        amount = Decimal(str(value)) if isinstance(value, (float, str)) else Decimal(value)
    except InvalidOperation:
        raise UthError(f"{what} must be a number, got {value!r}", code="bad_amount", what=what) from None
    if not amount.is_finite():
        raise UthError(f"{what} must be a finite number, got {value}", code="bad_amount", what=what)
    if amount < 0 or (amount == 0 and not allow_zero):
        qualifier = "zero or more" if allow_zero else "more than zero"
        raise UthError(f"{what} must be {qualifier}, got {format_money(amount)}", code="bad_amount", what=what)
    if amount != amount.quantize(CENT, rounding=ROUND_DOWN):
        raise UthError(f"{what} must be a whole number of cents, got {value}", code="bad_amount", what=what)
    return amount + ZERO  # normalises -0


def format_money(amount: Decimal) -> str:
    """``Decimal("10.00")`` -> ``"10"``, ``Decimal("7.50")`` -> ``"7.5"``."""
    if amount == amount.to_integral_value():
        return str(int(amount))
    return format(amount.normalize(), "f")


def _pay(stake: Decimal, odds: Fraction) -> Decimal:
    """``stake`` paid at ``odds``, rounded down to the cent (exact for whole
    odds and for 3:2 on an even number of cents)."""
    return (stake * odds.numerator / odds.denominator).quantize(CENT, rounding=ROUND_DOWN)


# --------------------------------------------------------------------------
# Rule profiles and pay tables
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class PayTable:
    """Odds by hand category, best first; a category not listed does not pay."""

    name: str
    odds: tuple[tuple[str, Fraction], ...]

    def odds_for(self, category: str) -> Fraction | None:
        for name, odds in self.odds:
            if name == category:
                return odds
        return None

    def lowest(self) -> str:
        return self.odds[-1][0]


BLIND_TABLE = PayTable(
    "blind",
    (
        ("royal_flush", Fraction(500)),
        ("straight_flush", Fraction(50)),
        ("four_of_a_kind", Fraction(10)),
        ("full_house", Fraction(3)),
        ("flush", Fraction(3, 2)),
        ("straight", Fraction(1)),
    ),
)
"""Blind pays on a win with a straight or better (below a straight: push)."""

TRIPS_TABLE = PayTable(
    "trips",
    (
        ("royal_flush", Fraction(50)),
        ("straight_flush", Fraction(40)),
        ("four_of_a_kind", Fraction(30)),
        ("full_house", Fraction(8)),
        ("flush", Fraction(7)),
        ("straight", Fraction(4)),
        ("three_of_a_kind", Fraction(3)),
    ),
)
"""Trips pays on the player's own hand, three of a kind or better, whatever the dealer holds."""


@dataclass(frozen=True)
class RuleProfile:
    """One set of house rules: when the dealer qualifies, and the pay tables."""

    name: str
    qualifying_value: int
    qualifying_hand: str
    blind_table: PayTable = BLIND_TABLE
    trips_table: PayTable = TRIPS_TABLE
    # The bet limits the profile's seed names (None: the seed names none).
    min_ante: Decimal = Decimal(1)
    max_ante: Decimal | None = None
    min_trips: Decimal = Decimal(1)
    max_trips: Decimal | None = None

    def dealer_qualifies(self, dealer_value: int) -> bool:
        return dealer_value >= self.qualifying_value

    def table_limits(self, *, max_boxes: int | None = 7) -> TableLimits:
        """The profile's bet limits at a table with ``max_boxes`` boxes."""
        return TableLimits(
            min_ante=self.min_ante,
            max_ante=self.max_ante,
            min_trips=self.min_trips,
            max_trips=self.max_trips,
            max_boxes=max_boxes,
        )


# The value of 4-4-5-3-2, written out in the evaluator's layout (a pair, then the kickers high to low;
# tournaments/poker/evaluator.py): valuing it with hand_value here would build the evaluator's tables in
# every process that loads the house games' rows, a publish or a management command included.
_PAIR_OF_FOURS = category_floor("one_pair") | 4 << 16 | 5 << 12 | 3 << 8 | 2 << 4

PROFILES: dict[str, RuleProfile] = {
    # Seed 003 (Casino Bad Ragaz): „Der Einsatz kann zwischen CHF 5 und CHF 50
    # betragen" (Ante), and Trips „zwischen 5 und 50 CHF".
    "standard": RuleProfile(
        "standard",
        category_floor("one_pair"),
        "a pair or better",
        min_ante=Decimal(5),
        max_ante=Decimal(50),
        min_trips=Decimal(5),
        max_trips=Decimal(50),
    ),
    # The weakest pair of fours is 4-4-5-3-2: anything that ranks at least as
    # high qualifies, so two pair of any ranks does (docs/rules.md, "Dealer qualifies").
    "pair_of_fours": RuleProfile("pair_of_fours", _PAIR_OF_FOURS, "a pair of fours or better"),
}


def get_profile(name: Any) -> RuleProfile:
    if isinstance(name, RuleProfile):
        return name
    try:
        return PROFILES[name]
    except (KeyError, TypeError):
        known = ", ".join(PROFILES)
        raise UthError(f"unknown rules {name!r} (known: {known})", code="unknown_rules", rules=name) from None


@dataclass(frozen=True)
class TableLimits:
    """A table's bet limits. ``None`` means no maximum (or, for boxes, no limit:
    the live-dealer variant)."""

    min_ante: Decimal = Decimal(1)
    max_ante: Decimal | None = None
    min_trips: Decimal = Decimal(1)
    max_trips: Decimal | None = None
    max_boxes: int | None = 7

    def check_ante(self, ante: Decimal, where: str = "") -> None:
        if ante < self.min_ante:
            raise UthError(
                f"{where}ante {format_money(ante)} is below the table minimum of {format_money(self.min_ante)}",
                code="ante_below_min",
                amount=ante,
                limit=self.min_ante,
            )
        if self.max_ante is not None and ante > self.max_ante:
            raise UthError(
                f"{where}ante {format_money(ante)} is above the table maximum of {format_money(self.max_ante)}",
                code="ante_above_max",
                amount=ante,
                limit=self.max_ante,
            )

    def check_trips(self, trips: Decimal, where: str = "") -> None:
        if trips == 0:
            return
        if trips < self.min_trips:
            raise UthError(
                f"{where}trips {format_money(trips)} is below the table minimum of {format_money(self.min_trips)}",
                code="trips_below_min",
                amount=trips,
                limit=self.min_trips,
            )
        if self.max_trips is not None and trips > self.max_trips:
            raise UthError(
                f"{where}trips {format_money(trips)} is above the table maximum of {format_money(self.max_trips)}",
                code="trips_above_max",
                amount=trips,
                limit=self.max_trips,
            )

    def to_dict(self) -> dict[str, Any]:
        return {
            "min_ante": format_money(self.min_ante),
            "max_ante": None if self.max_ante is None else format_money(self.max_ante),
            "min_trips": format_money(self.min_trips),
            "max_trips": None if self.max_trips is None else format_money(self.max_trips),
            "max_boxes": self.max_boxes,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableLimits:
        def opt(key: str) -> Decimal | None:
            value = data.get(key)
            return None if value is None else money(value, key)

        return cls(
            min_ante=money(data.get("min_ante", 1), "min_ante"),
            max_ante=opt("max_ante"),
            min_trips=money(data.get("min_trips", 1), "min_trips"),
            max_trips=opt("max_trips"),
            max_boxes=data.get("max_boxes", 7),
        )


@dataclass(frozen=True)
class JackpotRules:
    """The progressive jackpot's bet and fixed payouts (docs/rules.md, "Progressive jackpot"). The meter's
    seed and feed share are settings of the stored meter, not rules."""

    bet: Decimal = Decimal(5)
    community_royal: Decimal = Decimal(5000)
    straight_flush: Decimal = Decimal(1500)
    four_of_a_kind: Decimal = Decimal(500)
    full_house: Decimal = Decimal(50)
    envy: Decimal = Decimal(500)

    def fixed_payout(self, kind: str) -> Decimal:
        return {
            "community_royal": self.community_royal,
            "straight_flush": self.straight_flush,
            "four_of_a_kind": self.four_of_a_kind,
            "full_house": self.full_house,
            "envy": self.envy,
        }[kind]

    def to_dict(self) -> dict[str, Any]:
        return {name: format_money(getattr(self, name)) for name in self.__dataclass_fields__}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> JackpotRules:
        return cls(**{name: money(data[name], name) for name in cls.__dataclass_fields__ if name in data})


# --------------------------------------------------------------------------
# Settling one box against the dealer
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class BetLine:
    """One bet of a box: what was staked, the net result for the player (win
    positive, loss negative, push 0) and why (``win``, ``lose``, ``push_tie``,
    ``push_not_qualified``, ``push_below_straight``, ``fold``, ``no_bet``)."""

    bet: str
    stake: Decimal
    net: Decimal
    reason: str
    odds: Fraction | None = None

    @property
    def returned(self) -> Decimal:
        """What goes back to the player: the stake and the win (0 on a loss)."""
        return self.stake + self.net


@dataclass(frozen=True)
class BoxResult:
    """One box settled against the dealer: the four bets and the two hands."""

    ante: BetLine
    blind: BetLine
    play: BetLine
    trips: BetLine
    player_hand: str
    dealer_hand: str
    dealer_qualifies: bool
    outcome: str  # win, lose, push or fold
    player_value: int
    dealer_value: int

    @property
    def lines(self) -> tuple[BetLine, ...]:
        return (self.ante, self.blind, self.play, self.trips)

    @property
    def net(self) -> Decimal:
        return self.ante.net + self.blind.net + self.play.net + self.trips.net

    def contract_dict(self) -> dict[str, Any]:
        """The output object of ``uth_settle`` (docs/contracts.md), amounts as Decimal."""
        return {
            "ante": self.ante.net,
            "blind": self.blind.net,
            "play": self.play.net,
            "trips": self.trips.net,
            "net": self.net,
            "player_hand": self.player_hand,
            "dealer_hand": self.dealer_hand,
            "dealer_qualifies": self.dealer_qualifies,
            "outcome": self.outcome,
        }


def _settle_values(
    *, ante: Decimal, play: Decimal, trips: Decimal, player_value: int, dealer_value: int, profile: RuleProfile
) -> BoxResult:
    player_hand = category_of(player_value)
    dealer_hand = category_of(dealer_value)
    qualifies = profile.dealer_qualifies(dealer_value)
    if trips:
        odds = profile.trips_table.odds_for(player_hand)
        trips_line = (
            BetLine("trips", trips, _pay(trips, odds), "win", odds)
            if odds is not None
            else BetLine("trips", trips, -trips, "lose")
        )
    else:
        trips_line = BetLine("trips", ZERO, ZERO, "no_bet")
    if play == 0:
        return BoxResult(
            BetLine("ante", ante, -ante, "fold"),
            BetLine("blind", ante, -ante, "fold"),
            BetLine("play", ZERO, ZERO, "fold"),
            trips_line,
            player_hand,
            dealer_hand,
            qualifies,
            "fold",
            player_value,
            dealer_value,
        )
    if player_value > dealer_value:
        ante_line = BetLine("ante", ante, ante if qualifies else ZERO, "win" if qualifies else "push_not_qualified")
        odds = profile.blind_table.odds_for(player_hand)
        blind_line = (
            BetLine("blind", ante, _pay(ante, odds), "win", odds)
            if odds is not None
            else BetLine("blind", ante, ZERO, "push_below_straight")
        )
        play_line = BetLine("play", play, play, "win")
        outcome = "win"
    elif player_value < dealer_value:
        ante_line = BetLine("ante", ante, -ante if qualifies else ZERO, "lose" if qualifies else "push_not_qualified")
        blind_line = BetLine("blind", ante, -ante, "lose")
        play_line = BetLine("play", play, -play, "lose")
        outcome = "lose"
    else:
        ante_line = BetLine("ante", ante, ZERO, "push_tie")
        blind_line = BetLine("blind", ante, ZERO, "push_tie")
        play_line = BetLine("play", play, ZERO, "push_tie")
        outcome = "push"
    return BoxResult(
        ante_line,
        blind_line,
        play_line,
        trips_line,
        player_hand,
        dealer_hand,
        qualifies,
        outcome,
        player_value,
        dealer_value,
    )


def _cards(value: Any, what: str, count: int) -> tuple[Card, ...]:
    try:
        cards = parse_cards(value)
    except CardError as error:
        raise UthError(f"{what}: {error}", code="bad_cards", what=what) from None
    if len(cards) != count:
        raise UthError(f"{what}: {count} cards needed, got {len(cards)}", code="card_count", what=what)
    return cards


def _distinct(groups: Sequence[tuple[str, Sequence[Card]]]) -> None:
    seen: dict[Card, str] = {}
    for what, cards in groups:
        for card in cards:
            if card in seen:
                where = what if seen[card] == what else f"{seen[card]} and {what}"
                raise UthError(f"card {card} used twice ({where})", code="card_twice", card=str(card))
            seen[card] = what


def settle_box(
    *,
    ante: Any,
    play: Any,
    player: Any,
    dealer: Any,
    board: Any,
    trips: Any = 0,
    rules: Any = "standard",
) -> BoxResult:
    """Settle one box (``uth_settle``'s core). ``play`` is 0 for a fold, else
    4, 3, 2 or 1 times ``ante``; the Blind equals the ante. Cards are anything
    :func:`~tournaments.poker.cards.parse_cards` accepts."""
    profile = get_profile(rules)
    ante = money(ante, "ante", allow_zero=False)
    play = money(play, "play")
    trips = money(trips, "trips")
    if play and play not in (ante * 4, ante * 3, ante * 2, ante):
        raise UthError(
            f"play {format_money(play)} must be 0 (fold) or 1, 2, 3 or 4 times the ante ({format_money(ante)})",
            code="bad_play",
        )
    player_cards = _cards(player, "player", 2)
    dealer_cards = _cards(dealer, "dealer", 2)
    board_cards = _cards(board, "board", 5)
    _distinct([("player", player_cards), ("dealer", dealer_cards), ("board", board_cards)])
    return _settle_values(
        ante=ante,
        play=play,
        trips=trips,
        profile=profile,
        player_value=hand_value(player_cards + board_cards),
        dealer_value=hand_value(dealer_cards + board_cards),
    )


# --------------------------------------------------------------------------
# Progressive jackpot (docs/rules.md, "Progressive jackpot")
# --------------------------------------------------------------------------

JACKPOT_HANDS = ("royal_flush", "community_royal", "straight_flush", "four_of_a_kind", "full_house")
"""What the jackpot bet pays on, best first. ``royal_flush`` (with at least
one hole card) takes the meter; the others pay fixed amounts."""

_ROYAL = category_floor("royal_flush")
_STRAIGHT_FLUSH = category_floor("straight_flush")
_FOUR = category_floor("four_of_a_kind")
_FULL = category_floor("full_house")


def jackpot_hand(hole: Sequence[Card], board: Sequence[Card]) -> str | None:
    """The jackpot hand of a box's seven cards, or ``None`` below a full house."""
    value = hand_value(tuple(hole) + tuple(board))
    if value >= _ROYAL:
        return "community_royal" if hand_value(tuple(board)) >= _ROYAL else "royal_flush"
    if value >= _STRAIGHT_FLUSH:
        return "straight_flush"
    if value >= _FOUR:
        return "four_of_a_kind"
    if value >= _FULL:
        return "full_house"
    return None


def split_meter(meter: Decimal, winners: int) -> tuple[Decimal, Decimal]:
    """Each winner's equal share of the meter, rounded down to the cent, and
    the cents left over (they stay on the meter)."""
    if winners < 1:
        raise UthError("a split needs at least one winner", code="no_winners")
    share = (meter / winners).quantize(CENT, rounding=ROUND_DOWN)
    return share, meter - share * winners


@dataclass(frozen=True)
class JackpotAward:
    """One payout of the jackpot to one box: its own hand, or an envy bonus."""

    box: int
    kind: str  # one of JACKPOT_HANDS, or "envy"
    amount: Decimal
    from_meter: bool = False


@dataclass(frozen=True)
class JackpotResult:
    """The jackpot of one round: every award, which boxes hit a hole-card
    royal, and what the meter paid."""

    awards: tuple[JackpotAward, ...]
    royal_boxes: tuple[int, ...]
    meter_paid: Decimal
    meter_left: Decimal

    def for_box(self, box: int) -> tuple[JackpotAward, ...]:
        return tuple(a for a in self.awards if a.box == box)

    @property
    def meter_won(self) -> bool:
        return any(a.from_meter for a in self.awards)


def settle_jackpot(
    boxes: Sequence[tuple[Sequence[Card], bool]],
    board: Sequence[Card],
    *,
    meter: Decimal | None,
    royal_winners_elsewhere: int = 0,
    rules: JackpotRules = JackpotRules(),
    players: Sequence[str] | None = None,
) -> JackpotResult:
    """Pay the jackpot bets of one round.

    ``boxes`` is each box's ``(hole cards, has a jackpot bet)`` in box order.
    ``players`` names who plays each box: boxes with the same non-empty name
    are one guest's, and the envy bonus is paid to every jackpot box of the
    *other* guests only: „ausser derjenige, der das Royal Flush erzielt hat"
    (docs/rules.md, "Envy bonus"). An empty name (or no ``players``) is a guest of his own.
    ``meter`` is the meter's amount at the showdown (needed only when a royal
    flush with a hole card wins it). ``royal_winners_elsewhere`` counts royal
    winners at other tables in the same round: all royal winners split the
    meter equally.
    """
    board = tuple(board)
    hands = [jackpot_hand(hole, board) for hole, _ in boxes]
    royal_boxes = tuple(i for i, hand in enumerate(hands) if hand == "royal_flush")
    meter_winners = [i for i in royal_boxes if boxes[i][1]]
    awards: list[JackpotAward] = []
    share = ZERO
    left = meter if meter is not None else ZERO
    if meter_winners:
        if meter is None:
            raise UthError("the jackpot meter's amount is needed to pay a royal flush", code="meter_needed")
        share, _ = split_meter(meter, len(meter_winners) + royal_winners_elsewhere)
        left = meter - share * len(meter_winners)
    names = list(players) if players is not None else [""] * len(boxes)
    if len(names) != len(boxes):
        raise UthError("one player name per box is needed", code="bad_players")

    def same_guest(a: int, b: int) -> bool:
        return a == b or (names[a] != "" and names[a] == names[b])

    for i, ((_, has_bet), hand) in enumerate(zip(boxes, hands)):
        if not has_bet:
            continue
        if hand == "royal_flush":
            awards.append(JackpotAward(i, hand, share, from_meter=True))
        elif hand is not None:
            awards.append(JackpotAward(i, hand, rules.fixed_payout(hand)))
        for other in royal_boxes:
            if not same_guest(i, other):
                awards.append(JackpotAward(i, "envy", rules.envy))
    return JackpotResult(tuple(awards), royal_boxes, share * len(meter_winners), left)


# --------------------------------------------------------------------------
# A round: the state machine
# --------------------------------------------------------------------------

STREETS = ("preflop", "flop", "river")
DECISIONS: dict[str, tuple[str, ...]] = {
    "preflop": ("4x", "3x", "check"),
    "flop": ("2x", "check"),
    "river": ("1x", "fold"),
}
_MULTIPLES = {"4x": 4, "3x": 3, "2x": 2, "1x": 1}
_ALL_VERBS = ("4x", "3x", "2x", "1x", "check", "fold")
_STREET_WORDS = {"preflop": "before the flop", "flop": "on the flop", "river": "after the river"}
_BOARD_SHOWN = {"betting": 0, "preflop": 0, "flop": 3, "river": 5, "showdown": 5}


def _choices(verbs: Sequence[str]) -> str:
    return ", ".join(verbs[:-1]) + " or " + verbs[-1]


def board_makes_trips(cards: Sequence[Card]) -> bool:
    """The community cards alone make three of a kind or better (docs/rules.md, "Give up, Trips plays")."""
    ranks = [card.rank for card in cards]
    if any(ranks.count(rank) >= 3 for rank in ranks):
        return True
    return len(cards) >= 5 and category_of(hand_value(tuple(cards))) not in ("high_card", "one_pair", "two_pair")


@dataclass
class Box:
    """One box's bets and, once dealt, its cards and decisions."""

    ante: Decimal
    trips: Decimal = ZERO
    jackpot: bool = False
    blind_play: int | None = None  # an extra blind box: its Play multiple, fixed before the deal
    player: str = ""
    hole: tuple[Card, ...] = ()
    play: Decimal = ZERO
    play_street: str | None = None  # where the Play was made ("blind" for a blind box)
    folded: bool = False

    @property
    def blind(self) -> Decimal:
        return self.ante

    @property
    def is_blind_box(self) -> bool:
        return self.blind_play is not None

    @property
    def play_multiple(self) -> int:
        return int(self.play / self.ante) if self.play else 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "ante": format_money(self.ante),
            "trips": format_money(self.trips),
            "jackpot": self.jackpot,
            "blind_play": self.blind_play,
            "player": self.player,
        }


@dataclass(frozen=True)
class Decision:
    """One decision as applied: its 0-based index in the round, the box, the
    street, the verb and the Play it added."""

    index: int
    box: int
    street: str
    verb: str
    play: Decimal


@dataclass(frozen=True)
class BoxSettlement:
    """A box at the showdown: its bets against the dealer and its jackpot."""

    box: int
    result: BoxResult
    jackpot_stake: Decimal
    jackpot_awards: tuple[JackpotAward, ...]

    @property
    def jackpot_won(self) -> Decimal:
        return sum((a.amount for a in self.jackpot_awards), ZERO)

    @property
    def staked(self) -> Decimal:
        return sum((line.stake for line in self.result.lines), ZERO) + self.jackpot_stake

    @property
    def returned(self) -> Decimal:
        """Everything paid back to the player for this box (stakes that stand and wins)."""
        return sum((line.returned for line in self.result.lines), ZERO) + self.jackpot_won

    @property
    def net(self) -> Decimal:
        return self.returned - self.staked


@dataclass(frozen=True)
class RoundSettlement:
    boxes: tuple[BoxSettlement, ...]
    jackpot: JackpotResult
    dealer_hand: str
    dealer_qualifies: bool

    @property
    def staked(self) -> Decimal:
        return sum((b.staked for b in self.boxes), ZERO)

    @property
    def returned(self) -> Decimal:
        return sum((b.returned for b in self.boxes), ZERO)

    @property
    def net(self) -> Decimal:
        return self.returned - self.staked


def deck_order(holes: Sequence[Any], dealer: Any, board: Any, rest: Iterable[Card] | None = None) -> list[Card]:
    """A deck order that deals the given cards: ``holes`` (one group of two per
    box), then ``dealer``, then ``board``, then the remaining cards (in
    ``rest``'s order if given, else in deck order). For tests, calculators and
    simulations that know the cards."""
    groups = [_cards(hole, f"box {i + 1}", 2) for i, hole in enumerate(holes)]
    groups.append(_cards(dealer, "dealer", 2))
    groups.append(_cards(board, "board", 5))
    names = [f"box {i + 1}" for i in range(len(holes))] + ["dealer", "board"]
    _distinct(list(zip(names, groups)))
    dealt = [card for group in groups for card in group]
    used = set(dealt)
    remainder = [c for c in (rest if rest is not None else FULL_DECK) if c not in used]
    return dealt + remainder


class UthRound:
    """One round at one table.

    Phases: ``betting`` (boxes are added with :meth:`add_box`), then
    :meth:`deal` and the three streets ``preflop``, ``flop`` and ``river``
    (each open box without a Play decides in box order), then ``showdown``
    when every box has played or folded: :meth:`settle` settles every bet.
    For each decision there is a triad as in pokerkit: :meth:`verify_decision`
    raises :class:`UthError`, :meth:`can_decide` answers, :meth:`decide`
    applies and returns a frozen :class:`Decision`.
    """

    def __init__(
        self,
        rules: Any = "standard",
        limits: TableLimits | None = None,
        jackpot_rules: JackpotRules | None = None,
    ) -> None:
        self.profile = get_profile(rules)
        self.limits = limits or TableLimits()
        self.jackpot_rules = jackpot_rules or JackpotRules()
        self.boxes: list[Box] = []
        self.deck: tuple[Card, ...] | None = None
        self.dealer_hole: tuple[Card, ...] = ()
        self.board: tuple[Card, ...] = ()
        self.decisions: list[Decision] = []
        self.phase = "betting"

    # -- bets -------------------------------------------------------------

    def add_box(
        self,
        *,
        ante: Any,
        trips: Any = 0,
        jackpot: bool = False,
        blind_play: int | None = None,
        player: str = "",
    ) -> int:
        """Place one box's bets before the deal; returns its 0-based index.
        Ante and Blind are equal (the Blind is implied). A blind box
        (``blind_play`` 4, 3, 2 or 1) has its Play placed now."""
        where = f"box {len(self.boxes) + 1}: "
        if self.phase != "betting":
            raise UthError(f"{where}bets are closed: the cards are dealt", code="bets_closed")
        if self.limits.max_boxes is not None and len(self.boxes) >= self.limits.max_boxes:
            raise UthError(
                f"{where}the table has only {self.limits.max_boxes} boxes",
                code="table_full",
                limit=self.limits.max_boxes,
            )
        ante = money(ante, f"{where}ante", allow_zero=False)
        trips = money(trips, f"{where}trips")
        self.limits.check_ante(ante, where)
        self.limits.check_trips(trips, where)
        if not isinstance(jackpot, bool):
            raise UthError(f"{where}jackpot must be true or false, got {jackpot!r}", code="bad_jackpot")
        if blind_play is not None and (isinstance(blind_play, bool) or blind_play not in (4, 3, 2, 1)):
            raise UthError(
                f"{where}a blind box's Play is 4, 3, 2 or 1 times the ante, got {blind_play!r}", code="bad_blind_play"
            )
        box = Box(ante=ante, trips=trips, jackpot=jackpot, blind_play=blind_play, player=str(player))
        if blind_play is not None:
            box.play = ante * blind_play
            box.play_street = "blind"
        self.boxes.append(box)
        return len(self.boxes) - 1

    def stake_before_deal(self, box: int) -> Decimal:
        """What a box puts on the table before the deal: Ante, Blind, Trips,
        the jackpot bet, and a blind box's fixed Play."""
        b = self.boxes[box]
        return (
            b.ante
            + b.blind
            + b.trips
            + (self.jackpot_rules.bet if b.jackpot else ZERO)
            + (b.play if b.is_blind_box else ZERO)
        )

    # -- the deal ---------------------------------------------------------

    def deal(self, deck: Sequence[Any]) -> None:
        """Deal from ``deck`` (top card first; Cards or card strings, all
        distinct, at least enough for every box, the dealer and the board)."""
        if self.phase != "betting":
            raise UthError("the cards are already dealt", code="dealt_twice")
        if not self.boxes:
            raise UthError("no box has a bet: nothing to deal", code="no_boxes")
        open_players = {b.player for b in self.boxes if not b.is_blind_box}
        for i, b in enumerate(self.boxes):
            if b.is_blind_box and b.player not in open_players:
                raise UthError(
                    f"box {i + 1} plays blind: an extra blind box needs an open box of its player",
                    code="blind_without_open",
                )
        try:
            cards = parse_cards(list(deck) if not isinstance(deck, str) else deck)
        except CardError as error:
            raise UthError(f"deck: {error}", code="bad_cards", what="deck") from None
        needed = 2 * len(self.boxes) + 7
        if len(cards) < needed:
            raise UthError(
                f"deck: {needed} cards needed for {len(self.boxes)} boxes, got {len(cards)}",
                code="card_count",
                what="deck",
            )
        self.deck = cards
        for i, b in enumerate(self.boxes):
            b.hole = cards[2 * i : 2 * i + 2]
        n = 2 * len(self.boxes)
        self.dealer_hole = cards[n : n + 2]
        self.board = cards[n + 2 : n + 7]
        self.phase = "preflop"
        self._advance()

    # -- decisions --------------------------------------------------------

    def to_act(self) -> int | None:
        """The box that decides now (0-based), or ``None`` outside the streets."""
        if self.phase not in DECISIONS:
            return None
        for i, b in enumerate(self.boxes):
            if not b.is_blind_box and not b.play and not b.folded and not self._decided(i, self.phase):
                return i
        return None

    def _decided(self, box: int, street: str) -> bool:
        return any(d.box == box and d.street == street for d in self.decisions)

    def legal_decisions(self, box: int | None = None) -> tuple[str, ...]:
        """The verbs the given box (by default the one to act) may use now."""
        actor = self.to_act()
        if actor is None or (box is not None and box != actor):
            return ()
        return self._choices_of(actor)

    def _choices_of(self, box: int) -> tuple[str, ...]:
        verbs = DECISIONS[self.phase]
        if "fold" not in verbs and self.boxes[box].trips and board_makes_trips(self.visible_board):
            verbs = verbs + ("fold",)  # docs/rules.md, "Give up, Trips plays"
        return verbs

    def verify_decision(self, box: int, verb: str) -> None:
        """Raise :class:`UthError` unless ``box`` may make decision ``verb`` now."""
        if verb not in _ALL_VERBS:
            raise UthError(
                f"box {box + 1}: unknown decision {verb!r} (one of {', '.join(_ALL_VERBS)})",
                code="unknown_decision",
                verb=verb,
            )
        if not isinstance(box, int) or isinstance(box, bool) or not 0 <= box < len(self.boxes):
            raise UthError(
                f"there is no box {box + 1 if isinstance(box, int) else box!r} (the table has {len(self.boxes)})",
                code="no_box",
            )
        where = f"box {box + 1}: "
        if self.phase == "betting":
            raise UthError(f"{where}{verb} before the deal: the cards are not dealt yet", code="not_dealt")
        b = self.boxes[box]
        if b.is_blind_box:
            raise UthError(
                f"{where}{verb} is not allowed: a blind box's Play ({b.blind_play}x) was fixed before the deal",
                code="blind_box",
            )
        if b.play:
            assert b.play_street is not None  # set with the Play
            raise UthError(
                f"{where}{verb} is not allowed: Play was already made "
                f"({b.play_multiple}x {_STREET_WORDS[b.play_street]})",
                code="play_made",
            )
        if b.folded:
            raise UthError(f"{where}{verb} is not allowed: the box has folded", code="folded")
        if self.phase == "showdown":
            raise UthError(f"{where}{verb} after the showdown: the round is over", code="round_over")
        actor = self.to_act()
        assert actor is not None  # a street (the phases before and after were refused above)
        if actor != box:
            raise UthError(f"{where}{verb} out of turn: box {actor + 1} decides first", code="out_of_turn", actor=actor)
        if verb not in self._choices_of(box):
            raise UthError(
                f"{where}{verb} is not allowed {_STREET_WORDS[self.phase]}: the choices are "
                f"{_choices(self._choices_of(box))}",
                code="wrong_street",
                street=self.phase,
            )

    def can_decide(self, box: int, verb: str) -> bool:
        try:
            self.verify_decision(box, verb)
        except UthError:
            return False
        return True

    def decide(self, box: int, verb: str) -> Decision:
        """Apply one decision of the box whose turn it is; returns the record."""
        self.verify_decision(box, verb)
        b = self.boxes[box]
        street = self.phase
        play = b.ante * _MULTIPLES[verb] if verb in _MULTIPLES else ZERO
        if play:
            b.play = play
            b.play_street = street
        elif verb == "fold":
            b.folded = True
        decision = Decision(len(self.decisions), box, street, verb, play)
        self.decisions.append(decision)
        self._advance()
        return decision

    def _advance(self) -> None:
        while self.phase in DECISIONS and self.to_act() is None:
            i = STREETS.index(self.phase)
            self.phase = STREETS[i + 1] if i + 1 < len(STREETS) else "showdown"

    def timeout_decision(self) -> str | None:
        """What is decided for the box to act when its decision time runs out
        (docs/rules.md, "Decision time"): before the flop and on the flop it checks („AUTO
        CHECKED"), after the river it folds („AUTOM. GEPASST")."""
        if self.to_act() is None:
            return None
        return "fold" if self.phase == "river" else "check"

    # -- what can be seen -------------------------------------------------

    @property
    def visible_board(self) -> tuple[Card, ...]:
        """The community cards turned over so far."""
        return self.board[: _BOARD_SHOWN[self.phase]]

    @property
    def is_over(self) -> bool:
        return self.phase == "showdown"

    # -- settlement -------------------------------------------------------

    def settle(self, *, meter: Decimal | None = None, royal_winners_elsewhere: int = 0) -> RoundSettlement:
        """Settle every bet of every box at the showdown. ``meter`` is the
        jackpot meter's amount, needed only when a royal flush with a hole
        card wins it."""
        if self.phase != "showdown":
            raise UthError(
                f"no settlement {_STREET_WORDS.get(self.phase, 'before the deal')}: the round is not over",
                code="not_over",
            )
        dealer_value = hand_value(self.dealer_hole + self.board)
        jackpot = settle_jackpot(
            [(b.hole, b.jackpot) for b in self.boxes],
            self.board,
            meter=meter,
            royal_winners_elsewhere=royal_winners_elsewhere,
            rules=self.jackpot_rules,
            players=[b.player for b in self.boxes],
        )
        boxes = []
        for i, b in enumerate(self.boxes):
            result = _settle_values(
                ante=b.ante,
                play=ZERO if b.folded else b.play,
                trips=b.trips,
                profile=self.profile,
                player_value=hand_value(b.hole + self.board),
                dealer_value=dealer_value,
            )
            boxes.append(BoxSettlement(i, result, self.jackpot_rules.bet if b.jackpot else ZERO, jackpot.for_box(i)))
        return RoundSettlement(
            tuple(boxes), jackpot, category_of(dealer_value), self.profile.dealer_qualifies(dealer_value)
        )

    def best_five(self, box: int | None = None) -> tuple[Card, ...]:
        """The best five cards of a box (or of the dealer, ``box=None``), for display."""
        hole = self.dealer_hole if box is None else self.boxes[box].hole
        return evaluate(hole + self.board).best_five

    # -- plain data ---------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The round as plain JSON-able data: rules, limits, bets, the deck
        order and the decisions. :meth:`from_dict` replays it."""
        return {
            "version": 1,
            "rules": self.profile.name,
            "limits": self.limits.to_dict(),
            "jackpot_rules": self.jackpot_rules.to_dict(),
            "boxes": [b.to_dict() for b in self.boxes],
            "deck": None if self.deck is None else [str(c) for c in self.deck],
            "decisions": [[d.box, d.verb] for d in self.decisions],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> UthRound:
        """Rebuild a round by replaying its bets, deal and decisions."""
        if not isinstance(data, Mapping) or data.get("version") != 1:
            raise UthError("not a stored round (version 1 expected)", code="bad_state")
        rnd = cls(
            data.get("rules", "standard"),
            TableLimits.from_dict(data.get("limits") or {}),
            JackpotRules.from_dict(data.get("jackpot_rules") or {}),
        )
        for box in data.get("boxes", ()):
            rnd.add_box(
                ante=box["ante"],
                trips=box.get("trips", 0),
                jackpot=bool(box.get("jackpot")),
                blind_play=box.get("blind_play"),
                player=box.get("player", ""),
            )
        if data.get("deck") is not None:
            rnd.deal(data["deck"])
        for k, item in enumerate(data.get("decisions", ())):
            try:
                box, verb = item
            except (TypeError, ValueError):
                raise UthError(f"decision {k}: expected [box, verb], got {item!r}", code="bad_state") from None
            try:
                rnd.decide(box, verb)
            except UthError as error:
                raise UthError(f"decision {k}: {error}", code=error.code, **error.params) from None
        return rnd

    def __repr__(self) -> str:
        board = format_cards(self.visible_board)
        return f"<UthRound {self.profile.name} {self.phase} boxes={len(self.boxes)} board={board or '-'}>"


_PLANS = {4: ("4x",), 3: ("3x",), 2: ("check", "2x"), 1: ("check", "check", "1x"), 0: ("check", "check", "fold")}


def settle_table(
    *,
    dealer: Any,
    board: Any,
    boxes: Sequence[Mapping[str, Any]],
    rules: Any = "standard",
    meter: Decimal | None = None,
    jackpot_rules: JackpotRules | None = None,
    royal_winners_elsewhere: int = 0,
) -> tuple[UthRound, RoundSettlement]:
    """Settle a whole table whose cards and Play sizes are known: the
    live-table calculator. Each box is a mapping with ``player`` (two cards),
    ``ante``, ``play`` (the Play multiple: 4, 3, 2, 1, or 0 for a fold) and
    optional ``trips``, ``jackpot`` and ``guest`` (boxes with the same guest
    are one person's: no envy bonus on his own royal). ``royal_winners_elsewhere``
    counts the jackpot's royal winners at other tables in the same round (they
    share the meter, docs/rules.md "Progressive jackpot"). The round is played through :class:`UthRound`,
    so the calculator and the table share every rule."""
    rnd = UthRound(rules, TableLimits(min_ante=CENT, min_trips=CENT, max_boxes=None), jackpot_rules)
    plans = []
    for i, box in enumerate(boxes):
        multiple = box.get("play")
        if isinstance(multiple, bool) or multiple not in _PLANS:
            raise UthError(
                f"box {i + 1}: play must be 4, 3, 2, 1 (times the ante) or 0 for a fold, got {multiple!r}",
                code="bad_play",
            )
        rnd.add_box(
            ante=box["ante"],
            trips=box.get("trips", 0),
            jackpot=bool(box.get("jackpot", False)),
            player=str(box.get("guest") or ""),
        )
        plans.append(iter(_PLANS[multiple]))
    rnd.deal(deck_order([box["player"] for box in boxes], dealer, board))
    while not rnd.is_over:
        actor = rnd.to_act()
        assert actor is not None  # a round not over has a box to decide
        rnd.decide(actor, next(plans[actor]))
    return rnd, rnd.settle(meter=meter, royal_winners_elsewhere=royal_winners_elsewhere)
