"""Short labels of the dealer's page and the rail, in Python: drawn for every seat and log line after every
tap, an include each was a measurable part of the tap (docs/design.md, "The dealer's phone")."""

from __future__ import annotations

from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from league.web.numbers import format_chips
from tournaments.poker.holdem import FORCED

_BADGES = {
    "button": "D",
    "sb": "SB",
    "bb": "BB",
    "allin": _("all-in"),
    "folded": _("folded"),
    "away": _("sitting out"),
    "out": _("out"),
    "winner": _("winner"),
}


def badge_label(badge: str) -> str:
    """A seat's badge as the page shows it: D, SB, BB, all-in, folded, sitting out, out, winner."""
    return str(_BADGES.get(badge, ""))


_SIZES = {
    "min": _("Min"),
    "half": _("½ pot"),
    "pot": _("Pot"),
}


def size_label(label: str) -> str:
    """A quick size's name on its button: Min, ½ pot, Pot, All-in."""
    return str(_SIZES.get(label) or pgettext("poker tracker", "All-in"))


_STREETS = {
    "preflop": _("Pre-flop"),
    "flop": _("Flop"),
    "turn": _("Turn"),
    "river": _("River"),
    "showdown": _("Showdown"),
}


def street_label(street: str) -> str:
    """A street's name; anything else (a hand that is over) reads "Hand over"."""
    return str(_STREETS.get(street) or gettext("Hand over"))


_AMOUNT_STEPS = {  # kind: (text, which amount it names)
    "ante": (_("posts the ante %(n)s"), "added"),
    "small_blind": (_("posts the small blind %(n)s"), "added"),
    "big_blind": (_("posts the big blind %(n)s"), "added"),
    "call": (_("calls %(n)s"), "added"),
    "bet": (_("bets %(n)s"), "to"),
    "raise": (_("raises to %(n)s"), "to"),
}
_PLAIN_STEPS = {
    "fold": _("folds"),
    "check": _("checks"),
    "disqualify": _("is disqualified: cards folded, the chips behind leave play"),
}


def step_text(step) -> str:
    """What one step of a hand did, as the hand's log reads it ("raises to 400 (all-in)"); an include per
    log line was most of the log's cost, on the dealer's page after each tap and on the rail's card."""
    if step.kind in _AMOUNT_STEPS:
        text, amount = _AMOUNT_STEPS[step.kind]
        words = str(text) % {"n": format_chips(getattr(step, amount))}
    else:
        words = str(_PLAIN_STEPS.get(step.kind, ""))
    if step.all_in:
        words += f" ({gettext('all-in')})"
    if step.auto and step.kind not in FORCED:
        words += f" · {gettext('sitting out')}"
    return words
