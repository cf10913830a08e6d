"""A club's chip set as typed: values and colours, one chip a line."""

import pytest

from league.rules.chips import Chip, chips_text, parse_chips
from league.rules.errors import RulesError


def test_chips_are_read_with_german_english_and_hex_colours_smallest_first():
    chips = parse_chips("100 Rot\n  25   weiß \n\n5000 #1E90FF\n500 green")
    assert chips == [Chip(25, "#f4f4f4"), Chip(100, "#d32f2f"), Chip(500, "#2e9d4f"), Chip(5000, "#1e90ff")]
    assert parse_chips(chips_text(chips)) == chips


def test_an_empty_text_is_no_chip_set():
    assert parse_chips(" \n\n") == []


@pytest.mark.parametrize(
    ("text", "code", "line"),
    [
        ("25", "chip_line", 1),
        ("25 white\nwhite 100", "chip_line", 2),
        ("0 white", "chip_value", 1),
        ("-5 white", "chip_line", 1),
        ("2.5 white", "chip_line", 1),
        ("999999999999 white", "chip_value", 1),
        ("25 sparkly", "chip_colour", 1),
        ("25 #12345", "chip_colour", 1),
        ("25 white\n25 red", "chip_twice", 2),
    ],
)
def test_a_line_that_breaks_a_rule_is_named(text, code, line):
    with pytest.raises(RulesError) as raised:
        parse_chips(text)
    assert raised.value.code == code
    assert raised.value.params["line"] == line


def test_more_than_twelve_chips_are_refused():
    with pytest.raises(RulesError) as raised:
        parse_chips("\n".join(f"{value} red" for value in range(1, 14)))
    assert raised.value.code == "chip_count"


def test_a_dark_chip_is_told_from_a_light_one():
    assert Chip(5, "#1a1a1a").dark and not Chip(5, "#f4f4f4").dark
