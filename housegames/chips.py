"""Play money is shown as chips, never as a currency: „990 Spielchips" / "990 play chips".

One format for both house games, so play money cannot be mistaken for the
league's real euros (the jackpot, the fees). Numbers come from the locale's
formats (Django's ``number_format``): grouping and decimal sign follow the
language; whole amounts show no decimals, a 3:2 payout on 5 shows 7,50.
"""

from __future__ import annotations

from decimal import Decimal

from django.utils.formats import number_format
from django.utils.translation import ngettext


def chip_number(amount: Decimal | int | str | None) -> str:
    """The amount alone, in the guest's language: ``1.500`` / ``1,500``, ``7,50`` / ``7.50``."""
    if amount is None or amount == "":
        return ""
    value = Decimal(amount)
    places = 0 if value == value.to_integral_value() else 2
    return number_format(value, decimal_pos=places, use_l10n=True, force_grouping=True)


def format_chips(amount: Decimal | int | str | None) -> str:
    """``990 Spielchips`` / ``990 play chips`` (``1 Spielchip`` / ``1 play chip``)."""
    if amount is None or amount == "":
        return ""
    value = Decimal(amount)
    count = int(abs(value)) if value == value.to_integral_value() else 2
    return ngettext("%(amount)s play chip", "%(amount)s play chips", count) % {"amount": chip_number(value)}
