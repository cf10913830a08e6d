"""What a typed number may look like: ASCII digits only, money as plain decimals."""

from __future__ import annotations

import pytest

from league.rules.inputs import ascii_whole_or_none, is_plain_decimal


@pytest.mark.parametrize("text", ["0", "10", "10.5", "10.50", "-3.25", ".5", "0010"])
def test_plain_decimals_are_taken(text):
    assert is_plain_decimal(text)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "1e3",
        "1E3",
        "NaN",
        "nan",
        "Infinity",
        "-inf",
        "1_000",
        "+5",
        "²",
        "١٢",
        "10.",
        "-",
        ".",
        "1.2.3",
        " 1",
        "9" * 400,
    ],
)
def test_exponents_special_values_and_other_digits_are_not_plain_decimals(text):
    assert not is_plain_decimal(text)


@pytest.mark.parametrize("text", ["²", "١٢", "1_0", "+1", "-1", "1e3", "", None, "1" * 40])
def test_a_whole_number_is_ascii_digits_only(text):
    assert ascii_whole_or_none(text) is None


def test_a_whole_number_in_ascii_digits_is_read():
    assert ascii_whole_or_none(" 12 ") == 12
