"""The cards the dealer enters: typed all at once, or tapped one by one in the picker, and cleared."""

from __future__ import annotations

import re
from collections.abc import Mapping

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Table
from tournaments.poker.cards import CardError, ensure_distinct, format_cards, parse_cards
from tournaments.tracker.services.change import locked, save, write_hand
from tournaments.tracker.services.state import TableState, TrackerError


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
    state = locked(table, version)
    if not state.hand_open:
        raise TrackerError(_("No hand is being played: start the next hand."))
    known = set(state.seat_by_name())
    unknown = [name for name in hole_cards if name not in known]
    if unknown:
        raise TrackerError(_("That player is not in this hand."))
    state.hand.board, state.hand.hole_cards = _parse_cards_input(board, hole_cards)
    write_hand(state.hand, "board", "hole_cards")
    save(state)


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
    state = locked(table, version)
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
    write_hand(hand, "board", "hole_cards")
    save(state)


@transaction.atomic
def clear_cards(*, table: Table, version: str, target: str) -> None:
    """Take back the board's or one player's cards, to tap them again."""
    state = locked(table, version)
    if not state.hand_open:
        raise TrackerError(_("No hand is being played: start the next hand."))
    place, _size = _card_slots(state, target)
    hand = state.hand
    if place == "board":
        hand.board = ""
    else:
        hand.hole_cards = {name: cards for name, cards in (hand.hole_cards or {}).items() if name != place}
    write_hand(hand, "board", "hole_cards")
    save(state)
