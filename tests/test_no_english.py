"""The German pages speak German: no English sentence from the catalogue, no engine verb, no English date.

Each page's visible text (text nodes, and the labels a screen reader or a
tooltip shows) is compared with the English side of the German catalogue
(every msgid whose German differs) and with the words the poker engine
stores. Add a new page to GERMAN_PAGES.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.urls import reverse

from tests.evening import Evening
from tests.test_form_numbers import FORM_PAGES

PO = Path(__file__).resolve().parents[1] / "locale" / "de" / "LC_MESSAGES" / "django.po"

GERMAN_PAGES: list[tuple[str, Callable[[Evening], str]]] = [
    ("home", lambda e: reverse("home")),
    ("tonight", lambda e: reverse("night_tonight", args=[e.tonight.pk])),
    ("tonight: registration", lambda e: reverse("night_tonight", args=[e.desk_night.pk])),
    ("locked logins", lambda e: reverse("locked_logins")),
    ("venues", lambda e: reverse("venue_list")),
    ("remove the demo (none here)", lambda e: reverse("remove_demo")),
    ("seating screen", lambda e: reverse("seating", args=[e.tonight.pk]) + "?screen=1"),
    ("table", lambda e: reverse("table_detail", args=[e.tracked_table.pk])),
    ("hand history", lambda e: reverse("hand_history", args=[e.tracked_table.pk])),
    ("dealer link", lambda e: reverse("dealer_tracker", args=[e.tracked_table.dealer_token])),
    ("clock TV", lambda e: reverse("clock_tv", args=[e.tonight.pk])),
    ("rail of the night", lambda e: reverse("night_rail", args=[e.tonight.pk])),
    ("rail of a table", lambda e: reverse("table_rail", args=[e.showdown_table.pk])),
    ("night results", lambda e: reverse("night_results", args=[e.played.pk])),
    ("tonight's results", lambda e: reverse("night_results", args=[e.tonight.pk])),
    ("player", lambda e: reverse("player_detail", args=[e.player.pk])),
    ("jackpot", lambda e: reverse("jackpot")),
    ("standings: a player's place", lambda e: reverse("standings") + f"?player={e.player.pk}"),
    ("standings: nobody found", lambda e: reverse("standings") + "?q=Xaver"),
    (
        "merge two records",
        lambda e: reverse("merge_players") + f"?q1={e.player.name}&q2=Xaver&first={e.player.pk}&second={e.player.pk}",
    ),
    *FORM_PAGES,
]

# What the engine stores and English dates: never on a German page as words of their own.
ENGLISH_WORDS = [
    "raise",
    "raises",
    "raised",
    "call",
    "calls",
    "called",
    "check",
    "checks",
    "checked",
    "fold",
    "folds",
    "folded",
    "bet",
    "bets",
    "all-in",
    "allin",
    "sitting out",
    "small_blind",
    "big_blind",
    "side pot",
    "main pot",
    "posts",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
    "January",
    "February",
    "March",
    "May",
    "June",
    "July",
    "October",
    "December",
    "Mar",
    "Oct",
    "Dec",
    "Nov",  # German writes "Nov." too, but the league's German dates are 25.11.2026
]
_ENGLISH_WORD = re.compile(
    r"(?<![\w-])(" + "|".join(re.escape(w) for w in ENGLISH_WORDS) + r")(?![\w-])", re.IGNORECASE
)
_PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|%[sd]")
_SHOWN_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")


class VisibleText(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in {"script", "style", "template"}:
            self._hidden += 1
        for key, value in attrs:
            if key in _SHOWN_ATTRIBUTES and value:
                self.texts.append(value)
            if key == "value" and tag == "input" and dict(attrs).get("type") in {"submit", "button"} and value:
                self.texts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in {"script", "style", "template"} and self._hidden:
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        text = " ".join(data.split())
        if text and not self._hidden:
            self.texts.append(text)


def visible_texts(html: str) -> list[str]:
    parser = VisibleText()
    parser.feed(html)
    return parser.texts


@cache
def english_phrases() -> tuple[list[re.Pattern], list[str]]:
    """Patterns for the catalogue's English msgids that are not German too: whole text nodes, and longer phrases inside one."""
    whole, inside = [], []
    with PO.open("rb") as handle:
        catalog = list(read_po(handle))
    # A word German uses for something else ("Pause" is German for "Break") is German.
    german = {
        " ".join(text.split()).casefold()
        for message in catalog
        for text in (message.string if isinstance(message.string, tuple) else (message.string,))
    }
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        for english in ids:
            english = " ".join(english.split())
            fixed = " ".join(_PLACEHOLDER.sub(" ", english).split())
            if english.casefold() in german or not re.search(r"[A-Za-z]{2}", fixed):
                continue
            pattern = ".+?".join(re.escape(part) for part in _PLACEHOLDER.split(english)[::2])
            # As written: the test organizer's username "organizer" is not the English "Organizer".
            whole.append(re.compile(pattern.replace(r"\ ", r"\s+")))
            if len(fixed.split()) >= 3 and "%" not in english:  # a phrase of its own, not a word German shares
                inside.append(fixed)
    return whole, inside


def english_on_page(html: str) -> list[str]:
    whole, inside = english_phrases()
    found = []
    for text in visible_texts(html):
        if any(pattern.fullmatch(text) for pattern in whole):
            found.append(text)
        elif any(phrase in text for phrase in inside):
            found.append(text)
        elif match := _ENGLISH_WORD.search(text):
            found.append(f"{text} ({match.group(0)})")
    return found


@pytest.mark.parametrize("name, url", GERMAN_PAGES, ids=[name for name, _ in GERMAN_PAGES])
def test_a_german_page_shows_no_english(organizer_client, evening, name, url) -> None:
    response = organizer_client.get(url(evening), HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 200, f"{name}: {response.status_code}"
    html = response.content.decode()
    assert '<html lang="de"' in html
    assert english_on_page(html) == []


def test_the_same_pages_in_english_are_caught(organizer_client, evening) -> None:
    """The check reads English where there is English: the whole list of pages fails it in English."""
    for name, url in GERMAN_PAGES:
        html = organizer_client.get(url(evening), HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert english_on_page(html), f"{name} in English passed as German"


@pytest.mark.parametrize(
    "planted",
    [
        "<button>Sitting out</button>",
        "<li>Anna Berger: raises to 1.500</li>",
        '<button name="verb" value="call">Call 125</button>',
        "<p>Seating drawn: 3 tables. Registration is closed.</p>",
        '<input name="q" placeholder="Name, nickname or contact">',
        "<p>Mittwoch, Nov 25, 2026</p>",
        "<span>Ben fold</span>",
    ],
)
def test_it_catches_english_planted_in_a_german_page(organizer_client, evening, planted) -> None:
    html = organizer_client.get(
        reverse("registration_desk", args=[evening.desk_night.pk]), HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert english_on_page(html) == []
    assert english_on_page(html.replace("</main>", planted + "</main>")) != []
