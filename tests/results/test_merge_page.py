"""The organizer's page that merges two records of one player, in German: find both, compare, confirm."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from league.desk import services as desk
from league.models import Entry, Player, PlayerMerge
from tests.league.factories import FEE, make_night, make_player

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}


@pytest.fixture
def twins(db, organizer):
    keep = make_player("Deniz Yılmaz", born=datetime.date(1988, 11, 11), contact="0170 1")
    duplicate = make_player("Deniz Yilmaz", born=datetime.date(1988, 11, 11))
    night = make_night()
    desk.register_player(night=night, player=duplicate, by=organizer, fee=FEE)
    return keep, duplicate


@pytest.mark.django_db
def test_the_page_finds_both_records_by_a_plain_spelling(organizer_client, twins):
    html = organizer_client.get(reverse("merge_players"), {"q1": "yilmaz", "q2": "YILMAZ"}, **GERMAN).content.decode()
    assert "Zwei Einträge eines Spielers zusammenführen" in html
    assert html.count("Deniz Yılmaz") >= 2 and html.count("Deniz Yilmaz") >= 2


@pytest.mark.django_db
def test_the_page_shows_what_each_holds_and_merges_on_confirmation(organizer_client, twins):
    keep, duplicate = twins
    html = organizer_client.get(
        reverse("merge_players"), {"first": keep.pk, "second": duplicate.pk}, **GERMAN
    ).content.decode()
    assert "Was jeder Eintrag enthält" in html and "Die beiden Einträge zusammenführen" in html
    response = organizer_client.post(
        reverse("merge_players_confirm"),
        {"first": keep.pk, "second": duplicate.pk, "keep": "first"},
        follow=True,
        **GERMAN,
    )
    html = response.content.decode()
    assert "Deniz Yilmaz wurde in Deniz Yılmaz zusammengeführt" in html
    assert "Deniz Yilmaz in Deniz Yılmaz zusammengeführt von organizer" in html  # the log of merges
    assert (
        list(Player.objects.values_list("name", flat=True)) == ["Deniz Yılmaz"] and Entry.objects.get().player == keep
    )
    assert PlayerMerge.objects.get().merged_by.get_username() == "organizer"


@pytest.mark.django_db
def test_a_player_with_himself_is_refused_with_words_and_nothing_changes(organizer_client, twins):
    keep, _duplicate = twins
    html = organizer_client.get(
        reverse("merge_players"), {"first": keep.pk, "second": keep.pk}, **GERMAN
    ).content.decode()
    assert "nicht mit sich selbst zusammengeführt" in html and 'id="merge-button"' not in html
    response = organizer_client.post(
        reverse("merge_players_confirm"), {"first": keep.pk, "second": keep.pk, "keep": "second"}, follow=True, **GERMAN
    )
    assert "nicht mit sich selbst zusammengeführt" in response.content.decode()
    assert Player.objects.count() == 2 and not PlayerMerge.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "data, said",
    [
        ({"first": "x", "second": "{b}", "keep": "first"}, "Diesen Spieler gibt es nicht mehr."),
        ({"first": "١", "second": "{b}", "keep": "first"}, "Diesen Spieler gibt es nicht mehr."),
        ({"first": "{a}", "second": "{b}", "keep": "third"}, "Den zu behaltenden Datensatz auswählen."),
        ({"first": "999999", "second": "{b}", "keep": "first"}, "Diesen Spieler gibt es nicht mehr."),
        ({}, "Beide Einträge auswählen."),
    ],
)
def test_bad_posts_are_told_and_change_nothing(organizer_client, twins, data, said):
    data = {key: value.format(a=twins[0].pk, b=twins[1].pk) for key, value in data.items()}
    response = organizer_client.post(reverse("merge_players_confirm"), data, follow=True, **GERMAN)
    assert response.status_code == 200 and said in response.content.decode()
    assert Player.objects.count() == 2 and not PlayerMerge.objects.exists()


@pytest.mark.django_db
def test_the_merge_page_is_for_organizers_only(client, twins):
    keep, duplicate = twins
    assert client.get(reverse("merge_players")).status_code == 302
    response = client.post(
        reverse("merge_players_confirm"), {"first": keep.pk, "second": duplicate.pk, "keep": "first"}
    )
    assert response.status_code == 302 and Player.objects.count() == 2
