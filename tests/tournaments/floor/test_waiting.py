"""Nobody who paid is sent home: a walk-in the full tables cannot take gets a way on (docs/rules.md)."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from league import once
from league.cashbook import book
from league.models import Entry
from tests.tournaments.conftest import FEE, Dealer, paid_night
from tournaments.floor import late_entries, services, waiting
from tournaments.models import Hand, Seat, Table
from tournaments.poker import seating
from tournaments.poker.cards import seeded_rng


def _walk_in(night, organizer, name: str, born: datetime.date = datetime.date(1990, 3, 4)):
    return late_entries.seat_walk_in(
        night=night, fee=FEE, by=organizer, player_fields={"name": name, "date_of_birth": born}
    )


def _twelve_drawn(organizer):
    night = paid_night(organizer, 12)
    services.draw_seating(night=night, rng=seeded_rng(1))
    return night


def _first_hand(night) -> Table:
    table = night.tables.get(number=1)
    services.draw_first_dealer(table=table, rng=seeded_rng(2))
    Dealer(table).next_hand()
    return table


def _sizes(night) -> list[int]:
    return [table.seats.count() for table in night.tables.order_by("number")]


@pytest.mark.parametrize(
    "waiting_players, free_seat, play_started, way",
    [
        (0, False, False, None),
        (1, True, True, seating.WAY_SEAT),
        (1, False, False, seating.WAY_REDRAW),
        (3, False, False, seating.WAY_REDRAW),
        (1, False, True, seating.WAY_WAIT),
        (2, False, True, seating.WAY_NEW_TABLE),
    ],
)
def test_the_way_on_follows_the_rules(waiting_players, free_seat, play_started, way):
    assert seating.way_on(waiting=waiting_players, free_seat=free_seat, play_started=play_started) == way


@pytest.mark.django_db
def test_a_thirteenth_before_the_first_hand_is_drawn_again_with_everyone_to_five_four_four(organizer):
    night = _twelve_drawn(organizer)
    links = dict(night.tables.values_list("number", "dealer_token"))
    walk_in = _walk_in(night, organizer, "Dreizehn Neu")
    assert isinstance(walk_in, Entry) and _sizes(night) == [6, 6]
    way = waiting.way_on(night)
    assert way.way == seating.WAY_REDRAW and way.sizes == [5, 4, 4] and way.waiting == [walk_in]
    tables = waiting.give_way_on(night=night, way=way.way, seen_version=way.version, rng=seeded_rng(5))
    assert [t.number for t in tables] == [1, 2, 3] and _sizes(night) == [5, 4, 4]
    assert Seat.objects.filter(entry=walk_in).exists() and waiting.way_on(night) is None
    # The first dealers are drawn again; tables 1 and 2 keep their links (their QR codes lie on the tables).
    assert all(t.first_dealer_id and t.first_dealer.table_id == t.pk for t in night.tables.all())
    now = dict(night.tables.values_list("number", "dealer_token"))
    assert now[1] == links[1] and now[2] == links[2] and now[3] not in links.values()


@pytest.mark.django_db
def test_a_redraw_confirmed_after_a_hand_started_meanwhile_is_refused_and_changes_nothing(organizer):
    night = _twelve_drawn(organizer)
    walk_in = _walk_in(night, organizer, "Dreizehn Neu")
    way = waiting.way_on(night)
    table = _first_hand(night)
    seats = set(Seat.objects.values_list("pk", "table_id", "position"))
    with pytest.raises(services.NightError, match="changed meanwhile"):
        waiting.give_way_on(night=night, way=way.way, seen_version=way.version)
    assert set(Seat.objects.values_list("pk", "table_id", "position")) == seats
    assert Hand.objects.filter(table=table).count() == 1 and waiting.waiting_entries(night) == [walk_in]
    assert waiting.way_on(night).way == seating.WAY_WAIT


@pytest.mark.django_db
def test_the_plain_redraw_with_a_walk_in_waiting_is_refused_once_a_hand_was_dealt_and_changes_nothing(organizer):
    night = _twelve_drawn(organizer)
    _walk_in(night, organizer, "Dreizehn Neu")
    _first_hand(night)
    with pytest.raises(services.NightError, match="first hand"):
        services.draw_seating(night=night)
    assert _sizes(night) == [6, 6] and Hand.objects.count() == 1


@pytest.mark.django_db
def test_once_a_table_has_started_two_waiting_players_open_a_new_table(organizer):
    night = _twelve_drawn(organizer)
    _first_hand(night)
    first = _walk_in(night, organizer, "Erster Wartender")
    way = waiting.way_on(night)
    assert way.way == seating.WAY_WAIT
    with pytest.raises(services.NightError, match="waits alone"):
        waiting.give_way_on(night=night, way=way.way, seen_version=way.version)
    second = _walk_in(night, organizer, "Zweiter Wartender", datetime.date(1991, 5, 6))
    way = waiting.way_on(night)
    assert way.way == seating.WAY_NEW_TABLE and way.waiting == [first, second]
    [table] = waiting.give_way_on(night=night, way=way.way, seen_version=way.version, rng=seeded_rng(3))
    assert table.number == 3 and _sizes(night) == [6, 6, 2] and table.first_dealer_id
    assert all(seat.late_entry and seat.starting_stack == 1500 for seat in table.seats.all())
    # The new table has not started: the next walk-in joins it.
    third = _walk_in(night, organizer, "Dritter Neu", datetime.date(1992, 7, 8))
    assert isinstance(third, Seat) and third.table == table


@pytest.mark.django_db
def test_a_single_waiting_player_is_refunded_with_the_cash_book_line(organizer):
    night = _twelve_drawn(organizer)
    _first_hand(night)
    alone = _walk_in(night, organizer, "Einzeln Neu")
    with pytest.raises(services.NightError, match="without a seat"):
        services.finish_night(night=night, confirm_unfinished=True)
    late_entries.withdraw_unseated_entry(entry=alone, by=organizer, reason="keine zweite Person")
    alone.refresh_from_db()
    assert alone.is_withdrawn and alone.refund_amount == FEE
    refund = next(line for line in book.night_lines(night) if line.ref == f"refund-{alone.pk}")
    assert refund.amount == -FEE and "Einzeln Neu" in refund.text
    assert waiting.way_on(night) is None
    services.finish_night(night=night, confirm_unfinished=True)


@pytest.mark.django_db
def test_the_walk_in_goes_to_a_german_confirmation_and_one_confirmation_draws_five_four_four(
    organizer_client, organizer
):
    night = _twelve_drawn(organizer)
    data = {"name": "Dreizehn Neu", "date_of_birth": "1990-03-04", "fee": "10,00", "once": once.new_token()}
    response = organizer_client.post(reverse("walk_in", args=[night.pk]), data, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 302 and response.url == reverse("way_on", args=[night.pk])
    page = organizer_client.get(response.url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Mit den Wartenden neu auslosen?" in page and "13 Spieler an Tischen mit 5, 4, 4." in page
    assert "Tische 1, 2 behalten die Dealer-Links" in page and "Tisch 3 bekommt einen neuen Dealer-Link" in page
    assert "Ja, mit 13 Spielern neu auslosen" in page and "10,00" in page
    way = waiting.way_on(night)
    response = organizer_client.post(reverse("way_on", args=[night.pk]), {"way": way.way, "version": way.version})
    assert response.status_code == 302 and response.url == reverse("seating", args=[night.pk])
    assert _sizes(night) == [5, 4, 4]


@pytest.mark.django_db
def test_a_stale_confirmation_says_why_and_shows_the_way_on_as_it_is_now(organizer_client, organizer):
    night = _twelve_drawn(organizer)
    _walk_in(night, organizer, "Dreizehn Neu")
    way = waiting.way_on(night)
    _first_hand(night)
    url = reverse("way_on", args=[night.pk])
    response = organizer_client.post(
        url, {"way": way.way, "version": way.version}, HTTP_ACCEPT_LANGUAGE="de", follow=True
    )
    page = response.content.decode()
    assert "Inzwischen hat sich der Abend geändert" in page and "Es wurde nichts geändert" in page
    assert "Dreizehn Neu wartet auf einen zweiten Spieler" in page and _sizes(night) == [6, 6]


@pytest.mark.django_db
def test_the_seating_page_points_to_the_way_on_when_someone_waits(organizer_client, organizer):
    night = _twelve_drawn(organizer)
    _walk_in(night, organizer, "Dreizehn Neu")
    page = organizer_client.get(reverse("seating", args=[night.pk]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Bezahlt, wartet auf einen Platz" in page and "Dreizehn Neu" in page
    assert reverse("way_on", args=[night.pk]) in page and "Mit ihnen neu auslosen…" in page


@pytest.mark.django_db
def test_tonights_page_says_who_waits_and_leads_to_the_way_on(organizer_client, organizer):
    night = _twelve_drawn(organizer)
    url = reverse("night_tonight", args=[night.pk])
    assert "wartet auf einen Platz" not in organizer_client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    _walk_in(night, organizer, "Dreizehn Neu")
    page = organizer_client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "1 bezahlter Spieler wartet auf einen Platz" in page and reverse("way_on", args=[night.pk]) in page


@pytest.mark.django_db
def test_only_an_organizer_gives_a_way_on_and_a_made_up_way_changes_nothing(organizer_client, organizer):
    night = _twelve_drawn(organizer)
    _walk_in(night, organizer, "Dreizehn Neu")
    way = waiting.way_on(night)
    url = reverse("way_on", args=[night.pk])
    response = Client().post(url, {"way": way.way, "version": way.version})
    assert response.status_code == 302 and response.url.startswith(reverse("login"))
    page = organizer_client.post(
        url, {"way": "everyone home", "version": way.version}, HTTP_ACCEPT_LANGUAGE="de", follow=True
    )
    assert "Es wurde nichts geändert" in page.content.decode() and _sizes(night) == [6, 6]
