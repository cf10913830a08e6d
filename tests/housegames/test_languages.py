"""The house-game pages in German and in English: every number input carries a
value that ``<input type=number>`` and the form both accept, typed amounts are
read in both languages, and no English is left on a German page (visible text
and accessible names alike)."""

from __future__ import annotations

import re
from decimal import Decimal
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.urls import reverse

from housegames.models import ImperialRound, UthRound
from housegames.services import uth as uth_play
from tests.housegames.imperial.fixtures import deal  # noqa: F401  (fixture)
from tests.housegames.uth.helpers import stack_decks

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
DEALER_AK = "Ad Kc Tc 3h 4d"
CALCULATOR_QUERY = {
    "rules": "standard",
    "dealer": "7d7c",
    "board": "QsJsTs3d3c",
    "meter": "10000.50",
    "royals_elsewhere": "1",
    "box1_cards": "AsKs",
    "box1_ante": "10",
    "box1_play": "4",
    "box1_jackpot": "on",
    "box1_guest": "1",
    "box2_cards": "2h4h",
    "box2_ante": "7.50",
    "box2_trips": "5",
    "box2_play": "0",
    "box2_jackpot": "on",
    "box3_cards": "8h9d",
    "box3_ante": "10",
    "box3_play": "1",
}


class _Page(HTMLParser):
    """What a person meets on a page: the text outside scripts and styles, the
    accessible names and hints (aria-label, title, placeholder, alt), and the
    number inputs."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.number_inputs: list[dict] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in ("script", "style"):
            self._skip += 1
        if tag == "input" and (attrs.get("type") == "number" or attrs.get("inputmode") in ("numeric", "decimal")):
            self.number_inputs.append(attrs)
        for name in ("aria-label", "title", "placeholder", "alt"):
            if attrs.get(name):
                self.texts.append(attrs[name])
        if tag == "input" and attrs.get("type") in ("submit", "button") and attrs.get("value"):
            self.texts.append(attrs["value"])

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip and data.strip():
            self.texts.append(data)


def read(html: str) -> _Page:
    page = _Page()
    page.feed(html)
    return page


# --- the pages, each in a state that shows its forms ----------------------------------------------


def _uth_pages(client, monkeypatch) -> dict[str, str]:
    stack_decks(
        monkeypatch,
        (["AsKs"], "QhQd", "AhKd7c2s2h"),
        (["8c3d", "9s8s"], "AsJs", "QhQdQc5s2h"),
    )
    pages = {"uth table, empty": client.get(reverse("uth_table")).content.decode()}
    client.post(reverse("uth_slip"), {"change": "ante:25"})
    client.post(reverse("uth_slip"), {"change": "trips:5"})
    client.post(reverse("uth_slip"), {"change": "jackpot:on"})
    client.post(reverse("uth_deal"))
    pages["uth table, deciding"] = client.get(reverse("uth_table")).content.decode()
    first = UthRound.objects.get()
    client.post(reverse("uth_decide", args=[first.pk]), {"decision": "4x", "seen": "0"})
    pages["uth table, settled"] = client.get(reverse("uth_table")).content.decode()
    pages["uth round"] = client.get(reverse("uth_round", args=[first.pk])).content.decode()
    client.post(reverse("uth_slip"), {"change": "blind:2"})
    client.post(reverse("uth_deal"))
    second = UthRound.objects.exclude(pk=first.pk).get()
    client.post(reverse("uth_decide", args=[second.pk]), {"decision": "check", "seen": "0"})
    client.post(reverse("uth_decide", args=[second.pk]), {"decision": "check", "seen": "1"})
    pages["uth table, river"] = client.get(reverse("uth_table")).content.decode()
    UthRound.objects.filter(pk=second.pk).update(acted_at=first.created_at.replace(year=2000))
    pages["uth table, timed out"] = client.get(reverse("uth_table")).content.decode()
    pages["uth calculator, empty"] = client.get(reverse("uth_calculator")).content.decode()
    pages["uth calculator, settled"] = client.get(reverse("uth_calculator"), CALCULATOR_QUERY).content.decode()
    pages["uth calculator, errors"] = client.get(
        reverse("uth_calculator"), CALCULATOR_QUERY | {"box3_cards": "AsXx"}
    ).content.decode()
    return pages


def _imperial_pages(client, deal) -> dict[str, str]:  # noqa: F811
    deal("7s 7h 7d Qc 2d", dealer=DEALER_AK)
    deal("Qs Qd 7c 4h 2s", "9s 8d 6c 6h 3s", "5s 5h Jc Th 3d", dealer="2c 3c 5d 8h 9d", draws="Kd")
    pages = {"imperial table, empty": client.get(reverse("imperial_table")).content.decode()}
    client.post(reverse("imperial_slip"), {"chip": "5", "op": "add-ante-1"})
    client.post(reverse("imperial_slip"), {"chip": "5", "op": "add-bonus-1"})
    client.post(reverse("imperial_deal"))
    pages["imperial table, insurance offered"] = client.get(reverse("imperial_table")).content.decode()
    first = ImperialRound.objects.get()
    client.post(reverse("imperial_act", args=[first.pk]), {"action": "insure", "box": "1", "seen": "0", "amount": "5"})
    client.post(reverse("imperial_act", args=[first.pk]), {"action": "bet", "box": "1", "seen": "1"})
    pages["imperial table, settled"] = client.get(reverse("imperial_table")).content.decode()
    pages["imperial round"] = client.get(reverse("imperial_round", args=[first.pk])).content.decode()
    for box in (2, 3):
        client.post(reverse("imperial_slip"), {"chip": "5", "op": f"add-ante-{box}"})
    client.post(reverse("imperial_deal"))
    pages["imperial table, three boxes"] = client.get(reverse("imperial_table")).content.decode()
    return pages


@pytest.fixture
def pages(client, monkeypatch, deal, request):  # noqa: F811
    language = request.param
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    found = _uth_pages(client, monkeypatch) | _imperial_pages(client, deal)
    for name, html in found.items():
        assert f'<html lang="{language}">' in html, name
    return found


# --- numbers in number inputs ---------------------------------------------------------------------

_PLAIN_NUMBER = re.compile(r"^-?\d+(\.\d+)?$")


@pytest.mark.parametrize("pages", ["de", "en"], indirect=True)
def test_every_number_input_on_the_house_game_pages_holds_a_plain_number(pages):
    checked = 0
    for name, html in pages.items():
        for attrs in read(html).number_inputs:
            for attribute in ("value", "min", "max", "step"):
                value = attrs.get(attribute)
                if value in (None, "", "any"):
                    continue
                assert _PLAIN_NUMBER.match(value), f"{name}: {attrs.get('name')} {attribute}={value!r}"
                Decimal(value)
                checked += 1
    assert checked > 60  # the calculator's boxes and the insurance amount, at least


@pytest.mark.parametrize("pages", ["de", "en"], indirect=True)
def test_the_calculators_rendered_values_go_back_through_the_form_unchanged(client, pages):
    html = pages["uth calculator, settled"]
    values = {a["name"]: a["value"] for a in read(html).number_inputs if a.get("value")}
    assert values["box2_ante"] == "7.50" and values["meter"] == "10000.50"
    again = client.get(reverse("uth_calculator"), CALCULATOR_QUERY | values).content.decode()
    assert 'id="calc-result"' in again and "invalid" not in again


@pytest.mark.parametrize(
    "language, typed, accepted",
    [
        ("de", "7,50", True),
        ("de", "7.50", True),
        ("de", "7", True),
        ("en", "7.50", True),
        ("en", "7", True),
        ("de", "sieben", False),
        ("en", "7,5,0", False),
    ],
)
def test_typed_amounts_are_read_in_each_language(client, language, typed, accepted):
    query = CALCULATOR_QUERY | {"box2_ante": typed}
    html = client.get(reverse("uth_calculator"), query, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert ('id="calc-result"' in html) is accepted, typed
    if accepted:
        # Box 2's ante is 7.50 (or 7), whatever the language it was typed in.
        box2 = html[html.index('id="calc-settlement-2"') : html.index('id="calc-settlement-3"')]
        expected = "7" if typed == "7" else ("7,50" if language == "de" else "7.50")
        assert f'<th scope="row">Ante</th><td class="num">{expected}</td>' in box2


# --- no English on German pages -------------------------------------------------------------------

# Words of English that German does not use; the games' own terms (Ante, Blind,
# Play, Trips, Bonus, Jackpot, Box, Dealer, Royal Flush, Full House, Flop,
# River, Hand) are the German leaflets' own words (docs/rules.md) and are
# allowed. Imperial's bet is "Einsatz" and its verbs are the tracker's.
ENGLISH_WORDS = {
    "the",
    "and",
    "you",
    "your",
    "with",
    "needs",
    "pays",
    "paid",
    "back",
    "of",
    "to",
    "is",
    "are",
    "for",
    "this",
    "that",
    "from",
    "by",
    "or",
    "better",
    "pair",
    "wins",
    "win",
    "lose",
    "loses",
    "tie",
    "folded",
    "checked",
    "chips",
    "money",
    "play-money",
    "bankroll",
    "bets",
    "round",
    "rounds",
    "table",
    "next",
    "deal",
    "again",
    "clear",
    "add",
    "remove",
    "calculate",
    "guest",
    "cards",
    "card",
    "total",
    "stake",
    "result",
    "why",
    "history",
    "insure",
    "insurance",
    "exchange",
    "buy",
    "show",
    "time",
    "ran",
    "out",
    "other",
    "tables",
    "meter",
    "only",
    "when",
    "players",
    "qualifies",
    "does",
    "not",
    "place",
    "first",
    "limits",
    "games",
    "league",
    "standings",
}
# Names, not English: they stay as they are in German too.
PROPER_NAMES = {"Ultimate Texas Hold'em", "Imperial Poker", "Pub Poker League"}
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")


def _english_sentences() -> list[str]:
    """Every msgid of three words or more whose German differs, cut at placeholders."""
    po = (ROOT / "locale" / "de" / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    found = []
    for block in po.split("\n\n")[1:]:
        msgid = "".join(re.findall(r'"(.*)"', block.split("msgid_plural")[0].split("msgstr")[0]))
        msgstr = "".join(re.findall(r'"(.*)"', block.split("msgstr", 1)[1])) if "msgstr" in block else ""
        if not msgid or msgstr == msgid:
            continue
        for piece in re.split(r"%\(\w+\)s|%s|\{\{[^}]*\}\}|[:;.,()·—]", msgid):
            piece = piece.strip()
            if len(piece.split()) >= 3 and piece not in PROPER_NAMES:
                found.append(piece)
    return found


def english_on(html: str) -> list[str]:
    """Each English word or sentence found, with the text around it."""
    text = " ".join(" ".join(t.split()) for t in read(html).texts)
    found = []
    for match in _WORD.finditer(text):
        if match.group().lower() in ENGLISH_WORDS:
            found.append(f"{match.group()!r} in …{text[max(0, match.start() - 40) : match.end() + 40]}…")
    found += [f"{s!r}" for s in _english_sentences() if s in text]
    return found


@pytest.mark.parametrize("pages", ["de"], indirect=True)
def test_no_english_is_left_on_the_german_house_game_pages(pages):
    leftovers = [f"{name}: {found}" for name, html in pages.items() for found in english_on(html)]
    assert not leftovers, "\n".join(leftovers)


@pytest.mark.parametrize("pages", ["en"], indirect=True)
def test_the_english_check_finds_english(pages):
    # The same check on the English pages must find plenty: it can fail.
    assert all(english_on(html) for html in pages.values())


def test_the_rule_text_of_the_calculator_is_german(client):
    html = client.get(
        reverse("uth_calculator"), CALCULATOR_QUERY | {"rules": "pair_of_fours"}, HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "braucht ein Paar Vieren oder besser" in html and "pair of fours" not in html


def test_play_chips_and_percentages_follow_the_locale(client):
    assert "1.000 Spielchips" in client.get(reverse("uth_table"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "1,000 play chips" in client.get(reverse("imperial_table"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert uth_play.TABLE_LIMITS.max_ante == 50


# The words the league's tracker uses for the same things (docs/rules.md, "Words the venue uses"): "Schieben", not "Check";
# Imperial's bet is "Einsatz", placed with "Setzen", and "Passen", not "Bet" and "Fold"; play money is
# "Spielchips" (never the tournament's "Jeton"); a note that moves no chips shows no "0 Spielchips".
NOT_THE_TRACKERS_WORDS = re.compile(r"\b(Check|Bet|Bets|Fold|Jetons?|Chips?)\b|verloren\s*0\s*Spielchips")


@pytest.mark.parametrize("pages", ["de"], indirect=True)
def test_the_german_house_game_pages_use_the_trackers_words(pages):
    found = []
    for name, html in pages.items():
        text = " ".join(" ".join(t.split()) for t in read(html).texts)
        found += [
            f"{name}: {m.group()!r} in …{text[max(0, m.start() - 40) : m.end() + 40]}…"
            for m in NOT_THE_TRACKERS_WORDS.finditer(text)
        ]
    assert not found, "\n".join(found)
