"""docs/imperial.md names the test of each reading of the seed: those tests exist."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_test_the_imperial_readings_page_names_exists():
    page = (ROOT / "docs" / "imperial.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(test_[a-z0-9_]+)`", page))
    sources = "".join(
        path.read_text(encoding="utf-8")
        for path in [*(ROOT / "tests").rglob("test_imperial*.py")]
    )
    defined = set(re.findall(r"^def (test_[a-z0-9_]+)", sources, flags=re.M))
    assert len(named) > 40
    assert named - defined == set()
