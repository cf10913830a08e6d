"""The home page's nights as text: the same as the template language writes the same figures, German and
English."""

import datetime

import pytest
from django.template import engines
from django.utils import translation

from league.models import Night, NightStatus
from league.seasons.home_rows import shown_nights

# What the page wrote per night before the rows were made in Python.
ROW = engines["django"].from_string(
    "{{ night.date|date:'DATE_FORMAT' }}|{{ night.get_status_display }}|"
    "{% if night.status != 'registration' %}{% url 'seating' night.pk %}|{% url 'night_results' night.pk %}{% endif %}"
)


@pytest.mark.parametrize("language", ["de", "en"])
def test_each_night_reads_as_the_template_language_writes_it(language):
    nights = [
        Night(pk=3 + k, date=datetime.date(2026, 3, 4) + datetime.timedelta(weeks=k), status=status)
        for k, status in enumerate(NightStatus.values)
    ]
    with translation.override(language):
        shown = shown_nights((night.pk, night.date, night.status, night.venue_id) for night in nights)
        for night, text in zip(nights, shown, strict=True):
            got = f"{text.date}|{text.status}|" + (f"{text.seating_url}|{text.results_url}" if text.drawn else "")
            assert got == ROW.render({"night": night})
    assert [text.drawn for text in shown] == [status != NightStatus.REGISTRATION for status in NightStatus.values]
