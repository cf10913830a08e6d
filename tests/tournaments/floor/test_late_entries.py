"""After the draw: unpaid entries listed at the draw, then paid and seated or withdrawn; a walk-in who is new."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

from league import once
from league.desk import services as league_services
from league.models import Entry, Player
from tests.league.factories import make_night, make_player
from tournaments.floor import late_entries, services, waiting
from tournaments.models import Seat, Table, TableStatus

pytestmark = pytest.mark.django_db

FEE = Decimal("10.00")


@pytest.fixture(autouse=True)
def english_client(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


@pytest.fixture
def drawn_night(organizer):
    """Seven paid entries (tables of 4 and 3) and Uwe, who registered but had not paid at the draw."""
    night = make_night()
    for k in range(7):
        league_services.register_player(night=night, player=make_player(f"Player {k}"), by=organizer, fee=FEE)
    league_services.register_player(night=night, player=make_player("Uwe Unbezahlt"), by=organizer)
    services.draw_seating(night=night)
    return night


def test_the_draws_confirmation_lists_who_has_not_paid(organizer_client, organizer):
    night = make_night()
    league_services.register_player(night=night, player=make_player("Anna"), by=organizer, fee=FEE)
    league_services.register_player(night=night, player=make_player("Uwe Unbezahlt"), by=organizer)
    page = organizer_client.get(f"/nights/{night.pk}/seating/draw/").content.decode()
    assert "1 entry has not paid and will not be seated:" in page and "Uwe Unbezahlt" in page
    assert "Anna" not in page


def test_the_seating_page_offers_the_unpaid_entry_pay_or_withdraw(organizer_client, drawn_night):
    page = organizer_client.get(f"/nights/{drawn_night.pk}/seating/").content.decode()
    uwe = Entry.objects.get(player__name="Uwe Unbezahlt")
    assert "Not seated: fee not paid at the draw" in page
    assert f"/entries/{uwe.pk}/pay-and-seat/" in page and f"/entries/{uwe.pk}/withdraw-unseated/" in page


def test_an_unpaid_entry_pays_after_the_draw_and_joins_the_smallest_table_not_started(organizer_client, drawn_night):
    uwe = Entry.objects.get(player__name="Uwe Unbezahlt")
    response = organizer_client.post(f"/entries/{uwe.pk}/pay-and-seat/", {"amount": "10,00"}, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 302
    uwe.refresh_from_db()
    assert uwe.fee_paid == FEE and uwe.jackpot_share == Decimal("2.00")
    seat = Seat.objects.get(entry=uwe)
    assert seat.late_entry and seat.table.seats.count() == 4 and seat.position == 4 and seat.starting_stack == 1500
    assert late_entries.unseated_entries(drawn_night) == []


def test_paying_after_the_draw_when_every_table_has_started_leaves_the_entry_paid_and_waiting(organizer, drawn_night):
    Table.objects.filter(night=drawn_night).update(status=TableStatus.PLAYING)
    uwe = Entry.objects.get(player__name="Uwe Unbezahlt")
    arrival = late_entries.pay_and_seat_entry(entry=uwe, fee=FEE, by=organizer)
    uwe.refresh_from_db()
    assert arrival == uwe and uwe.is_paid and not Seat.objects.filter(entry=uwe).exists()
    assert waiting.waiting_entries(drawn_night) == [uwe] and late_entries.unseated_entries(drawn_night) == []


def test_an_unseated_entry_is_withdrawn_after_the_draw_with_a_confirmation(organizer_client, drawn_night):
    uwe = Entry.objects.get(player__name="Uwe Unbezahlt")
    page = organizer_client.get(f"/entries/{uwe.pk}/withdraw-unseated/").content.decode()
    assert "Withdraw Uwe Unbezahlt?" in page and "No fee was taken for this entry." in page
    uwe.refresh_from_db()
    assert not uwe.is_withdrawn
    response = organizer_client.post(f"/entries/{uwe.pk}/withdraw-unseated/", {"reason": "went home"})
    assert response.status_code == 302
    uwe.refresh_from_db()
    assert uwe.is_withdrawn and uwe.refund_amount is None and uwe.withdrawal_reason == "went home"


def test_withdrawing_an_unseated_entry_with_too_long_a_reason_says_so_and_withdraws_nothing(
    organizer_client, drawn_night
):
    uwe = Entry.objects.get(player__name="Uwe Unbezahlt")
    response = organizer_client.post(f"/entries/{uwe.pk}/withdraw-unseated/", {"reason": "x" * 201})
    page = response.content.decode()
    assert response.status_code == 200 and 'role="alert"' in page and "at most 200 characters" in page
    assert f'href="/nights/{drawn_night.pk}/seating/"' in page
    uwe.refresh_from_db()
    assert not uwe.is_withdrawn


def test_a_paid_entry_left_unseated_is_refunded_when_withdrawn_after_the_draw(organizer, drawn_night):
    # Paid while the draw was being made: not seated, so the fee goes back and is recorded.
    late = league_services.register_player(
        night=drawn_night, player=make_player("Late Lotte"), by=organizer, fee=FEE, late=True
    )
    late_entries.withdraw_unseated_entry(entry=late, by=organizer, reason="no seat wanted")
    late.refresh_from_db()
    assert late.is_withdrawn and late.refund_amount == FEE
    assert league_services.desk_totals(drawn_night).refunds == FEE


def test_a_seated_entry_cannot_be_withdrawn_or_paid_as_unseated(organizer, drawn_night):
    seated = Entry.objects.filter(seat__isnull=False).first()
    with pytest.raises(services.NightError, match="already has a seat"):
        late_entries.withdraw_unseated_entry(entry=seated, by=organizer)
    with pytest.raises(services.NightError, match="already has a seat"):
        late_entries.pay_and_seat_entry(entry=seated, fee=FEE, by=organizer)
    seated.refresh_from_db()
    assert not seated.is_withdrawn


def test_a_new_walk_in_is_created_paid_and_seated_in_one_go(organizer_client, drawn_night):
    data = {"name": "Walter Neu", "date_of_birth": "1990-03-04", "fee": "10,00", "once": once.new_token()}
    response = organizer_client.post(f"/nights/{drawn_night.pk}/walk-in/", data, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 302 and response.url == f"/nights/{drawn_night.pk}/seating/"
    seat = Seat.objects.get(entry__player__name="Walter Neu")
    assert seat.late_entry and seat.entry.fee_paid == FEE and seat.table.seats.count() == 4


def test_a_seventeen_year_old_walk_in_is_refused_and_nothing_is_written(organizer_client, drawn_night):
    born = drawn_night.date.replace(year=drawn_night.date.year - 17)
    data = {"name": "Kevin Jung", "date_of_birth": born.isoformat(), "fee": "10.00"}
    response = organizer_client.post(f"/nights/{drawn_night.pk}/walk-in/", data)
    assert response.status_code == 200
    assert "Under 18: players must be 18 or older on the night" in response.content.decode()
    assert not Player.objects.filter(name="Kevin Jung").exists()
    assert Seat.objects.filter(table__night=drawn_night).count() == 7


def test_the_walk_in_service_checks_the_age_itself(organizer, drawn_night):
    minor = {"name": "Kevin Jung", "date_of_birth": drawn_night.date - datetime.timedelta(days=17 * 365)}
    with pytest.raises(services.NightError, match="under 18"):
        late_entries.seat_walk_in(night=drawn_night, fee=FEE, by=organizer, player_fields=minor)
    assert not Player.objects.filter(name="Kevin Jung").exists()


def test_a_walk_in_with_no_table_to_join_is_created_paid_and_waits(organizer, drawn_night):
    Table.objects.filter(night=drawn_night).update(status=TableStatus.PLAYING)
    adult = {"name": "Walter Neu", "date_of_birth": datetime.date(1990, 3, 4)}
    arrival = late_entries.seat_walk_in(night=drawn_night, fee=FEE, by=organizer, player_fields=adult)
    assert isinstance(arrival, Entry) and arrival.fee_paid == FEE and arrival.player.name == "Walter Neu"
    assert [entry.player.name for entry in waiting.waiting_entries(drawn_night)] == ["Walter Neu"]


def test_a_walk_in_without_a_fee_is_refused(organizer_client, drawn_night):
    data = {"name": "Walter Neu", "date_of_birth": "1990-03-04", "fee": ""}
    response = organizer_client.post(f"/nights/{drawn_night.pk}/walk-in/", data)
    assert "Enter the fee received." in response.content.decode()
    assert not Player.objects.filter(name="Walter Neu").exists()


def test_when_every_table_has_started_the_page_still_takes_the_fee_and_says_what_follows(organizer_client, drawn_night):
    page = organizer_client.get(f"/nights/{drawn_night.pk}/seating/").content.decode()
    assert "Paid: seat now" in page and "Seat the late entry" in page and "Register and seat" in page
    Table.objects.filter(night=drawn_night).update(status=TableStatus.PLAYING)
    page = organizer_client.get(f"/nights/{drawn_night.pk}/seating/").content.decode()
    assert "Paid: seat now" not in page and "Seat the late entry" in page and "Register and seat" in page
    assert "who pays now waits for a seat, and you choose the way to a table" in page
    assert "the age is checked, the fee taken, and you choose the way to a table" in page
    uwe = Entry.objects.get(player__name="Uwe Unbezahlt")
    assert f"/entries/{uwe.pk}/withdraw-unseated/" in page and f"/entries/{uwe.pk}/pay-and-seat/" in page
