"""A finished night at a venue joined to the league, and the laptop's wire routed through Django's test client
(the server's real views, signed as the laptop signs): the laptop and the server share one database here, so
a test that compares rows removes the night first and lets the bundle write it again."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from league.desk import services as league_services
from league.models import CashCount, CashLine, Entry, JackpotDeposit, Night, Player, Venue
from online.federation import auth, client, receiving, signing
from online.models import LeagueLink, VenueKey
from tests.evening import build_evening
from tests.league.factories import make_player
from tournaments.floor import services as floor
from tournaments.models import Action, ClockState, Hand, Placement, Seat, Table
from tournaments.placements import paper

MODELS = (Player, Night, Entry, Table, Seat, Hand, Action, Placement, JackpotDeposit)


def counts() -> dict[str, int]:
    from online.models import NightCorrection, ReceivedNight

    return {model.__name__: model.objects.count() for model in (*MODELS, ReceivedNight, NightCorrection)}


@pytest.fixture
def night(db, organizer):
    """Tonight of tests/evening.py finished: two tracked tables (hands, actions, one hand open), a table on
    paper with its placements and sheet, and a new player who withdrew with a refund (no seat)."""
    evening = build_evening(organizer)
    seats = list(evening.paper_table.seats.order_by("position"))
    paper.record_paper_results(
        table=evening.paper_table,
        places=[(seat.pk, place) for seat, place in zip(seats, (2, 1), strict=True)],
        by=organizer,
        version=paper.results_version(evening.paper_table),
        first_dealer_seat_id=seats[0].pk,
        knockouts={seats[1].pk: 1},
    )
    zora = make_player("Zora Neu", nickname="Zo")
    entry = league_services.register_player(
        night=evening.tonight, player=zora, by=organizer, fee=evening.season.entry_fee, late=True
    )
    league_services.withdraw_entry(entry=entry, by=organizer, reason="krank", after_draw=True)
    floor.finish_night(night=evening.tonight, confirm_unfinished=True)
    return Night.objects.get(pk=evening.tonight.pk)


@pytest.fixture
def key(night):
    """The venue's laptop joined: its key on the server and its link on the laptop (one database)."""
    private, public = signing.new_key()
    venue_key = VenueKey.objects.create(venue=night.venue, public_key=public, label="Laptop")
    LeagueLink.objects.create(
        server_url="http://testserver",
        venue_uid=night.venue.uid,
        venue_name=night.venue.name,
        private_key=private,
        public_key=public,
    )
    return venue_key


@pytest.fixture
def wire(monkeypatch):
    """The laptop's requests go to the server's views through Django's test client; `wire.sent` lists them."""
    django_client = Client()
    sent: list[tuple[str, str]] = []

    def request(link, method, path, *, body=b"", server_url=None, content_type="application/json", timeout=0):
        sent.append((method, path))
        headers = auth.signed_headers(link, method, path, body)
        response = django_client.generic(method, path, data=body, content_type=content_type, headers=headers)
        answer = json.loads(response.content)
        if response.status_code >= 400:
            raise client.LinkError(answer["error"])
        return answer

    monkeypatch.setattr(client, "request", request)
    request.sent = sent  # type: ignore[attr-defined]
    return request


def forget(night: Night) -> None:
    """Remove the night and what only it had from the database: the server as before it was sent."""
    receiving._remove_rows(night)
    ClockState.objects.filter(night=night).delete()
    CashCount.objects.filter(night=night).delete()
    CashLine.objects.filter(night=night).delete()
    night.delete()
    Player.objects.filter(entries__isnull=True, name="Zora Neu").delete()


def other_venue_key() -> VenueKey:
    venue = Venue.objects.create(name="Zum Anker")
    return VenueKey.objects.create(venue=venue, public_key=signing.new_key()[1], label="Anker")
