"""The season's nights as the public home page lists them: each date, status and link already text in the
page's language.

A season of forty nights has forty rows; written by the template language one at a time (a date formatted,
the status's label looked up in the field's choices and two URLs reversed per night) they cost most of the
page's time. Made here once per row, the template only places them. The text is what the template language
wrote: the date in the language's DATE_FORMAT, the status's label in the active language.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from django.urls import reverse
from django.utils import dateformat, formats

from league.models import NightStatus

_MARK = 987654321  # an id no league reaches: the one place the route puts it


class ShownNight(dict):
    """A night's texts, read as `row.date` in Python and in the template (as results.views.table_rows.TemplateRow,
    which the league's layer cannot import: a dict, found by the template's first lookup; an object's attributes
    were an exception raised and caught for each)."""

    pk: int  # the organizer's links (the desk, the jackpot) are his alone and made by the template
    date: str
    status: str
    drawn: bool  # past registration: its seating and results are shown
    seating_url: str
    results_url: str
    venue_id: int
    run: bool  # the signed-in organizer runs it: the desk and jackpot links are his

    def __getattr__(self, name: str):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


def shown_nights(
    nights: Iterable[tuple[int, datetime.date, str, int]], run_venues: frozenset[int] | None = frozenset()
) -> list[ShownNight]:
    """`nights` (id, date, status and venue: model objects for forty nights cost as much again) as the home
    page lists them, in the active language. `run_venues`: the venues the visitor runs (None: every one, a
    league organizer; empty: none, a visitor)."""
    date_format = formats.get_format("DATE_FORMAT")
    labels = {value: str(label) for value, label in NightStatus.choices}
    seating = _around_id("seating")
    results = _around_id("night_results")
    return [
        ShownNight(
            pk=pk,
            date=dateformat.format(date, date_format),
            status=labels.get(status, status),
            drawn=status != NightStatus.REGISTRATION,
            seating_url=f"{seating[0]}{pk}{seating[1]}",
            results_url=f"{results[0]}{pk}{results[1]}",
            venue_id=venue_id,
            run=run_venues is None or venue_id in run_venues,
        )
        for pk, date, status, venue_id in nights
    ]


def _around_id(name: str) -> tuple[str, str]:
    """The route `name` before and after its id, reversed once for the page's rows."""
    before, after = reverse(name, args=[_MARK]).split(str(_MARK))
    return before, after
