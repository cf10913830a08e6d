"""No stale picture in the handbook: each picture's manifest.json lists the templates, static files and view
modules it was made from, with their digests; a file changed since then fails here, naming the picture, the
file and the command that makes the pictures again (tests/docs/make_pictures.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.docs.handbook import COMMAND, MANIFEST, PICTURES, ROOT, SCREENSHOTS, digest, manifest, named_pictures

FOLDERS = (PICTURES, SCREENSHOTS)


def _stale(folder: Path, pictures: dict[str, dict], root: Path = ROOT) -> list[str]:
    stale = []
    for name, made in sorted(pictures.items()):
        picture = (folder / name).relative_to(root)
        if not (folder / name).exists():
            stale.append(f"{picture} is in {MANIFEST} but missing")
            continue
        if digest(folder / name) != made["picture"]:
            stale.append(f"{picture} is not the picture {MANIFEST} describes (made by hand, or the manifest is old)")
        for file, expected in sorted(made["made_from"].items()):
            path = root / file
            if not path.exists():
                stale.append(f"{picture} shows {file}, which is gone")
            elif digest(path) != expected:
                stale.append(f"{picture} shows {file}, which changed after the picture was made")
    return stale


def _failure(stale: list[str]) -> str:
    return "\n".join([*stale, f"Make the pictures again: {COMMAND} (then commit them with their {MANIFEST})"])


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda folder: str(folder.relative_to(ROOT)))
def test_no_picture_shows_a_file_that_changed_after_it_was_made(folder):
    pictures = manifest(folder)
    assert pictures, f"{folder.relative_to(ROOT)}/{MANIFEST} is missing: {COMMAND}"
    stale = _stale(folder, pictures)
    assert not stale, _failure(stale)


def test_every_picture_the_handbook_shows_says_what_it_was_made_from():
    listed = {(folder / name).resolve() for folder in FOLDERS for name in manifest(folder)}
    unlisted = sorted(str(path.relative_to(ROOT)) for path in named_pictures() if path not in listed)
    assert not unlisted, _failure([f"{path} is in no {MANIFEST}" for path in unlisted])


def test_every_picture_records_what_it_was_made_from():
    empty = [name for folder in FOLDERS for name, made in manifest(folder).items() if not made["made_from"]]
    assert not empty, _failure([f"{name} records no file it was made from" for name in empty])


def test_a_changed_template_names_the_picture_that_shows_it_and_the_command(tmp_path):
    template = tmp_path / "templates" / "page.html"
    template.parent.mkdir()
    template.write_text("<p>before</p>", encoding="utf-8")
    picture = tmp_path / "bilder" / "01-page.png"
    picture.parent.mkdir()
    picture.write_bytes(b"picture")
    pictures = {"01-page.png": {"picture": digest(picture), "made_from": {"templates/page.html": digest(template)}}}
    assert _stale(picture.parent, pictures, root=tmp_path) == []

    template.write_text("<p>after</p>", encoding="utf-8")
    message = _failure(_stale(picture.parent, pictures, root=tmp_path))
    assert "bilder/01-page.png shows templates/page.html, which changed after the picture was made" in message
    assert COMMAND in message
