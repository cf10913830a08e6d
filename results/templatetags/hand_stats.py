"""Showing statistics: shared knockouts as fractions (1½), missing ratios as a dash."""

from __future__ import annotations

from fractions import Fraction

from django import template
from django.template.defaultfilters import floatformat

from league.web.numbers import format_percent

register = template.Library()

_VULGAR = {
    Fraction(1, 2): "½",
    Fraction(1, 3): "⅓",
    Fraction(2, 3): "⅔",
    Fraction(1, 4): "¼",
    Fraction(3, 4): "¾",
    Fraction(1, 5): "⅕",
    Fraction(1, 6): "⅙",
}


@register.filter
def share(value) -> str:
    """A knockout count that may be shared: 2, ½, 1½, or 7/12 when no single sign fits."""
    value = Fraction(value)
    whole, part = divmod(value, 1)
    if not part:
        return str(whole)
    sign = _VULGAR.get(part)
    if sign is None:
        return f"{whole} {part.numerator}/{part.denominator}" if whole else f"{part.numerator}/{part.denominator}"
    return f"{whole}{sign}" if whole else sign


@register.filter
def stat_percent(value) -> str:
    """23.5 -> "23,5 %" in German, "23.5%" in English; None -> "–"."""
    return "–" if value is None else format_percent(value, decimals=1)


@register.filter
def ratio(value) -> str:
    if value is None:
        return "–"
    return floatformat(value, 2)
