"""Every name the German handbook gives a button, link, field or heading is on the app's pages.

In the handbook, **bold** is a name on the screen, exactly as the page shows it ("**Anmeldetisch öffnen**"),
or a path through them ("**Organisator → Neue Saison**"); emphasis is *italic*, and a bold run-in heading
ends in ":", "." or "?". Each name must be the German of a catalogue entry (a placeholder stands for any
value: "**Anmelden + 10,00 € bezahlt**") or text written in a template, so a renamed button fails here.
"""

from __future__ import annotations

import re
from functools import cache

import pytest
from babel.messages.pofile import read_po

from tests.docs.handbook import HANDBOOK, ROOT

PO = ROOT / "locale" / "de" / "LC_MESSAGES" / "django.po"
GERMAN_PAGES = sorted(HANDBOOK.glob("*.md"))  # the English page names the English screens: not checked here
_BOLD = re.compile(r"\*\*(.+?)\*\*", re.S)
_PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]")
_SYMBOLS = "↶↷←→✓✗×▶▸ "  # a sign before a button's word is the template's, not the catalogue's


def _plain(text: str) -> str:
    return " ".join(text.replace("\xa0", " ").split())


@cache
def _catalogue() -> tuple[frozenset[str], tuple[re.Pattern, ...]]:
    with PO.open("rb") as po:
        catalogue = read_po(po)
    texts = set()
    for message in catalogue:
        if message.id:
            strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
            texts |= {_plain(string) for string in strings if string}
    patterns = tuple(
        re.compile(".+?".join(re.escape(part) for part in _PLACEHOLDER.split(text)) + r"\Z")
        for text in texts
        if _PLACEHOLDER.search(text)
    )
    return frozenset(texts), patterns


@cache
def _templates() -> str:
    return _plain(" ".join(path.read_text(encoding="utf-8") for path in (ROOT / "templates").rglob("*.html")))


def _on_a_page(name: str) -> bool:
    texts, patterns = _catalogue()
    return name in texts or any(pattern.match(name) for pattern in patterns) or name in _templates()


def names(text: str) -> list[str]:
    """The screen names a handbook page gives in bold: run-in headings left out, paths split at the arrows."""
    found = []
    for bold in _BOLD.findall(text):
        bold = _plain(bold)
        if bold[-1] in ":.?":
            continue
        found += [part.strip(_SYMBOLS) for part in bold.split(" → ")]
    return found


@pytest.mark.parametrize("page", GERMAN_PAGES, ids=lambda page: page.name)
def test_every_name_the_handbook_gives_in_bold_is_on_a_page_of_the_app(page):
    unknown = sorted({name for name in names(page.read_text(encoding="utf-8")) if not _on_a_page(name)})
    assert not unknown, (
        f"{page.name} names {unknown} in bold, but no page of the app shows them: write the name as the "
        "page shows it (locale/de/LC_MESSAGES/django.po), or *italic* for emphasis"
    )


def test_a_renamed_button_is_noticed():
    assert names("Dann **Organisator → Neue Saison**; **Vorher:** nichts.") == ["Organisator", "Neue Saison"]
    assert _on_a_page("Neue Saison") and _on_a_page("Anmelden + 10,00 € bezahlt")
    assert not _on_a_page("Platzverlosung starten")
