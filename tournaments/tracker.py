"""The hand tracker: the only place that turns a dealer's input into stored actions.

A hand's state is always the replay of its `Action` rows through the poker
engine. Every write locks the table row, compares the version the dealer's
phone saw with the current one (two phones on one table: the second tap is
refused, never applied twice), checks the input with the engine, and only
then writes.
"""
from __future__ import annotations

import logging
import re
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from .clock_control import blinds_now
from .models import Action, Hand, HandStatus, Placement, PlacementReason, Seat, Table, TableStatus
from .poker import holdem
from .seat_names import unique_names
from .poker.cards import CardError, ensure_distinct, format_cards, parse_cards


logger = logging.getLogger(__name__)


class TrackerError(Exception):
    """The input cannot be taken; the message is shown to the dealer as it is."""


class StaleTable(TrackerError):
    """The phone's view is out of date: someone else changed the table."""


@dataclass
class TableState:
    """Everything the tracker page shows, derived from the stored rows."""

    table: Table
    seats: list[Seat]  # every seat, clockwise
    hand: Hand | None  # the latest hand
    actions: list[Action] = field(default_factory=list)
    engine: holdem.Hand | None = None
    stacks: dict[int, int] = field(default_factory=dict)  # seat id -> chips now (behind, during a hand)

    @property
    def version(self) -> str:
        """What a request must have seen to change the table: its random revision, renewed by every change."""
        return self.table.revision

    @property
    def result_stands(self) -> bool:
        return result_stands(self.table)

    @property
    def hand_open(self) -> bool:
        return self.hand is not None and self.hand.status != HandStatus.COMPLETE

    @property
    def remaining(self) -> list[Seat]:
        """Seats still in the tournament (no placement yet)."""
        return [seat for seat in self.seats if not _has_placement(seat)]

    @property
    def placed(self) -> list[Seat]:
        """Seats that have their placement."""
        return [seat for seat in self.seats if _has_placement(seat)]

    def engine_names(self) -> dict[int, str]:
        if self.hand is not None:
            return {p["seat"]: p["name"] for p in self.hand.players}
        return unique_names(self.seats)

    def seat_by_name(self) -> dict[str, int]:
        return {name: seat_id for seat_id, name in self.engine_names().items()}


def result_stands(table: Table) -> bool:
    """The table is over and its result accepted (deposit confirmed, or the night finished):
    closed to the dealer link; only an organizer's recorded correction changes it now."""
    if table.status != TableStatus.FINISHED:
        return False
    from league.models import JackpotDeposit, NightStatus  # league imports tournaments' models

    return table.night.status == NightStatus.FINISHED or JackpotDeposit.objects.filter(table_id=table.pk).exists()


def _has_placement(seat: Seat) -> bool:
    # A missing reverse one-to-one raises an AttributeError subclass, so getattr's default applies.
    return getattr(seat, "placement", None) is not None


# --- reading --------------------------------------------------------------


def load_state(table: Table, *, for_update: bool = False) -> TableState:
    """Seats, the latest hand and its actions in three queries, replayed through the engine."""
    if for_update:
        table = Table.objects.select_for_update(of=("self",)).select_related("night__season").get(pk=table.pk)
    else:
        # The caller's instance may predate a change (a service renews the revision on its own copy):
        # the version shown must be the stored one, or the next tap would be refused as stale.
        table.refresh_from_db(fields=["revision", "status", "finished_at", "first_dealer"])
    seats = list(table.seats.select_related("entry__player", "placement").order_by("position"))
    hand = table.hands.order_by("-number").first()
    state = TableState(table=table, seats=seats, hand=hand)
    if hand is None:
        state.stacks = {seat.pk: seat.starting_stack for seat in seats}
        return state
    state.actions = list(hand.actions.order_by("index"))
    if hand.status == HandStatus.COMPLETE:
        state.stacks = {int(k): v for k, v in hand.final_stacks.items()}
    else:
        state.engine = _replay(hand, state.actions)
        by_name = state.seat_by_name()
        state.stacks = {by_name[name]: chips for name, chips in state.engine.stacks.items()}
    return state


def _setup(hand: Hand) -> holdem.HandSetup:
    names = {p["seat"]: p["name"] for p in hand.players}
    return holdem.HandSetup(
        players=tuple(holdem.Seat(p["name"], p["stack"], p["sitting_out"]) for p in hand.players),
        button=names[hand.button_id],
        small_blind=hand.small_blind,
        big_blind=hand.big_blind,
        min_bet_rule=hand.min_bet_rule,
    )


def _engine_actions(hand: Hand, actions: Sequence[Action]) -> list[holdem.Action]:
    names = {p["seat"]: p["name"] for p in hand.players}
    return [holdem.Action(names[a.seat_id], a.verb, a.to) for a in actions]


def _replay(hand: Hand, actions: Sequence[Action]) -> holdem.Hand:
    return holdem.replay(_setup(hand), _engine_actions(hand, actions))


def hand_steps(hand: Hand, actions: Sequence[Action]) -> list[holdem.Step]:
    """What each input of a stored hand did (blinds and automatic folds included), for the hand history."""
    return list(_replay(hand, actions).history)


def _disqualified(state: TableState) -> list[Seat]:
    return [seat for seat in state.placed if seat.placement.reason == PlacementReason.DISQUALIFIED]


def chips_in_play(state: TableState) -> int:
    """All chips at the table now, counted from the stacks and the pot."""
    if state.engine is not None:
        return sum(state.engine.stacks.values()) + state.engine.pot_total
    removed = {seat.pk for seat in _disqualified(state)}
    return sum(chips for seat_id, chips in state.stacks.items() if seat_id not in removed)


def chips_expected(state: TableState) -> int:
    """What chips_in_play must be: the players' starting chips less those a disqualification removed."""
    brought = sum(seat.starting_stack for seat in state.seats)
    return brought - sum(seat.placement.chips_removed for seat in _disqualified(state))


# --- writing --------------------------------------------------------------


def _locked(table: Table, version: str) -> TableState:
    """The table locked for this change, if the phone saw its current revision; the revision is renewed."""
    state = load_state(table, for_update=True)
    if result_stands(state.table):
        raise ResultStands(_("The result of this table stands: changes only by an organizer's correction."))
    if not isinstance(version, str) or not secrets.compare_digest(version.encode(), state.version.encode()):
        raise StaleTable(_("The table changed — reloaded. Check the current state and tap again."))
    # Renewed before the change is written, in the same transaction: if the change fails, both roll back.
    state.table.touch()
    return state


class ResultStands(TrackerError):
    """The table's result is accepted: the dealer link shows it read-only."""


def _next_button(state: TableState, playing: list[Seat]) -> Seat:
    if state.hand is None:
        if state.table.first_dealer_id is None:
            raise TrackerError(_("Draw or record the first dealer before the first hand."))
        return next(seat for seat in playing if seat.pk == state.table.first_dealer_id)
    previous = next(seat for seat in state.seats if seat.pk == state.hand.button_id)
    later = [seat for seat in playing if seat.position > previous.position]
    return later[0] if later else playing[0]


@transaction.atomic
def start_hand(*, table: Table, version: str) -> Hand:
    """Deal the next hand: the button moves on, busted players have left, blinds from the clock."""
    state = _locked(table, version)
    if state.table.status == TableStatus.FINISHED:
        raise TrackerError(_("This table is finished."))
    if state.hand_open:
        raise TrackerError(_("Finish the current hand first."))
    playing = [seat for seat in state.remaining if state.stacks.get(seat.pk, 0) > 0]
    if len(playing) < 2:
        raise TrackerError(_("A hand needs at least two players with chips."))
    button = _next_button(state, playing)
    level, small, big = blinds_now(state.table.night)
    names = unique_names(state.seats)
    hand = Hand.objects.create(
        table=state.table,
        number=(state.hand.number + 1) if state.hand else 1,
        button=button,
        level=level,
        small_blind=small,
        big_blind=big,
        min_bet_rule=state.table.night.season.min_bet_rule,
        players=[
            {"seat": seat.pk, "name": names[seat.pk], "stack": state.stacks[seat.pk], "sitting_out": seat.sitting_out}
            for seat in playing
        ],
    )
    engine = _replay(hand, [])
    _update_status(hand, engine)
    if state.table.status == TableStatus.WAITING:
        state.table.status = TableStatus.PLAYING
        state.table.save(update_fields=["status"])
    return hand


def _update_status(hand: Hand, engine: holdem.Hand) -> None:
    status = HandStatus.SHOWDOWN if engine.is_betting_over else HandStatus.BETTING
    if hand.status != status:
        hand.status = status
        hand.save(update_fields=["status"])


def _check_input(legal: holdem.LegalActions | None, name: str, verb: str, to: int | None) -> None:
    """The dealer's usual slips, said in his language; the engine's own refusal stays the last word."""
    if legal is None:
        return
    if name != legal.player:
        raise TrackerError(_("It is %(name)s's turn.") % {"name": legal.player})
    if verb == "check" and not legal.can_check:
        raise TrackerError(_("%(name)s cannot check facing a bet of %(bet)s.") % {"name": name, "bet": _chips(legal.bet)})
    if verb not in legal.verbs:
        raise TrackerError(_("That is not possible for %(name)s now; the buttons show what is.") % {"name": name})
    if verb in ("bet", "raise") and legal.min_to is not None and legal.max_to is not None:
        if to is None:
            raise TrackerError(_("Enter the amount."))
        if to < legal.min_to:
            raise TrackerError(_("%(to)s is below the minimum: enter at least %(min)s.") % {"to": _chips(to), "min": _chips(legal.min_to)})
        if to > legal.max_to:
            raise TrackerError(
                _("%(to)s is more than %(name)s has: at most %(max)s (all-in).")
                % {"to": _chips(to), "name": name, "max": _chips(legal.max_to)}
            )


def _chips(n: int) -> str:
    return formats.number_format(n, force_grouping=True)


@transaction.atomic
def record_action(*, table: Table, version: str, seat_id: int, verb: str, to: int | None = None) -> Action:
    state = _locked(table, version)
    if not state.hand_open or state.engine is None:
        raise TrackerError(_("No hand is being played: start the next hand."))
    name = state.engine_names().get(seat_id)
    if name is None:
        raise TrackerError(_("That player is not in this hand."))
    _check_input(state.engine.legal_actions(), name, verb, to)
    action = holdem.Action(name, verb, to)
    try:
        state.engine.apply(action)
    except holdem.HandError as error:
        raise TrackerError(_("Not allowed: %(reason)s") % {"reason": getattr(error, "reason", str(error))}) from error
    row = Action.objects.create(hand=state.hand, index=len(state.actions), seat_id=seat_id, verb=verb, to=to)
    _update_status(state.hand, state.engine)
    return row


@transaction.atomic
def undo(*, table: Table, version: str) -> None:
    """Take back the last input: a settlement first (while no later hand exists), else the last action."""
    state = _locked(table, version)
    hand = state.hand
    if hand is None:
        raise TrackerError(_("There is nothing to undo."))
    if hand.status == HandStatus.COMPLETE:
        # A disqualification during the hand stands: it is undone with its own input, not with the award.
        Placement.objects.filter(hand=hand).exclude(reason=PlacementReason.DISQUALIFIED).delete()
        hand.status, hand.final_stacks, hand.result, hand.finished_at = HandStatus.SHOWDOWN, None, None, None
        hand.pot_winners = None
        hand.save(update_fields=["status", "final_stacks", "result", "finished_at", "pot_winners"])
        if state.table.status == TableStatus.FINISHED:
            state.table.status, state.table.finished_at = TableStatus.PLAYING, None
            state.table.save(update_fields=["status", "finished_at"])
        _update_status(hand, _replay(hand, state.actions))
        return
    if not state.actions:
        # Dealt by mistake: the hand goes, the previous one is the latest again.
        hand.delete()
        if not state.table.hands.exists():
            state.table.status = TableStatus.WAITING
            state.table.save(update_fields=["status"])
        return
    last = state.actions[-1]
    if last.verb == holdem.DISQUALIFY:
        Placement.objects.filter(table=state.table, seat_id=last.seat_id, reason=PlacementReason.DISQUALIFIED).delete()
    last.delete()
    _update_status(hand, _replay(hand, state.actions[:-1]))


def _typed_cards(text: str) -> list:
    try:
        return parse_cards(text)
    except CardError:
        unknown = [token for token in re.split(r"[\s,]+", text) if token and not _is_cards(token)]
        raise TrackerError(
            _("Not a card: %(cards)s. Write cards like As Kd 10h.") % {"cards": ", ".join(unknown) or text}
        ) from None


def _is_cards(token: str) -> bool:
    try:
        parse_cards(token)
    except CardError:
        return False
    return True


def _parse_cards_input(board: str, hole_cards: Mapping[str, str]) -> tuple[str, dict[str, str]]:
    """Normalise what the dealer typed; unknown or repeated cards are refused with their names."""
    board_cards = _typed_cards(board or "")
    holes = {name: _typed_cards(value) for name, value in hole_cards.items() if value and value.strip()}
    try:
        ensure_distinct(board_cards, *holes.values())
    except CardError:
        everything = [card for cards in (board_cards, *holes.values()) for card in cards]
        twice = sorted({format_cards([card]) for card in everything if everything.count(card) > 1})
        raise TrackerError(_("Entered twice: %(cards)s.") % {"cards": ", ".join(twice)}) from None
    if len(board_cards) > 5:
        raise TrackerError(_("The board has at most five cards."))
    for name, cards in holes.items():
        if len(cards) != 2:
            raise TrackerError(_("%(name)s has two hole cards.") % {"name": name})
    return format_cards(board_cards), {name: format_cards(cards) for name, cards in holes.items()}


@transaction.atomic
def save_cards(*, table: Table, version: str, board: str, hole_cards: Mapping[str, str]) -> None:
    """The optional board and hole cards, as far as the dealer has them."""
    state = _locked(table, version)
    if not state.hand_open:
        raise TrackerError(_("No hand is being played: start the next hand."))
    known = set(state.seat_by_name())
    unknown = [name for name in hole_cards if name not in known]
    if unknown:
        raise TrackerError(_("That player is not in this hand."))
    state.hand.board, state.hand.hole_cards = _parse_cards_input(board, hole_cards)
    state.hand.save(update_fields=["board", "hole_cards"])


def _card_slots(state: TableState, target: str) -> tuple[str, int]:
    """The hole-card owner's engine name or "board", and how many cards that place holds."""
    if target == "board":
        return "board", 5
    try:
        seat_id = int(target)
    except ValueError:
        raise TrackerError(_("That player is not in this hand.")) from None
    name = state.engine_names().get(seat_id)
    if name is None or name not in {p["name"] for p in state.hand.players}:
        raise TrackerError(_("That player is not in this hand."))
    return name, 2


@transaction.atomic
def pick_card(*, table: Table, version: str, target: str, card: str) -> None:
    """One card tapped in the card picker, for the board or for one player's hole cards."""
    state = _locked(table, version)
    if not state.hand_open:
        raise TrackerError(_("No hand is being played: start the next hand."))
    place, size = _card_slots(state, target)
    try:
        picked = parse_cards(card)
    except CardError:
        raise TrackerError(_("Not a card: %(cards)s. Write cards like As Kd 10h.") % {"cards": card[:10]}) from None
    if len(picked) != 1:
        raise TrackerError(_("Tap one card at a time."))
    hand = state.hand
    board = parse_cards(hand.board or "")
    holes = {name: parse_cards(cards) for name, cards in (hand.hole_cards or {}).items()}
    used = set(board) | {c for cards in holes.values() for c in cards}
    if picked[0] in used:
        raise TrackerError(_("Entered twice: %(cards)s.") % {"cards": format_cards(picked)})
    current = board if place == "board" else holes.get(place, [])
    if len(current) >= size:
        raise TrackerError(_("That place is full: clear it first."))
    current = [*current, picked[0]]
    if place == "board":
        hand.board = format_cards(current)
    else:
        hand.hole_cards = {**(hand.hole_cards or {}), place: format_cards(current)}
    hand.save(update_fields=["board", "hole_cards"])


@transaction.atomic
def clear_cards(*, table: Table, version: str, target: str) -> None:
    """Take back the board's or one player's cards, to tap them again."""
    state = _locked(table, version)
    if not state.hand_open:
        raise TrackerError(_("No hand is being played: start the next hand."))
    place, _size = _card_slots(state, target)
    hand = state.hand
    if place == "board":
        hand.board = ""
    else:
        hand.hole_cards = {name: cards for name, cards in (hand.hole_cards or {}).items() if name != place}
    hand.save(update_fields=["board", "hole_cards"])


def _check_showdown_cards(hand: Hand, engine: holdem.Hand) -> None:
    if len(parse_cards(hand.board or "")) != 5:
        raise TrackerError(_("Enter all five board cards, or tap the winners."))
    missing = [name for name in engine.in_hand if not hand.hole_cards.get(name)]
    if missing:
        raise TrackerError(_("Enter the hole cards of %(names)s, or tap the winners.") % {"names": ", ".join(missing)})


@transaction.atomic
def settle(*, table: Table, version: str, pot_winners: Sequence[Sequence[str]] | None = None) -> holdem.HandResult:
    """End the hand: by the cards entered, by the winners the dealer named per pot, or with one player left."""
    state = _locked(table, version)
    if not state.hand_open or state.engine is None:
        raise TrackerError(_("No hand is being played: start the next hand."))
    hand, engine = state.hand, state.engine
    if not engine.is_betting_over:
        raise TrackerError(_("The betting is not over: %(name)s is to act.") % {"name": engine.to_act})
    try:
        if pot_winners is not None:
            result = engine.settle(pot_winners=pot_winners)
        elif len(engine.in_hand) == 1 or all(len(pot.eligible) == 1 for pot in engine.pots()):
            result = engine.settle()
        else:
            _check_showdown_cards(hand, engine)
            result = engine.settle(hole_cards=hand.hole_cards, board=hand.board)
    except holdem.HandError as error:
        raise TrackerError(_("Cannot settle: %(reason)s") % {"reason": str(error)}) from error
    by_name = state.seat_by_name()
    hand.final_stacks = {str(by_name[name]): chips for name, chips in result.stacks.items()}
    hand.pot_winners = [list(pot.winners) for pot in result.pots] if pot_winners is not None else None
    hand.result = {
        "pots": [
            {"amount": pot.amount, "eligible": list(pot.eligible), "winners": list(pot.winners), "shares": list(pot.shares)}
            for pot in result.pots
        ],
        "returned": result.returned,
        "busted": list(result.busted),
    }
    hand.status, hand.finished_at = HandStatus.COMPLETE, timezone.now()
    hand.save(update_fields=["final_stacks", "pot_winners", "result", "status", "finished_at"])
    _record_eliminations(state, hand, result, by_name)
    return result


def _record_eliminations(state: TableState, hand: Hand, result: holdem.HandResult, by_name: dict[str, int]) -> None:
    """Busted players take the lowest open places; more chips at the hand's start places better, equal chips tie."""
    remaining = len(state.remaining)
    start = {p["name"]: p["stack"] for p in hand.players}
    place = remaining - len(result.busted) + 1
    previous_stack, previous_place = None, place
    for name in result.busted:  # best first
        this_place = previous_place if start[name] == previous_stack else place
        Placement.objects.create(
            table=state.table, seat_id=by_name[name], place=this_place, reason=PlacementReason.BUSTED, hand=hand
        )
        previous_stack, previous_place = start[name], this_place
        place += 1
    survivors = [name for name, chips in result.stacks.items() if chips > 0]
    still_seated = remaining - len(result.busted)
    if len(survivors) == 1 and still_seated == 1:
        Placement.objects.create(
            table=state.table, seat_id=by_name[survivors[0]], place=1, reason=PlacementReason.WINNER, hand=hand
        )
        _finish(state.table)


def _finish(table: Table) -> None:
    table.status, table.finished_at = TableStatus.FINISHED, timezone.now()
    table.save(update_fields=["status", "finished_at"])
    transaction.on_commit(lambda: _keep_figures(table.pk))


def _keep_figures(table_id: int) -> None:
    """Replay the finished table's hands once now, so statistics pages never wait for a whole table."""
    from .statistics import keep_table_figures  # statistics reads through this module

    try:
        keep_table_figures(table_id)
    except Exception:  # the figures are rebuilt on the next visit anyway; the table's result stands
        logger.exception("could not keep the figures of table %s", table_id)


@transaction.atomic
def set_sitting_out(*, table: Table, version: str, seat_id: int, sitting_out: bool) -> None:
    """Away from the table: from the next hand on his blinds are taken and his cards folded (or checked)."""
    state = _locked(table, version)
    seat = next((s for s in state.remaining if s.pk == seat_id), None)
    if seat is None:
        raise TrackerError(_("That player is not at this table."))
    Seat.objects.filter(pk=seat.pk).update(sitting_out=sitting_out)


@transaction.atomic
def disqualify(*, table: Table, version: str, seat_id: int) -> Placement:
    """Immediate disqualification (seed 002, rule 13), between hands or during one.

    During a hand it is an input of the hand (verb ``disqualify``, replayed like any other): his cards
    are folded, what he put in stays in the pot, his chips behind leave play (recorded on his placement)
    and the action goes on. He takes the lowest open place at once.
    """
    state = _locked(table, version)
    if state.table.status == TableStatus.FINISHED:
        raise TrackerError(_("This table is finished."))
    seat = next((s for s in state.remaining if s.pk == seat_id), None)
    if seat is None:
        raise TrackerError(_("That player is not at this table."))
    remaining = len(state.remaining)
    hand, engine = state.hand, state.engine
    in_this_hand = state.hand_open and engine is not None and state.engine_names().get(seat.pk) in engine.names
    if in_this_hand:
        name = state.engine_names()[seat.pk]
        try:
            engine.apply(holdem.Action(name, holdem.DISQUALIFY))
        except holdem.HandError as error:
            raise TrackerError(_("Not allowed: %(reason)s") % {"reason": getattr(error, "reason", str(error))}) from error
        Action.objects.create(hand=hand, index=len(state.actions), seat_id=seat.pk, verb=holdem.DISQUALIFY)
        _update_status(hand, engine)
        chips_removed = engine.removed[name]
    else:
        chips_removed = state.stacks.get(seat.pk, 0)
    placement = Placement.objects.create(
        table=state.table,
        seat=seat,
        place=remaining,
        reason=PlacementReason.DISQUALIFIED,
        chips_removed=chips_removed,
        hand=hand if in_this_hand else None,
    )
    if remaining - 1 == 1 and not in_this_hand:
        winner = next(s for s in state.remaining if s.pk != seat.pk)
        Placement.objects.create(table=state.table, seat=winner, place=1, reason=PlacementReason.WINNER)
        _finish(state.table)
    return placement


# --- export ---------------------------------------------------------------


def replay_json(hand: Hand, actions: Sequence[Action]) -> dict:
    """The hand exactly as `manage.py replay_hand` reads it."""
    names = {p["seat"]: p["name"] for p in hand.players}
    data: dict = {
        "blinds": {"small": hand.small_blind, "big": hand.big_blind},
        "button": names[hand.button_id],
        "players": [
            {"name": p["name"], "stack": p["stack"], **({"sitting_out": True} if p["sitting_out"] else {})}
            for p in hand.players
        ],
        "actions": [
            {"player": names[a.seat_id], "action": a.verb, **({"to": a.to} if a.to is not None else {})} for a in actions
        ],
        "min_bet_rule": hand.min_bet_rule,
    }
    if hand.pot_winners is not None:
        data["pot_winners"] = hand.pot_winners
    else:
        if hand.hole_cards:
            data["hole_cards"] = hand.hole_cards
        if hand.board:
            data["board"] = hand.board
    return data
