"""A player's nights and best finishes as text: the same as the template language writes the same figures,
German and English."""

import datetime
from fractions import Fraction

import pytest
from django.template import engines
from django.utils import translation

from results.players import Finish, PlayerNight
from results.views.player_rows import shown_finishes, shown_nights

# What the page wrote per night and per finish before the rows were made in Python.
NIGHT = engines["django"].from_string(
    "{% load i18n %}{% url 'night_results' night.night_id %}|{{ night.date|date:'DATE_FORMAT' }}|{{ night.table_number }}|"
    "{% blocktranslate with place=night.place n=night.table_size %}{{ place }}. of {{ n }}{% endblocktranslate %}|"
    "{{ night.knockouts_shown }}|{{ night.points_shown }}|{{ night.total_shown }}"
)
FINISH = engines["django"].from_string(
    "{% load i18n %}{% blocktranslate with place=finish.place n=finish.table_size %}{{ place }}. of {{ n }}"
    "{% endblocktranslate %}|{% url 'night_results' finish.night_id %}|{{ finish.date|date:'DATE_FORMAT' }}"
)


@pytest.mark.parametrize("language", ["de", "en"])
def test_each_night_reads_as_the_template_language_writes_it(language):
    nights = [
        PlayerNight(
            night_id=7,
            date=datetime.date(2026, 3, 4),
            table_number=2,
            place=3,
            table_size=9,
            tied=2,
            points=Fraction(7, 2),
            total=Fraction(7, 2),
            knockouts=Fraction(1, 2),
        ),
        PlayerNight(
            night_id=1234,
            date=datetime.date(2026, 11, 25),
            table_number=12,
            place=10,
            table_size=10,
            points=Fraction(1001),
            total=Fraction(2009, 2),
            counted=False,
            knockouts=Fraction(3),
        ),
    ]
    with translation.override(language):
        for night, text in zip(nights, shown_nights(nights)):
            got = f"{text.url}|{text.date}|{text.table_number}|{text.place}|{text.knockouts}|{text.points}|{text.total}"
            assert got == NIGHT.render({"night": night})
        assert [text.shared for text in shown_nights(nights)] == [True, False]


@pytest.mark.parametrize("language", ["de", "en"])
def test_each_finish_reads_as_the_template_language_writes_it(language):
    finishes = [
        Finish(1, 10, 1, datetime.date(2025, 1, 9), 3, "Herbst 2025"),
        Finish(2, 8, 2, datetime.date(2026, 5, 1), 44, ""),
    ]
    with translation.override(language):
        for finish, text in zip(finishes, shown_finishes(finishes)):
            assert f"{text.place}|{text.url}|{text.date}" == FINISH.render({"finish": finish})


def test_points_have_the_german_decimal_mark():
    night = PlayerNight(
        night_id=7,
        date=datetime.date(2026, 3, 4),
        table_number=2,
        place=3,
        table_size=9,
        points=Fraction(7, 2),
        total=Fraction(7, 2),
    )
    with translation.override("de"):
        assert (shown_nights([night])[0].points, shown_nights([night])[0].date) == ("3,5", "04.03.2026")
