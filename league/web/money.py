"""Money shown the way each language writes it: 10,00 € in German, €10.00 in English."""

from decimal import Decimal
from functools import lru_cache

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
    return _money(str(amount), settings.CURRENCY, to_locale(language or get_language() or _DEFAULT_LOCALE))


# A jackpot page writes some 40 amounts, most of them the same few (fees, shares): Babel took 11 µs for each.
# Keyed by the text, as Decimal("10") == Decimal("10.00") but a key must not merge what could be written apart.
@lru_cache(maxsize=4096)
def _money(amount: str, currency: str, locale: str) -> str:
    return format_currency(Decimal(amount), currency, locale=locale)
