"""The organizer's handbook (docs/handbuch/): every picture a page shows is there, and every picture there
is shown. The pictures themselves are made by `python -m tests.docs.make_pictures` (its demo evening fails when
the handbook names a picture it does not make); tests/docs/test_handbook_pictures.py says when one is stale."""

from __future__ import annotations

import struct

from tests.docs.handbook import HANDBOOK, MANIFEST, PICTURES, named_pictures, pages

PNG = b"\x89PNG\r\n\x1a\n"
CHAPTERS = (
    "erster-ligaabend.md",
    "geber.md",
    "tv.md",
    "saisonende.md",
    "sicherung-und-umzug.md",
    "server.md",
    "mehrere-kneipen.md",
    "laptop-verbinden.md",
)


def _png_size(path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head.startswith(PNG), f"{path} is not a PNG"
    return struct.unpack(">II", head[16:24])


def test_every_picture_the_handbook_names_exists():
    missing = {
        str(path): [page.name for page in shown_on] for path, shown_on in named_pictures().items() if not path.exists()
    }
    assert not missing, f"pictures named in docs/handbuch/ but missing: {missing}"


def test_every_picture_is_a_real_screenshot_and_shown_somewhere():
    named = set(named_pictures())
    kept = sorted(path for path in PICTURES.glob("*") if path.name != MANIFEST)
    assert kept, "docs/handbuch/bilder/ is empty"
    for path in kept:
        assert path.resolve() in named, f"{path.name} is in docs/handbuch/bilder/ but no page shows it"
        width, height = _png_size(path)
        assert width >= 390 and height >= 400, (path.name, width, height)


def test_the_handbook_has_its_chapters_and_links_them_from_its_first_page():
    index = (HANDBOOK / "README.md").read_text(encoding="utf-8")
    for chapter in CHAPTERS:
        assert (HANDBOOK / chapter).exists(), chapter
        assert f"]({chapter})" in index, f"README.md does not link {chapter}"
    assert len(pages()) >= len(CHAPTERS) + 1


def test_the_handbooks_links_to_other_pages_resolve():
    import re

    broken = []
    for page in pages():
        for target in re.findall(r"(?<!!)\[[^\]]*\]\(([^)\s#]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
            if "://" in target or target.startswith("<"):
                continue
            if not (page.parent / target).exists():
                broken.append(f"{page.name}: {target}")
    assert not broken, broken


def test_the_handbook_and_the_server_pages_link_each_other():
    """Both ways online (publishing after the night, the app on a server), from the handbook and back."""
    server = (HANDBOOK / "server.md").read_text(encoding="utf-8")
    assert "](../server.de.md)" in server and "](../server.md)" in server and "manage.py publish" in server
    evening = (HANDBOOK / "erster-ligaabend.md").read_text(encoding="utf-8")
    assert "**Veröffentlichen**" in evening and "](server.md)" in evening
    english = (HANDBOOK / "en" / "first-league-night.md").read_text(encoding="utf-8")
    assert "](../../server.md)" in english
    for page in ("server.md", "server.de.md"):
        text = (HANDBOOK.parent / page).read_text(encoding="utf-8")
        assert "](handbuch/server.md)" in text and "](handbuch/erster-ligaabend.md#nach-dem-abend)" in text, page
