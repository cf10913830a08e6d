"""Cards as people read them: rank and suit symbol, hearts and diamonds in red ("Q♥", not "Qh")."""

from __future__ import annotations

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from tournaments.poker.cards import CardError, parse_cards

SUITS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
RED = {"h", "d"}
RANKS = "AKQJT98765432"


def rank_label(rank: str) -> str:
    return "10" if rank == "T" else rank


def face(code: str) -> str:
    """'Qh' -> 'Q♥' (plain text, for labels)."""
    return f"{rank_label(code[0].upper())}{SUITS[code[1].lower()]}"


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


def cardface_text(value: str | None) -> str:
    """The same without markup: 'A♥ K♦'."""
    if not value:
        return ""
    try:
        return " ".join(face(str(card)) for card in parse_cards(value))
    except CardError:
        return value


def _picker_button(code: str, used: bool) -> str:
    colour = "red" if code[1] in RED else "black"
    return format_html(
        '<button name="card" value="{}" class="pick {}{}"{} aria-label="{}">{}</button>',
        code,
        colour,
        " ten" if code[0] == "T" else "",
        mark_safe(" disabled") if used else "",
        face(code),
        cardfaces(code),
    )


# Every card's button, free and taken, made once: the picker is on the dealer's page after every tap,
# and drawing its 52 buttons through the template language was a fifth of a tap's CPU.
_BUTTONS = {
    (f"{rank}{suit}", used): _picker_button(f"{rank}{suit}", used)
    for rank in RANKS
    for suit in SUITS
    for used in (False, True)
}


def card_picker(used: set[str]) -> SafeString:
    """The picker's four rows (♠ ♥ ♦ ♣) of thirteen buttons (A to 2), the cards in `used` disabled."""
    rows = (
        '<div class="suit-row">'
        + "".join(_BUTTONS[(f"{rank}{suit}", f"{rank}{suit}" in used)] for rank in RANKS)
        + "</div>"
        for suit in SUITS
    )
    return mark_safe("".join(rows))
