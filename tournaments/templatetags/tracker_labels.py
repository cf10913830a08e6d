"""Short labels of the dealer's page, in Python: drawn for every seat after every tap, an include each was
a measurable part of the tap (README, "The dealer's phone")."""
from __future__ import annotations

from django import template
from django.utils.translation import gettext_lazy as _

register = template.Library()

_BADGES = {
    "button": "D",
    "sb": "SB",
    "bb": "BB",
    "allin": _("all-in"),
    "folded": _("folded"),
    "away": _("sitting out"),
    "out": _("out"),
}


@register.filter
def badge_label(badge: str) -> str:
    """A seat's badge as the page shows it: D, SB, BB, all-in, folded, sitting out, out."""
    return str(_BADGES.get(badge, ""))
