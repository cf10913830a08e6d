"""The forms outside the desk, sent in German the way a browser sends them: the values the page rendered, plus what the organizer types."""

from __future__ import annotations

from decimal import Decimal
from html.parser import HTMLParser

from django.urls import reverse

from league.models import Entry, Player
from tests.evening import FEE
from tournaments.models import ClockState, Placement, Seat

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}


class _Forms(HTMLParser):
    """Each form's action and the (name, value) pairs a browser would send without a click."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[str, list[tuple[str, str]]]] = []
        self._select: str | None = None
        self._select_value: str | None = None

    def handle_starttag(self, tag, attrs):
        a = {key: value or "" for key, value in attrs}
        if tag == "form":
            self.forms.append((a.get("action", ""), []))
        elif not self.forms:
            return
        fields = self.forms[-1][1]
        if tag == "input" and a.get("name"):
            kind = a.get("type", "text")
            if kind in {"checkbox", "radio"} and "checked" not in a:
                return
            fields.append((a["name"], a.get("value", "on" if kind == "checkbox" else "")))
        elif tag == "select":
            self._select, self._select_value = a.get("name"), None
        elif tag == "option" and self._select and (self._select_value is None or "selected" in a):
            self._select_value = a.get("value", "")

    def handle_endtag(self, tag):
        if tag == "select" and self._select:
            self.forms[-1][1].append((self._select, self._select_value or ""))
            self._select = None


def rendered_form(html: str, action: str) -> dict[str, list[str]]:
    parser = _Forms()
    parser.feed(html)
    for form_action, fields in parser.forms:
        if form_action == action:
            data: dict[str, list[str]] = {}
            for name, value in fields:
                data.setdefault(name, []).append(value)
            return data
    raise AssertionError(f"no form posts to {action}")


def send(client, page: str, action: str, **typed: str | list[str]):
    """GET the page in German, take its form to `action` as rendered, change what the organizer types, POST it."""
    html = client.get(page, **GERMAN).content.decode()
    data = rendered_form(html, action)
    data.update({key: value if isinstance(value, list) else [value] for key, value in typed.items()})
    return client.post(action or page, data, follow=True, **GERMAN)


def test_a_late_entry_pays_the_rendered_fee_or_one_typed_with_a_comma(organizer_client, evening):
    seating = reverse("seating", args=[evening.tonight.pk])
    ida = Player.objects.get(name="Ida Unger")
    html = send(
        organizer_client, seating, reverse("late_entry", args=[evening.tonight.pk]), player=str(ida.pk)
    ).content.decode()
    assert "Ida Unger kommt an Tisch 3, Sitz 3." in html
    assert Entry.objects.get(night=evening.tonight, player=ida).fee_paid == FEE
    late = Player.objects.create(name="Jan Spät", id_checked_adult=True)
    send(
        organizer_client, seating, reverse("late_entry", args=[evening.tonight.pk]), player=str(late.pk), amount="12,50"
    )
    assert Seat.objects.get(entry__player=late).entry.fee_paid == Decimal("12.50")


def test_the_clock_breaks_are_saved_from_the_german_form(organizer_client, evening):
    html = send(
        organizer_client,
        reverse("clock_control", args=[evening.tonight.pk]),
        reverse("clock_breaks", args=[evening.tonight.pk]),
        every_levels="4",
    ).content.decode()
    assert "Pausen: 10 Min. nach je 4 Stufen" in " ".join(html.split())
    clock = ClockState.objects.get(night=evening.tonight)
    assert clock.break_every_levels == 4 and clock.break_minutes == 10


def test_a_paper_table_and_a_correction_are_saved_from_the_german_forms(organizer_client, evening):
    table = evening.paper_table
    url = reverse("table_results", args=[table.pk])
    html = send(organizer_client, url, "", place=["2", "1"]).content.decode()
    assert "Die Plätze von Tisch 3 wurden gespeichert." in html
    assert sorted(Placement.objects.filter(table=table).values_list("place", flat=True)) == [1, 2]
    html = send(organizer_client, url, "", place=["1", "2"], reason="Zettel verwechselt").content.decode()
    assert "Die Plätze von Tisch 3 wurden korrigiert." in html
    placement = Placement.objects.get(table=table, place=2)
    html = send(
        organizer_client, reverse("placement_correct", args=[placement.pk]), "", place="1", reason="Foto"
    ).content.decode()
    assert "Platzierung korrigiert." in html


def test_a_typed_raise_below_the_minimum_is_refused_in_german(organizer_client, evening):
    url = reverse("organizer_tracker", args=[evening.tracked_table.pk])
    html = organizer_client.get(url, **GERMAN).content.decode()
    # The typed amount's own form: its empty "to" field is what the dealer types into.
    typed = [fields for action, fields in _parsed(html) if ("verb", "raise") in fields and ("to", "") in fields]
    data = dict(typed[0])
    data.update(to="60")
    html = organizer_client.post(url, data, follow=True, **GERMAN).content.decode()
    assert "60 liegt unter dem Minimum: mindestens 100 eingeben." in html
    data.update(to="1.475")  # with the German thousands point
    html = organizer_client.post(url, data, follow=True, **GERMAN).content.decode()
    assert "Ben Schuster: erhöht auf 1.475 (alles gesetzt)" in html


def _parsed(html: str):
    parser = _Forms()
    parser.feed(html)
    return parser.forms


def test_the_points_scheme_and_a_withdrawal_with_refund_work_in_german(organizer_client, evening):
    html = send(
        organizer_client,
        reverse("points_scheme", args=[evening.season.pk]),
        "",
        points_scheme="fixed",
        fixed_points="10, 7, 5, 3",
        reason="Neue Regel",
        confirm="on",
    ).content.decode()
    assert "Das Punkteschema von Saison 2026 wurde geändert." in html
    evening.season.refresh_from_db()
    assert evening.season.points_scheme == "fixed"
    html = send(
        organizer_client, reverse("entry_withdraw", args=[evening.paid_entry.pk]), "", reason="krank"
    ).content.decode()
    assert "Anna Berger wurde abgemeldet." in html
    evening.paid_entry.refresh_from_db()
    assert evening.paid_entry.refund_amount == FEE
