"""Who is asking: a joined laptop's signed request is let through; a request unsigned, signed by a key the league
does not know or has revoked, signed for another path or body, or too old is refused with words."""

from __future__ import annotations

import datetime
import json

import pytest
from django.http import HttpResponse
from django.test import RequestFactory
from django.utils import translation

from league.models import Venue
from online.federation import auth, signing
from online.models import LeagueLink, VenueKey

pytestmark = pytest.mark.django_db


@auth.venue_signed
def _echo(request):
    return HttpResponse(request.venue_key.venue.name)


@pytest.fixture
def link():
    venue = Venue.objects.create(name="Zum Anker")
    private, public = signing.new_key()
    VenueKey.objects.create(venue=venue, public_key=public, label="Laptop")
    return LeagueLink(
        server_url="https://liga.test",
        venue_uid=venue.uid,
        venue_name=venue.name,
        private_key=private,
        public_key=public,
    )


def _post(path, body, headers):
    return _echo(RequestFactory().post(path, body, content_type="application/json", headers=headers))


def _error(response):
    return json.loads(response.content)["error"]


def test_a_joined_laptops_request_speaks_for_its_venue(link):
    body = b'{"a":1}'
    response = _post("/league/x/?q=1", body, auth.signed_headers(link, "POST", "/league/x/?q=1", body))
    assert response.status_code == 200
    assert response.content.decode() == "Zum Anker"


def test_unsigned_other_path_other_body_and_old_requests_are_refused(link):
    body = b'{"a":1}'
    assert _post("/league/x/", body, {}).status_code == 401
    assert _post("/league/y/", body, auth.signed_headers(link, "POST", "/league/x/", body)).status_code == 403
    assert _post("/league/x/", b'{"a":2}', auth.signed_headers(link, "POST", "/league/x/", body)).status_code == 403
    old = auth.signed_headers(link, "POST", "/league/x/", body, now=datetime.datetime(2020, 1, 1).timestamp())
    with translation.override("de"):
        response = _post("/league/x/", body, old)
    assert response.status_code == 401
    assert "fünf Minuten" in _error(response)


def test_an_unknown_or_revoked_key_is_refused(link):
    body = b"{}"
    VenueKey.objects.update(revoked_at=datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC))
    response = _post("/league/x/", body, auth.signed_headers(link, "POST", "/league/x/", body))
    assert response.status_code == 403
    private, public = signing.new_key()
    stranger = LeagueLink(server_url=link.server_url, venue_uid=link.venue_uid, private_key=private, public_key=public)
    assert _post("/league/x/", body, auth.signed_headers(stranger, "POST", "/league/x/", body)).status_code == 403
