"""The repository stands alone: no page links to a file beside the checkout or to one
that is missing, and nothing names the shared folder the contracts' examples once came from."""

from __future__ import annotations

import os
import re

from tests.docs.handbook import ROOT

SKIPPED = {".git", ".venv", "node_modules", "staticfiles", "__pycache__", ".hypothesis", ".pytest_cache"}
LINK = re.compile(r"\[[^\]]*\]\(([^)\s#]+)(?:#[^)]*)?\)")
TEXT = (".md", ".py", ".html", ".txt", ".ini", ".cfg", ".toml", ".sh", ".js", ".json", ".jsonl", ".yml")


def _files(suffixes: tuple[str, ...]):
    for folder, folders, names in os.walk(ROOT):
        folders[:] = [name for name in folders if name not in SKIPPED]
        for name in names:
            if name.endswith(suffixes):
                yield os.path.join(folder, name)


def test_every_link_in_the_markdown_pages_points_to_a_file_in_the_checkout():
    outside, missing = [], []
    for page in _files((".md",)):
        with open(page, encoding="utf-8") as text:
            for target in LINK.findall(text.read()):
                if "://" in target or target.startswith(("<", "mailto:")):
                    continue
                resolved = os.path.realpath(os.path.join(os.path.dirname(page), target))
                name = os.path.relpath(page, ROOT)
                if not resolved.startswith(str(ROOT) + os.sep):
                    outside.append(f"{name}: {target}")
                elif not os.path.exists(resolved):
                    missing.append(f"{name}: {target}")
    assert not outside, f"links to files beside the checkout: {outside}"
    assert not missing, f"links to missing files: {missing}"


def test_no_file_names_the_shared_folder_beside_the_checkout():
    this = os.path.realpath(__file__)
    naming = []
    for path in _files(TEXT):
        if os.path.realpath(path) == this:
            continue
        with open(path, encoding="utf-8", errors="replace") as text:
            if re.search(r"\.\./shared\b|\bshared/(?:examples|CONTRACTS\.md)", text.read()):
                naming.append(os.path.relpath(path, ROOT))
    assert not naming, naming
