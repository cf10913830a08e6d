"""The TV's seating screen gives the tables the whole width: two tables at a 1920x1080 TV share it instead of
standing in two of three fixed columns with the third empty and the long names cut."""

import re
from pathlib import Path

CSS = (Path(__file__).resolve().parents[2] / "static" / "css" / "tv.css").read_text()


def _rule(selector: str) -> str:
    return re.search(re.escape(selector) + r"\s*\{([^}]*)\}", CSS).group(1)


def test_the_seating_tables_spread_over_the_columns_they_fill():
    columns = re.search(r"grid-template-columns:\s*([^;]+);", _rule(".tv .tv-tables")).group(1)
    # auto-fit drops the empty tracks, so 1fr columns take the width; auto-fill keeps them (a third left free).
    assert columns.startswith("repeat(auto-fit,") and columns.endswith("1fr))"), columns
