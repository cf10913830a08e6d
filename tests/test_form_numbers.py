"""Every page with a form, in German and in English: each number an input carries is one the browser and the form read.

A German decimal comma (``12,50``) or thousands separator (``1.500``) inside
``<input type=number>`` is an invalid value the browser silently drops, so the
form is submitted empty. Add a new page with a form to FORM_PAGES.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from tests.evening import Evening

# (name, url of the page for the evening): every page outside the house games that has a form.
FORM_PAGES: list[tuple[str, Callable[[Evening], str]]] = [
    ("login", lambda e: reverse("login")),
    ("desk", lambda e: reverse("registration_desk", args=[e.desk_night.pk])),
    ("desk search", lambda e: reverse("registration_desk", args=[e.desk_night.pk]) + "?q=i"),
    ("withdraw", lambda e: reverse("entry_withdraw", args=[e.paid_entry.pk])),
    ("seating draw", lambda e: reverse("seating_draw", args=[e.desk_night.pk])),
    ("seating with late entry", lambda e: reverse("seating", args=[e.tonight.pk])),
    ("table: first dealer", lambda e: reverse("table_detail", args=[e.paper_table.pk])),
    ("tracker: betting", lambda e: reverse("organizer_tracker", args=[e.tracked_table.pk])),
    ("tracker: showdown", lambda e: reverse("organizer_tracker", args=[e.showdown_table.pk])),
    ("clock controls", lambda e: reverse("clock_control", args=[e.tonight.pk])),
    ("paper results", lambda e: reverse("table_results", args=[e.paper_table.pk])),
    ("results correction", lambda e: reverse("table_results", args=[e.played_table.pk])),
    ("placement correction", lambda e: reverse("placement_correct", args=[e.placement.pk])),
    ("points scheme", lambda e: reverse("points_scheme", args=[e.season.pk])),
    ("night jackpot: deposits", lambda e: reverse("night_jackpot", args=[e.played.pk])),
    ("season jackpot", lambda e: reverse("season_jackpot", args=[e.season.pk])),
    ("standings: season filter", lambda e: reverse("standings")),
    ("standings: search", lambda e: reverse("standings") + "?q=a"),
    ("organizer home", lambda e: reverse("organizer_home")),
    ("season create", lambda e: reverse("season_create")),
    ("season edit", lambda e: reverse("season_edit", args=[e.season.pk])),
    ("night create", lambda e: reverse("night_create", args=[e.season.pk])),
    ("night finish", lambda e: reverse("night_finish", args=[e.tonight.pk])),
    ("organizer add", lambda e: reverse("organizer_add")),
    ("venue add", lambda e: reverse("venue_create")),
    ("venue edit", lambda e: reverse("venue_edit", args=[e.tonight.venue_id])),
    ("night's venue", lambda e: reverse("night_venue", args=[e.desk_night.pk])),
    ("locked logins", lambda e: reverse("locked_logins")),
    ("password change", lambda e: reverse("password_change")),
    ("walk-in", lambda e: reverse("walk_in", args=[e.tonight.pk])),
    ("blind structure (frozen)", lambda e: reverse("blind_structure", args=[e.season.pk])),
    ("the club's clock", lambda e: reverse("club_clock")),
    ("blind structure: a template", lambda e: reverse("blind_structure", args=[e.season.pk]) + "?template=classic"),
    ("points scheme: a preset", lambda e: reverse("points_scheme", args=[e.season.pk]) + "?preset=logarithmic"),
    ("player list", lambda e: reverse("player_list")),
    ("league link: the laptop", lambda e: reverse("league_link")),
    ("league link: a venue's laptops", lambda e: reverse("league_link_venue", args=[e.tonight.venue_id])),
]

# Hidden inputs and buttons that carry a number under these names.
NUMBER_NAMES = {"amount", "fee", "to", "pots", "seat", "player", "place", "first_dealer", "every_levels", "minutes"}
DECIMAL = re.compile(r"-?\d+(\.\d+)?")
WHOLE = re.compile(r"-?\d+")


class NumberFields(HTMLParser):
    """(what, value, whole) for every number a form sends: number inputs, numeric keyboards, numeric hidden fields."""

    def __init__(self, comma: bool = False) -> None:
        super().__init__()
        self.fields: list[tuple[str, str, bool]] = []
        self.select = ""
        self.comma = comma  # German: a decimal text field shows "12,50"

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self.select = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {key: value or "" for key, value in attrs}
        kind, mode, name = a.get("type", "text").lower(), a.get("inputmode", ""), a.get("name", "")
        if tag == "select":
            self.select = name
        if tag == "option" and self.select in NUMBER_NAMES:
            tag, name = "select", self.select
        if tag == "input" and kind in {"checkbox", "radio"}:
            return
        numeric = (
            (tag == "input" and (kind == "number" or mode in {"numeric", "decimal"}))
            or (tag in {"button", "select"} and name in NUMBER_NAMES)
            or (tag == "input" and name in NUMBER_NAMES and kind == "hidden")
        )
        if not numeric:
            return
        step = a.get("step", "")
        if tag == "input" and kind == "number":
            whole = step != "any" and "." not in step  # the browser's own rule: no step means steps of 1
        elif mode in {"numeric", "decimal"}:
            whole = mode == "numeric"
            if mode == "decimal" and kind == "text" and self.comma:
                # A text field the server reads as typed: German writes its decimal comma (never a grouping dot).
                what = f"<{tag} name={name!r} type={kind!r}>"
                if a.get("value"):
                    self.fields.append((what, a["value"].replace(",", "."), False))
                return
        else:
            whole = name not in {"amount", "fee"}
        what = f"<{tag} name={name!r} type={kind!r}>"
        if "value" in a and a["value"] != "":
            self.fields.append((what, a["value"], whole))
        for bound in ("min", "max", "step"):
            if a.get(bound):
                self.fields.append((f"{what} {bound}", a[bound], bound != "step" and whole))


def number_fields(html: str) -> list[tuple[str, str, bool]]:
    parser = NumberFields(comma='<html lang="de"' in html)
    parser.feed(html)
    return parser.fields


def unreadable_numbers(html: str) -> list[str]:
    problems = []
    for what, value, whole in number_fields(html):
        pattern = WHOLE if whole else DECIMAL
        if not pattern.fullmatch(value):
            problems.append(f"{what}: {value!r}")
            continue
        float(value)
    return problems


@pytest.mark.parametrize("language", ["de", "en"])
@pytest.mark.parametrize("name, url", FORM_PAGES, ids=[name for name, _ in FORM_PAGES])
def test_every_number_in_a_form_is_one_the_browser_reads(organizer_client, evening, language, name, url) -> None:
    response = organizer_client.get(url(evening), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, f"{name}: {response.status_code}"
    html = response.content.decode()
    assert f'<html lang="{language}"' in html
    assert "<form" in html, f"{name} has no form: take it off FORM_PAGES"
    assert unreadable_numbers(html) == []


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_pages_carry_fees_and_chip_counts_where_a_separator_could_slip_in(
    organizer_client, evening, language
) -> None:
    """Guards the test above against passing on pages that carry no such numbers."""
    values = {
        value
        for _, url in FORM_PAGES
        for _, value, _ in number_fields(
            organizer_client.get(url(evening), HTTP_ACCEPT_LANGUAGE=language).content.decode()
        )
    }
    assert "12.50" in values
    assert any(WHOLE.fullmatch(value) and int(value) >= 1000 for value in values)


def test_the_check_catches_a_german_decimal_comma_and_a_thousands_separator() -> None:
    assert unreadable_numbers('<input name="amount" type="number" step="0.01" value="12,50">') != []
    assert unreadable_numbers('<input name="to" type="number" inputmode="numeric" value="1.500">') != []
    assert unreadable_numbers('<input type="hidden" name="amount" value="1.234,50">') != []
    assert unreadable_numbers('<button name="to" value="1,500">') != []
    assert (
        unreadable_numbers(
            '<select name="player"><option value="">–</option><option value="1.001">Anna</option></select>'
        )
        != []
    )
    assert (
        unreadable_numbers(
            '<input name="amount" type="number" step="0.01" value="12.50"><button name="to" value="1500">'
        )
        == []
    )


@pytest.mark.parametrize("language, fee", [("de", "12,50"), ("en", "12.50")])
def test_money_fields_are_filled_in_as_each_language_writes_money(organizer_client, evening, language, fee) -> None:
    """A German organizer sees "12,50" in a fee field, not "12.50"; the field reads both."""
    pages = [
        reverse("registration_desk", args=[evening.desk_night.pk]) + "?q=i",  # a found player's fee
        reverse("seating", args=[evening.tonight.pk]),  # a late entry's fee
        reverse("walk_in", args=[evening.tonight.pk]),
        reverse("season_edit", args=[evening.season.pk]),
    ]
    for url in pages:
        html = organizer_client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        values = re.findall(
            r'<input[^>]*inputmode="decimal"[^>]*value="([^"]*)"|<input[^>]*value="([^"]*)"[^>]*inputmode="decimal"',
            html,
        )
        shown = {a or b for a, b in values}
        assert fee in shown, f"{url}: {shown}"
        assert not any(
            re.fullmatch(r"\d+[.,]\d\d", v) and v != fee and v.replace(",", ".") == fee.replace(",", ".") for v in shown
        )
