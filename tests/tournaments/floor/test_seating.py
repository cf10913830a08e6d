import pytest
from django.urls import reverse

from league.models import Entry
from tests.league.factories import make_player
from tests.tournaments.conftest import FEE, Dealer, paid_night
from tournaments.floor import services
from tournaments.models import Seat, Table
from tournaments.poker import seating
from tournaments.poker.cards import Card, parse_cards, seeded_rng


@pytest.mark.parametrize(
    "players, sizes",
    [(2, [2]), (6, [6]), (7, [4, 3]), (12, [6, 6]), (13, [5, 4, 4]), (19, [5, 5, 5, 4]), (24, [6, 6, 6, 6])],
)
def test_tables_are_the_fewest_of_at_most_six_and_as_even_as_possible(players, sizes):
    assert seating.table_sizes(players) == sizes


def test_one_player_cannot_make_a_table():
    with pytest.raises(seating.SeatingError):
        seating.table_sizes(1)


def test_the_draw_seats_everyone_once_at_random():
    draw = seating.draw_tables(list(range(13)), seeded_rng(3))
    assert [len(t) for t in draw] == [5, 4, 4]
    assert sorted(p for t in draw for p in t) == list(range(13))
    assert draw != seating.draw_tables(list(range(13)), seeded_rng(4))


def test_the_highest_card_deals_first_and_suits_break_ties():
    assert seating.card_order(Card("As")) > seating.card_order(Card("Ah")) > seating.card_order(Card("Ad"))
    assert seating.card_order(Card("Ad")) > seating.card_order(Card("Ac")) > seating.card_order(Card("Ks"))
    cards, winner = seating.draw_first_dealer(["a", "b", "c"], seeded_rng(1))
    assert cards[winner] == max(cards.values(), key=seating.card_order)


def test_a_late_entry_goes_to_the_smallest_table_that_has_not_started():
    tables = [
        seating.OpenTable("t1", 1, 4, False),
        seating.OpenTable("t2", 2, 3, True),
        seating.OpenTable("t3", 3, 4, False),
    ]
    assert seating.table_for_late_entry(tables) == "t1"
    assert seating.table_for_late_entry([seating.OpenTable("t", 1, 6, False)]) is None


@pytest.mark.django_db
def test_drawing_the_seating_seats_the_paid_entries_and_closes_registration(organizer):
    night = paid_night(organizer, 13)
    unpaid = make_player("Unpaid Uwe")
    from league.desk import services as league_services

    league_services.register_player(night=night, player=unpaid, by=organizer)
    tables = services.draw_seating(night=night, rng=seeded_rng(5))
    assert [t.seats.count() for t in tables] == [5, 4, 4]
    assert not Seat.objects.filter(entry__player=unpaid).exists()
    night.refresh_from_db()
    assert night.status == "seated" and all(s.starting_stack == 1500 for s in Seat.objects.all())


@pytest.mark.django_db
def test_the_seating_can_be_drawn_again_only_before_the_first_hand(organizer):
    night = paid_night(organizer, 7)
    services.draw_seating(night=night, rng=seeded_rng(1))
    services.draw_seating(night=night, rng=seeded_rng(2))
    assert Table.objects.count() == 2 and Seat.objects.count() == 7
    table = Table.objects.first()
    services.draw_first_dealer(table=table, rng=seeded_rng(3))
    Dealer(table).next_hand()
    with pytest.raises(services.NightError, match="first hand"):
        services.draw_seating(night=night)
    assert table.hands.count() == 1


@pytest.mark.django_db
def test_a_late_entry_is_registered_paid_and_seated_at_the_smallest_waiting_table(organizer):
    night = paid_night(organizer, 7)
    services.draw_seating(night=night, rng=seeded_rng(1))
    late = make_player("Late Lars")
    seat = services.seat_late_entry(night=night, player=late, fee=FEE, by=organizer)
    assert seat.table.number == 2 and seat.position == 4 and seat.late_entry
    assert Entry.objects.get(player=late).fee_paid == FEE


@pytest.mark.django_db
def test_a_late_entry_once_every_table_has_started_pays_and_waits_without_a_seat(organizer):
    night = paid_night(organizer, 4)
    [table] = services.draw_seating(night=night, rng=seeded_rng(1))
    services.draw_first_dealer(table=table, rng=seeded_rng(2))
    Dealer(table).next_hand()
    arrival = services.seat_late_entry(night=night, player=make_player("Late"), fee=FEE, by=organizer)
    assert arrival == Entry.objects.get(player__name="Late") and arrival.is_paid
    assert not Seat.objects.filter(entry=arrival).exists() and table.seats.count() == 4


@pytest.mark.django_db
def test_the_virtual_draw_gives_the_button_to_the_highest_card(organizer):
    night = paid_night(organizer, 5)
    [table] = services.draw_seating(night=night, rng=seeded_rng(1))
    winner = services.draw_first_dealer(table=table, rng=seeded_rng(9))
    table.refresh_from_db()
    cards = {row["seat"]: parse_cards(row["card"])[0] for row in table.first_dealer_draw["cards"]}
    assert table.first_dealer == winner
    assert cards[winner.pk] == max(cards.values(), key=seating.card_order)


@pytest.mark.django_db
def test_the_seating_pages_draw_with_confirmation_and_list_players(organizer_client, organizer):
    night = paid_night(organizer, 7)
    draw = reverse("seating_draw", args=[night.pk])
    confirm = organizer_client.get(draw, HTTP_ACCEPT_LANGUAGE="en")
    assert "Draw now" in confirm.content.decode()
    organizer_client.post(draw, {"confirm": "yes", "version": confirm.context["version"]})
    assert Table.objects.count() == 2
    again = organizer_client.post(draw, HTTP_ACCEPT_LANGUAGE="en")
    assert "Draw the seating again?" in again.content.decode()
    page = organizer_client.get(reverse("seating", args=[night.pk]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Player 01" in page and "Alphabetically" in page


@pytest.mark.django_db
def test_anonymous_visitors_cannot_draw_or_seat_late_entries(client, organizer):
    night = paid_night(organizer, 4)
    for url in (reverse("seating_draw", args=[night.pk]), reverse("late_entry", args=[night.pk])):
        response = client.post(url, {"confirm": "yes"})
        assert response.status_code == 302 and response.url.startswith(reverse("login"))
    assert not Table.objects.exists()


@pytest.mark.django_db
def test_the_seating_cannot_be_drawn_again_once_a_paper_table_has_results(organizer):
    from tournaments.placements import paper as manual_results

    night = paid_night(organizer, 4)
    [table] = services.draw_seating(night=night, rng=seeded_rng(1))
    seats = list(table.seats.order_by("position"))
    manual_results.record_paper_results(
        table=table,
        places=[(seat.pk, place) for place, seat in enumerate(seats, start=1)],
        by=organizer,
        version=manual_results.results_version(table),
    )
    with pytest.raises(services.NightError, match="can no longer be drawn"):
        services.draw_seating(night=night)
    assert Table.objects.get() == table
