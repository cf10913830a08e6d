"""Sending a night to the league: the bundle writes back the rows it was built from; the same bundle twice
changes nothing; a tampered bundle, one signed by another key, one from another venue, for a season that ended
or with a player whose identity clashes is refused in German with nothing written; a cut upload resumes; a
night changed after sending is refused unless sent as a correction, which replaces its rows and is logged."""

from __future__ import annotations

import copy
import datetime
import json
import uuid

import pytest
from django.test import Client
from django.utils import translation

from league.desk import merge
from league.models import Night, Player
from online.federation import auth, bundle, client, receiving, sending, signing
from online.models import NightCorrection, NightUpload, ReceivedNight, SentNight, UploadPiece
from tests.league.factories import make_player
from tests.online.federation.conftest import counts, forget, other_venue_key
from tournaments.models import Placement

pytestmark = pytest.mark.django_db


def _apply_german(data: bytes, key) -> str:
    with translation.override("de"):
        return receiving.apply(data, key)


def _refusal(data: bytes, key) -> str:
    with translation.override("de"), pytest.raises(receiving.Refused) as refused:
        receiving.apply(data, key)
    return str(refused.value)


def test_the_bundle_writes_back_the_rows_it_was_built_from(night, key):
    built = bundle.build(night)
    assert len(built["tables"]) == 3 and any(table["hands"] for table in built["tables"])
    assert any(hand["actions"] for table in built["tables"] for hand in table["hands"])
    assert any(table["paper_sheet"] for table in built["tables"])
    assert any(entry["withdrawn_at"] for entry in built["entries"])
    zora = Player.objects.get(name="Zora Neu")
    forget(night)
    assert not Night.objects.filter(uid=night.uid).exists() and not Player.objects.filter(uid=zora.uid).exists()

    assert receiving.apply(bundle.encode(built), key) == receiving.APPLIED

    again = Night.objects.get(uid=night.uid)
    assert bundle.build(again) == built
    created = Player.objects.get(uid=zora.uid)
    assert (created.name, created.nickname, created.date_of_birth) == ("Zora Neu", "Zo", zora.date_of_birth)
    received = ReceivedNight.objects.get(night_uid=night.uid)
    assert received.version == 1 and received.cash == built["cash"] and received.cash["refunds"] != "0.00"


def test_the_same_bundle_twice_changes_nothing(night, key):
    data = bundle.encode(bundle.build(night))
    forget(night)
    assert receiving.apply(data, key) == receiving.APPLIED
    before = counts()
    assert receiving.apply(data, key) == receiving.UNCHANGED
    assert counts() == before


def test_a_night_of_30_players_applies_in_a_fixed_number_of_statements(night, key, django_assert_max_num_queries):
    data = bundle.encode(bundle.build(night))
    forget(night)
    # One statement per kind of row (and one per table's first dealer at most), however many hands or seats.
    with django_assert_max_num_queries(40):
        receiving.apply(data, key)


def _refused_without_a_trace(night, key, data: bytes) -> str:
    before = counts()
    words = _refusal(data, key)
    assert counts() == before
    return words


def test_a_bundle_broken_late_writes_nothing(night, key):
    built = bundle.build(night)
    forget(night)
    # The last table's first placement names a seat that does not exist: found after entries, tables, seats
    # and hands are written, all of which must go again.
    paper_table = next(table for table in built["tables"] if table["paper_sheet"])
    paper_table["placements"][0]["seat"] = 99
    words = _refused_without_a_trace(night, key, bundle.encode(built))
    assert "beschädigt" in words or "unvollständig" in words


def _tracked(built: dict) -> dict:
    return next(table for table in built["tables"] if table["hands"])


@pytest.mark.parametrize(
    "spoil",
    [
        lambda built: _tracked(built).update(status="gewonnen"),
        lambda built: _tracked(built)["seats"][0].update(starting_stack=10**30),
        lambda built: _tracked(built)["seats"][0].update(entry=-1),
        lambda built: _tracked(built)["hands"][0]["actions"][0].__setitem__(3, "viel"),
        lambda built: built["entries"][0].update(fee_paid="NaN"),
        lambda built: built["entries"][0].update(paid_at="2026-11-25T20:00:00"),  # no time zone
        lambda built: built.update(players="Anna"),
        lambda built: built["night"].update(uid="kein-uid"),
    ],
)
def test_hostile_values_are_refused_with_nothing_written(night, key, spoil):
    built = bundle.build(night)
    forget(night)
    spoil(built)
    words = _refused_without_a_trace(night, key, bundle.encode(built))
    assert "nichts" in words.lower()


def test_another_venues_laptop_is_refused(night, key):
    data = bundle.encode(bundle.build(night))
    forget(night)
    words = _refused_without_a_trace(night, other_venue_key(), data)
    assert "Zum Anker" in words and "nichts" in words.lower()


def test_a_night_for_a_season_of_another_venue_only_is_refused(night, key):
    data = bundle.encode(bundle.build(night))
    forget(night)
    season = night.season
    season.venue = other_venue_key().venue
    season.save()
    words = _refused_without_a_trace(night, key, data)
    assert "zählt nur die Abende eines anderen Spielorts" in words


def test_a_night_after_its_seasons_last_day_is_refused_one_within_it_sent_late_is_taken(night, key):
    data = bundle.encode(bundle.build(night))
    forget(night)
    season = night.season
    season.end_date = night.date - datetime.timedelta(days=1)
    season.save()
    words = _refused_without_a_trace(night, key, data)
    assert season.name in words and "letzten Tag" in words
    # The season has ended by today's calendar, but the night was played within it: taken.
    season.end_date = night.date
    season.save()
    assert receiving.apply(data, key) == receiving.APPLIED


def test_a_known_player_with_another_date_of_birth_is_refused_by_name(night, key):
    data = bundle.encode(bundle.build(night))
    forget(night)
    Player.objects.filter(name="Anna Berger").update(date_of_birth=datetime.date(1971, 3, 3))
    words = _refused_without_a_trace(night, key, data)
    assert "Anna Berger" in words and "Geburtsdatum" in words


def test_a_new_record_of_a_known_person_is_created_and_offered_for_the_merge(night, key):
    built = bundle.build(night)
    forget(night)
    zora = next(player for player in built["players"] if player["name"] == "Zora Neu")
    make_player("zora neu", born=datetime.date.fromisoformat(zora["date_of_birth"]))  # added on the server too
    assert receiving.apply(bundle.encode(built), key) == receiving.APPLIED
    pairs = merge.possible_duplicates()
    assert [{one.name, other.name} for one, other in pairs] == [{"Zora Neu", "zora neu"}]


def test_the_merge_page_lists_the_possible_duplicates(organizer_client):
    one = make_player("Deniz Yilmaz", born=datetime.date(1988, 1, 2))
    other = make_player("deniz yilmaz", born=datetime.date(1988, 1, 2))
    make_player("Deniz Yilmaz", born=datetime.date(1990, 1, 2))  # another person
    with translation.override("de"):
        page = organizer_client.get("/organizer/players/merge/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Mögliche Doppelte" in page
    assert f"first={one.pk}&amp;second={other.pk}" in page


def test_a_changed_night_is_refused_at_the_same_version_and_taken_as_a_correction(night, key):
    built = bundle.build(night)
    assert receiving.apply(bundle.encode(built), key) == receiving.APPLIED
    changed = copy.deepcopy(built)
    paper_table = next(table for table in changed["tables"] if table["paper_sheet"])
    for row in paper_table["placements"]:
        row["place"] = 3 - row["place"]
    before = counts()
    words = _refusal(bundle.encode(changed), key)
    assert "nach dem Senden geändert" in words and counts() == before

    changed["version"] = 2
    changed["correction"] = {"by": "Wirt Paul", "why": "Plätze auf dem Zettel vertauscht"}
    assert receiving.apply(bundle.encode(changed), key) == receiving.CORRECTED
    assert bundle.build(Night.objects.get(uid=night.uid), version=2, correction=changed["correction"]) == changed
    log = NightCorrection.objects.get()
    assert (log.by, log.why, log.old_version, log.version, log.venue_id) == (
        "Wirt Paul",
        "Plätze auf dem Zettel vertauscht",
        1,
        2,
        night.venue_id,
    )
    assert ReceivedNight.objects.get().version == 2
    places = {
        placement.seat.entry.player.uid: placement.place
        for placement in Placement.objects.filter(table__night__uid=night.uid)
    }
    assert sorted(places.values()) == [1, 2]
    originally = next(table for table in built["tables"] if table["paper_sheet"])["placements"]
    assert {row["seat"]: row["place"] for row in originally} != {
        row["seat"]: row["place"] for row in paper_table["placements"]
    }


# --- over the server's addresses ---------------------------------------------------------------------------


def _signed(client_, link, method, path, body=b"", content_type="application/json"):
    headers = auth.signed_headers(link, method, path, body)
    response = client_.generic(method, path, data=body, content_type=content_type, headers=headers)
    return response.status_code, json.loads(response.content)


def _upload(link, data: bytes, *, night_uid, signature: str, digest: str | None = None):
    web = Client(headers={"Accept-Language": "de"})
    facts = {"night": str(night_uid), "version": 1, "digest": digest or signing.digest(data), "size": len(data)}
    status, answer = _signed(web, link, "POST", "/league-link/nights/", json.dumps(facts).encode())
    assert status == 200, answer
    token = answer["upload"]
    status, answer = _signed(
        web, link, "PUT", f"/league-link/uploads/{token}/?offset=0", data, "application/octet-stream"
    )
    assert status == 200, answer
    return _signed(
        web, link, "POST", f"/league-link/uploads/{token}/finish/", json.dumps({"signature": signature}).encode()
    )


def test_a_tampered_bundle_is_refused_and_its_pieces_go(night, key):
    from online.models import LeagueLink

    link = LeagueLink.objects.get()
    data = bundle.encode(bundle.build(night))
    tampered = data.replace(b'"place":1', b'"place":9', 1)
    assert tampered != data and len(tampered) == len(data)
    before = counts()
    # Announced as the true bundle, the bytes changed on the way.
    status, answer = _upload(
        link, tampered, night_uid=night.uid, digest=signing.digest(data), signature=signing.sign(link.private_key, data)
    )
    assert status == 400 and "Prüfsumme" in answer["error"]
    # Announced as what it is, signed by the laptop over the true bundle.
    status, answer = _upload(link, tampered, night_uid=night.uid, signature=signing.sign(link.private_key, data))
    assert status == 403 and "Schlüssel" in answer["error"]
    assert counts() == before and NightUpload.objects.count() == 0 and UploadPiece.objects.count() == 0


def test_a_bundle_signed_by_another_key_is_refused(night, key):
    from online.models import LeagueLink

    link = LeagueLink.objects.get()
    data = bundle.encode(bundle.build(night))
    before = counts()
    status, answer = _upload(link, data, night_uid=night.uid, signature=signing.sign(signing.new_key()[0], data))
    assert status == 403 and "nicht mit dem Schlüssel" in answer["error"]
    assert counts() == before


def test_an_unknown_laptop_is_refused(night, key):
    from online.models import LeagueLink

    stranger = LeagueLink(
        server_url="http://testserver", venue_uid=uuid.uuid4(), venue_name="?", private_key="", public_key=""
    )
    stranger.private_key, stranger.public_key = signing.new_key()
    status, answer = _signed(Client(headers={"Accept-Language": "de"}), stranger, "POST", "/league-link/nights/", b"{}")
    assert status == 403 and "nicht mit der Liga verbunden" in answer["error"]


def test_a_piece_at_the_wrong_offset_is_refused_the_same_piece_again_is_fine(night, key):
    from online.models import LeagueLink

    link = LeagueLink.objects.get()
    data = bundle.encode(bundle.build(night))
    web = Client(headers={"Accept-Language": "de"})
    facts = {"night": str(night.uid), "version": 1, "digest": signing.digest(data), "size": len(data)}
    _, answer = _signed(web, link, "POST", "/league-link/nights/", json.dumps(facts).encode())
    token = answer["upload"]
    piece = f"/league-link/uploads/{token}/?offset="
    assert _signed(web, link, "PUT", piece + "0", data[:100], "application/octet-stream") == (
        200,
        {"upload": token, "received": 100, "size": len(data)},
    )
    assert _signed(web, link, "PUT", piece + "0", data[:100], "application/octet-stream")[0] == 200
    status, answer = _signed(web, link, "PUT", piece + "150", data[150:200], "application/octet-stream")
    assert status == 409 and "100" in answer["error"]
    assert _signed(web, link, "GET", f"/league-link/uploads/{token}/")[1]["received"] == 100
    big = {**facts, "size": bundle.MAX_BYTES + 1}
    status, answer = _signed(web, link, "POST", "/league-link/nights/", json.dumps(big).encode())
    assert status == 413 and "20 MB" in answer["error"]


# --- the laptop's sending ----------------------------------------------------------------------------------


def test_a_cut_sending_goes_on_where_it_stopped(night, key, wire):
    size = len(bundle.encode(bundle.build(night)))
    assert size > 4 * 1024
    with pytest.raises(client.LinkError):
        sending.send_night(night, piece_bytes=1024, stop_after_pieces=2)
    sent = SentNight.objects.get(night=night)
    assert sent.upload_token and sent.sent_at is None
    assert NightUpload.objects.get(token=sent.upload_token).received == 2048
    assert sending.state(night)[0] == sending.NOT_SENT and not ReceivedNight.objects.exists()

    wire.sent.clear()
    assert sending.send_night(night, piece_bytes=1024).status == "sent"
    offsets = [int(path.rsplit("=", 1)[1]) for method, path in wire.sent if method == "PUT"]
    assert offsets[0] == 2048 and offsets[-1] < size  # from where it stopped, not from the start
    assert ("GET", f"/league-link/uploads/{sent.upload_token}/") in wire.sent
    assert ReceivedNight.objects.get().digest == SentNight.objects.get().digest
    assert sending.state(night)[0] == sending.SENT
    assert NightUpload.objects.count() == 0 and UploadPiece.objects.count() == 0


def test_a_night_changed_after_sending_goes_only_as_a_correction(night, key, wire):
    with translation.override("de"):
        assert sending.send_night(night).status == "sent"
        assert sending.send_night(night).status == "unchanged"
        placement = Placement.objects.filter(table__night=night, knockouts=1).get()
        placement.knockouts = 2
        placement.save()
        assert sending.state(night)[0] == sending.CHANGED
        refused = sending.send_night(night)
        assert refused.status == "refused" and "nach dem Senden geändert" in refused.words
        corrected = sending.send_night(night, correction={"by": "Paul", "why": "Knockout vergessen"})
    assert corrected.status == "sent"
    assert SentNight.objects.get().version == 2 and ReceivedNight.objects.get().version == 2
    assert NightCorrection.objects.get().why == "Knockout vergessen"
    assert sending.state(night)[0] == sending.SENT
