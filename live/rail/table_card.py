"""One table's card on the rail: `templates/live/rail/_table_card.html`, given the odds as the card says them.

Drawn once per state of a table for every screen that shows it (the table's rail, the night's rail, the
streams' events: `live/rail/views.py` keeps it per version). The figures are made text here (a percentage
never reads 0 % or 100 % for what may still happen); the template escapes every value.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from django.template.loader import get_template
from django.utils.translation import gettext

from league.web.numbers import format_percent
from live.rail.tables import RailOdds, RailTable

__all__ = ["card_html"]


@dataclass(frozen=True)
class Chance:
    """A seat's chance in one pot, as the card says it."""

    pot: int
    odds: RailOdds
    pot_name: str  # "" when the card names no pot (no side pot with other players)
    win: str
    split: str  # "" without a chance to split


def card_html(rt: RailTable) -> str:
    # Side pots with other players than the main pot's: every chance names its pot, also a short stack's one.
    named = any(len(seat.pot_odds) > 1 for seat in rt.seats)
    seats = [(seat, [_chance(k, odds, named) for k, odds in seat.pot_odds or ()]) for seat in rt.seats]
    out = sum(1 for gone in rt.eliminations if not gone.winner)  # the table's winner is placed, not out
    return get_template("live/rail/_table_card.html").render({"rt": rt, "seats": seats, "named": named, "out": out})


def _chance(pot: int, odds: RailOdds, named: bool) -> Chance:
    pot_name = (gettext("Main pot") if pot == 0 else f"{gettext('Side pot')} {pot}") if named else ""
    return Chance(pot, odds, pot_name, _percent(odds.win), _percent(odds.split) if odds.ties else "")


def _percent(share) -> str:
    """A whole percent; never 0 % or 100 % for what may still happen (or not)."""
    if 0 < share < Fraction(1, 100):
        return "<" + format_percent(1)
    if Fraction(99, 100) < share < 1:
        return ">" + format_percent(99)
    return format_percent(round(share * 100))
