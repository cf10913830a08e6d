"""What `manage.py venue` works out: where to listen, which hosts to accept, which address links use."""

from __future__ import annotations

import ipaddress

from league.venue import host_names, lan_ipv4_addresses, plan_venue, venue_secret_key


def _plan(environ=None, *, binds=("0.0.0.0",), lan=("192.168.178.23", "10.8.0.2"), hostname="orga-laptop"):
    return plan_venue(
        environ=environ or {},
        port=8000,
        bind_hosts=list(binds),
        lan_addresses=list(lan),
        hostname=hostname,
        secret_key="s3cret",
    )


def test_on_every_interface_links_use_the_first_lan_address_and_phones_get_every_one() -> None:
    plan = _plan()

    assert plan.public_url == "http://192.168.178.23:8000"
    assert plan.binds == ("0.0.0.0:8000",)
    assert plan.phone_addresses == ("http://192.168.178.23:8000/", "http://10.8.0.2:8000/")


def test_the_lan_addresses_and_the_machines_local_name_are_accepted_hosts() -> None:
    hosts = _plan().env["ALLOWED_HOSTS"].split(",")

    for host in ("192.168.178.23", "10.8.0.2", "orga-laptop", "orga-laptop.local", "127.0.0.1", "localhost"):
        assert host in hosts


def test_it_serves_with_debug_off_its_own_secret_and_no_https_redirect_on_plain_http() -> None:
    env = _plan().env

    assert env["DEBUG"] == "0"
    assert env["SECRET_KEY"] == "s3cret"
    assert env["SECURE_SSL_REDIRECT"] == "0"
    assert env["SECURE_COOKIES"] == "0"


def test_what_the_organizer_set_in_the_environment_wins() -> None:
    env = _plan({"ALLOWED_HOSTS": "poker.example", "PUBLIC_URL": "https://poker.example", "DEBUG": "1"}).env

    assert env["ALLOWED_HOSTS"] == "poker.example"
    assert env["PUBLIC_URL"] == "https://poker.example"
    assert env["DEBUG"] == "1"
    assert "SECURE_COOKIES" not in env  # HTTPS: production's secure cookies stay


def test_without_a_network_the_links_fall_back_to_loopback() -> None:
    plan = _plan(lan=())

    assert plan.public_url == "http://127.0.0.1:8000"
    assert plan.phone_addresses == ()


def test_given_addresses_are_served_and_accepted_and_the_first_reachable_one_is_public() -> None:
    plan = _plan(binds=("127.0.0.1", "192.168.178.23"), lan=("192.168.178.23",))

    assert plan.binds == ("127.0.0.1:8000", "192.168.178.23:8000")
    assert plan.public_url == "http://192.168.178.23:8000"
    assert "127.0.0.1" in plan.env["ALLOWED_HOSTS"].split(",")


def test_an_explicit_public_host_is_always_accepted() -> None:
    plan = _plan({"PUBLIC_URL": "http://league.fritz.box:8000"})

    assert "league.fritz.box" in plan.env["ALLOWED_HOSTS"].split(",")


def test_the_local_name_is_the_hostname_with_dot_local_once() -> None:
    assert host_names("Orga-Laptop") == ["orga-laptop", "orga-laptop.local"]
    assert host_names("MacBook.local") == ["macbook", "macbook.local"]
    assert host_names("") == []


def test_the_machines_addresses_leave_out_loopback() -> None:
    addresses = lan_ipv4_addresses()

    assert all(not ipaddress.ip_address(a).is_loopback for a in addresses)
    assert all(ipaddress.ip_address(a).version == 4 for a in addresses)


def test_the_venue_secret_is_made_once_kept_private_and_reused(tmp_path) -> None:
    path = tmp_path / ".venue-secret-key"

    first = venue_secret_key(path)

    assert len(first) >= 50
    assert path.stat().st_mode & 0o077 == 0
    assert venue_secret_key(path) == first
