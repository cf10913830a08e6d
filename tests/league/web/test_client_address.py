"""The client's address: X-Forwarded-For is believed only from a proxy the settings name."""

from __future__ import annotations

import pytest
from django.test import RequestFactory

from league.web.client_address import client_address, real_client, trusted_networks

TRUSTED = trusted_networks(("127.0.0.1", "10.1.0.0/16", "::1"))


@pytest.mark.parametrize(
    ("peer", "forwarded", "expected"),
    [
        ("127.0.0.1", "192.0.2.7", "192.0.2.7"),
        ("127.0.0.1", "192.0.2.99, 192.0.2.7", "192.0.2.7"),  # the left is what the client wrote
        ("127.0.0.1", "192.0.2.7, 10.1.2.3", "192.0.2.7"),  # two proxies in a row
        ("127.0.0.1", "10.1.2.3", "10.1.2.3"),  # only proxies: the last one we reach
        ("127.0.0.1", "", "127.0.0.1"),
        ("127.0.0.1", "not-an-address", "127.0.0.1"),
        ("127.0.0.1", "192.0.2.7:5000", "192.0.2.7"),
        ("127.0.0.1", "[2001:db8::7]:443", "2001:db8::7"),
        ("::1", "2001:db8::7", "2001:db8::7"),
        ("192.0.2.50", "192.0.2.7", "192.0.2.50"),  # not a proxy: the header is the client's own invention
        ("::ffff:127.0.0.1", "192.0.2.7", "192.0.2.7"),
    ],
)
def test_the_client_is_the_right_most_address_that_is_no_trusted_proxy(peer, forwarded, expected):
    assert real_client(peer, forwarded, TRUSTED) == expected


def test_without_trusted_proxies_the_header_is_ignored(settings):
    settings.TRUSTED_PROXIES = []
    request = RequestFactory().get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="192.0.2.7")
    assert client_address(request) == "127.0.0.1"
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    assert client_address(request) == "192.0.2.7"


def test_a_bad_trusted_proxy_is_named():
    with pytest.raises(ValueError, match="nonsense"):
        trusted_networks(("nonsense",))
