"""Joining and the pre-night fetch over real HTTP: the league's server is pytest-django's live_server, the
laptop's commands speak to it through the link's client. Server and laptop share the test's database here,
so the fetch finds every row by its uid (tests/online/federation/test_fetch.py writes into a laptop's rows);
what this proves is the wire: the code, the key, the signature, the JSON both ways."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from league.models import Venue
from online.federation import joining
from online.models import LeagueLink, VenueKey
from tests.league.factories import make_player, make_season

pytestmark = pytest.mark.server


def test_a_laptop_joins_and_fetches_over_http(live_server, organizer):
    venue = Venue.objects.create(name="Zum Anker")
    make_season(name="Herbst 2026", venue=venue)
    make_player("Anna Berger")
    code = joining.make_code(venue=venue, by=organizer)

    out = io.StringIO()
    call_command("join_league", live_server.url, code, "--label", "Laptop an der Bar", stdout=out)
    assert "für „Zum Anker“" in out.getvalue()
    link = LeagueLink.objects.get()
    assert link.venue_uid == venue.uid and link.server_url == live_server.url
    assert VenueKey.objects.get().public_key == link.public_key

    with pytest.raises(CommandError, match="wurde schon benutzt"):
        call_command("join_league", live_server.url, code, "--replace")
    assert LeagueLink.objects.get().public_key == link.public_key

    out = io.StringIO()
    call_command("fetch_league", stdout=out)
    assert "Liga abgeholt: 0 neue Spieler" in out.getvalue()
    assert LeagueLink.objects.get().fetched_at is not None

    VenueKey.objects.update(revoked_at=link.joined_at)
    with pytest.raises(CommandError, match="gesperrt"):
        call_command("fetch_league")
