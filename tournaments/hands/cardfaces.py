"""Cards as people read them: rank and suit symbol, hearts and diamonds in red ("Q♥", not "Qh").

Plain text and the picker's cards as data; the markup is drawn by tournaments/templatetags/cardfaces.py and
templates/tournaments/hands/_card_picker.html."""

from __future__ import annotations

from typing import NamedTuple

from tournaments.poker.cards import CardError, parse_cards

SUITS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
RED = {"h", "d"}
RANKS = "AKQJT98765432"


class PickerCard(NamedTuple):
    code: str  # "Th"
    colour: str  # red or black
    ten: bool  # two digits: the button is drawn a little narrower
    label: str  # "10♥"
    used: bool  # already on the board or in a hand: the button is disabled


def rank_label(rank: str) -> str:
    return "10" if rank == "T" else rank


def face(code: str) -> str:
    """'Qh' -> 'Q♥' (plain text, for labels)."""
    return f"{rank_label(code[0].upper())}{SUITS[code[1].lower()]}"


def colour(code: str) -> str:
    return "red" if code[1].lower() in RED else "black"


def cardface_text(value: str | None) -> str:
    """The same without markup: 'A♥ K♦'."""
    if not value:
        return ""
    try:
        return " ".join(face(str(card)) for card in parse_cards(value))
    except CardError:
        return value


# The picker's four rows (♠ ♥ ♦ ♣) of thirteen cards (A to 2).
PICKER_ROWS = [[f"{rank}{suit}" for rank in RANKS] for suit in SUITS]


def picker_card(code: str, used: bool) -> PickerCard:
    return PickerCard(code, colour(code), code[0] == "T", face(code), used)
