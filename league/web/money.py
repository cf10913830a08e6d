"""Money shown the way each language writes it: 10,00 € in German, €10.00 in English."""
from decimal import Decimal

from babel.numbers import format_currency
from django.conf import settings
from django.utils.translation import get_language, to_locale

_DEFAULT_LOCALE = "de"
CENT = Decimal("0.01")


def cents(amount: Decimal | None) -> Decimal:
    """A database sum of money, to the cent (none is 0.00). SQLite adds decimals as floats, and Django
    does not round an aggregate back: 0.01 + 2 - 2 comes back as 0.00999999999999979."""
    return (amount or Decimal(0)).quantize(CENT)


def format_money(amount: Decimal | int | None, language: str | None = None) -> str:
    if amount is None:
        return ""
    locale = to_locale(language or get_language() or _DEFAULT_LOCALE)
    return format_currency(Decimal(amount), settings.CURRENCY, locale=locale)
