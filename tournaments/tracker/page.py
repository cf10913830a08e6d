"""What the tracker page shows, worked out from the table's state: seat rows, pots, the buttons.

Two panels are closed almost always: the cards panel (a 52-card picker) and
the players' panel (sitting out, disqualification); drawing them was over half
of drawing a tap's answer. tracker.js says with every request which panels
the page has open (`X-Tracker-Open`); a closed one is then drawn as its summary
and an empty body that htmx fetches (`?panel=`) when the dealer opens it. A
whole page (no JavaScript needed) draws them all.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from league.web.money import cents
from tournaments.models import PlacementReason, TableStatus
from tournaments.poker import holdem
from tournaments.poker.cards import parse_cards
from tournaments.tracker.services import TableState, chips_expected, chips_in_play


@dataclass(frozen=True)
class SeatRow:
    seat_id: int
    position: int
    name: str
    stack: int
    committed: int
    badges: tuple[str, ...]  # button, sb, bb, allin, folded, away, out
    to_act: bool
    place: int | None
    in_hand: bool
    hole_cards: str


@dataclass(frozen=True)
class PotRow:
    index: int
    amount: int
    eligible: tuple[str, ...]
    winners: tuple[str, ...] = ()


@dataclass(frozen=True)
class Sizing:
    label: str
    to: int


def _quick_sizes(engine: holdem.Hand, legal: holdem.LegalActions) -> list[Sizing]:
    """Minimum, half pot, pot and all-in, each clipped to what the rules allow, without repeats.

    Pot sizes are rounded down to whole small blinds, the smallest chip that matters at the table.
    """
    if legal.min_to is None or legal.max_to is None:
        return []
    unit = engine.setup.small_blind
    pot_after_call = engine.pot_total + legal.call_amount
    base = legal.bet
    candidates = [
        ("min", legal.min_to),
        ("half", (base + pot_after_call // 2) // unit * unit),
        ("pot", (base + pot_after_call) // unit * unit),
        ("allin", legal.max_to),
    ]
    sizes, seen = [], set()
    for label, to in candidates:
        to = max(legal.min_to, min(legal.max_to, to))
        if to == legal.max_to:
            label = "allin"  # a pot-sized raise that takes every chip is an all-in
        if to not in seen:
            seen.add(to)
            sizes.append(Sizing(label, to))
    return sizes


def _seat_rows(state: TableState) -> list[SeatRow]:
    engine, hand = state.engine, state.hand
    names = state.engine_names()
    rows = []
    for seat in state.seats:
        name = names.get(seat.pk, seat.player.name)
        placement = getattr(seat, "placement", None)
        badges = []
        in_hand = False
        committed = 0
        if hand is not None and seat.pk == hand.button_id:
            badges.append("button")
        if engine is not None and name in engine.names:
            in_hand = name in engine.in_hand
            committed = engine.committed[name]
            if name == engine.small_blind_seat:
                badges.append("sb")
            if name == engine.big_blind_seat:
                badges.append("bb")
            if name in engine.all_in:
                badges.append("allin")
            if name in engine.folded:
                badges.append("folded")
        if seat.sitting_out and placement is None:
            badges.append("away")
        if placement is not None:  # the table's winner is placed too, but he is not out
            badges.append("winner" if placement.reason == PlacementReason.WINNER else "out")
        rows.append(
            SeatRow(
                seat_id=seat.pk,
                position=seat.position,
                name=name,
                stack=0 if placement is not None else state.stacks.get(seat.pk, 0),
                committed=committed,
                badges=tuple(badges),
                to_act=engine is not None and engine.to_act == name,
                place=placement.place if placement is not None else None,
                in_hand=in_hand,
                hole_cards=hand.hole_cards.get(name, "") if hand is not None else "",
            )
        )
    return rows


@dataclass(frozen=True)
class CardTarget:
    """Where the card picker puts the next tapped card: "board" or a seat id, with what it holds."""

    key: str
    label: str
    cards: str
    size: int

    @property
    def full(self) -> bool:
        return len(self.cards) >= 2 * self.size


def _card_targets(state: TableState, rows: list[SeatRow]) -> list[CardTarget]:
    hand = state.hand
    if hand is None:
        return []
    targets = [CardTarget("board", "", hand.board or "", 5)]
    targets += [CardTarget(str(row.seat_id), row.name, row.hole_cards, 2) for row in rows if row.in_hand]
    return targets


def _used_cards(state: TableState) -> set[str]:
    hand = state.hand
    if hand is None:
        return set()
    groups = [hand.board or "", *(hand.hole_cards or {}).values()]
    return {str(card) for group in groups for card in parse_cards(group)}


PANELS = ("cards", "manage")


def tracker_context(
    state: TableState,
    *,
    dealer_link: bool,
    picking: str | None = None,
    opened: str | None = None,
) -> dict:
    """The page's context. `opened`: the panels the page has open, comma-separated (tracker.js's header);
    None for a whole page, which draws every panel's body."""
    engine, hand = state.engine, state.hand
    legal = engine.legal_actions() if engine is not None else None
    pots: list[PotRow] = []
    if engine is not None:
        pots = [PotRow(k, pot.amount, pot.eligible) for k, pot in enumerate(engine.pots())]
    elif hand is not None and hand.result:
        pots = [
            PotRow(k, pot["amount"], tuple(pot["eligible"]), tuple(pot["winners"]))
            for k, pot in enumerate(hand.result["pots"])
        ]
    to_act_seat = state.seat_by_name().get(legal.player) if legal else None
    showdown_players = list(engine.in_hand) if engine is not None and engine.is_betting_over else []
    needs_decision = len(showdown_players) > 1 and any(len(p.eligible) > 1 for p in pots)
    recent = []
    if engine is not None:
        recent = [step for step in engine.history if step.kind not in holdem.FORCED][-6:]
    rows = _seat_rows(state)
    targets = _card_targets(state, rows)
    # The picker stays on the place the dealer chose while it has room, then moves to the next open one.
    chosen = next((t for t in targets if t.key == picking and not t.full), None)
    chosen = chosen or next((t for t in targets if not t.full), None)
    finished = state.table.status == TableStatus.FINISHED
    open_panels = set(opened[:100].split(",")) & set(PANELS) if opened else set()
    if hand is not None and hand.status == "showdown" and needs_decision:
        open_panels.add("cards")  # drawn open: the dealer may enter the cards to decide the pots
    lazy = set() if opened is None else set(PANELS) - open_panels
    result_stands = finished and state.result_stands
    jackpot_sum = None
    if finished and not result_stands:
        # The seats' entries came with the one read: results.standings.table_jackpot_sum without a query.
        jackpot_sum = cents(sum((seat.entry.jackpot_share for seat in state.seats), Decimal(0)))
    return {
        "table": state.table,
        "night": state.table.night,
        "state": state,
        "hand": hand,
        "engine": engine,
        "legal": legal,
        "to_act_seat": to_act_seat,
        "sizes": _quick_sizes(engine, legal) if legal else [],
        "seat_rows": rows,
        "card_targets": targets,
        "card_target": chosen.key if chosen else "",
        "used_cards": _used_cards(state),
        "opened": open_panels,
        "lazy": lazy,
        "result_stands": result_stands,
        "on_paper": state.on_paper,
        "jackpot_sum": jackpot_sum,
        "pots": pots,
        "pot_total": engine.pot_total if engine is not None else 0,
        "showdown_players": showdown_players,
        "needs_decision": needs_decision,
        "recent": recent,
        "finished": finished,
        "dealer_link": dealer_link,
        "chips_in_play": chips_in_play(state),
        "chips_expected": chips_expected(state),
    }
