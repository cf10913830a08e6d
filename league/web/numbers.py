"""Numbers shown the way each language writes them: 1.500 chips and 50 % in German, 1,500 and 50% in English."""

from __future__ import annotations

from decimal import Decimal
from functools import lru_cache

from babel.numbers import format_percent as babel_percent
from django.utils import formats
from django.utils.translation import get_language, to_locale

_DEFAULT_LOCALE = "de"


def format_percent(
    percent: Decimal | float | int | None, language: str | None = None, *, decimals: int | None = None
) -> str:
    """``percent`` counts in hundredths (50 -> "50 %"); decimals are kept (33.3 -> "33,3 %"), or rounded to ``decimals``."""
    if percent is None:
        return ""
    if isinstance(percent, float):
        percent = round(percent, 6 if decimals is None else decimals)
    value = Decimal(str(percent))
    if decimals is not None:
        value = value.quantize(Decimal(1).scaleb(-decimals))
    return _percent(str(value), to_locale(language or get_language() or _DEFAULT_LOCALE))


# A 300-row statistics table formats ~1,500 percentages, most of them repeats. Keyed by the text:
# Decimal("50") == Decimal("50.0"), but they are written differently.
@lru_cache(maxsize=4096)
def _percent(value: str, locale: str) -> str:
    return babel_percent(Decimal(value) / 100, locale=locale, decimal_quantization=False)


def format_chips(chips: int | None) -> str:
    """Whole chips with the active language's thousands separator (1.500 / 1,500)."""
    if chips is None:
        return ""
    if formats.get_format("NUMBER_GROUPING") != 3:  # never for German or English; the general way
        return formats.number_format(int(chips), use_l10n=True, force_grouping=True)
    # The same text without number_format's general machinery: the dealer's page shows some 60 numbers a tap.
    return f"{int(chips):,}".replace(",", formats.get_format("THOUSAND_SEPARATOR"))
