"""Money shown the way each language writes it: 10,00 € in German, €10.00 in English."""
from decimal import Decimal

from babel.numbers import format_currency
from django.conf import settings
from django.utils.translation import get_language, to_locale

_DEFAULT_LOCALE = "de"


def format_money(amount: Decimal | int | None, language: str | None = None) -> str:
    if amount is None:
        return ""
    locale = to_locale(language or get_language() or _DEFAULT_LOCALE)
    return format_currency(Decimal(amount), settings.CURRENCY, locale=locale)
