"""The rail: what a player who is out, or a friend at the bar, may see of a table that plays on the tracker.

Built on the server from the stored rows, and filtered here, never in the
browser: hole cards only of the players who reached a showdown (the betting
is over with two or more players left, or a settled pot was contested), and
the board only as far as the hand has been dealt. A dealer may type cards in
early; the table has not seen them, so neither does the rail.

Odds: once no more betting can change the hand and every hand still in it is
shown, each of those players' chance to win and to split each pot he can win,
by every completion of the board as shown (tournaments/poker/equity.py): with
a short stack all-in, the bigger stacks play the side pot among themselves,
and a chance in the main pot would mislead them. They use only
what the rail shows: no folded hand, no card typed early. A shown hand with a
card the dealer has not entered shows no odds at all. Computed where the card
is drawn (a rail stream's thread or the rail's page, never the dealer's tap),
once per state of the hand in each process, and the card with them is drawn
once for all viewers (live/cache.py).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction

from league.models import Night
from live.eliminations import latest_first
from tournaments.models import HandStatus, PlacementReason, Table
from tournaments.poker.cards import CardError, ensure_distinct, format_cards, parse_cards
from tournaments.tracker.services import TableState, hand_steps, load_state

__all__ = [
    "RailOdds",
    "RailSeat",
    "RailPot",
    "RailTable",
    "rail_table",
    "tracked_tables",
    "night_rail",
    "showdown_odds",
    "contested_pots",
]

RECENT_STEPS = 8
_BOARD_BY_STREET = {"preflop": 0, "flop": 3, "turn": 4, "river": 5, "showdown": 5, "complete": 5}


_SUITS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


@dataclass(frozen=True)
class ShownCard:
    rank: str
    suit: str
    code: str  # "Ah": what the dealer typed, normalised

    @property
    def red(self) -> bool:
        return self.suit in ("♥", "♦")


def _cards(text: str, limit: int = 5) -> tuple[ShownCard, ...]:
    try:
        cards = parse_cards(text or "")
    except CardError:
        return ()
    shown = []
    for card in cards[:limit]:
        code = format_cards([card])
        shown.append(ShownCard(code[:-1].replace("T", "10"), _SUITS.get(code[-1], code[-1]), code))
    return tuple(shown)


@dataclass(frozen=True)
class RailOdds:
    """A shown hand's chance at the all-in: to win the pot alone, and to split it, over ``boards`` completions."""

    wins: int
    ties: int
    boards: int

    @property
    def win(self) -> Fraction:
        return Fraction(self.wins, self.boards)

    @property
    def split(self) -> Fraction:
        return Fraction(self.ties, self.boards)


@functools.lru_cache(maxsize=64)
def _odds(
    hands: tuple[tuple[int, ...], ...], board: tuple[int, ...], pots: tuple[tuple[int, ...], ...]
) -> tuple[tuple[RailOdds, ...], ...]:
    """One computation per state of a hand in this process (the card's cache shares it across processes)."""
    # Here, not at the top: numpy and the odds tables cost every process that loads the URLs (a publish, a
    # management command) a quarter of a second; the server loads them as it starts (config.server.warm_up),
    # so the first all-in does not wait for them.
    from tournaments.poker.equity import equity_by_pot

    return tuple(tuple(RailOdds(o.wins, o.ties, o.boards) for o in pot) for pot in equity_by_pot(hands, pots, board))


def contested_pots(pots: tuple[RailPot, ...], showdown: list[str]) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """The pots whose winner the board decides, as (the pot's number, its players at the showdown): two or more
    of them can win it. A side pot with the main pot's players is the main pot again (the same chances)."""
    contested: list[tuple[int, tuple[str, ...]]] = []
    for k, pot in enumerate(pots):
        players = tuple(name for name in showdown if name in pot.eligible)
        if len(players) > 1 and all(players != seen for _, seen in contested):
            contested.append((k, players))
    return tuple(contested)


def showdown_odds(
    hole_cards: dict[str, str],
    names: list[str],
    board: tuple[ShownCard, ...],
    pots: tuple[tuple[int, tuple[str, ...]], ...] = (),
) -> dict[str, tuple[tuple[int, RailOdds], ...]]:
    """Each named player's odds in each pot he can win, as (the pot's number, his odds), if every one of their
    hands is known (two cards entered) and the cards are distinct; else none at all. Without `pots`: one pot
    (number 0) that all of them can win."""
    try:
        hands = [parse_cards(hole_cards.get(name) or "") for name in names]
        cards = parse_cards([card.code for card in board])
        if len(names) < 2 or any(len(hand) != 2 for hand in hands):
            return {}
        ensure_distinct(*hands, cards)
    except CardError:
        return {}
    pots = pots or ((0, tuple(names)),)
    members = tuple(tuple(names.index(name) for name in players) for _, players in pots)
    odds = _odds(tuple(tuple(int(c) for c in hand) for hand in hands), tuple(int(c) for c in cards), members)
    by_name: dict[str, list[tuple[int, RailOdds]]] = {name: [] for name in names}
    for (k, players), in_pot in zip(pots, odds):
        for name, chance in zip(players, in_pot):
            by_name[name].append((k, chance))
    return {name: tuple(chances) for name, chances in by_name.items()}


@dataclass(frozen=True)
class RailSeat:
    position: int
    name: str
    stack: int
    committed: int
    button: bool
    small_blind: bool
    big_blind: bool
    to_act: bool
    folded: bool
    all_in: bool
    away: bool
    place: int | None
    shown_cards: tuple[ShownCard, ...]  # empty unless shown at a showdown
    won: bool = False  # placed as the table's winner: placed, but not out
    # Once no betting can change the hand and every hand in it is known: his odds in each pot he can win, as
    # (the pot's number, the odds), the main pot first. One entry unless side pots have other players.
    pot_odds: tuple[tuple[int, RailOdds], ...] = ()

    @property
    def odds(self) -> RailOdds | None:
        """His odds in the main pot (the first one he can win)."""
        return self.pot_odds[0][1] if self.pot_odds else None


@dataclass(frozen=True)
class RailPot:
    amount: int
    eligible: tuple[str, ...]
    winners: tuple[str, ...] = ()


@dataclass(frozen=True)
class RailElimination:
    place: int
    name: str
    reason: str
    winner: bool = False


@dataclass(frozen=True)
class RailTable:
    table: Table
    hand_number: int | None
    level: int | None
    blinds: tuple[int, int] | None
    ante: int  # each player's, or the big blind's (ante_by); 0 without
    ante_by: str
    street: str  # preflop .. river, showdown, complete; "" before the first hand
    hand_over: bool
    board: tuple[ShownCard, ...]
    pots: tuple[RailPot, ...]
    pot_total: int
    seats: tuple[RailSeat, ...]
    recent: tuple  # (player, holdem.Step) of the latest hand, newest last
    eliminations: tuple[RailElimination, ...]
    # The part of the largest bet nobody has matched: still open while the betting runs (it is in `pot_total`),
    # going back to its player once the betting is over (then it is not part of the pot).
    uncalled: tuple[str, int] | None = None
    betting_over: bool = False
    on_paper: bool = False  # the organizer switched it to paper: the stacks are those of the switch

    @property
    def finished(self) -> bool:
        return self.table.status == "finished"

    @property
    def players_left(self) -> int:
        return sum(1 for seat in self.seats if seat.place is None)


def _street_reached(steps) -> str:
    return steps[-1].street if steps else "preflop"


def rail_table(table: Table, state: TableState | None = None) -> RailTable:
    state = state or load_state(table)
    hand, engine = state.hand, state.engine
    names = state.engine_names()
    showdown: set[str] = set()
    pots: list[RailPot] = []
    steps = []
    board: tuple[ShownCard, ...] = ()
    street = ""
    if hand is not None:
        steps = hand_steps(hand, state.actions) if engine is None else list(engine.history)
        if engine is not None:
            street = engine.street
            pots = [RailPot(pot.amount, tuple(pot.eligible)) for pot in engine.pots()]
            if engine.is_betting_over and len(engine.in_hand) > 1:
                showdown = set(engine.in_hand)
            board = _cards(hand.board, engine.board_cards_needed)
        else:
            pots = [
                RailPot(p["amount"], tuple(p["eligible"]), tuple(p["winners"]))
                for p in (hand.result or {}).get("pots", [])
            ]
            # A pot more than one player still held at the end was decided at a showdown.
            showdown = {name for pot in pots if len(pot.eligible) > 1 for name in pot.eligible}
            street = "showdown" if showdown else _street_reached(steps)
            board = _cards(hand.board, _BOARD_BY_STREET.get(street, 0))
    in_hand_names = set(p["name"] for p in hand.players) if hand is not None else set()
    odds: dict[str, tuple[tuple[int, RailOdds], ...]] = {}
    if engine is not None and showdown:
        at_showdown = [name for name in engine.names if name in showdown]
        odds = showdown_odds(hand.hole_cards or {}, at_showdown, board, contested_pots(tuple(pots), at_showdown))
    seats = []
    for seat in state.seats:
        name = names.get(seat.pk, seat.player.name)
        placement = getattr(seat, "placement", None)
        playing = engine is not None and name in engine.names
        seats.append(
            RailSeat(
                position=seat.position,
                name=name,
                stack=0 if placement is not None else state.stacks.get(seat.pk, 0),
                committed=engine.committed[name] if playing else 0,
                button=hand is not None and seat.pk == hand.button_id,
                small_blind=playing and name == engine.small_blind_seat,
                big_blind=playing and name == engine.big_blind_seat,
                to_act=engine is not None and engine.to_act == name,
                folded=(playing and name in engine.folded)
                or (
                    engine is None
                    and hand is not None
                    and name in in_hand_names
                    and bool(showdown)
                    and name not in showdown
                ),
                all_in=playing and name in engine.all_in,
                away=seat.sitting_out and placement is None,
                place=placement.place if placement is not None else None,
                shown_cards=_cards(hand.hole_cards.get(name, ""), 2) if hand is not None and name in showdown else (),
                won=placement is not None and placement.reason == PlacementReason.WINNER,
                pot_odds=odds.get(name, ()),
            )
        )
    uncalled, pot_total = None, 0
    if engine is not None:
        uncalled, pot_total = engine.uncalled, engine.pot_total
        if uncalled is not None and engine.is_betting_over:  # it goes back: the pot is what the pots hold
            pot_total -= uncalled[1]
    elif hand is not None and (hand.result or {}).get("returned"):
        uncalled = next(iter(hand.result["returned"].items()))
    seat_of = {seat.placement.pk: seat for seat in state.placed}
    out = [seat_of[placement.pk] for placement in latest_first(seat.placement for seat in state.placed)]
    placements = tuple(
        RailElimination(
            seat.placement.place,
            names.get(seat.pk, seat.player.name),
            seat.placement.get_reason_display(),
            seat.placement.reason == PlacementReason.WINNER,
        )
        for seat in out
    )
    return RailTable(
        table=state.table,
        hand_number=hand.number if hand is not None else None,
        level=hand.level if hand is not None else None,
        blinds=(hand.small_blind, hand.big_blind) if hand is not None else None,
        ante=hand.ante if hand is not None else 0,
        ante_by=hand.ante_by if hand is not None else "",
        street=street,
        hand_over=hand is not None and hand.status == HandStatus.COMPLETE,
        board=board,
        pots=tuple(pots),
        pot_total=pot_total,
        seats=tuple(seats),
        recent=tuple(steps[-RECENT_STEPS:]),
        eliminations=placements,
        uncalled=uncalled,
        betting_over=engine is not None and engine.is_betting_over,
        on_paper=state.on_paper,
    )


def tracked_tables(night: Night) -> list[Table]:
    """Every table of the night that plays on the tracker (a table with a hand), by number."""
    return list(
        Table.objects.filter(night=night, hands__isnull=False).distinct().select_related("night").order_by("number")
    )


def night_rail(night: Night) -> list[RailTable]:
    return [rail_table(table) for table in tracked_tables(night)]
