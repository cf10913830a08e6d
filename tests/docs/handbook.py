"""The organizer's handbook (docs/handbuch/): its pages and the pictures they name.

The pictures in docs/handbuch/bilder/ are screenshots of the real screens, made from a demo evening by
tests/browser/handbook/test_first_evening.py (HANDBOOK_SCREENSHOTS=docs/handbuch/bilder writes them there);
tests/docs/test_handbook.py fails when a page names a picture that is missing.
"""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HANDBOOK = ROOT / "docs" / "handbuch"
PICTURES = HANDBOOK / "bilder"
_IMAGE = re.compile(r"!\[[^\]]*\]\(([^)\s]+)\)")


def pages() -> list[Path]:
    return sorted(HANDBOOK.rglob("*.md"))


def named_pictures() -> dict[Path, list[Path]]:
    """Every picture a handbook page shows (resolved), with the pages that show it."""
    named: dict[Path, list[Path]] = {}
    for page in pages():
        for target in _IMAGE.findall(page.read_text(encoding="utf-8")):
            if "://" in target:
                continue
            named.setdefault((page.parent / target).resolve(), []).append(page)
    return named


def walk_pictures() -> set[str]:
    """The names (without .png) of the pictures in bilder/ that the handbook shows: the walk must make each."""
    return {path.stem for path in named_pictures() if path.parent == PICTURES.resolve()}
