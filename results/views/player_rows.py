"""A player's nights and best finishes as his page shows them: each figure already text in the page's language.

A publish renders every player's page again when a night is added (hundreds of pages). Written by the
template language one figure at a time (a URL reversed, a date formatted, a place's words looked up and a
number localized per row) the rows cost more than the rest of the page; made here once per row, the
template only places them. The text is what the template language wrote: whole numbers as digits, points
with the language's decimal mark, dates in the language's DATE_FORMAT, each escaped as it escaped them.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils import formats, translation
from django.utils.html import conditional_escape
from django.utils.translation import gettext

from results.players import Finish, PlayerNight
from results.views.table_rows import TemplateRow, around_id


class ShownNight(TemplateRow):
    url: str
    date: str
    table_number: str
    place: str  # "3. of 9"
    shared: bool  # others share his place
    counted: bool
    knockouts: str
    points: str
    total: str
    venue: str  # its venue's name in a league of several venues, else ""


@dataclass(frozen=True)
class ShownFinish:
    place: str
    shared: bool
    url: str
    date: str
    season: str


@lru_cache(maxsize=20_000)
def _date(date: datetime.date, language: str | None) -> str:
    # The language is part of the key: the format follows the active language.
    return conditional_escape(formats.date_format(date, "DATE_FORMAT"))


@receiver(setting_changed)
def _forget_formats(**kwargs) -> None:
    _date.cache_clear()  # a test that overrides a format setting gets the new format


def _place(place: int, table_size: int) -> str:
    return gettext("%(place)s. of %(n)s") % {"place": place, "n": table_size}


def shown_nights(nights: Iterable[PlayerNight], venues: dict[int, str] | None = None) -> list[ShownNight]:
    """His nights of the season as the page shows them, in the active language; `venues` names each night's
    venue (results.players.night_venues)."""
    venues = venues or {}
    before, after = around_id("night_results")
    language = translation.get_language()
    return [
        ShownNight(
            url=f"{before}{night.night_id}{after}",
            date=_date(night.date, language),
            table_number=str(night.table_number),
            place=_place(night.place, night.table_size),
            shared=night.tied > 1,
            counted=night.counted,
            knockouts=formats.localize(night.knockouts_shown),
            points=formats.localize(night.points_shown),
            total=formats.localize(night.total_shown),
            venue=conditional_escape(venues.get(night.night_id, "")),
        )
        for night in nights
    ]


def shown_finishes(finishes: Iterable[Finish]) -> list[ShownFinish]:
    """His best finishes of all seasons as the page shows them, in the active language."""
    before, after = around_id("night_results")
    language = translation.get_language()
    return [
        ShownFinish(
            place=_place(finish.place, finish.table_size),
            shared=finish.tied > 1,
            url=f"{before}{finish.night_id}{after}",
            date=_date(finish.date, language),
            season=finish.season,
        )
        for finish in finishes
    ]
