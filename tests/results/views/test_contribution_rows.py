"""The jackpot page's nights as text: the same as the template language writes the same figures, German and
English."""

import datetime
from decimal import Decimal

import pytest
from django.template import engines
from django.utils import translation

from results.jackpot import NightContribution
from results.views.contribution_rows import shown_nights

# What the page wrote per night before the rows were made in Python.
ROW = engines["django"].from_string(
    "{% load i18n money %}{% url 'night_results' night.night_id %}|{{ night.date|date:'DATE_FORMAT' }}|"
    "{{ night.confirmed|money }}|{% if night.outstanding %}{% blocktranslate count n=night.outstanding %}{{ n }} "
    "table to confirm{% plural %}{{ n }} tables to confirm{% endblocktranslate %}{% endif %}"
)


@pytest.mark.parametrize("language", ["de", "en"])
def test_each_night_reads_as_the_template_language_writes_it(language):
    nights = [
        NightContribution(7, datetime.date(2026, 3, 4), 3, Decimal("45.00"), Decimal("45.00"), 3),
        NightContribution(8, datetime.date(2026, 3, 11), 3, Decimal("45.00"), Decimal("1234.50"), 2),
        NightContribution(9, datetime.date(2026, 12, 16), 4, Decimal("60.00"), Decimal("0.00"), 0),
    ]
    with translation.override(language):
        shown = shown_nights(nights)
        for night, text in zip(nights, shown, strict=True):
            got = f"{text.results_url}|{text.date}|{text.confirmed}|{text.to_confirm}"
            assert got == ROW.render({"night": night})
    assert [bool(text.to_confirm) for text in shown] == [False, True, True]
