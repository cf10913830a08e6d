"""The pre-night fetch: the server's snapshot (signed, what a night needs, one query per kind of row) and the
laptop writing it by uid in one transaction: new and changed rows, a player the league merged away merged
here with his entries, the laptop's own nights untouched, a bad answer changing nothing.

One database plays both sides: the server's rows are built, its snapshot taken through the test Client, then
the rows are made the laptop's (as a laptop has them before its fetch) and the snapshot written into them."""

from __future__ import annotations

import datetime
import json
from decimal import Decimal

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.desk.merge import merge_players
from league.desk.services import find_players, register_player
from league.models import Entry, Night, Player, PlayerMerge, SavedStructure, Season, Venue
from online.federation import auth, fetching, signing, snapshot
from online.federation import client as wire
from online.models import JoinCode, LeagueLink, VenueKey
from tests.league.factories import make_night, make_player, make_season

pytestmark = pytest.mark.django_db

SNAPSHOT = "/league-link/snapshot/"


@pytest.fixture
def server(organizer):
    """The league's server: two venues, a season of venue A with its own rules, a saved structure, three
    players (one at each venue and Ben twice, merged) and venue A's laptop joined."""
    anker = Venue.objects.create(name="Zum Anker", address="Hafenstraße 1", weekday=2)
    krone = Venue.objects.create(name="Krone", weekday=4)
    season = make_season(
        name="Herbst 2026",
        venue=anker,
        entry_fee=Decimal("15.00"),
        jackpot_share=Decimal("3.00"),
        points_scheme="fixed",
        fixed_points="12,8,5,3",
        knockout_points=Decimal("1.50"),
        blind_structure='[{"small": 50, "big": 100, "minutes": 20}]',
        starting_stack=3000,
    )
    SavedStructure.objects.create(name="Schnell", levels='[{"small": 25, "big": 50, "minutes": 10}]')
    anna = make_player("Anna Berger")
    carla = make_player("Carla Krone", born=None, id_checked_adult=True, nickname="CK")
    ben = make_player("Ben Adler", born=datetime.date(1985, 3, 2))
    ben_twice = make_player("Benjamin Adler", born=None, id_checked_adult=True)
    ben_twice_uid = ben_twice.uid
    merge_players(keep=ben, remove=ben_twice, by=organizer)
    private, public = signing.new_key()
    VenueKey.objects.create(venue=anker, public_key=public, label="Bar")
    link = LeagueLink(
        server_url="https://liga.test",
        venue_uid=anker.uid,
        venue_name=anker.name,
        private_key=private,
        public_key=public,
    )
    return {
        "anker": anker,
        "krone": krone,
        "season": season,
        "anna": anna,
        "carla": carla,
        "ben": ben,
        "ben_twice_uid": ben_twice_uid,
        "link": link,
    }


def _snapshot(client_, link):
    response = client_.get(SNAPSHOT, headers=auth.signed_headers(link, "GET", SNAPSHOT))
    assert response.status_code == 200, response.content
    return json.loads(response.content)


def test_the_snapshot_answers_only_a_joined_laptop(client, server):
    refused = client.get(SNAPSHOT)
    assert refused.status_code == 401 and "Laptop eines Spielorts" in refused.json()["error"]
    VenueKey.objects.update(revoked_at=datetime.datetime(2026, 12, 1, tzinfo=datetime.UTC))
    revoked = client.get(SNAPSHOT, headers=auth.signed_headers(server["link"], "GET", SNAPSHOT))
    assert revoked.status_code == 403 and "gesperrt" in revoked.json()["error"]


def test_the_snapshot_holds_what_a_night_needs_by_uid(client, server):
    data = _snapshot(client, server["link"])
    assert {venue["name"]: venue["uid"] for venue in data["venues"]} == {
        "Zum Anker": str(server["anker"].uid),
        "Krone": str(server["krone"].uid),
    }
    players = {row[1]: dict(zip(data["player_fields"], row, strict=True)) for row in data["players"]}
    assert set(players) == {"Anna Berger", "Carla Krone", "Ben Adler"}
    assert players["Carla Krone"] == {
        "uid": str(server["carla"].uid),
        "name": "Carla Krone",
        "nickname": "CK",
        "date_of_birth": None,
        "id_checked_adult": True,
    }
    assert players["Anna Berger"]["date_of_birth"] == "1990-05-01"
    assert data["merges"] == [[str(server["ben_twice_uid"]), str(server["ben"].uid)]]
    (season,) = data["seasons"]
    assert season["uid"] == str(server["season"].uid) and season["venue__uid"] == str(server["anker"].uid)
    assert (season["entry_fee"], season["fixed_points"], season["knockout_points"]) == ("15.00", "12,8,5,3", "1.50")
    assert season["starting_stack"] == 3000 and "blind_structure" in season and "is_demo" not in season
    assert [row["name"] for row in data["structures"]] == ["Schnell"]


def test_the_snapshot_is_one_query_per_kind_of_row_whatever_the_league(client, server):
    for number in range(40):
        make_player(f"Spieler {number}")
    with CaptureQueriesContext(connection) as few:
        _snapshot(client, server["link"])
    for number in range(40, 200):
        make_player(f"Spieler {number}")
    with CaptureQueriesContext(connection) as many:
        data = _snapshot(client, server["link"])
    assert len(data["players"]) == 203
    assert len(many.captured_queries) == len(few.captured_queries) <= 8


def _as_the_laptop_had_it(server, organizer):
    """The laptop before its fetch: one venue of its own ("Spielort") with a night where Ben's second record
    (the uid the league merged away) and Anna (changed on the server since) are entered."""
    data_rows = {"ben_twice": Player(uid=server["ben_twice_uid"], name="Benjamin Adler", id_checked_adult=True)}
    Season.objects.all().delete()
    PlayerMerge.objects.all().delete()
    Player.objects.exclude(pk=server["anna"].pk).delete()
    SavedStructure.objects.all().delete()
    JoinCode.objects.all().delete()
    VenueKey.objects.all().delete()
    Venue.objects.all().delete()
    Player.objects.filter(pk=server["anna"].pk).update(name="Anna Berg")
    own_venue = Venue.objects.create(name="Spielort")
    own_season = make_season(name="Kneipe 2026")
    night = make_night(own_season, venue=own_venue, date=datetime.date(2026, 11, 4))
    ben_twice = data_rows["ben_twice"]
    ben_twice.save()
    register_player(night=night, player=ben_twice, by=organizer, fee=Decimal("10.00"))
    register_player(night=night, player=Player.objects.get(pk=server["anna"].pk), by=organizer)
    return night


def test_the_laptop_writes_the_snapshot_by_uid_and_merges_what_the_league_merged(client, server, organizer):
    data = _snapshot(client, server["link"])
    night = _as_the_laptop_had_it(server, organizer)
    link = server["link"]
    link.save()
    entries_before = list(Entry.objects.order_by("pk").values_list("pk", "night_id", "fee_paid"))

    fetched = fetching.apply_snapshot(data, link=link, by=organizer)

    # The laptop's one pub became the venue it is joined for, its night with it.
    anker = Venue.objects.get(uid=server["anker"].uid)
    assert anker.name == "Zum Anker" and anker.address == "Hafenstraße 1"
    assert set(Venue.objects.values_list("name", flat=True)) == {"Zum Anker", "Krone"}
    night.refresh_from_db()
    assert night.venue_id == anker.pk
    season = Season.objects.get(uid=server["season"].uid)
    assert (season.venue_id, season.entry_fee, season.knockout_points) == (anker.pk, Decimal("15.00"), Decimal("1.5"))
    assert season.fixed_points == "12,8,5,3" and season.starting_stack == 3000
    assert SavedStructure.objects.get().name == "Schnell"
    # Ben's second record went into Ben with his entry; Anna's name is the league's again.
    ben = Player.objects.get(uid=server["ben"].uid)
    assert not Player.objects.filter(uid=server["ben_twice_uid"]).exists()
    assert Entry.objects.get(fee_paid=Decimal("10.00")).player == ben
    assert Player.objects.get(uid=server["anna"].uid).name == "Anna Berger"
    # The night itself: not one entry changed but the merged player's.
    after = list(Entry.objects.order_by("pk").values_list("pk", "night_id", "fee_paid"))
    assert after == entries_before
    assert Night.objects.get().season.name == "Kneipe 2026"
    assert (fetched.new, fetched.changed, fetched.merged) == (
        {"venues": 1, "structures": 1, "seasons": 1, "players": 2},
        {"venues": 1, "players": 1},
        1,
    )
    assert LeagueLink.objects.get().fetched_at is not None
    # The desk finds every venue's player by name.
    assert [player.name for player in find_players("Krone")] == ["Carla Krone"]
    assert "1 zusammengeführt" in fetching.fetched_counts(fetched)


def test_fetching_twice_changes_nothing_the_second_time(client, server, organizer):
    data = _snapshot(client, server["link"])
    _as_the_laptop_had_it(server, organizer)
    server["link"].save()
    fetching.apply_snapshot(data, link=server["link"], by=organizer)
    again = fetching.apply_snapshot(data, link=server["link"], by=organizer)
    assert (again.new, again.changed, again.merged, again.warnings) == ({}, {}, 0, [])


def test_a_merge_the_laptop_refuses_leaves_both_and_says_why(client, server, organizer):
    data = _snapshot(client, server["link"])
    night = _as_the_laptop_had_it(server, organizer)
    server["link"].save()
    # Ben himself is also entered for the laptop's night (two people, says the merge): both stay.
    ben = Player.objects.create(uid=server["ben"].uid, name="Ben Adler", date_of_birth=datetime.date(1985, 3, 2))
    register_player(night=night, player=ben, by=organizer)
    fetched = fetching.apply_snapshot(data, link=server["link"], by=organizer)
    assert fetched.merged == 0 and len(fetched.warnings) == 1
    assert "Benjamin Adler wurde hier nicht mit Ben Adler zusammengeführt" in fetched.warnings[0]
    assert Player.objects.filter(uid=server["ben_twice_uid"]).exists()


@pytest.mark.parametrize(
    "spoil",
    [
        lambda data: data.update(version=99),
        lambda data: data["players"].append(["kein-uid", "X", "", None, True]),
        lambda data: data["players"].append([data["players"][0][0][:-1] + "f", "Ohne Alter", "", None, False]),
        lambda data: data["seasons"][0].update(venue__uid="00000000-0000-0000-0000-000000000000"),
        lambda data: data.pop("structures"),
    ],
)
def test_an_answer_that_is_not_the_leagues_changes_nothing(client, server, organizer, spoil):
    data = _snapshot(client, server["link"])
    _as_the_laptop_had_it(server, organizer)
    server["link"].save()
    spoil(data)
    before = (list(Player.objects.order_by("pk").values()), list(Venue.objects.values()), list(Season.objects.values()))
    with pytest.raises(fetching.FetchError, match="nicht von der Liga stammt"):
        fetching.apply_snapshot(data, link=server["link"], by=organizer)
    after = (list(Player.objects.order_by("pk").values()), list(Venue.objects.values()), list(Season.objects.values()))
    assert after == before and LeagueLink.objects.get().fetched_at is None


def test_the_fetch_button_and_command_say_what_happened(monkeypatch, client, organizer_client, server, organizer):
    data = _snapshot(client, server["link"])
    _as_the_laptop_had_it(server, organizer)
    server["link"].save()
    monkeypatch.setattr(wire, "request", lambda link, method, path, **kw: data)
    page = organizer_client.post(reverse("league_link_fetch"), follow=True).content.decode()
    assert "Liga abgeholt: 2 neue Spieler" in page
    assert "Zuletzt abgeholt" in page

    def unreachable(*args, **kwargs):
        raise wire.LinkError("Der Ligaserver ist nicht erreichbar.")

    monkeypatch.setattr(wire, "request", unreachable)
    page = organizer_client.post(reverse("league_link_fetch"), follow=True).content.decode()
    assert "Nichts abgeholt: Der Ligaserver ist nicht erreichbar." in page
    with pytest.raises(CommandError, match="Nichts abgeholt: Der Ligaserver ist nicht erreichbar."):
        call_command("fetch_league")


def test_a_laptop_not_joined_cannot_fetch(organizer):
    with pytest.raises(CommandError, match="noch nicht mit einer Liga verbunden"):
        call_command("fetch_league")


def test_the_snapshot_module_lists_every_season_field():
    names = set(snapshot.season_fields())
    assert {"entry_fee", "points_formula", "blind_structure", "venue__uid", "uid"} <= names
    assert not names & {"id", "is_demo"}


def test_a_night_in_play_keeps_its_seasons_rules_and_the_organizer_is_told(client, server, organizer):
    data = _snapshot(client, server["link"])
    _as_the_laptop_had_it(server, organizer)
    server["link"].save()
    fetching.apply_snapshot(data, link=server["link"], by=organizer)
    season = Season.objects.get(uid=server["season"].uid)
    make_night(season, venue=Venue.objects.get(uid=server["anker"].uid), status="seated")
    data["seasons"][0]["entry_fee"] = "20.00"
    fetched = fetching.apply_snapshot(data, link=server["link"], by=organizer)
    season.refresh_from_db()
    assert season.entry_fee == Decimal("15.00")
    assert fetched.warnings == [
        "Die Liga hat „Herbst 2026“ geändert, aber einer ihrer Abende wird gerade auf diesem Laptop gespielt: "
        "Ihre Regeln bleiben, bis der Abend beendet ist. Holen Sie die Liga nach „Abend beenden“ erneut ab."
    ]
    data["seasons"][0]["entry_fee"] = "15.00"
    assert fetching.apply_snapshot(data, link=server["link"], by=organizer).warnings == []
