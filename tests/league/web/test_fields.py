"""The shared form fields read plain numbers only: no exponent, no other digits, no underscores."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from league.web.fields import FeeField, WholeNumberField


@pytest.mark.parametrize("typed", ["1e3", "1E3", "1_000", "+5", "NaN", "Infinity", "١٢", "²", "9" * 400])
def test_a_money_field_refuses_anything_but_a_plain_decimal(typed):
    with translation.override("de"), pytest.raises(ValidationError):
        FeeField().clean(typed)


@pytest.mark.parametrize(
    ("typed", "amount"), [("10", "10"), ("10,50", "10.50"), ("1.000,00", "1000.00"), ("10.50", "10.50")]
)
def test_a_money_field_reads_what_people_type_in_german(typed, amount):
    with translation.override("de"):
        assert FeeField().clean(typed) == Decimal(amount)


@pytest.mark.parametrize("typed", ["1_000", "+5", "١٢", "²", "1e3", "12.0"])
def test_a_whole_number_field_refuses_anything_but_digits(typed):
    with pytest.raises(ValidationError):
        WholeNumberField().clean(typed)


def test_a_whole_number_field_reads_digits():
    assert WholeNumberField().clean(" 1500 ") == 1500
    assert WholeNumberField(min_value=-5).clean("-3") == -3
