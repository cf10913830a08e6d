"""The organizer's handbook (docs/handbuch/): its pages, the pictures they name, and what each picture is made from.

The pictures are screenshots of the real screens, made by one command (tests/docs/make_pictures.py): the demo
evening of tests/browser/handbook/test_first_evening.py makes docs/handbuch/bilder/, the TV test
tests/browser/live/test_tv_and_rail.py the TV's pictures in docs/screenshots/. Each folder's manifest.json
says, per picture, the digest of every template, static file and view module it shows;
tests/docs/test_handbook_pictures.py fails when one of those changed after its picture was made.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HANDBOOK = ROOT / "docs" / "handbuch"
PICTURES = HANDBOOK / "bilder"
_IMAGE = re.compile(r"!\[[^\]]*\]\(([^)\s]+)\)")
SCREENSHOTS = ROOT / "docs" / "screenshots"
MANIFEST = "manifest.json"
COMMAND = ".venv/bin/python -m tests.docs.make_pictures"


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


def digest(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def repository_file(path: str | Path) -> str | None:
    """The file's path in this repository (a/b.html), or None for a file of an installed package."""
    try:
        relative = Path(path).resolve().relative_to(ROOT)
    except ValueError:
        return None
    return None if relative.parts[0].startswith(".") else relative.as_posix()


def manifest(folder: Path) -> dict[str, dict]:
    """The pictures of a folder, each with the digest of the picture and of the files it was made from."""
    path = folder / MANIFEST
    return json.loads(path.read_text(encoding="utf-8"))["pictures"] if path.exists() else {}
