"""The season's nights as the jackpot page lists them: each date, amount and link already text in the page's
language.

A season of forty nights has forty rows; written by the template language one at a time (a URL reversed, a
date formatted and an amount written per night) they cost most of the page's template time. Made here once
per row, the template only places them. The text is what the template language wrote: the date in the
language's DATE_FORMAT, the amount as the `money` filter writes it, the tables still to confirm as its
plural.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils import dateformat, formats
from django.utils.translation import ngettext

from league.web.money import format_money
from results.jackpot import NightContribution
from results.views.table_rows import TemplateRow, around_id


class ShownNight(TemplateRow):
    results_url: str
    date: str
    confirmed: str
    to_confirm: str  # "(2 tables to confirm)"'s inner text, or ""


def shown_nights(nights: Iterable[NightContribution]) -> list[ShownNight]:
    """`nights` as the jackpot page lists them, in the active language."""
    before, after = around_id("night_results")
    date_format = formats.get_format("DATE_FORMAT")
    return [
        ShownNight(
            results_url=f"{before}{night.night_id}{after}",
            date=dateformat.format(night.date, date_format),
            confirmed=format_money(night.confirmed),
            to_confirm=_to_confirm(night.outstanding),
        )
        for night in nights
    ]


def _to_confirm(outstanding: int) -> str:
    if not outstanding:
        return ""
    # As {% blocktranslate count %} wrote it; the template escapes it (the words hold nothing to escape).
    return ngettext("%(n)s table to confirm", "%(n)s tables to confirm", outstanding) % {"n": outstanding}
