"""{% load cardfaces %}: cards as people read them (tournaments/hands/cardfaces.py): "Q♥", not "Qh"."""

from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache

from django import template
from django.template.loader import render_to_string
from django.utils.html import format_html_join
from django.utils.safestring import SafeString

from tournaments.hands.cardfaces import cardface_text, colour, face, picker_rows
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
# language is a fifth of a tap's CPU; the cards in play change far less often than the page is drawn, so
# each set of them is drawn once (a hand has at most a few dozen sets; nothing in it depends on the language).
@lru_cache(maxsize=128)
def _picker(used: frozenset[str]) -> SafeString:
    return render_to_string("tournaments/hands/_card_picker.html", {"rows": picker_rows(used)})
