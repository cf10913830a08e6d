"""docs/housegames/imperial.md names the test of each reading of the seed: those tests exist."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_every_test_the_imperial_readings_page_names_exists():
    page = (ROOT / "docs" / "housegames" / "imperial.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(test_[a-z0-9_]+)`", page))
    sources = "".join(
        path.read_text(encoding="utf-8")
        for path in [
            *(ROOT / "tests" / "housegames").rglob("imperial/**/test_*.py"),
            ROOT / "tests" / "browser" / "housegames" / "test_imperial_table.py",
        ]
    )
    defined = set(re.findall(r"^def (test_[a-z0-9_]+)", sources, flags=re.M))
    assert len(named) > 40
    assert named - defined == set()
