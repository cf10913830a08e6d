import datetime
import re

import pytest
from django.urls import reverse

from league import once
from league.models import Entry, Player
from tests.league.factories import FEE, make_player

HTMX = {"HTTP_HX_REQUEST": "true"}


def _writing_urls(night, entry):
    return [
        ("post", reverse("desk_register", args=[night.pk])),
        ("post", reverse("desk_new_player", args=[night.pk])),
        ("post", reverse("entry_take_fee", args=[entry.pk])),
        ("post", reverse("entry_withdraw", args=[entry.pk])),
        ("get", reverse("entry_withdraw", args=[entry.pk])),
        ("get", reverse("registration_desk", args=[night.pk])),
    ]


@pytest.mark.django_db
def test_anonymous_visitors_are_sent_to_login_from_every_desk_view(client, night, anna, organizer):
    entry = Entry.objects.create(night=night, player=anna, registered_by=organizer)
    for method, url in _writing_urls(night, entry):
        response = getattr(client, method)(url)
        assert response.status_code == 302 and response.url.startswith(reverse("login")), url
    assert Entry.objects.count() == 1 and not Entry.objects.get().is_paid


@pytest.mark.django_db
def test_a_logged_in_non_organizer_is_forbidden(client, django_user_model, night, anna, organizer):
    entry = Entry.objects.create(night=night, player=anna, registered_by=organizer)
    client.force_login(django_user_model.objects.create_user("guest", password="x"))
    for method, url in _writing_urls(night, entry):
        assert getattr(client, method)(url).status_code == 403, url


@pytest.mark.django_db
def test_the_desk_finds_players_as_you_type_with_an_htmx_partial(organizer_client, night, anna, ben):
    url = reverse("registration_desk", args=[night.pk])
    response = organizer_client.get(url, {"q": "benn"}, HTTP_HX_TARGET="search-results", **HTMX)
    html = response.content.decode()
    assert "Ben Schuster" in html and "Anna Berger" not in html
    assert "<html" not in html and 'id="search-results"' in html


@pytest.mark.django_db
def test_the_desk_search_works_without_javascript(organizer_client, night, anna):
    response = organizer_client.get(reverse("registration_desk", args=[night.pk]), {"q": "anna"})
    assert "<html" in response.content.decode() and "Anna Berger" in response.content.decode()


@pytest.mark.django_db
def test_registering_and_paying_in_one_tap_updates_the_entries_in_place(organizer_client, night, anna):
    response = organizer_client.post(
        reverse("desk_register", args=[night.pk]), {"player": anna.pk, "pay_now": "1", "amount": "10.00"}, **HTMX
    )
    html = response.content.decode()
    entry = Entry.objects.get()
    assert entry.fee_paid == FEE and entry.is_paid
    assert 'id="desk-main"' in html and "<html" not in html
    assert '<dd id="entry-count">1</dd>' in html


@pytest.mark.django_db
def test_registering_without_htmx_redirects_back_to_the_desk(organizer_client, night, anna):
    response = organizer_client.post(reverse("desk_register", args=[night.pk]), {"player": anna.pk})
    assert response.status_code == 302 and response.url == reverse("registration_desk", args=[night.pk])
    assert not Entry.objects.get().is_paid


@pytest.mark.django_db
def test_a_duplicate_entry_gets_a_message_and_changes_nothing(organizer_client, night, anna):
    url = reverse("desk_register", args=[night.pk])
    organizer_client.post(url, {"player": anna.pk, "pay_now": "1"}, **HTMX)
    response = organizer_client.post(url, {"player": anna.pk, "pay_now": "1"}, **HTMX)
    assert "already registered" in response.content.decode()
    assert Entry.objects.count() == 1


@pytest.mark.django_db
def test_a_missing_or_unknown_player_gets_a_message(organizer_client, night):
    url = reverse("desk_register", args=[night.pk])
    assert "required" in organizer_client.post(url, {}, **HTMX).content.decode()
    assert "no longer exists" in organizer_client.post(url, {"player": 999}, **HTMX).content.decode()
    assert not Entry.objects.exists()


@pytest.mark.django_db
def test_a_new_adult_player_is_created_registered_and_paid(organizer_client, night):
    response = organizer_client.post(
        reverse("desk_new_player", args=[night.pk]),
        {"name": "Nina Neu", "date_of_birth": "1999-03-04", "pay_now": "on", "fee": "10.00", "once": once.new_token()},
        **HTMX,
    )
    assert "Nina Neu" in response.content.decode()
    entry = Entry.objects.get()
    assert entry.player.name == "Nina Neu" and entry.fee_paid == FEE


@pytest.mark.django_db
def test_a_new_player_under_eighteen_is_refused_with_a_message(organizer_client, night):
    response = organizer_client.post(
        reverse("desk_new_player", args=[night.pk]),
        {"name": "Kid", "date_of_birth": "2010-06-01", "pay_now": "on", "fee": "10.00"},
        **HTMX,
    )
    assert "Under 18" in response.content.decode()
    assert not Player.objects.exists() and not Entry.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "data, message",
    [
        ({"name": "", "date_of_birth": "1990-01-01"}, "This field is required"),
        ({"name": "X", "date_of_birth": "not a date"}, "Enter a valid date"),
        ({"name": "X"}, "ID checked, 18+"),
        ({"name": "X", "date_of_birth": "2030-01-01"}, "future"),
        ({"name": "X", "id_checked_adult": "on", "pay_now": "on", "fee": "-5"}, "cannot be negative"),
        ({"name": "X", "id_checked_adult": "on", "pay_now": "on", "fee": "abc"}, "plain number"),
    ],
)
def test_bad_new_player_input_gets_a_clear_message_and_saves_nothing(organizer_client, night, data, message):
    response = organizer_client.post(reverse("desk_new_player", args=[night.pk]), data, **HTMX)
    assert message in response.content.decode()
    assert not Player.objects.exists() and not Entry.objects.exists()


@pytest.mark.django_db
def test_a_negative_fee_at_the_desk_is_refused(organizer_client, night, anna, organizer):
    entry = Entry.objects.create(night=night, player=anna, registered_by=organizer)
    response = organizer_client.post(reverse("entry_take_fee", args=[entry.pk]), {"amount": "-10"}, **HTMX)
    assert "cannot be negative" in response.content.decode()
    entry.refresh_from_db()
    assert not entry.is_paid


@pytest.mark.django_db
def test_a_stale_fee_button_does_not_take_the_fee_twice(organizer_client, night, anna, organizer):
    entry = Entry.objects.create(night=night, player=anna, registered_by=organizer)
    url = reverse("entry_take_fee", args=[entry.pk])
    organizer_client.post(url, {"amount": "10.00"}, **HTMX)
    response = organizer_client.post(url, {"amount": "12.00"}, **HTMX)
    assert "already taken" in response.content.decode()
    entry.refresh_from_db()
    assert entry.fee_paid == FEE


@pytest.mark.django_db
def test_withdrawing_asks_for_confirmation_then_records_the_refund(organizer_client, night, anna, organizer):
    from league.desk import services

    entry = services.register_player(night=night, player=anna, by=organizer, fee=FEE)
    url = reverse("entry_withdraw", args=[entry.pk])
    confirm = organizer_client.get(url).content.decode()
    assert "recorded as a refund" in confirm
    entry.refresh_from_db()
    assert not entry.is_withdrawn
    organizer_client.post(url, {"reason": "ill"})
    entry.refresh_from_db()
    assert entry.is_withdrawn and entry.refund_amount == FEE and entry.withdrawal_reason == "ill"


@pytest.mark.django_db
def test_a_closed_night_shows_no_registration_controls(organizer_client, night):
    night.status = "seated"
    night.save()
    html = organizer_client.get(reverse("registration_desk", args=[night.pk])).content.decode()
    assert "Registration is closed" in html and 'id="q"' not in html


@pytest.mark.django_db
def test_the_home_page_shows_the_season_and_the_next_night(client, night):
    night.date = datetime.date.today() + datetime.timedelta(days=3)
    night.season.end_date = night.date + datetime.timedelta(days=30)
    night.season.start_date = datetime.date.today() - datetime.timedelta(days=10)
    night.season.save()
    night.save()
    html = client.get("/").content.decode()
    assert night.season.name in html and 'id="next-night"' in html


def test_tonights_entries_are_listed_alphabetically_not_in_the_order_they_came(organizer_client, night, organizer):
    """Fifteen rows on a phone are found by name; case and umlauts do not count."""
    from league.desk import services as desk

    for name in ("Zoe Otto", "anton Pfeiffer", "Ömer Yilmaz", "Olga Czerny", "Bea Quast"):
        desk.register_player(night=night, player=make_player(name), by=organizer)
    html = organizer_client.get(reverse("registration_desk", args=[night.pk])).content.decode()
    listed = re.findall(r'<span class="name">([^<]+)</span>', html.split('id="entries"')[1])
    assert listed == ["anton Pfeiffer", "Bea Quast", "Olga Czerny", "Ömer Yilmaz", "Zoe Otto"]
