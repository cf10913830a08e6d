"""Spreadsheet-safe CSV: formulas neutralized, German Excel's delimiter and decimal comma, a BOM. No database."""

from __future__ import annotations

import csv
import datetime
import io
from decimal import Decimal

import pytest

from league.web.csv_safe import BOM, format_cell, neutralize, safe_csv


@pytest.mark.parametrize(
    "text", ["=1+1", "+49 170", "-2", "@SUM(A1)", "\tx", "\rx", '=HYPERLINK("http://x")', "\uff1d1+1"]
)
def test_cells_that_a_spreadsheet_would_run_get_a_leading_quote(text):
    assert neutralize(text) == "'" + text


@pytest.mark.parametrize("text", ["Anna", "", "10 €", "'quoted", " =not first"])
def test_other_text_stays_as_it_is(text):
    assert neutralize(text) == text


def test_amounts_are_numbers_with_the_language_s_decimal_mark_and_stay_negative():
    assert format_cell(Decimal("-12.50"), "de") == "-12,50"
    assert format_cell(Decimal("-12.50"), "en") == "-12.50"
    assert format_cell(None, "de") == "" and format_cell(7, "de") == "7"
    assert format_cell(datetime.date(2026, 11, 25), "de") == "2026-11-25"
    assert format_cell("-Anna", "de") == "'-Anna"


def test_german_files_are_semicolon_separated_with_a_bom_and_english_ones_comma_separated():
    rows = [["Name", "Betrag"], ["=cmd|' /C calc'!A0", Decimal("10.50")], ["Jürgen; der Große", Decimal("-2.00")]]
    german = safe_csv(rows, language="de")
    assert german.startswith(BOM)
    parsed = list(csv.reader(io.StringIO(german[1:]), delimiter=";"))
    assert parsed == [["Name", "Betrag"], ["'=cmd|' /C calc'!A0", "10,50"], ["Jürgen; der Große", "-2,00"]]
    english = safe_csv(rows, language="en")
    assert list(csv.reader(io.StringIO(english[1:])))[1] == ["'=cmd|' /C calc'!A0", "10.50"]
