"""Cards as people read them: rank and suit symbol, hearts and diamonds in red ("Q♥", not "Qh")."""
from __future__ import annotations

from django import template
from django.utils.html import format_html_join

from ..poker.cards import CardError, parse_cards

register = template.Library()

SUITS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
RED = {"h", "d"}
RANKS = "AKQJT98765432"


def rank_label(rank: str) -> str:
    return "10" if rank == "T" else rank


def face(code: str) -> str:
    """'Qh' -> 'Q♥' (plain text, for labels)."""
    return f"{rank_label(code[0].upper())}{SUITS[code[1].lower()]}"


@register.filter
def cardfaces(value: str | None) -> str:
    """'AhKd' (or 'Ah Kd') -> spans 'A♥ K♦' coloured by suit; text that is not cards is shown as it is."""
    if not value:
        return ""
    try:
        cards = [str(card) for card in parse_cards(value)]
    except CardError:
        return value
    return format_html_join(
        " ", '<span class="cardface {}">{}</span>', ((("red" if c[1] in RED else "black"), face(c)) for c in cards)
    )


@register.filter
def cardface_text(value: str | None) -> str:
    """The same without markup: 'A♥ K♦'."""
    if not value:
        return ""
    try:
        return " ".join(face(str(card)) for card in parse_cards(value))
    except CardError:
        return value


@register.simple_tag
def card_picker_rows(used: set[str]) -> list:
    """Four rows (♠ ♥ ♦ ♣) of thirteen ranks (A to 2): (code, label, colour, used)."""
    return [
        [(f"{rank}{suit}", rank_label(rank), "red" if suit in RED else "black", f"{rank}{suit}" in used) for rank in RANKS]
        for suit in SUITS
    ]


