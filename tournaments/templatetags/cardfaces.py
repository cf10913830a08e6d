"""{% load cardfaces %}: cards as people read them (tournaments/hands/cardfaces.py): "Q♥", not "Qh"."""

from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache

from django import template
from django.template.loader import get_template, render_to_string
from django.utils.html import format_html_join
from django.utils.safestring import SafeString

from tournaments.hands.cardfaces import PICKER_ROWS, cardface_text, colour, face, picker_card
from tournaments.poker.cards import CardError, parse_cards

register = template.Library()
register.filter("cardface_text", cardface_text)


@register.filter
def cardfaces(value: str | None) -> str:
    """'AhKd' (or 'Ah Kd') -> spans 'A♥ K♦' coloured by suit; text that is not cards is shown as it is."""
    if not value:
        return ""
    try:
        cards = [str(card) for card in parse_cards(value)]
    except CardError:
        return value
    # A filter on every seat row after each tap: a template per card would cost more than the row.
    return format_html_join(" ", '<span class="cardface {}">{}</span>', ((colour(c), face(c)) for c in cards))


@register.simple_tag
def card_picker(used: Collection[str]) -> SafeString:
    """The picker's 52 buttons, the cards in `used` disabled."""
    return _picker(frozenset(used))


# The picker is on the dealer's page after every tap, and drawing its 52 buttons through the template
# language is a fifth of a tap's CPU. Each button, free and taken, is drawn once a process; the rows of them
# once for each set of cards in play (they change far less often than the page is drawn). Nothing in them
# depends on the language.
@lru_cache(maxsize=128)
def _picker(used: frozenset[str]) -> SafeString:
    buttons = _buttons()
    rows = [[buttons[code, code in used] for code in row] for row in PICKER_ROWS]
    return render_to_string("tournaments/hands/_card_picker.html", {"rows": rows})


@lru_cache(maxsize=1)
def _buttons() -> dict[tuple[str, bool], SafeString]:
    button = get_template("tournaments/hands/_card_picker_button.html")
    return {
        (code, used): button.render({"card": picker_card(code, used)})
        for row in PICKER_ROWS
        for code in row
        for used in (False, True)
    }
