"""Numbers shown the way each language writes them: 1.500 chips and 50 % in German, 1,500 and 50% in English."""
from __future__ import annotations

from decimal import Decimal

from babel.numbers import format_percent as babel_percent
from django.utils import formats
from django.utils.translation import get_language, to_locale

_DEFAULT_LOCALE = "de"


def format_percent(percent: Decimal | float | int | None, language: str | None = None, *, decimals: int | None = None) -> str:
    """``percent`` counts in hundredths (50 -> "50 %"); decimals are kept (33.3 -> "33,3 %"), or rounded to ``decimals``."""
    if percent is None:
        return ""
    if isinstance(percent, float):
        percent = round(percent, 6 if decimals is None else decimals)
    value = Decimal(str(percent))
    if decimals is not None:
        value = value.quantize(Decimal(1).scaleb(-decimals))
    locale = to_locale(language or get_language() or _DEFAULT_LOCALE)
    return babel_percent(value / 100, locale=locale, decimal_quantization=False)


def format_chips(chips: int | None) -> str:
    """Whole chips with the active language's thousands separator (1.500 / 1,500)."""
    if chips is None:
        return ""
    return formats.number_format(int(chips), use_l10n=True, force_grouping=True)
