"""Issue 32, N5: the same new person added at two desks (two organizer sessions, each with its own one-time
token) becomes one player with one entry, and the second desk is told in words; one after the other and at
once (two threads, each its own session and database connection: SQLite as at the venue, PostgreSQL with
DATABASE_URL). Another person of the same name, told apart by a date of birth or a nickname, is still added.
"""

from __future__ import annotations

import re
import threading

import pytest
from django.test import Client
from django.urls import reverse

from league.models import Entry, Player
from tests.league.factories import FEE

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}
TOLD = "ist für diesen Abend schon angemeldet"


def _messages(html: str) -> list[str]:
    block = re.search(r'<div role="status"><ul class="messages">(.*?)</ul>', html, re.S)
    return re.findall(r"<li[^>]*>(.*?)</li>", block.group(1), re.S) if block else []


def _token(page: str) -> str:
    return re.search(r'name="once" value="([^"]+)"', page).group(1)


def _two_desks(night, django_user_model, organizer) -> list[tuple[Client, str]]:
    """Two organizers, each logged in at a desk of their own with the desk page (and its token) open."""
    second = django_user_model.objects.create_user("kasse2", password="x", is_staff=True)
    desks = []
    for user in (organizer, second):
        desk = Client()
        desk.force_login(user)
        page = desk.get(reverse("registration_desk", args=[night.pk]), **GERMAN).content.decode()
        desks.append((desk, _token(page)))
    return desks


def _new_face(token: str, **fields) -> dict:
    data = {"name": "Nina Neu", "date_of_birth": "1999-03-04", "pay_now": "on", "fee": "10,00", "once": token}
    data.update(fields)
    return data


@pytest.mark.django_db
def test_the_second_desk_adding_the_same_new_face_is_told_in_german_and_nothing_is_added(
    night, organizer, django_user_model
):
    (first, token_1), (second, token_2) = _two_desks(night, django_user_model, organizer)
    url = reverse("desk_new_player", args=[night.pk])
    added = first.post(url, _new_face(token_1), follow=True, **GERMAN)
    assert _messages(added.content.decode()) == ["Nina Neu ist angemeldet."]

    again = second.post(url, _new_face(token_2, name="  nina   NEU "), follow=True, **GERMAN)
    said = _messages(again.content.decode())
    assert len(said) == 1 and said[0].startswith(f"Nina Neu {TOLD} (von organizer um "), said
    assert "Startgeld bezahlt" in said[0] and "kein zweiter Spieler" in said[0], said
    assert Player.objects.count() == 1
    entry = Entry.objects.get()
    assert entry.fee_paid == FEE and entry.registered_by == organizer


@pytest.mark.django_db
def test_in_english_the_second_desk_is_told_too(night, organizer, django_user_model):
    (first, token_1), (second, token_2) = _two_desks(night, django_user_model, organizer)
    url = reverse("desk_new_player", args=[night.pk])
    first.post(url, _new_face(token_1, pay_now="", fee=""), HTTP_ACCEPT_LANGUAGE="en")
    again = second.post(url, _new_face(token_2, fee="10.00"), follow=True, HTTP_ACCEPT_LANGUAGE="en")
    said = _messages(again.content.decode())
    assert len(said) == 1 and "Nina Neu is already registered for this night" in said[0], said
    assert "fee not yet paid" in said[0] and "take the fee in the list below" in said[0]
    assert Player.objects.count() == 1 and Entry.objects.get().fee_paid is None


@pytest.mark.django_db
@pytest.mark.parametrize("told_apart", [{"date_of_birth": "1987-11-30"}, {"nickname": "Die Zweite"}])
def test_another_person_of_the_same_name_told_apart_is_added(night, organizer, django_user_model, told_apart):
    (first, token_1), (second, token_2) = _two_desks(night, django_user_model, organizer)
    url = reverse("desk_new_player", args=[night.pk])
    first.post(url, _new_face(token_1, nickname="Nini"), **GERMAN)
    asked = second.post(url, _new_face(token_2, **told_apart), **GERMAN).content.decode()
    assert "Eine andere Person mit demselben Namen" in asked and Player.objects.count() == 1  # the league has the name
    second.post(url, _new_face(token_2, another_person="on", **told_apart), **GERMAN)
    assert Player.objects.filter(name="Nina Neu").count() == 2 and Entry.objects.count() == 2


@pytest.mark.django_db(transaction=True)
def test_two_desks_adding_the_same_new_face_at_once_make_one_player_with_one_paid_entry(
    night, organizer, django_user_model
):
    desks = _two_desks(night, django_user_model, organizer)
    url = reverse("desk_new_player", args=[night.pk])
    start, pages = threading.Barrier(2), [None, None]

    def add(k: int) -> None:
        from django.db import connection

        desk, token = desks[k]
        try:
            start.wait()
            pages[k] = desk.post(url, _new_face(token), follow=True, **GERMAN).content.decode()
        finally:
            connection.close()

    threads = [threading.Thread(target=add, args=(k,)) for k in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    told = [_messages(page) for page in pages]
    assert all(len(said) == 1 for said in told), told  # each desk is told something, in words
    assert sorted(said[0] == "Nina Neu ist angemeldet." for said in told) == [False, True], told
    assert sum(TOLD in said[0] for said in told) == 1, told
    assert Player.objects.count() == 1
    entry = Entry.objects.get()
    assert entry.fee_paid == FEE
