"""Joining a venue's laptop: the league organizer's one-time code (shown once, its digest kept, 24 hours, one
laptop), the server's refusals in German with nothing stored, the laptop's side (a second join asks first),
and locking a laptop out."""

from __future__ import annotations

import datetime
import json
import re

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone

from league.models import Venue
from online.federation import client, joining, signing
from online.models import JoinCode, LeagueLink, VenueKey

pytestmark = pytest.mark.django_db

CODE_FORM = re.compile(r"^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$")


@pytest.fixture
def venue():
    return Venue.objects.create(name="Zum Anker", address="Hafenstraße 1")


def _join(client_, code, public_key=None, label="Laptop an der Bar"):
    body = {"code": code, "public_key": public_key or signing.new_key()[1], "label": label}
    return client_.post(reverse("league_link_join"), json.dumps(body), content_type="application/json")


def test_the_organizer_makes_a_code_shown_once_whose_digest_alone_is_kept(organizer_client, venue):
    page = organizer_client.post(reverse("league_link_venue", args=[venue.pk]))
    assert page.status_code == 200
    code = re.search(r'class="join-code">([^<]+)<', page.content.decode()).group(1)
    assert CODE_FORM.match(code)
    row = JoinCode.objects.get()
    assert row.venue == venue and row.used_at is None
    assert row.digest == signing.digest(code.replace("-", "").encode()) and code not in row.digest
    assert datetime.timedelta(hours=23, minutes=59) < row.expires_at - timezone.now() <= datetime.timedelta(hours=24)
    again = organizer_client.get(reverse("league_link_venue", args=[venue.pk])).content.decode()
    assert code not in again and "Laptop verbinden" in again


def test_the_venues_page_links_each_venues_laptops(organizer_client, venue):
    page = organizer_client.get(reverse("venue_list")).content.decode()
    assert reverse("league_link_venue", args=[venue.pk]) in page


def test_a_laptop_joins_with_the_code_typed_loosely_and_learns_its_venue(client, organizer, venue):
    code = joining.make_code(venue=venue, by=organizer)
    private, public = signing.new_key()
    answer = _join(client, code.lower().replace("-", " "), public)
    assert answer.status_code == 201
    assert answer.json() == {"venue_uid": str(venue.uid), "venue_name": "Zum Anker"}
    key = VenueKey.objects.get()
    assert (key.venue, key.public_key, key.label, key.revoked_at) == (venue, public, "Laptop an der Bar", None)
    assert JoinCode.objects.get().used_at is not None


def test_a_used_code_joins_no_second_laptop(client, organizer, venue):
    code = joining.make_code(venue=venue, by=organizer)
    assert _join(client, code).status_code == 201
    second = _join(client, code)
    assert second.status_code == 400
    assert second.json()["error"].startswith("Dieser Verbindungscode wurde schon benutzt")
    assert VenueKey.objects.count() == 1


@pytest.mark.parametrize(
    ("case", "words"),
    [
        ("wrong", "Dieser Verbindungscode ist nicht bekannt"),
        ("expired", "Dieser Verbindungscode ist abgelaufen"),
        ("bad key", "Der Schlüssel des Laptops ist kein gültiger Schlüssel"),
        ("no code", "Geben Sie den Verbindungscode ein"),
    ],
)
def test_a_wrong_or_expired_code_or_a_bad_key_is_refused_in_german_and_nothing_is_stored(
    client, organizer, venue, case, words
):
    code = joining.make_code(venue=venue, by=organizer)
    if case == "expired":
        JoinCode.objects.update(expires_at=timezone.now() - datetime.timedelta(seconds=1))
    sent = {"wrong": "ABCD-EFGH-JKMN", "no code": " "}.get(case, code)
    answer = _join(client, sent, public_key="not-a-key" if case == "bad key" else None)
    assert answer.status_code == 400
    assert answer.json()["error"].startswith(words)
    assert VenueKey.objects.count() == 0
    assert JoinCode.objects.get().used_at is None


def test_a_key_joined_already_is_refused(client, organizer, venue):
    public = signing.new_key()[1]
    assert _join(client, joining.make_code(venue=venue, by=organizer), public).status_code == 201
    second = _join(client, joining.make_code(venue=venue, by=organizer), public)
    assert second.status_code == 400 and "schon verbunden" in second.json()["error"]
    assert VenueKey.objects.count() == 1 and JoinCode.objects.filter(used_at__isnull=True).count() == 1


def test_a_join_request_that_is_no_json_is_refused(client):
    answer = client.post(reverse("league_link_join"), b"code=1", content_type="application/x-www-form-urlencoded")
    assert answer.status_code == 400 and "Es wurde nichts gespeichert" in answer.json()["error"]
    assert client.get(reverse("league_link_join")).status_code == 405


def test_locking_a_laptop_out_asks_first_then_refuses_its_signature(organizer_client, organizer, venue):
    key = VenueKey.objects.create(venue=venue, public_key=signing.new_key()[1], label="Alter Laptop")
    url = reverse("league_link_revoke", args=[key.pk])
    question = organizer_client.get(url).content.decode()
    assert "„Alter Laptop“ sperren?" in question and "Ja, sperren" in question
    key.refresh_from_db()
    assert key.revoked_at is None
    assert organizer_client.post(url).status_code == 302
    key.refresh_from_db()
    assert key.revoked_at is not None
    page = organizer_client.get(reverse("league_link_venue", args=[venue.pk])).content.decode()
    assert "Alter Laptop" in page and "gesperrt" in page


def _fake_server(monkeypatch, venue, calls):
    def answer(link, method, path, *, body=b"", server_url=None, **kwargs):
        calls.append((link, method, path, json.loads(body), server_url))
        return {"venue_uid": str(venue.uid), "venue_name": venue.name}

    monkeypatch.setattr(client, "request", answer)


def test_the_laptop_joins_once_and_again_only_when_told_to_replace(monkeypatch, venue):
    calls = []
    _fake_server(monkeypatch, venue, calls)
    call_command("join_league", "https://liga.test/", "ABCD-EFGH-JKMN", "--label", "Bar")
    link = LeagueLink.objects.get()
    assert (link.server_url, link.venue_uid, link.venue_name) == ("https://liga.test", venue.uid, "Zum Anker")
    assert signing.public_of(link.private_key) == link.public_key == calls[0][3]["public_key"]
    assert calls[0][1:3] == ("POST", "/league-link/join/") and calls[0][0] is None
    with pytest.raises(CommandError, match="schon mit einer Liga verbunden.*--replace"):
        call_command("join_league", "https://liga.test", "ABCD-EFGH-JKMN")
    assert LeagueLink.objects.get().public_key == link.public_key and len(calls) == 1
    call_command("join_league", "https://liga.test", "ABCD-EFGH-JKMN", "--replace")
    assert LeagueLink.objects.get().public_key != link.public_key


def test_the_laptops_page_joins_and_asks_before_joining_again(monkeypatch, organizer_client, venue):
    calls = []
    _fake_server(monkeypatch, venue, calls)
    url = reverse("league_link")
    form = {"server_url": "https://liga.test", "code": "ABCD-EFGH-JKMN", "label": "Bar"}
    assert "Laptop verbinden" in organizer_client.get(url).content.decode()
    assert organizer_client.post(url, form).status_code == 302
    first = LeagueLink.objects.get()
    again = organizer_client.post(url, form)
    assert again.status_code == 200
    assert "Kreuzen Sie das Feld an" in again.content.decode()
    assert LeagueLink.objects.get().public_key == first.public_key and len(calls) == 1
    assert organizer_client.post(url, {**form, "replace": "on"}).status_code == 302
    assert LeagueLink.objects.get().public_key != first.public_key


def test_the_laptops_page_shows_the_servers_refusal_beside_the_code(monkeypatch, organizer_client):
    def refuse(*args, **kwargs):
        raise client.LinkError("Dieser Verbindungscode ist abgelaufen.")

    monkeypatch.setattr(client, "request", refuse)
    form = {"server_url": "https://liga.test", "code": "ABCD-EFGH-JKMN"}
    page = organizer_client.post(reverse("league_link"), form)
    assert page.status_code == 200 and "Dieser Verbindungscode ist abgelaufen." in page.content.decode()
    assert not LeagueLink.objects.exists()
    short = organizer_client.post(reverse("league_link"), {**form, "code": "ABCD"}).content.decode()
    assert "12 Zeichen" in short


def test_the_link_pages_are_the_league_organizers(client, django_user_model, venue):
    from league.models import VenueRole

    user = django_user_model.objects.create_user(username="wirt", password="x", is_staff=True)
    VenueRole.objects.create(user=user)
    venue.organizers.add(user)
    client.force_login(user)
    for url in (reverse("league_link"), reverse("league_link_venue", args=[venue.pk])):
        assert client.get(url).status_code == 403
    assert client.post(reverse("league_link_venue", args=[venue.pk])).status_code == 403
    assert not JoinCode.objects.exists()
