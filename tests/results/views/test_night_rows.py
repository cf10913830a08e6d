"""A night's placements as text: the same as the template language writes the same figures, German and English."""

import datetime
from decimal import Decimal

import pytest
from django.template import engines
from django.utils import timezone, translation

from results.nights import PlacementRow, TableResults
from results.views.night_rows import shown_tables
from tournaments.models import PlacementReason, Table, TableStatus

# What the page wrote per row before the rows were made in Python.
ROW = engines["django"].from_string(
    "{% load i18n %}{{ row.place }}|{% url 'player_detail' row.player_id %}?season=4|{% if row.reason == 'disqualified' %}"
    "{{ row.reason_label }}{% endif %}|{{ row.points }}|{% if row.winner %}{% translate 'winner' %}{% elif row.shows_time %}"
    "{{ row.decided_at|time:'TIME_FORMAT' }}{% else %}–{% endif %}{% if row.hand_number and result.finished and not row.winner %}"
    "|{% url 'hand_replay' result.table.pk row.hand_number %}|{% blocktranslate with n=row.hand_number %}hand {{ n }}"
    "{% endblocktranslate %}{% endif %}"
)


def _rows() -> list[PlacementRow]:
    out = timezone.make_aware(datetime.datetime(2026, 3, 4, 23, 41))
    return [
        PlacementRow(
            seat_id=1,
            position=3,
            player_id=70,
            name="Anna",
            place=1,
            points=Decimal("10.50"),
            reason=PlacementReason.WINNER,
        ),
        PlacementRow(
            seat_id=2,
            position=1,
            player_id=71,
            name="Bob",
            place=2,
            points=Decimal("7"),
            decided_at=out,
            reason=PlacementReason.BUSTED,
            hand_number=17,
        ),
        PlacementRow(
            seat_id=3,
            position=2,
            player_id=72,
            name="Cleo",
            place=3,
            points=Decimal("0"),
            decided_at=out,
            reason=PlacementReason.DISQUALIFIED,
        ),
        PlacementRow(
            seat_id=4,
            position=4,
            player_id=73,
            name="Dan",
            place=4,
            points=Decimal("1.25"),
            decided_at=out,
            reason=PlacementReason.MANUAL,
            tied=2,
        ),
    ]


@pytest.mark.parametrize("language", ["de", "en"])
@pytest.mark.parametrize("status", [TableStatus.FINISHED, TableStatus.PLAYING])
def test_each_row_reads_as_the_template_language_writes_it(language, status):
    result = TableResults(
        table=Table(pk=5, number=1, status=status),
        placed=_rows(),
        waiting=[],
        jackpot_sum=Decimal(0),
        jackpot_share=None,
        deposit=None,
        on_paper=False,
    )
    with translation.override(language):
        [shown] = shown_tables([result], season_id=4)
        for row, text in zip(result.placed, shown.placed):
            got = f"{text.place}|{text.player_url}|{text.disqualified}|{text.points}|{text.out}"
            if text.replay_url:
                got += f"|{text.replay_url}|{text.hand}"
            assert got == ROW.render({"row": row, "result": result})
    assert [text.winner for text in shown.placed] == [True, False, False, False]
    assert [text.tied for text in shown.placed] == [False, False, False, True]
