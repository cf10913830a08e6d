"""Every absolute link and QR code comes from settings.PUBLIC_URL, never from the request's host."""

from __future__ import annotations

import io

import pytest
from django.test import override_settings
from django.urls import reverse
from pypdf import PdfReader

from tournaments.qr.codes import qr_svg

LAN = "http://192.168.178.23:8000"
WARNING = "an address of this computer only"

pytestmark = pytest.mark.django_db


@override_settings(PUBLIC_URL=LAN)
def test_the_dealer_link_and_its_qr_code_use_the_public_address(organizer_client, table) -> None:
    html = organizer_client.get(reverse("table_detail", args=[table.pk]), HTTP_HOST="127.0.0.1:8000").content.decode()

    link = f"{LAN}/dealer/{table.dealer_token}/"
    assert f'href="{link}"' in html
    assert str(qr_svg(link)) in html
    assert "127.0.0.1:8000/dealer" not in html


@override_settings(PUBLIC_URL=LAN)
def test_the_tv_clocks_qr_code_leads_to_the_rail_at_the_public_address(client, table) -> None:
    html = client.get(reverse("clock_tv", args=[table.night_id]), HTTP_HOST="localhost").content.decode()

    assert str(qr_svg(f"{LAN}/nights/{table.night_id}/rail/", border=2, fixed_size=False)) in html


@override_settings(PUBLIC_URL=LAN)
def test_the_placement_sheets_results_link_uses_the_public_address(organizer_client, table) -> None:
    response = organizer_client.get(reverse("night_sheets_pdf", args=[table.night_id]), HTTP_HOST="127.0.0.1:8000")

    text = PdfReader(io.BytesIO(response.content)).pages[0].extract_text()
    assert f"{LAN}/nights/{table.night_id}/results/" in text.replace("\n", "")


@override_settings(PUBLIC_URL="http://127.0.0.1:8000")
@pytest.mark.parametrize("route", ["table_detail", "seating", "clock_control", "home"])
def test_organizers_are_warned_when_the_links_point_at_this_computer_only(organizer_client, table, route) -> None:
    args = {"table_detail": [table.pk], "seating": [table.night_id], "clock_control": [table.night_id], "home": []}[
        route
    ]
    html = organizer_client.get(reverse(route, args=args), HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert WARNING in html
    assert "manage.py venue" in html


@override_settings(PUBLIC_URL=LAN)
def test_there_is_no_warning_with_a_network_address(organizer_client, table) -> None:
    html = organizer_client.get(reverse("table_detail", args=[table.pk]), HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert WARNING not in html


@override_settings(PUBLIC_URL="http://localhost:8000")
def test_visitors_never_see_the_warning(client, table) -> None:
    html = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert WARNING not in html


@override_settings(PUBLIC_URL="http://127.0.0.1:8000")
def test_the_warning_is_in_german_for_the_venue(organizer_client, table) -> None:
    html = organizer_client.get(reverse("table_detail", args=[table.pk]), HTTP_ACCEPT_LANGUAGE="de").content.decode()

    assert "nur dieses Computers" in html
