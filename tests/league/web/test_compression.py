"""Pages go out gzip-compressed, the dealer's page and its htmx partials included; the table page does not (BREACH)."""

from __future__ import annotations

import gzip

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate"}


def _html(response) -> str:
    assert response["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response["Vary"]
    return gzip.decompress(response.content).decode()


def test_the_dealer_page_and_its_partials_are_compressed(client, table) -> None:
    url = reverse("dealer_tracker", args=[table.dealer_token])

    page = _html(client.get(url, **GZIP))
    partial = _html(client.get(url, HTTP_HX_REQUEST="true", **GZIP))
    table.refresh_from_db()
    tap = _html(client.post(url, {"op": "next", "version": table.revision}, HTTP_HX_REQUEST="true", **GZIP))

    assert "<html" in page and 'id="tracker"' in page
    assert 'id="tracker"' in partial and "<html" not in partial
    assert 'name="verb" value="fold"' in tap  # the hand was dealt


def test_a_client_that_does_not_ask_for_gzip_gets_plain_html(client, table) -> None:
    response = client.get(reverse("dealer_tracker", args=[table.dealer_token]))

    assert not response.has_header("Content-Encoding")
    assert b'id="tracker"' in response.content


def test_the_table_page_that_shows_the_secret_dealer_link_is_never_compressed(organizer_client, table) -> None:
    response = organizer_client.get(reverse("table_detail", args=[table.pk]) + "?guess=dealer/abc", **GZIP)

    assert not response.has_header("Content-Encoding")
    assert table.dealer_token.encode() in response.content


def test_the_public_and_organizer_pages_are_compressed(organizer_client, table) -> None:
    for url in (reverse("home"), reverse("seating", args=[table.night_id]), reverse("clock_tv", args=[table.night_id])):
        assert organizer_client.get(url, **GZIP)["Content-Encoding"] == "gzip", url
