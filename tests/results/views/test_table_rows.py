"""The standings' rows as text: the same as the template language writes the same figures, German and English."""

from fractions import Fraction

import pytest
from django.template import engines
from django.utils import translation

from league.rules.standings import Standing
from results.views.table_rows import shown_rows

# What the page wrote per row before the rows were made in Python.
TEMPLATE = engines["django"].from_string(
    "{% load i18n %}{{ row.points_shown }}|{{ row.nights }}|{{ row.wins }}|{{ row.seconds }}|{{ row.thirds }}|"
    "{% if row.movement is None %}new:{% translate 'new' %}:{% elif row.movement > 0 %}up:▲ {{ row.places_moved }}:"
    "{% blocktranslate count n=row.places_moved %}up {{ n }} place{% plural %}up {{ n }} places{% endblocktranslate %}"
    "{% elif row.movement < 0 %}down:▼ {{ row.places_moved }}:{% blocktranslate count n=row.places_moved %}down {{ n }}"
    " place{% plural %}down {{ n }} places{% endblocktranslate %}{% else %}same:=:{% translate 'no change' %}{% endif %}|"
    "{% if row.dropped %}{% blocktranslate count n=row.dropped %}{{ n }} not counted{% plural %}{{ n }} not counted"
    "{% endblocktranslate %}{% endif %}|{% url 'player_detail' row.player_id %}?season=4"
)


def _row(position, previous, points, dropped=0, counts=(2, 1, 0)):
    return Standing(
        position=position,
        player_id=70 + position,
        name="Anna",
        points=points,
        nights=12,
        place_counts=counts,
        previous_position=previous,
        tied=1,
        dropped=dropped,
    )


@pytest.mark.parametrize("language", ["de", "en"])
def test_each_row_reads_as_the_template_language_writes_it(language, db):
    rows = [
        _row(1, 3, Fraction(7, 2), dropped=2),
        _row(2, 1, Fraction(10, 3)),
        _row(3, None, Fraction(5), counts=()),
        _row(4, 4, Fraction(1001, 1), dropped=1, counts=(1,)),
    ]
    with translation.override(language):
        shown = shown_rows(rows, season_id=4, me=rows[1])
        for row, text in zip(rows, shown):
            expected = TEMPLATE.render({"row": row})
            got = (
                f"{text.points}|{text.nights}|{text.wins}|{text.seconds}|{text.thirds}|{text.move}:{text.move_text}:"
                f"{text.move_title}|{text.dropped}|{text.player_url}"
            )
            assert got == expected
    assert [r.me for r in shown] == [False, True, False, False]
    assert [r.leader for r in shown] == [True, False, False, False]


def test_points_have_the_german_decimal_mark(db):
    with translation.override("de"):
        assert shown_rows([_row(1, 1, Fraction(7, 2))], season_id=4, me=None)[0].points == "3,5"
