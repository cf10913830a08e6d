"""One hand of No-Limit Texas Hold'em: actions in, state, pots and payouts out.

Pure Python, no Django import. The rules are those of docs/contracts.md
(``replay_hand``) and docs/rules.md section 2; the tracker and the ``replay_hand``
command both rebuild a hand by replaying its recorded actions through
:func:`replay`, so the live table and the audit tool can never disagree.

Shape (after pokerkit): chips are ``int``; a :class:`HandSetup` says who sits
where with how many chips; a :class:`Hand` posts the blinds on creation and
then takes one :class:`Action` at a time. Each action has a triad:
:meth:`Hand.verify` raises :class:`IllegalAction` with the reason,
:meth:`Hand.can_apply` answers, :meth:`Hand.apply` applies and returns a frozen
:class:`Step`. Streets advance by themselves; players sitting out check or
fold by themselves; a player is asked to act only when he has a decision.
:meth:`Hand.settle` ends the hand with cards or with the dealer's named
winners and returns a :class:`HandResult`.

Decisions the contract leaves open (docs/design.md):

- A player who starts the hand with no chips is not dealt in: he posts no
  blind, never acts, is in no pot and is not "busted" (he was out already).
  The blinds fall on the next players who are dealt in.
- ``fold`` is accepted whenever the player is to act, even when he could
  check. ``call`` with nothing to call and ``raise`` with no bet to raise are
  refused, as ``check`` facing a bet and ``bet`` facing a bet are.
- A player facing a bet may raise (or go all-in for more) even when every
  opponent is already all-in; the part nobody can call comes back to him as an
  uncalled bet, so the result is the same as a call.
- An all-in *bet* below the minimum bet counts like an incomplete raise: it
  does not reopen the betting for players who already checked.
- Antes (``HandSetup.ante``; docs/contracts.md): ``"each"`` dealt-in player
  (sitting out too) posts the ante, or the big blind posts one ante for the
  table (``"big_blind"``). They are posted before the blinds (with a big-blind
  ante the blind is taken from his stack first, the ante from what is left),
  count toward no call or raise, are never returned as an uncalled bet, and
  are dead money in the main pot: every player still in, also one who went
  all-in on his ante, is eligible for it. Side pots are built from the bets
  above the antes (pokerkit's ``ante_trimming_status = false``).
- ``disqualify`` (docs/rules.md, "Immediate disqualification") is taken at
  any time before the hand is settled, out of turn too: the player's cards are
  folded, what he has put in stays in the pot (no uncalled bet comes back to
  him), his chips behind leave play (``HandResult.removed``), and the action
  goes on with the next player who has a decision. He is never "busted".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from tournaments.poker.cards import Card, CardError, format_cards, parse_cards
from tournaments.poker.evaluator import hand_value

__all__ = [
    "PREFLOP",
    "FLOP",
    "TURN",
    "RIVER",
    "SHOWDOWN",
    "COMPLETE",
    "STREETS",
    "VERBS",
    "FORCED",
    "ANTE_BY",
    "DISQUALIFY",
    "MIN_BET_RULES",
    "HandError",
    "SetupError",
    "IllegalAction",
    "SettlementError",
    "Seat",
    "HandSetup",
    "Action",
    "Step",
    "LegalActions",
    "Pot",
    "AwardedPot",
    "HandResult",
    "Hand",
    "replay",
]

PREFLOP, FLOP, TURN, RIVER = "preflop", "flop", "turn", "river"
SHOWDOWN, COMPLETE = "showdown", "complete"
STREETS: tuple[str, ...] = (PREFLOP, FLOP, TURN, RIVER, SHOWDOWN, COMPLETE)
_RIVER, _SHOWDOWN, _COMPLETE = 3, 4, 5  # indexes into STREETS; 0..3 take bets
_BOARD_SIZE = (0, 3, 4, 5, 5)

VERBS: tuple[str, ...] = ("fold", "check", "call", "bet", "raise", "allin")
FORCED: tuple[str, ...] = ("ante", "small_blind", "big_blind")  # the kinds of a posted forced bet
ANTE_BY: tuple[str, ...] = ("each", "big_blind")
DISQUALIFY = "disqualify"  # not a betting decision: accepted out of turn (see the module's notes)
MIN_BET_RULES: tuple[str, ...] = ("league", "standard")


# --------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------


class HandError(ValueError):
    """Anything wrong with a hand's input; the message is one line for the user."""


class SetupError(HandError):
    """The players, button, blinds or rule of a hand are not valid."""


class IllegalAction(HandError):
    """An action the rules do not allow at that point of the hand.

    ``str()`` is ``"action 3 (Dora raise): <reason>"`` with the zero-based
    index of the action in the hand's action list.
    """

    def __init__(self, index: int, player: str, verb: str, reason: str) -> None:
        self.index = index
        self.player = player
        self.verb = verb
        self.reason = reason
        super().__init__(f"action {index} ({player} {verb}): {reason}")


class SettlementError(HandError):
    """The showdown input (hole cards, board, pot winners) cannot settle the hand."""


class _Refusal(Exception):
    """Internal: the reason an action is illegal, before it gets its index."""


# --------------------------------------------------------------------------
# Plain records
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Seat:
    """A player as the hand starts: name, chips, and whether he is away."""

    name: str
    stack: int
    sitting_out: bool = False


def _is_chips(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class HandSetup:
    """Who plays the hand: players in seating order (clockwise), the button,
    the blinds, the minimum-bet rule (``"league"`` or ``"standard"``) and the
    ante (0: none), posted by each player or by the big blind (``ante_by``)."""

    players: tuple[Seat, ...]
    button: str
    small_blind: int
    big_blind: int
    min_bet_rule: str = "league"
    ante: int = 0
    ante_by: str = "each"

    def __post_init__(self) -> None:
        players = tuple(
            p if isinstance(p, Seat) else Seat(*p) if isinstance(p, tuple) else Seat(**p) for p in self.players
        )
        object.__setattr__(self, "players", players)
        if len(players) < 2:
            raise SetupError("players: a hand needs at least 2 players")
        seen: set[str] = set()
        for seat in players:
            if not isinstance(seat.name, str) or not seat.name:
                raise SetupError(f"players: a player's name must be a non-empty string, got {seat.name!r}")
            if seat.name in seen:
                raise SetupError(f"players: the name {seat.name!r} is used twice")
            seen.add(seat.name)
            if not _is_chips(seat.stack) or seat.stack < 0:
                raise SetupError(
                    f"players: the stack of {seat.name} must be a whole number of chips >= 0, got {seat.stack!r}"
                )
            if not isinstance(seat.sitting_out, bool):
                raise SetupError(f"players: sitting_out of {seat.name} must be true or false")
        if sum(1 for p in players if p.stack > 0) < 2:
            raise SetupError("players: a hand needs at least 2 players with chips")
        if self.button not in seen:
            raise SetupError(f"button: {self.button!r} is not one of the players")
        for label, blind in (("small", self.small_blind), ("big", self.big_blind)):
            if not _is_chips(blind) or blind <= 0:
                raise SetupError(f"blinds: the {label} blind must be a whole number of chips > 0, got {blind!r}")
        if self.small_blind > self.big_blind:
            raise SetupError(
                f"blinds: the small blind ({self.small_blind}) is larger than the big blind ({self.big_blind})"
            )
        if self.min_bet_rule not in MIN_BET_RULES:
            raise SetupError(f"min_bet_rule: must be 'league' or 'standard', got {self.min_bet_rule!r}")
        if not _is_chips(self.ante) or self.ante < 0:
            raise SetupError(f"blinds: the ante must be a whole number of chips >= 0, got {self.ante!r}")
        if self.ante_by not in ANTE_BY:
            raise SetupError(f"blinds: ante_by must be 'each' or 'big_blind', got {self.ante_by!r}")

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    def min_bet(self, street: str) -> int:
        """The smallest opening bet on a betting round under this setup's rule.

        ``"league"``: the small blind pre-flop and on the flop, the big blind
        on the turn and river; ``"standard"``: the big blind on every round.
        """
        if self.min_bet_rule == "league" and street in (PREFLOP, FLOP):
            return self.small_blind
        return self.big_blind


@dataclass(frozen=True, slots=True)
class Action:
    """One recorded action: ``verb`` in :data:`VERBS`; ``to`` is the player's
    total on this betting round after a bet or raise."""

    player: str
    verb: str
    to: int | None = None


@dataclass(frozen=True, slots=True)
class Step:
    """What one action (or a blind, or an automatic action) did.

    ``kind`` is what it counted as: ``ante``, ``small_blind``, ``big_blind``, ``fold``,
    ``check``, ``call``, ``bet`` or ``raise`` (``allin`` resolves to one of
    the last three). ``added`` is the chips put in, ``to`` the player's total
    on this round afterwards (an ante counts toward none: 0). ``auto`` marks antes, blinds and a sitting-out
    player's check or fold; ``index`` is the position in the action list
    (``None`` when ``auto``).
    """

    player: str
    verb: str
    kind: str
    street: str
    added: int
    to: int
    all_in: bool
    auto: bool
    index: int | None


@dataclass(frozen=True, slots=True)
class LegalActions:
    """What the player to act may do now.

    ``call_amount``: chips a call adds (capped at the stack: an all-in call),
    0 when there is nothing to call. ``min_to``/``max_to``: the range of
    ``to`` for a bet (``can_bet``) or a raise (``can_raise``), else ``None``;
    ``max_to`` is the all-in total, and when the stack cannot reach the
    minimum, ``min_to == max_to`` (only all-in). ``can_raise`` is false when
    an incomplete all-in did not reopen the betting for this player.
    ``verbs`` lists exactly the verbs :meth:`Hand.apply` accepts now.
    """

    player: str
    stack: int
    committed: int
    bet: int
    can_fold: bool
    can_check: bool
    call_amount: int
    can_bet: bool
    can_raise: bool
    min_to: int | None
    max_to: int | None
    verbs: tuple[str, ...]

    @property
    def can_call(self) -> bool:
        return self.call_amount > 0


@dataclass(frozen=True, slots=True)
class Pot:
    """A pot: its chips and the players who can win it, in seating order.

    ``level`` is the contribution that makes a player part of this pot: each
    eligible player has put in at least that much.
    """

    amount: int
    eligible: tuple[str, ...]
    level: int


@dataclass(frozen=True, slots=True)
class AwardedPot:
    """A settled pot: ``winners`` in seating order, ``shares`` their chips."""

    amount: int
    eligible: tuple[str, ...]
    level: int
    winners: tuple[str, ...]
    shares: tuple[int, ...]


@dataclass(frozen=True)
class HandResult:
    """The outcome of a hand.

    ``stacks``: every player's chips after the hand, in seating order; their
    sum equals the sum of the starting stacks (checked by :meth:`Hand.settle`,
    as during the hand ``sum(stacks) + pot_total`` does). ``pots``: main pot first.
    ``returned``: an uncalled bet given back, ``{name: chips}`` or empty.
    ``busted``: players who started with chips and ended with none, best
    placement first. ``hand_values``: evaluator values of the hands shown
    when cards decided, else empty.
    """

    stacks: dict[str, int]
    pots: tuple[AwardedPot, ...]
    returned: dict[str, int]
    busted: tuple[str, ...]
    hand_values: dict[str, int]
    removed: dict[str, int] = field(default_factory=dict)  # disqualified: chips that left play


# --------------------------------------------------------------------------
# The hand
# --------------------------------------------------------------------------


class Hand:
    """The state of one hand, advanced one action at a time.

    ``Hand(setup)`` posts the blinds and finds the first player to act. Read
    the state through the properties; change it only through :meth:`apply`.
    """

    def __init__(self, setup: HandSetup) -> None:
        self.setup = setup
        seats = setup.players
        n = len(seats)
        self._n = n
        self.names: tuple[str, ...] = tuple(s.name for s in seats)
        self._seat_of = {name: i for i, name in enumerate(self.names)}
        self.starting_stacks: tuple[int, ...] = tuple(s.stack for s in seats)
        self._away = tuple(s.sitting_out for s in seats)
        self._dealt = tuple(s.stack > 0 for s in seats)
        self._stack = list(self.starting_stacks)
        self._committed = [0] * n
        self._contributed = [0] * n  # blinds and bets; the antes are kept apart (dead money)
        self._antes = [0] * n
        self._in = list(self._dealt)  # dealt in and not folded
        self._folded = [False] * n
        self._acted = [False] * n
        self._acted_at = [0] * n  # the bet he last acted at (for reopening)
        self._live = sum(self._dealt)
        self._active = self._live  # live with chips behind
        self._street = 0
        self._ended_on = 0  # the street a hand won by folds ended on
        self._bet = 0  # the amount to match on this round
        self._increment = 0  # the smallest raise increment on this round
        self._to_act: int | None = None
        self._removed: dict[int, int] = {}  # disqualified seat -> chips that left play
        self.actions: list[Action] = []
        self.history: list[Step] = []

        self._button = self._seat_of[setup.button]
        if self._live == 2 and self._dealt[self._button]:
            sb = self._button  # heads-up: the button posts the small blind
        else:
            sb = self._next_dealt(self._button)
        bb = self._next_dealt(sb)
        self.small_blind_seat, self.big_blind_seat = self.names[sb], self.names[bb]
        if setup.ante:
            self._post_antes(sb, bb)
        self._post(sb, setup.small_blind, "small_blind")
        self._post(bb, setup.big_blind, "big_blind")
        # The amount to call pre-flop is the full big blind even when the big
        # blind could not post it all, and the big blind is the bet to raise.
        self._bet = setup.big_blind
        self._increment = setup.big_blind
        self._advance(bb + 1)

    # -- reading the state ------------------------------------------------

    @property
    def street(self) -> str:
        """``preflop``, ``flop``, ``turn``, ``river``; then ``showdown`` (the
        betting is over and two or more players remain) or ``complete``
        (everyone else folded)."""
        return STREETS[self._street]

    @property
    def is_betting_over(self) -> bool:
        return self._street > _RIVER

    @property
    def to_act(self) -> str | None:
        """The player whose decision the hand waits for, or ``None``."""
        return None if self._to_act is None else self.names[self._to_act]

    @property
    def board_cards_needed(self) -> int:
        """How many board cards the hand has reached: 0 pre-flop, 3 on the
        flop, 4 on the turn, 5 on the river and at a showdown; for a hand won
        by folds, the count of the street it ended on."""
        return _BOARD_SIZE[min(self._street_reached, _SHOWDOWN)]

    @property
    def button(self) -> str:
        return self.names[self._button]

    @property
    def stacks(self) -> dict[str, int]:
        """Chips each player has behind now (not counting chips put in)."""
        return dict(zip(self.names, self._stack))

    @property
    def committed(self) -> dict[str, int]:
        """Chips each player has put in on the current betting round."""
        return dict(zip(self.names, self._committed))

    @property
    def total_contributed(self) -> dict[str, int]:
        """Chips each player has put in during the whole hand, blinds included, antes not (see :attr:`antes`)."""
        return dict(zip(self.names, self._contributed))

    @property
    def antes(self) -> dict[str, int]:
        """The ante each player posted (0 for none): dead money in the main pot."""
        return dict(zip(self.names, self._antes))

    @property
    def current_bet(self) -> int:
        """The amount to match on this round (pre-flop at least the big blind)."""
        return self._bet

    @property
    def folded(self) -> tuple[str, ...]:
        return tuple(name for name, f in zip(self.names, self._folded) if f)

    @property
    def all_in(self) -> tuple[str, ...]:
        """Players still in the hand with no chips behind."""
        return tuple(self.names[i] for i in range(self._n) if self._in[i] and not self._stack[i])

    @property
    def in_hand(self) -> tuple[str, ...]:
        """Players dealt in who have not folded, in seating order."""
        return tuple(name for name, live in zip(self.names, self._in) if live)

    @property
    def sitting_out(self) -> tuple[str, ...]:
        return tuple(name for name, away in zip(self.names, self._away) if away)

    @property
    def pot_total(self) -> int:
        """All chips put in so far, antes and uncalled chips included."""
        return sum(self._contributed) + sum(self._antes)

    @property
    def uncalled(self) -> tuple[str, int] | None:
        """``(player, chips)`` of the part of the largest contribution that no
        one else matches (yet), or ``None``. When the betting is over these
        chips go back to him; they are never a pot."""
        contributed = self._contributed
        if self._removed:
            # A disqualified player's chips stay in the pot: nothing comes back to him.
            candidates = [j for j in range(self._n) if j not in self._removed]
            i = max(candidates, key=lambda j: (contributed[j], -j))
            top = contributed[i]
        else:  # the usual hand, on every replay: no key function per seat
            top = max(contributed)
            i = contributed.index(top)
        second = max(c for j, c in enumerate(contributed) if j != i)
        return (self.names[i], top - second) if top > second else None

    @property
    def removed(self) -> dict[str, int]:
        """Disqualified players and the chips behind that left play with them."""
        return {self.names[i]: chips for i, chips in sorted(self._removed.items())}

    def pots(self) -> list[Pot]:
        """The pots as they stand: main pot first, then side pots.

        Levels are the contributions of all-in players and the top matched
        contribution (the uncalled part is left out). Each pot takes from
        every player, folded or not, what he put in between the previous
        level and its own; its eligible players are those still in who put in
        up to the level (or can still do so), in seating order. The antes are
        dead money in the main pot; a player all-in on his ante alone makes a
        main pot of the antes (level 0) that every player still in can win.
        """
        contributed = list(self._contributed)
        uncalled = self.uncalled
        if uncalled is not None:
            contributed[self._seat_of[uncalled[0]]] -= uncalled[1]
        dead = sum(self._antes)
        top = max(contributed)
        live = self._in
        stack = self._stack
        names = self.names
        if top == 0:  # no bets (everyone all-in on the antes): the antes alone
            eligible = tuple(name for name, alive in zip(names, live) if alive)
            return [Pot(dead, eligible, 0)] if dead and eligible else []
        lowest = 0 if dead else 1
        levels = sorted({c for i, c in enumerate(contributed) if live[i] and not stack[i] and lowest <= c < top})
        levels.append(top)
        pots: list[Pot] = []
        previous = 0
        for level in levels:
            amount = 0
            for c in contributed:
                if c > previous:
                    amount += (c if c < level else level) - previous
            eligible = tuple(names[i] for i, c in enumerate(contributed) if live[i] and (c >= level or stack[i]))
            if eligible:
                pots.append(Pot(amount + dead, eligible, level))
                dead = 0
            elif pots:  # dead money above every live player: defensive, cannot occur
                pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible, pots[-1].level)
            previous = level
        return pots

    def legal_actions(self) -> LegalActions | None:
        """What the player to act may do, or ``None`` when no one is to act."""
        i = self._to_act
        if i is None:
            return None
        stack = self._stack[i]
        committed = self._committed[i]
        owed = self._bet - committed
        all_in_to = committed + stack
        can_bet = self._bet == 0
        can_raise = not can_bet and stack > owed and self._reopened(i)
        min_to = max_to = None
        if can_bet or can_raise:
            max_to = all_in_to
            min_to = min(self._min_to(), all_in_to)
        verbs = ["fold"]
        if owed:
            verbs.append("call")
        else:
            verbs.append("check")
        if can_bet:
            verbs.append("bet")
        if can_raise:
            verbs.append("raise")
        if can_bet or can_raise or owed >= stack:
            verbs.append("allin")
        return LegalActions(
            player=self.names[i],
            stack=stack,
            committed=committed,
            bet=self._bet,
            can_fold=True,
            can_check=not owed,
            call_amount=min(owed, stack),
            can_bet=can_bet,
            can_raise=can_raise,
            min_to=min_to,
            max_to=max_to,
            verbs=tuple(verbs),
        )

    # -- the action triad -------------------------------------------------

    def verify(self, action: Action) -> tuple[str, int]:
        """Check ``action`` as the next action; return ``(kind, to)`` that it
        resolves to, or raise :class:`IllegalAction` with the reason."""
        try:
            return self._resolve(action)
        except _Refusal as refusal:
            raise IllegalAction(len(self.actions), action.player, action.verb, str(refusal)) from None

    def can_apply(self, action: Action) -> bool:
        try:
            self._resolve(action)
        except _Refusal:
            return False
        return True

    def apply(self, action: Action) -> Step:
        """Apply ``action`` (after :meth:`verify`) and return what it did."""
        kind, to = self.verify(action)
        if kind == DISQUALIFY:
            index = len(self.actions)
            self.actions.append(action)
            return self._disqualify(self._seat_of[action.player], index)
        i = self._to_act
        assert i is not None
        index = len(self.actions)
        self.actions.append(action)
        return self._act(i, action.verb, kind, to, auto=False, index=index)

    # -- internals --------------------------------------------------------

    @property
    def _street_reached(self) -> int:
        return self._street if self._street != _COMPLETE else self._ended_on

    def _next_dealt(self, seat: int) -> int:
        n = self._n
        for k in range(1, n + 1):
            j = (seat + k) % n
            if self._dealt[j]:
                return j
        raise AssertionError("no player is dealt in")  # pragma: no cover

    def _post(self, i: int, blind: int, kind: str) -> None:
        amount = min(blind, self._stack[i])
        if not amount:  # his ante took his last chip: no blind to post
            return
        self._put(i, amount)
        self.history.append(Step(self.names[i], kind, kind, PREFLOP, amount, amount, not self._stack[i], True, None))

    def _post_antes(self, sb: int, bb: int) -> None:
        """Antes before the blinds, clockwise from the small blind; a big-blind ante comes from what his
        blind leaves (the blind is taken first)."""
        ante = self.setup.ante
        if self.setup.ante_by == "big_blind":
            owed = {bb: min(ante, self._stack[bb] - min(self.setup.big_blind, self._stack[bb]))}
        else:
            owed = {}
            i = sb
            for _ in range(self._n):
                if self._dealt[i]:
                    owed[i] = min(ante, self._stack[i])
                i = (i + 1) % self._n
        for i, amount in owed.items():
            if not amount:
                continue
            self._stack[i] -= amount
            self._antes[i] += amount
            if not self._stack[i]:
                self._active -= 1
            self.history.append(Step(self.names[i], "ante", "ante", PREFLOP, amount, 0, not self._stack[i], True, None))

    def _put(self, i: int, added: int) -> None:
        self._stack[i] -= added
        self._committed[i] += added
        self._contributed[i] += added
        if added and not self._stack[i]:
            self._active -= 1

    def _needs_action(self, i: int) -> bool:
        """Whether player ``i`` has a decision to make now."""
        if not self._in[i] or not self._stack[i]:
            return False
        if self._committed[i] < self._bet:
            return True
        # Nothing to call: he decides only if he has not acted on this round
        # and someone else could still respond to a bet.
        return not self._acted[i] and self._active > 1

    def _reopened(self, i: int) -> bool:
        """Whether player ``i`` may raise: he has not acted on this round, or
        the bet has grown by at least a full raise since he last acted."""
        return not self._acted[i] or self._bet - self._acted_at[i] >= self._increment

    def _min_to(self) -> int:
        """The smallest full bet or raise total on this round."""
        if self._bet == 0:
            return self.setup.min_bet(STREETS[self._street])
        return self._bet + self._increment

    def _advance(self, start: int) -> None:
        """Find the next player with a decision, clockwise from seat ``start``;
        sitting-out players check or fold on the way; end betting rounds."""
        n = self._n
        while True:
            self._to_act = None
            for k in range(n):
                i = (start + k) % n
                if self._needs_action(i):
                    break
            else:
                if not self._next_street():
                    return
                start = self._button + 1
                continue
            if not self._away[i]:
                self._to_act = i
                return
            if self._committed[i] >= self._bet:
                self._act(i, "check", "check", self._committed[i], auto=True, index=None, advance=False)
            else:
                self._act(i, "fold", "fold", self._committed[i], auto=True, index=None, advance=False)
                if self._street == _COMPLETE:
                    return
            start = i + 1

    def _next_street(self) -> bool:
        """End the betting round; return whether another one starts."""
        if self._street == _RIVER:
            self._street = _SHOWDOWN
            return False
        self._street += 1
        n = self._n
        self._committed = [0] * n
        self._acted = [False] * n
        self._acted_at = [0] * n
        self._bet = 0
        self._increment = self.setup.min_bet(STREETS[self._street])
        return True

    def _act(
        self, i: int, verb: str, kind: str, to: int, *, auto: bool, index: int | None, advance: bool = True
    ) -> Step:
        street = STREETS[self._street]
        added = to - self._committed[i]
        if kind == "fold":
            self._in[i] = False
            self._folded[i] = True
            self._live -= 1
            if self._stack[i]:
                self._active -= 1
        else:
            self._put(i, added)
            if to > self._bet:
                raised_by = to - self._bet
                if raised_by >= self._increment:  # a full bet or raise; less is an incomplete all-in
                    self._increment = raised_by
                self._bet = to
        self._acted[i] = True
        self._acted_at[i] = self._bet
        step = Step(
            self.names[i],
            verb,
            kind,
            street,
            added,
            self._committed[i],
            kind != "fold" and not self._stack[i],
            auto,
            index,
        )
        self.history.append(step)
        if self._live == 1:
            self._ended_on = self._street
            self._street = _COMPLETE
            self._to_act = None
        elif advance:
            self._advance(i + 1)
        return step

    def _disqualify(self, i: int, index: int) -> Step:
        """Fold his cards where he stands, take his chips behind out of play, go on with the hand."""
        street = STREETS[self._street]
        removed = self._stack[i]
        self._removed[i] = removed
        if self._in[i]:
            self._in[i] = False
            self._folded[i] = True
            self._live -= 1
            if self._stack[i]:
                self._active -= 1
        self._stack[i] = 0
        step = Step(self.names[i], DISQUALIFY, DISQUALIFY, street, 0, self._committed[i], False, False, index)
        self.history.append(step)
        if self._street >= _SHOWDOWN:
            if self._live == 1 and self._street == _SHOWDOWN:
                self._ended_on, self._street = _RIVER, _COMPLETE
        elif self._live == 1:
            self._ended_on = self._street
            self._street = _COMPLETE
            self._to_act = None
        else:
            # Whoever was to act (or the next with a decision) goes on; the round may be over now.
            self._advance(self._to_act if self._to_act is not None else self._button + 1)
        return step

    def _resolve(self, action: Action) -> tuple[str, int]:
        """The kind and total an action amounts to; :class:`_Refusal` if illegal."""
        verb, name, to = action.verb, action.player, action.to
        if verb == DISQUALIFY:
            return self._resolve_disqualify(name, to)
        if verb not in VERBS:
            raise _Refusal(f"unknown action {verb!r} (use {', '.join(VERBS)})")
        if self._street == _COMPLETE:
            winner = self.in_hand[0]
            raise _Refusal(f"the hand is over: everyone else folded and {winner} won")
        if self._street == _SHOWDOWN:
            raise _Refusal("the hand is over: the betting has ended and the hand goes to showdown")
        i = self._seat_of.get(name)
        if i is None:
            raise _Refusal(f"{name!r} is not a player at this table")
        if not self._dealt[i]:
            raise _Refusal(f"{name} has no chips and is not dealt in")
        if self._away[i]:
            raise _Refusal(f"{name} is sitting out: his checks and folds are automatic")
        if self._folded[i]:
            raise _Refusal(f"{name} has folded")
        if not self._stack[i]:
            raise _Refusal(f"{name} is all-in")
        if i != self._to_act:
            raise _Refusal(f"out of turn: it is {self.to_act}'s turn")
        if to is not None and (not _is_chips(to) or to < 0):
            raise _Refusal(f"'to' must be a whole number of chips, got {to!r}")

        committed, stack, bet = self._committed[i], self._stack[i], self._bet
        owed = bet - committed
        all_in_to = committed + stack
        if verb in ("fold", "check") and to is not None:
            raise _Refusal(f"{verb} takes no amount (got to={to})")
        if verb == "fold":
            return "fold", committed
        if verb == "check":
            if owed:
                raise _Refusal(f"cannot check facing a bet of {bet}: call {min(owed, stack)}, raise or fold")
            return "check", committed
        if verb == "call":
            if not owed:
                raise _Refusal("there is no bet to call (check instead)")
            total = min(bet, all_in_to)
            if to is not None and to != total:
                raise _Refusal(f"a call is to {total}, not to {to}")
            return "call", total
        if verb == "allin":
            if to is not None and to != all_in_to:
                raise _Refusal(f"all-in is to {all_in_to} ({stack} behind), not to {to}")
            if all_in_to <= bet:
                return "call", all_in_to
            kind = "bet" if bet == 0 else "raise"
            if kind == "raise" and not self._reopened(i):
                raise _Refusal(
                    f"all-in for {stack} would raise, but the betting was not reopened for {name} "
                    f"(the all-in to {bet} was less than a full raise): call {owed} or fold"
                )
            return kind, all_in_to
        # bet or raise
        if to is None:
            raise _Refusal(f"{verb} needs the amount 'to'")
        if verb == "bet" and bet:
            raise _Refusal(f"cannot bet facing a bet of {bet}: call, raise or fold")
        if verb == "raise" and not bet:
            raise _Refusal("there is no bet to raise (bet instead)")
        if verb == "raise" and all_in_to <= bet:
            raise _Refusal(
                f"cannot raise: {name} has {stack} behind, not more than the {owed} to call (call all-in instead)"
            )
        if to > all_in_to:
            raise _Refusal(f"{verb} to {to} is more than {name} has: at most to {all_in_to} ({stack} behind)")
        if verb == "raise" and to <= bet:
            raise _Refusal(f"a raise to {to} does not raise the bet of {bet}")
        if verb == "raise" and not self._reopened(i):
            raise _Refusal(
                f"cannot raise: the betting was not reopened for {name} (the all-in to {bet} "
                f"was less than a full raise): call {owed} or fold"
            )
        minimum = self._min_to()
        if to < minimum and to != all_in_to:
            if verb == "bet":
                reason = f"a bet to {to} is below the minimum bet of {minimum}"
            else:
                reason = f"a raise to {to} is below the minimum raise to {minimum}"
            if all_in_to < minimum:
                reason += f" ({name} can only go all-in, to {all_in_to})"
            raise _Refusal(reason)
        return verb, to

    def _resolve_disqualify(self, name: str, to: int | None) -> tuple[str, int]:
        if self._street == _COMPLETE:
            raise _Refusal("the hand is over: settle it, then disqualify between hands")
        i = self._seat_of.get(name)
        if i is None:
            raise _Refusal(f"{name!r} is not a player at this table")
        if not self._dealt[i]:
            raise _Refusal(f"{name} has no chips and is not dealt in")
        if i in self._removed:
            raise _Refusal(f"{name} is already disqualified")
        if to is not None:
            raise _Refusal(f"disqualify takes no amount (got to={to})")
        return DISQUALIFY, self._committed[i]

    # -- settlement ---------------------------------------------------------

    def settle(
        self,
        hole_cards: Mapping[str, object] | None = None,
        board: object = None,
        pot_winners: Sequence[Sequence[str]] | None = None,
    ) -> HandResult:
        """Award the pots and return the :class:`HandResult`.

        With one player left no cards are needed. Otherwise a showdown is
        decided either by cards (``hole_cards`` for every player still in and
        a 5-card ``board``; best five of seven, equal hands split) or by the
        dealer's ``pot_winners`` (one list of names per pot, main pot first,
        each winner eligible for that pot) — not both. Cards may be strings
        (``"AsKd"``), lists or Card tuples; hole cards of folded players are
        accepted and ignored. Raises :class:`SettlementError`.
        """
        if not self.is_betting_over:
            raise SettlementError(f"the hand is not finished: it is {self.to_act}'s turn to act")
        pots = self.pots()
        hole, board_cards = self._parse_showdown_cards(hole_cards, board)
        if pot_winners is not None and hole:
            raise SettlementError("give either showdown cards (hole_cards) or pot_winners, not both")

        values: dict[str, int] = {}
        if pot_winners is not None:
            winners_per_pot = self._check_pot_winners(pot_winners, pots)
        elif all(len(pot.eligible) == 1 for pot in pots):
            winners_per_pot = [pot.eligible for pot in pots]
        else:
            showdown = self.in_hand
            missing = [name for name in showdown if name not in hole]
            if missing or len(board_cards) != 5:
                needs = []
                if missing:
                    needs.append(f"hole cards of {', '.join(missing)}")
                if len(board_cards) != 5:
                    needs.append(f"a 5-card board (got {len(board_cards)})")
                raise SettlementError(f"the showdown needs {' and '.join(needs)}, or pot_winners")
            for name in showdown:
                values[name] = hand_value(hole[name] + board_cards)
            winners_per_pot = []
            for pot in pots:
                best = max(values[name] for name in pot.eligible)
                winners_per_pot.append(tuple(name for name in pot.eligible if values[name] == best))

        final = list(self._stack)
        returned: dict[str, int] = {}
        uncalled = self.uncalled
        if uncalled is not None:
            returned[uncalled[0]] = uncalled[1]
            final[self._seat_of[uncalled[0]]] += uncalled[1]
        # Odd chips go one each to the winners closest to the left of the button.
        order = {name: (i - self._button - 1) % self._n for i, name in enumerate(self.names)}
        awarded = []
        for pot, winners in zip(pots, winners_per_pot):
            share, odd = divmod(pot.amount, len(winners))
            lucky = set(sorted(winners, key=order.__getitem__)[:odd])
            shares = tuple(share + (name in lucky) for name in winners)
            for name, chips in zip(winners, shares):
                final[self._seat_of[name]] += chips
            awarded.append(AwardedPot(pot.amount, pot.eligible, pot.level, tuple(winners), shares))

        removed = sum(self._removed.values())
        if sum(final) + removed != sum(self.starting_stacks):  # the invariant everything else relies on
            raise AssertionError(
                f"chips not conserved: {sum(final)} after (+{removed} removed), {sum(self.starting_stacks)} before"
            )
        start = self.starting_stacks
        busted = sorted(
            (i for i in range(self._n) if start[i] and not final[i] and i not in self._removed),
            key=lambda i: (-start[i], i),
        )
        return HandResult(
            stacks=dict(zip(self.names, final)),
            pots=tuple(awarded),
            returned=returned,
            busted=tuple(self.names[i] for i in busted),
            hand_values=values,
            removed=self.removed,
        )

    def _parse_showdown_cards(
        self, hole_cards: Mapping[str, object] | None, board: object
    ) -> tuple[dict[str, tuple[Card, ...]], tuple[Card, ...]]:
        groups: list[tuple[str, tuple[Card, ...]]] = []
        hole: dict[str, tuple[Card, ...]] = {}
        if hole_cards:
            if not isinstance(hole_cards, Mapping):
                raise SettlementError("hole_cards must map each player's name to his two cards")
            for name, value in hole_cards.items():
                if name not in self._seat_of:
                    raise SettlementError(f"hole_cards: {name!r} is not a player at this table")
                cards = _parse_group(value, f"hole cards of {name}")
                if not cards:
                    continue
                if len(cards) != 2:
                    raise SettlementError(f"hole cards of {name}: a player has 2 hole cards, got {len(cards)}")
                hole[name] = cards
                groups.append((f"the hole cards of {name}", cards))
        board_cards = _parse_group(board, "board") if board is not None else ()
        if len(board_cards) not in (0, 3, 4, 5):
            raise SettlementError(f"board: a board has 0, 3, 4 or 5 cards, got {len(board_cards)}")
        groups.append(("the board", board_cards))
        seen: dict[Card, str] = {}
        for label, cards in groups:
            for card in cards:
                if card in seen:
                    raise SettlementError(f"card {card} used twice ({seen[card]} and {label})")
                seen[card] = label
        return hole, board_cards

    def _check_pot_winners(self, pot_winners: object, pots: list[Pot]) -> list[tuple[str, ...]]:
        if isinstance(pot_winners, (str, bytes)) or not isinstance(pot_winners, Sequence):
            raise SettlementError("pot_winners must be a list with one list of winners per pot")
        if len(pot_winners) != len(pots):
            raise SettlementError(
                f"pot_winners has {len(pot_winners)} entries but the hand has "
                f"{len(pots)} pot{'s' if len(pots) != 1 else ''}"
            )
        result = []
        for k, (winners, pot) in enumerate(zip(pot_winners, pots)):
            if isinstance(winners, str) or not isinstance(winners, Sequence) or not winners:
                raise SettlementError(f"pot_winners[{k}]: must be a non-empty list of player names")
            named = set()
            for name in winners:
                if not isinstance(name, str) or name not in self._seat_of:
                    raise SettlementError(f"pot_winners[{k}]: {name!r} is not a player at this table")
                if name not in pot.eligible:
                    raise SettlementError(
                        f"pot_winners[{k}]: {name} is not eligible for this pot (eligible: {', '.join(pot.eligible)})"
                    )
                if name in named:
                    raise SettlementError(f"pot_winners[{k}]: {name} is named twice")
                named.add(name)
            result.append(tuple(name for name in pot.eligible if name in named))
        return result

    def __repr__(self) -> str:
        return f"<Hand {self.street} to_act={self.to_act} actions={len(self.actions)} pot={self.pot_total}>"


def _parse_group(value: object, label: str) -> tuple[Card, ...]:
    if isinstance(value, tuple) and all(isinstance(c, Card) for c in value):
        cards = value
    else:
        try:
            cards = parse_cards(value)  # type: ignore[arg-type]
        except CardError as error:
            raise SettlementError(f"{label}: {error}") from None
    if len(set(cards)) != len(cards):
        raise SettlementError(f"{label}: a card is used twice ({format_cards(cards, ' ')})")
    return tuple(cards)


def replay(setup: HandSetup, actions: Iterable[Action]) -> Hand:
    """Rebuild a hand from its recorded actions.

    Raises :class:`IllegalAction` naming the first action (zero-based) the
    rules refuse.
    """
    hand = Hand(setup)
    for action in actions:
        hand.apply(action)
    return hand
