"""The league link's keys and signatures: what one key signed only that key's public half accepts, over exactly
those bytes."""

from __future__ import annotations

import pytest

from online.federation import signing


def test_a_signature_holds_only_for_its_bytes_and_its_key():
    private, public = signing.new_key()
    other_private, other_public = signing.new_key()
    data = signing.canonical({"night": "2026-12-06", "players": ["Jörg", "Ana"], "chips": 1500})
    signature = signing.sign(private, data)
    assert signing.verify(public, data, signature)
    assert not signing.verify(other_public, data, signature)
    assert not signing.verify(public, data.replace(b"1500", b"1501"), signature)
    assert not signing.verify(public, data, signing.sign(other_private, data))
    assert signing.public_of(private) == public


@pytest.mark.parametrize("key,signature", [("", ""), ("not-base64!", "x"), ("A" * 43, "B" * 86), ("A" * 10, "B" * 3)])
def test_a_malformed_key_or_signature_is_refused_not_raised(key, signature):
    assert signing.verify(key, b"data", signature) is False


def test_canonical_bytes_do_not_depend_on_the_order_of_keys():
    assert signing.canonical({"b": 1, "a": "ä"}) == signing.canonical({"a": "ä", "b": 1}) == '{"a":"ä","b":1}'.encode()


def test_the_request_message_binds_method_path_time_and_body():
    one = signing.request_message("post", "/league/nights/?x=1", 100, b"{}")
    assert one == signing.request_message("POST", "/league/nights/?x=1", 100, b"{}")
    assert one != signing.request_message("POST", "/league/nights/?x=2", 100, b"{}")
    assert one != signing.request_message("POST", "/league/nights/?x=1", 101, b"{}")
    assert one != signing.request_message("POST", "/league/nights/?x=1", 100, b"{ }")
