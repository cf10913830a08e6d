"""Numbers on display come from the locale: 1.500 / 1,500, 66,7 % / 66.7%."""

from decimal import Decimal

import pytest

from league.web.numbers import format_chips, format_percent


@pytest.mark.parametrize(
    ("value", "language", "decimals", "shown"),
    [
        (50, "de", None, "50\u00a0%"),
        (50, "en", None, "50%"),
        (Decimal("33.3"), "de", None, "33,3\u00a0%"),
        (200 / 3, "de", 1, "66,7\u00a0%"),  # a float is rounded, never shown with its binary tail
        (200 / 3, "en", 1, "66.7%"),
        (12.5, "de", None, "12,5\u00a0%"),
    ],
)
def test_a_percentage_reads_as_the_language_writes_it(value, language, decimals, shown):
    assert format_percent(value, language, decimals=decimals) == shown


def test_chips_are_grouped_by_the_active_language():
    from django.utils import translation

    with translation.override("de"):
        assert format_chips(1500) == "1.500"
    with translation.override("en"):
        assert format_chips(1500) == "1,500"
