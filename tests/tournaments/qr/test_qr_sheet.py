"""The night's QR sheet: read back with pypdf, rendered with pdftoppm, its codes decoded with zbarimg."""

from __future__ import annotations

import io
import shutil
import subprocess

import pytest
from django.test import override_settings
from django.urls import reverse
from pypdf import PdfReader

from tests.tournaments.conftest import table_of

LAN = "http://192.168.178.23:8000"

pytestmark = pytest.mark.django_db


def decoded_qr_codes(pdf: bytes, folder) -> list[str]:
    """Every QR code on every page, as a phone's camera would read it (zbar, from Debian's zbar-tools)."""
    for tool in ("pdftoppm", "zbarimg"):
        if shutil.which(tool) is None:
            pytest.skip(f"{tool} is not installed (apt-get install poppler-utils zbar-tools)")
    (folder / "sheet.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", "100", "-png", str(folder / "sheet.pdf"), str(folder / "page")], check=True)
    codes = []
    for image in sorted(folder.glob("page*.png")):
        result = subprocess.run(
            ["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(image)], capture_output=True, text=True
        )
        assert result.returncode == 0, result.stderr
        codes += result.stdout.split()
    return codes


@pytest.fixture
def six_tables(organizer):
    first = table_of({f"P{k}": 1500 for k in range(6)}, organizer)
    for number in range(2, 7):
        table_of({f"P{number}{k}": 1500 for k in range(6)}, organizer, night=first.night)
    return list(first.night.tables.order_by("number"))


@pytest.mark.subprocess
@override_settings(PUBLIC_URL=LAN)
def test_every_tables_dealer_link_the_clock_and_the_results_decode_to_the_public_address(
    organizer_client, six_tables, tmp_path
) -> None:
    night_id = six_tables[0].night_id
    response = organizer_client.get(
        reverse("night_qr_sheet", args=[night_id]), HTTP_HOST="127.0.0.1:8000", HTTP_ACCEPT_LANGUAGE="en"
    )

    assert response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    assert len(reader.pages) == 2
    assert all(page.mediabox.width == pytest.approx(595.3, abs=1) for page in reader.pages)  # A4
    text = " ".join(page.extract_text() for page in reader.pages)
    for number in range(1, 7):
        assert f"Table {number}" in text
    assert "Blind clock" in text and "Results" in text
    expected = [f"{LAN}/dealer/{table.dealer_token}/" for table in six_tables]
    expected += [f"{LAN}/nights/{night_id}/clock/", f"{LAN}/nights/{night_id}/results/"]
    assert sorted(decoded_qr_codes(response.content, tmp_path)) == sorted(expected)


@override_settings(PUBLIC_URL=LAN)
def test_the_sheet_speaks_german_at_the_venue(organizer_client, six_tables) -> None:
    response = organizer_client.get(reverse("night_qr_sheet", args=[six_tables[0].night_id]), HTTP_ACCEPT_LANGUAGE="de")

    text = PdfReader(io.BytesIO(response.content)).pages[0].extract_text()
    assert "Tisch 1" in text and "QR-Codes" in text


def test_before_the_seating_there_is_nothing_to_print(organizer_client, organizer) -> None:
    from tests.league.factories import make_night

    night = make_night()
    response = organizer_client.get(reverse("night_qr_sheet", args=[night.pk]), follow=True, HTTP_ACCEPT_LANGUAGE="en")

    assert response.redirect_chain[-1][0] == reverse("seating", args=[night.pk])
    assert "no table to print" in response.content.decode()


def test_the_sheet_with_every_dealer_link_is_for_organizers_only(client, six_tables) -> None:
    response = client.get(reverse("night_qr_sheet", args=[six_tables[0].night_id]))

    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_seating_and_table_pages_link_to_the_sheet(organizer_client, six_tables) -> None:
    sheet = reverse("night_qr_sheet", args=[six_tables[0].night_id])

    assert sheet in organizer_client.get(reverse("seating", args=[six_tables[0].night_id])).content.decode()
    assert sheet in organizer_client.get(reverse("table_detail", args=[six_tables[0].pk])).content.decode()
