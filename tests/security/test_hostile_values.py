"""Every form and URL of the league, fed hostile values: a message (never a 500) and an unchanged database.

The database is compared as a whole (league/backup.py's dump) before and after each post. Numbers,
dates, choices and ids must refuse every value; free text (a name, a reason) must refuse a NUL and
10,000 characters and may keep the rest, a formula included (it is neutralized in CSV exports).
Runs on SQLite and on CI's PostgreSQL leg, where a NUL used to be a 500.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from league import backup, once
from tests.evening import Evening

HOSTILE = {
    "huge": "9" * 26,
    "5,000 digits": "9" * 5_000,
    "negative": "-5",
    "superscript two": "²",
    "Arabic-Indic 12": "١٢",
    "NUL": "1\x00",
    "formula": '=HYPERLINK("http://x","click")',
    "10,000 characters": "x" * 10_000,
}
TEXT_MUST_REFUSE = {"NUL", "10,000 characters"}
MESSAGE_MARKERS = ('class="error', "errorlist", 'role="alert"', 'class="messages', 'class="message')


def _an_organizer_pk() -> int:
    from django.contrib.auth import get_user_model

    return get_user_model().objects.filter(is_staff=True).values_list("pk", flat=True).first()


def _forms(e: Evening) -> list[tuple[str, str, dict, dict[str, str]]]:
    """(name, url, valid-looking data, {field: "number" | "text"}) for every form that writes."""
    season_data = {
        "name": "Saison 2030",
        "start_date": "2030-01-01",
        "end_date": "2030-12-31",
        "weekday": "2",
        "entry_fee": "10",
        "jackpot_share": "2",
        "jackpot_payout_split": "100",
        "starting_stack": "1500",
        "start_small_blind": "10",
        "start_big_blind": "20",
        "level_minutes": "20",
        "min_bet_rule": "big_blind",
        "break_every_levels": "0",
        "break_minutes": "0",
        "points_scheme": "fixed",
        "fixed_points": "10,7,5",
    }
    paper_seats = list(e.paper_table.seats.order_by("position").values_list("pk", flat=True))
    return [
        (
            "desk new player",
            reverse("desk_new_player", args=[e.desk_night.pk]),
            {"name": "Nina", "date_of_birth": "1990-01-01", "id_checked_adult": "on", "pay_now": "on", "fee": "12.50"},
            {"fee": "number", "date_of_birth": "number", "name": "text"},
        ),
        (
            "desk register",
            reverse("desk_register", args=[e.desk_night.pk]),
            {"player": str(e.player.pk), "pay_now": "on", "amount": "12.50"},
            {"player": "number", "amount": "number"},
        ),
        ("desk fee", reverse("entry_take_fee", args=[e.unpaid_entry.pk]), {"amount": "12.50"}, {"amount": "number"}),
        ("withdraw", reverse("entry_withdraw", args=[e.paid_entry.pk]), {"reason": "ill"}, {"reason": "text"}),
        (
            "cash line",
            reverse("cash_line_new", args=[e.season.pk]),
            {"direction": "out", "amount": "5", "box": "box", "night": "", "reason": "chalk"},
            {"amount": "number", "night": "number", "box": "number", "direction": "number", "reason": "text"},
        ),
        (
            "season create",
            reverse("season_create"),
            season_data,
            {
                name: "number"
                for name in (
                    "start_date",
                    "weekday",
                    "entry_fee",
                    "jackpot_share",
                    "jackpot_payout_split",
                    "starting_stack",
                    "start_small_blind",
                    "level_minutes",
                    "break_every_levels",
                    "fixed_points",
                    "points_scheme",
                )
            }
            | {"name": "text"},
        ),
        (
            "night create",
            reverse("night_create", args=[e.season.pk]),
            {"date": "2026-12-02", "starts_at": "19:30"},
            {"date": "number", "starts_at": "number"},
        ),
        (
            "points scheme",
            reverse("points_scheme", args=[e.season.pk]),
            {"points_scheme": "fixed", "fixed_points": "12,8,5", "reason": "vote", "confirm": "on"},
            {"fixed_points": "number", "points_scheme": "number", "reason": "text"},
        ),
        (
            "placement correction",
            reverse("placement_correct", args=[e.placement.pk]),
            {"place": "2", "reason": "typo"},
            {"place": "number", "reason": "text"},
        ),
        (
            "paper results",
            reverse("table_results", args=[e.paper_table.pk]),
            {
                "seat": [str(pk) for pk in paper_seats],
                "place": [str(k) for k in range(1, len(paper_seats) + 1)],
                "version": "x",
            },
            {"place": "number", "seat": "number"},
        ),
        (
            "late entry",
            reverse("late_entry", args=[e.tonight.pk]),
            {"player": str(e.player.pk), "amount": "12.50"},
            {"player": "number", "amount": "number"},
        ),
        (
            "walk-in",
            reverse("walk_in", args=[e.tonight.pk]),
            {"name": "Walter", "date_of_birth": "1990-01-01", "fee": "12.50"},
            {"fee": "number", "date_of_birth": "number", "name": "text"},
        ),
        (
            "uth calculator",
            reverse("uth_calculator"),
            {
                "rules": "standard",
                "dealer": "QhQd",
                "board": "AhKd7c2s2h",
                "meter": "",
                "box1_cards": "AsKs",
                "box1_ante": "10",
                "box1_trips": "5",
                "box1_play": "4",
            },
            {
                "box1_ante": "number",
                "box1_trips": "number",
                "meter": "number",
                "royals_elsewhere": "number",
                "dealer": "number",
            },
        ),
        (
            "imperial slip",
            reverse("imperial_slip"),
            {"chip": "5", "op": "add-ante-1"},
            {"chip": "number", "op": "number"},
        ),
        ("uth slip", reverse("uth_slip"), {"change": "chip:5"}, {"change": "number"}),
        (
            "venue create",
            reverse("venue_create"),
            {"name": "Zur Post", "address": "Markt 2", "weekday": "3", "organizers": [str(_an_organizer_pk())]},
            {"name": "text", "address": "text", "weekday": "number", "organizers": "number"},
        ),
        ("night venue", reverse("night_venue", args=[e.desk_night.pk]), {"venue": "0"}, {"venue": "number"}),
        ("device venue", reverse("choose_venue"), {"venue": str(e.tonight.venue_id)}, {"venue": "number"}),
    ]


def _cases():
    # The forms are built per test from the evening; the ids are fixed here.
    names = [
        "desk new player",
        "desk register",
        "desk fee",
        "withdraw",
        "cash line",
        "season create",
        "night create",
        "points scheme",
        "placement correction",
        "paper results",
        "late entry",
        "walk-in",
        "uth calculator",
        "imperial slip",
        "uth slip",
        "venue create",
        "night venue",
        "device venue",
    ]
    return [pytest.param(name, id=name) for name in names]


def _page_text(response) -> str:
    return response.content.decode(errors="replace")


@pytest.mark.parametrize("form_name", _cases())
def test_every_field_refuses_hostile_values_and_nothing_changes(organizer_client, evening, form_name):
    ((name, url, data, fields),) = [form for form in _forms(evening) if form[0] == form_name]
    # The whole database, once: every post must leave it exactly so (the first that changes it fails the test).
    before = backup.backup_text()
    for field, kind in fields.items():
        for label, value in HOSTILE.items():
            if kind == "text" and label not in TEXT_MUST_REFUSE:
                continue
            posted = {**data, field: [value] * len(data[field]) if isinstance(data.get(field), list) else value}
            posted[once.FIELD] = once.new_token()
            if name == "uth calculator":  # a GET form: it computes, stores nothing
                response = organizer_client.get(
                    url, {k: v for k, v in posted.items() if k != once.FIELD}, HTTP_ACCEPT_LANGUAGE="en"
                )
            else:
                response = organizer_client.post(url, posted, follow=True, HTTP_ACCEPT_LANGUAGE="en")
            where = f"{name}: {field} = {label}"
            assert response.status_code < 500, where
            assert backup.backup_text() == before, f"{where}: the database changed"
            text = _page_text(response)
            assert response.status_code in (400, 404) or any(marker in text for marker in MESSAGE_MARKERS), (
                f"{where}: no message"
            )


@pytest.mark.parametrize("label", list(HOSTILE))
def test_searches_filters_and_urls_with_hostile_values_answer_without_a_500(organizer_client, evening, label):
    value = HOSTILE[label]
    before = backup.backup_text()
    for url, params in (
        (reverse("registration_desk", args=[evening.desk_night.pk]), {"q": value}),
        (reverse("standings"), {"season": value}),
        (reverse("jackpot"), {"season": value}),
        (reverse("cash_line_new", args=[evening.season.pk]), {"night": value}),
        (reverse("cash_book"), {"season": value, "night": value, "box": value, "page": value, "date_from": value}),
        (reverse("organizer_home"), {"season": value}),
    ):
        response = organizer_client.get(url, params)
        assert response.status_code < 500, (url, label)
    assert backup.backup_text() == before


@pytest.mark.parametrize(
    "path",
    [
        "/nights/99999999999999999999999999/desk/",
        "/nights/" + "9" * 5_000 + "/seating/",
        "/players/99999999999999999999/",
        "/uth/rounds/99999999999999999999/",
        "/tables/99999999999999999999/",
    ],
)
def test_numbers_in_urls_beyond_any_id_are_a_404_not_a_500(organizer_client, path):
    assert organizer_client.get(path).status_code == 404
