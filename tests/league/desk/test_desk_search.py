"""The desk finds a regular however his name is typed, and does not make him twice."""

import datetime

import pytest
from django.urls import reverse

from league import once
from league.desk import services
from league.models import Entry, Player
from tests.league.factories import make_player

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}
BORN = datetime.date(1988, 11, 11)


@pytest.fixture
def regulars(db):
    return {
        name: make_player(name) for name in ("Deniz Yılmaz", "Ayşe Özdemir", "Jonas Weiß", "Karl Müller", "Elif Gül")
    }


@pytest.mark.parametrize(
    "query, name",
    [
        ("yilmaz", "Deniz Yılmaz"),
        ("ozdemir", "Ayşe Özdemir"),
        ("weiss", "Jonas Weiß"),
        ("MUELLER", "Karl Müller"),
        ("gul", "Elif Gül"),
        ("GÜL", "Elif Gül"),
        ("MÜLLER", "Karl Müller"),
        ("mul", "Karl Müller"),
    ],
)
def test_the_desk_search_finds_a_name_whatever_its_case_or_accents(regulars, query, name):
    assert [player.name for player in services.find_players(query)] == [name]


@pytest.mark.django_db
def test_the_desk_search_finds_a_nickname_and_a_contact():
    make_player("Anna Berger", nickname="Ässchen", contact="0170 55 66")
    assert [p.name for p in services.find_players("assch")] == ["Anna Berger"]
    assert [p.name for p in services.find_players("0170 55")] == ["Anna Berger"]
    assert services.find_players("   ") == []


@pytest.mark.django_db
def test_names_that_start_with_the_words_typed_come_first_and_the_list_is_cut():
    for name in ("Bernd Ammann", "Sam Anders", "Anna Zorn", *(f"Zack Jansen {k}" for k in range(10))):
        make_player(name)
    found = [p.name for p in services.find_players("an", limit=3)]
    assert found == ["Anna Zorn", "Sam Anders", "Bernd Ammann"]


@pytest.mark.django_db
def test_the_german_desk_page_lists_the_regular_found_by_a_plain_spelling(organizer_client, night, regulars):
    html = organizer_client.get(
        reverse("registration_desk", args=[night.pk]), {"q": "yilmaz"}, **GERMAN
    ).content.decode()
    assert "Deniz Yılmaz" in html and "Keine Spielerin und kein Spieler" not in html


def _new_player(client, night, **fields):
    data = {
        "name": "Deniz Yilmaz",
        "date_of_birth": BORN.isoformat(),
        "pay_now": "on",
        "fee": "10.00",
        "once": once.new_token(),
        **fields,
    }
    return client.post(reverse("desk_new_player", args=[night.pk]), data, **GERMAN)


@pytest.mark.django_db
def test_a_new_player_with_an_existing_name_and_birth_date_is_offered_the_existing_one(organizer_client, night):
    deniz = make_player("Deniz Yılmaz", born=BORN)
    html = _new_player(organizer_client, night).content.decode()
    assert "ist schon in der Liga" in html and "Deniz Yılmaz" in html
    assert f'name="player" value="{deniz.pk}"' in html  # one click registers him
    assert Player.objects.count() == 1 and not Entry.objects.exists()
    organizer_client.post(
        reverse("desk_register", args=[night.pk]), {"player": deniz.pk, "pay_now": "1", "amount": "10.00"}
    )
    assert Entry.objects.get().player == deniz


@pytest.mark.django_db
def test_the_same_name_with_another_birth_date_asks_and_is_added_when_confirmed(organizer_client, night):
    make_player("Deniz Yılmaz", born=datetime.date(1990, 1, 2))
    html = _new_player(organizer_client, night).content.decode()
    assert "Eine andere Person mit demselben Namen" in html and Player.objects.count() == 1
    _new_player(organizer_client, night, another_person="on")
    assert Player.objects.count() == 2 and Entry.objects.get().player.name == "Deniz Yilmaz"


@pytest.mark.django_db
def test_a_new_name_is_added_without_a_question(organizer_client, night):
    make_player("Deniz Yıldız", born=BORN)
    _new_player(organizer_client, night)
    assert Player.objects.count() == 2 and Entry.objects.get().player.name == "Deniz Yilmaz"
