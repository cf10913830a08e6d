"""The seating pages' players as plain rows: the same seats, names and numbers as the models say."""

import pytest
from django.urls import reverse

from tests.tournaments.conftest import paid_night
from tournaments.floor import seating_rows, services
from tournaments.models import Seat


@pytest.mark.django_db
def test_each_table_lists_its_seats_in_order_as_the_models_have_them(organizer):
    night = paid_night(organizer, 7)
    services.draw_seating(night=night)
    Seat.objects.filter(pk=Seat.objects.order_by("pk").first().pk).update(late_entry=True)
    tables = seating_rows.tables_with_seats(night)
    assert len(tables) == 2
    for table in tables:
        expected = [
            (seat.pk, seat.position, seat.entry.player.name, seat.late_entry)
            for seat in table.seats.select_related("entry__player").order_by("position")
        ]
        assert [(s.pk, s.position, s.name, s.late_entry) for s in table.seated] == expected
    assert sum(s.late_entry for table in tables for s in table.seated) == 1


@pytest.mark.django_db
@pytest.mark.parametrize("screen", [False, True])
def test_both_seating_pages_name_every_player_at_his_seat(client, organizer, screen):
    night = paid_night(organizer, 7)
    services.draw_seating(night=night)
    url = reverse("seating", args=[night.pk]) + ("?screen=1" if screen else "")
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    for seat in Seat.objects.select_related("entry__player"):
        assert f'<li value="{seat.position}">{seat.entry.player.name}' in page
