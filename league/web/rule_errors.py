"""The organizer's words for the rules `standings.py` enforces, in one place for forms and services."""

from django.utils import formats
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from league.rules.standings import FormulaFailure, RulesError

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
    "formula_empty": _("Enter a formula, for example n - r + 1."),
    "formula_too_long": _("The formula is %(length)s characters long: at most %(limit)s."),
    "formula_syntax": _(
        "The formula cannot be read: check the brackets and operators. A condition is written “5 if r == 1 else 0”, “r == 1 ? 5 : 0” or “if(r == 1, 5, 0)”."
    ),
    "formula_unknown_name": _("“%(name)s” is not a variable of the formula (n, N, r, k, fee, t)."),
    "formula_unknown_function": _(
        "“%(name)s” is not a function of the formula (min, max, round, sqrt, log, abs, floor, ceil)."
    ),
    "formula_not_allowed": _(
        "The formula may hold numbers, the variables, + − * / ** %%, comparisons, “… if … else …” and the functions only."
    ),
    "formula_bit_operator": _("^ and the other bit operators are not arithmetic here: write a power as n ** 2."),
    "formula_division_by_zero": _("The formula divides by zero for place %(place)s at a table of %(n)s."),
    "formula_math": _(
        "The formula has no value for place %(place)s at a table of %(n)s (a square root of a negative number, or the log of 0?)."
    ),
    "formula_negative": _(
        "The formula gives %(value)s points for place %(place)s at a table of %(n)s: points cannot be negative."
    ),
    "formula_not_finite": _("The formula gives no finite number for place %(place)s at a table of %(n)s."),
    "formula_too_large": _(
        "The formula gives %(value)s points for place %(place)s at a table of %(n)s: at most %(limit)s."
    ),
    "formula_not_a_number": _("The formula must give a number."),
    "formula_round_digits": _(
        "round(x, d) rounds to d digits, a whole number from −%(limit)s to %(limit)s, not %(value)s (place %(place)s at a table of %(n)s)."
    ),
    "formula_too_complex": _("The formula has %(count)s operations: at most %(limit)s."),
    "formula_check_too_big": _(
        "The formula reads both the night and the knockouts with %(count)s operations: too many to check on every night up to %(nights)s players with every knockout count. At most %(most)s operations here."
    ),
    "formula_arguments": _("“%(name)s” cannot take %(count)s values (see the functions below the field)."),
    "knockout_points_range": _("Points per knockout: from 0 to %(limit)s."),
    "best_nights_range": _("The nights that count: from 0 (every night) to %(limit)s."),
}


# Where a formula fails, besides the place and the table: the night and the knockouts, when it reads them.
_FORMULA_WHERE = {
    (True, True): _("On a night of %(night)s players, with %(knockouts)s knockouts."),
    (True, False): _("On a night of %(night)s players."),
    (False, True): _("With %(knockouts)s knockouts."),
}


def rules_message(error: RulesError) -> str:
    params = {"place": "?", "n": "?", **error.params}
    if error.code == "place_gap":
        params["last"] = params["previous"] + params["tied"] - 1
    text = str(MESSAGES.get(error.code, error.code)) % params
    where = _FORMULA_WHERE.get(("night" in params, "knockouts" in params))
    if error.code.startswith("formula_") and where is not None:
        text = f"{text} {where % params}"
    return text


def formula_failure_message(failure: FormulaFailure) -> str:
    """A night the season's formula fails for, as the season's page, the points page and `check_league` say it."""
    reason = rules_message(RulesError(failure.code, **failure.params))
    text = _("%(date)s, table %(table)s, place %(place)s: %(reason)s") % {
        "date": formats.date_format(failure.night_date, "SHORT_DATE_FORMAT"),
        "table": failure.table_number,
        "place": failure.place,
        "reason": reason,
    }
    return f"{text} " + ngettext(
        "%(n)s placement of this night counts 0 points until the formula is changed.",
        "%(n)s placements of this night count 0 points until the formula is changed.",
        failure.placements,
    ) % {"n": failure.placements}
