"""The bars and dates of a player's season chart, written in Python: at 200 nights a chart has 200 bars, and the same
markup through the template language cost a player's page 20 ms (a date formatted per bar). The output is
what `results/_season_chart.html` wrote bar by bar and date by date."""

from __future__ import annotations

import datetime
from functools import lru_cache

from django import template
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils import formats, translation
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

register = template.Library()


@lru_cache(maxsize=20_000)
def _short_date(date: datetime.date, language: str | None) -> str:
    # The language is part of the key: the format (and its cache) follow the active language.
    return conditional_escape(formats.date_format(date, "SHORT_DATE_FORMAT"))


@receiver(setting_changed)
def _forget_formats(**kwargs) -> None:
    _short_date.cache_clear()
    _month_day.cache_clear()  # a test that overrides a format setting gets the new format


@register.simple_tag
def chart_bars(chart) -> SafeString:
    """Every bar: a night he played, its height and his points."""
    language = translation.get_language()
    points = conditional_escape(gettext("points"))
    out = []
    for bar in chart.bars:
        night = bar["night"]
        date = _short_date(night.date, language)
        shown = conditional_escape(formats.localize(night.points_shown))
        out.append(
            f'<rect class="bar" x="{bar["x"]}" y="{bar["y"]}" width="{bar["w"]}" height="{bar["h"]}">'
            f"<title>{date}: {shown} {points}</title></rect>"
        )
    return mark_safe("".join(out))


@lru_cache(maxsize=20_000)
def _month_day(date: datetime.date, language: str | None) -> str:
    return conditional_escape(formats.date_format(date, "MONTH_DAY_FORMAT"))


@register.simple_tag
def chart_labels(chart) -> SafeString:
    """The dates under the bars (every few nights), every other one marked to be set lower."""
    language = translation.get_language()
    return mark_safe(
        "".join(
            f'<text class="date{" alternate" if index % 2 else ""}" x="{label["x"]}" y="{label["y"]}" text-anchor="middle">'
            f"{_month_day(label['date'], language)}</text>"
            for index, label in enumerate(chart.labels)
        )
    )
