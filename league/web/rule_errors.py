"""The organizer's words for the rules `standings.py` enforces, in one place for forms and services."""
from django.utils.translation import gettext_lazy as _

from league.rules.standings import RulesError

MESSAGES = {
    "places_count": _("Enter a place for each of the %(expected)s players."),
    "place_out_of_range": _("The place %(place)s lies outside 1 to %(n)s."),
    "one_winner": _("Exactly one player wins the table: give place 1 to one player."),
    "place_gap": _(
        "%(tied)s players share place %(previous)s, so they cover the places up to %(last)s: "
        "the next place is %(expected)s, not %(place)s."
    ),
    "scheme_unknown": _("Unknown points scheme “%(value)s”."),
    "points_empty": _("Enter the points for 1st, 2nd, ... place, separated by commas."),
    "points_not_whole": _("“%(value)s” is not a whole number of points."),
    "points_too_big": _("“%(value)s” points are too many: at most %(limit)s per place."),
    "points_too_many": _("At most %(limit)s places can earn points."),
    "points_rising": _("A place cannot earn more points than the place before it."),
    "split_empty": _("Enter the percent for 1st, 2nd, ... place, separated by commas."),
    "split_not_a_number": _("“%(value)s” is not a number."),
    "split_not_positive": _("Every share must be more than 0%%: “%(value)s”."),
    "split_not_100": _("The shares add up to %(total)s%%, not 100%%."),
}


def rules_message(error: RulesError) -> str:
    params = dict(error.params)
    if error.code == "place_gap":
        params["last"] = params["previous"] + params["tied"] - 1
    return str(MESSAGES.get(error.code, error.code)) % params
