import pytest
from django.urls import reverse

from tests.tournaments.conftest import Dealer, table_of
from tournaments.models import Placement, PlacementCorrection


def _finish_heads_up(dealer: Dealer) -> None:
    dealer.next_hand()
    dealer.act("Anna", "allin")
    dealer.act("Ben", "call")
    dealer.cards("2c 3d 4h 9s Jd", Anna="As Ad", Ben="7c 8d")
    dealer.settle()


@pytest.mark.django_db
def test_the_table_page_shows_the_first_dealer_draw_and_the_dealer_link(organizer_client, organizer):
    table = table_of({"Anna": 1500, "Ben": 1500, "Carl": 1500}, organizer)
    table.first_dealer = None
    table.save()
    url = reverse("table_detail", args=[table.pk])
    organizer_client.post(reverse("first_dealer", args=[table.pk]))
    table.refresh_from_db()
    html = organizer_client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert table.first_dealer is not None and len(table.first_dealer_draw["cards"]) == 3
    assert "<svg" in html and reverse("dealer_tracker", args=[table.dealer_token]) in html


@pytest.mark.django_db
def test_the_first_dealer_cannot_change_after_the_first_hand(organizer_client, organizer):
    table = table_of({"Anna": 1500, "Ben": 1500}, organizer)
    Dealer(table).next_hand()
    ben = table.seats.get(entry__player__name="Ben")
    response = organizer_client.post(
        reverse("first_dealer", args=[table.pk]), {"seat": ben.pk}, follow=True, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert "first dealer is settled" in response.content.decode()
    table.refresh_from_db()
    assert table.first_dealer.player.name == "Anna"


@pytest.mark.django_db
def test_a_placement_correction_needs_a_reason_and_is_kept_in_the_audit_trail(organizer_client, organizer):
    table = table_of({"Anna": 1500, "Ben": 1000}, organizer)
    _finish_heads_up(Dealer(table))
    ben = Placement.objects.get(seat__entry__player__name="Ben")
    url = reverse("placement_correct", args=[ben.pk])
    missing = organizer_client.post(url, {"place": "1", "reason": ""}, HTTP_ACCEPT_LANGUAGE="en")
    assert "This field is required" in missing.content.decode()
    out_of_range = organizer_client.post(url, {"place": "7", "reason": "typo"}, HTTP_ACCEPT_LANGUAGE="en")
    assert "between 1 and 2" in out_of_range.content.decode()
    organizer_client.post(url, {"place": "1", "reason": "dealer tapped the wrong winner"})
    ben.refresh_from_db()
    correction = PlacementCorrection.objects.get()
    assert ben.place == 1 and (correction.old_place, correction.new_place) == (2, 1)
    assert correction.corrected_by == organizer and "wrong winner" in correction.reason
    page = organizer_client.get(reverse("table_detail", args=[table.pk]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "corrected from 2 to 1" in page


@pytest.mark.django_db
def test_the_table_pages_are_for_organizers_only(client, organizer):
    table = table_of({"Anna": 1500, "Ben": 1500}, organizer)
    for url in (
        reverse("table_detail", args=[table.pk]),
        reverse("hand_history", args=[table.pk]),
        reverse("revoke_dealer_link", args=[table.pk]),
    ):
        response = client.get(url)
        assert response.status_code == 302 and response.url.startswith(reverse("login"))
    response = client.post(reverse("revoke_dealer_link", args=[table.pk]))
    assert response.status_code == 302
    old = table.dealer_token
    table.refresh_from_db()
    assert table.dealer_token == old


@pytest.mark.django_db
@pytest.mark.parametrize("seat", ["²", "١", "1e3", " "])
def test_a_first_dealer_seat_that_is_not_plain_digits_is_refused_with_a_message(organizer_client, organizer, seat):
    table = table_of({"Anna": 1500, "Ben": 1500, "Carl": 1500}, organizer)
    table.first_dealer = None
    table.save()
    response = organizer_client.post(
        reverse("first_dealer", args=[table.pk]), {"seat": seat}, follow=True, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 200  # "²" was a 500
    assert "does not sit at this table" in response.content.decode() or seat.strip() == ""
    table.refresh_from_db()
    assert table.first_dealer is None or seat.strip() == ""
