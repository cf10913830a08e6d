"""Placement sheets and the jackpot report as PDF: read back with pypdf, rendered to PNG with pdftoppm."""

from __future__ import annotations

import datetime
import io
import re
import shutil
import subprocess
from decimal import Decimal

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from league.pdf.sheet import QrCode
from league.pdf.text import printable
from results import nights
from results.sheets import (
    JackpotNightRow,
    JackpotReport,
    JackpotReportRenderer,
    PayoutRow,
    PlacementSheetRenderer,
    SheetRow,
    TableSheet,
)
from tests.benchmarks.standings import play_night
from tests.tournaments.conftest import paid_night, table_of
from tournaments.placements import paper as manual_results

NIGHT = datetime.date(2026, 11, 25)
URL = "https://league.example/nights/7/results/"
OUT = timezone.make_aware(datetime.datetime(2026, 11, 25, 21, 14))


def pdf_text(content: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(content)).pages]


def finished_sheet(**changes) -> TableSheet:
    rows = (
        SheetRow(3, "Ben Schuster", 1, Decimal("6"), OUT, winner=True),
        SheetRow(1, "Anna Bürger", 2, Decimal("5"), OUT),
        SheetRow(6, "Jörg Weiß", 3, Decimal("4"), OUT),
        SheetRow(2, "Dora Krämer", 4, Decimal("2.5"), OUT),
        SheetRow(5, "Emil Öztürk", 4, Decimal("2.5"), OUT),
        SheetRow(4, "Fritz Lange", 6, Decimal("1"), None),
    )
    data = dict(
        season="Saison 2026",
        night_date=NIGHT,
        table_number=3,
        first_dealer="Anna Bürger",
        rows=rows,
        jackpot_sum=Decimal("12.00"),
        jackpot_share=Decimal("2.00"),
        results_url=URL,
        fingerprint="7F3A-19C2",
    )
    data.update(changes)
    return TableSheet(**data)


def blank_sheet() -> TableSheet:
    names = ["Gina", "Hans", "Ida", "Kai", "Lena"]
    return finished_sheet(
        table_number=4,
        first_dealer="",
        rows=tuple(SheetRow(k, name) for k, name in enumerate(names, 1)),
        jackpot_sum=Decimal("10.00"),
        fingerprint="",
    )


def in_order(text: str, *parts: str, after: str = "") -> bool:
    """The parts appear in this order (in the text after `after`, e.g. a table's header)."""
    text = text[text.index(after) :] if after else text
    positions = [text.find(part) for part in parts]
    return -1 not in positions and positions == sorted(positions)


HEADER = "Signature of the eliminated player"


# --- the renderer, from plain rows ------------------------------------------------


def test_a_finished_sheet_lists_the_players_in_placement_order_with_points_and_times():
    filename, mime, content = PlacementSheetRenderer(language="en").generate([finished_sheet()])
    assert (filename, mime) == ("placements-2026-11-25-table-3.pdf", "application/pdf")
    (text,) = pdf_text(content)
    assert in_order(
        text, "Ben Schuster", "Anna Bürger", "Jörg Weiß", "Dora Krämer", "Emil Öztürk", "Fritz Lange", after=HEADER
    )
    assert "Placement sheet · Table 3" in text and "Saison 2026" in text and "Wednesday, 25 Nov 2026" in text
    assert "First dealer: Anna Bürger" in text
    assert "2.5" in text and "21:14" in text


def test_the_sheet_has_the_jackpot_sum_and_the_signature_lines():
    (text,) = pdf_text(PlacementSheetRenderer(language="en").generate([finished_sheet()])[2])
    assert "Jackpot sum to pay in at the café register" in text and "€12.00" in text and "6 players × €2.00" in text
    assert "Signature of the eliminated player" in text
    assert "Signature of the first dealer (Anna Bürger)" in text
    assert "Signature of the café staff, date and time" in text


def test_the_sheet_carries_the_fingerprint_and_the_results_address():
    (text,) = pdf_text(PlacementSheetRenderer(language="en").generate([finished_sheet()])[2])
    assert "Fingerprint of this result" in text and "7F3A-19C2" in text and URL in text


def test_a_blank_sheet_has_the_names_and_empty_places():
    (text,) = pdf_text(PlacementSheetRenderer(language="en").generate([blank_sheet()])[2])
    assert in_order(text, "Gina", "Hans", "Ida", "Kai", "Lena", after=HEADER)
    assert "Write each player's place when he is out" in text
    assert "Fingerprint" not in text and "Results online" in text
    assert "€10.00" in text and "5 players × €2.00" in text
    assert not re.search(r"\b[1-5]\.\s", text)  # no place is printed


def test_a_night_prints_one_page_per_table():
    filename, _mime, content = PlacementSheetRenderer(language="en").generate([finished_sheet(), blank_sheet()])
    pages = pdf_text(content)
    assert filename == "placements-2026-11-25.pdf" and len(pages) == 2
    assert "Table 3" in pages[0] and "Table 4" in pages[1]


def test_the_sheet_is_a4():
    reader = PdfReader(io.BytesIO(PlacementSheetRenderer(language="en").generate([finished_sheet()])[2]))
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)


def test_the_sheet_speaks_german_when_german_is_chosen():
    (text,) = pdf_text(PlacementSheetRenderer(language="de").generate([finished_sheet()])[2])
    assert "12,00 €" in text and "Mittwoch, 25.11.2026" in text and "2,5" in text


def test_every_letter_keeps_its_accent_in_the_wide_font():
    assert printable("Jörg Weiß") == "Jörg Weiß"
    assert printable("Łukasz Wróbel") == "Łukasz Wróbel"
    assert printable("Şule Çelik") == "Şule Çelik"
    assert printable("Nguyễn") == "Nguyễn"
    (text,) = pdf_text(PlacementSheetRenderer(language="en").generate([finished_sheet(first_dealer="Łukasz")])[2])
    assert "First dealer: Łukasz" in text


def test_the_qr_code_encodes_the_results_address():
    import segno

    code = QrCode(URL, 80)
    assert code.matrix == segno.make(URL, error="m").matrix


@pytest.mark.subprocess
@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is not installed")
def test_the_sheet_renders_to_a_png(tmp_path):
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(PlacementSheetRenderer(language="de").generate([finished_sheet(), blank_sheet()])[2])
    subprocess.run(["pdftoppm", "-r", "50", "-png", "-gray", str(pdf), str(tmp_path / "page")], check=True)
    pages = sorted(tmp_path.glob("page-*.png"))
    assert len(pages) == 2 and all(page.stat().st_size > 5000 for page in pages)


def test_the_jackpot_report_lists_the_nights_and_the_split():
    report = JackpotReport(
        season="Saison 2026",
        total=Decimal("96.00"),
        expected=Decimal("108.00"),
        nights=(
            JackpotNightRow(datetime.date(2026, 9, 2), 4, Decimal("48.00"), Decimal("48.00"), 0),
            JackpotNightRow(datetime.date(2026, 9, 9), 5, Decimal("60.00"), Decimal("48.00"), 1),
        ),
        payout=(
            PayoutRow("1.", Decimal("48.00"), "Ben Schuster"),
            PayoutRow("2.", Decimal("28.80"), "Anna Bürger"),
            PayoutRow("3.", Decimal("19.20"), ""),
        ),
        percents=(Decimal("50"), Decimal("30"), Decimal("20")),
        printed_at=OUT,
    )
    filename, mime, content = JackpotReportRenderer(language="en").generate(report)
    (text,) = pdf_text(content)
    assert filename == "jackpot-saison-2026.pdf" and mime == "application/pdf"
    assert "Confirmed deposits: €96.00" in text and in_order(text, "2 Sep 2026", "9 Sep 2026")
    assert in_order(
        text,
        "Ben Schuster",
        "€48.00",
        "Anna Bürger",
        "€28.80",
        "€19.20",
        "Split: 1. 50% · 2. 30% · 3. 20%",
        after="Payout at",
    )


# --- the views, from the database ----------------------------------------------------


@pytest.fixture
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


@pytest.mark.django_db
def test_a_table_s_sheet_comes_from_its_placements(english, organizer_client, organizer):
    table = table_of({"Anna": 1500, "Ben": 1500, "Carl": 1500, "Dora": 1500}, organizer)
    ids = {seat.player.name: seat.pk for seat in table.seats.select_related("entry__player")}
    manual_results.record_paper_results(
        table=table,
        places=[(ids["Carl"], 1), (ids["Anna"], 2), (ids["Dora"], 3), (ids["Ben"], 3)],
        by=organizer,
        version=manual_results.results_version(table),
    )
    response = organizer_client.get(reverse("table_sheet_pdf", args=[table.pk]))
    assert response["Content-Type"] == "application/pdf"
    assert 'filename="placements-2026-11-25-table-1.pdf"' in response["Content-Disposition"]
    (text,) = pdf_text(response.content)
    assert in_order(text, "Carl", "Anna", "Ben", "Dora", after=HEADER)  # Ben and Dora tied for 3rd: by seat
    assert "€8.00" in text and "4 players × €2.00" in text and "First dealer: Anna" in text
    fingerprint = nights.tables_results(table.night)[0].fingerprint
    assert fingerprint in text
    page = english.get(reverse("night_results", args=[table.night_id])).content.decode()
    assert fingerprint in page
    assert f"{settings.PUBLIC_URL}/nights/{table.night_id}/results/" in text


@pytest.mark.django_db
def test_the_night_s_sheets_have_a_page_per_table_blank_where_nothing_is_played(english, organizer_client, organizer):
    night = paid_night(organizer, 13)
    from tournaments.floor import services

    tables = services.draw_seating(night=night)
    response = organizer_client.get(reverse("night_sheets_pdf", args=[night.pk]))
    pages = pdf_text(response.content)
    assert len(pages) == len(tables) == 3
    for page, table in zip(pages, tables):
        names = [seat.player.name for seat in table.seats.select_related("entry__player").order_by("position")]
        assert in_order(page, *names, after=HEADER) and "Write each player's place" in page


@pytest.mark.django_db
def test_sheets_are_for_organizers_only(english, client, organizer):
    night = paid_night(organizer, 4)
    import random

    play_night(night, organizer, random.Random(3))
    table = night.tables.first()
    for url in (reverse("table_sheet_pdf", args=[table.pk]), reverse("night_sheets_pdf", args=[night.pk])):
        response = client.get(url)
        assert response.status_code == 302 and response.url.startswith(reverse("login"))


@pytest.mark.django_db
def test_a_night_without_tables_has_no_sheets_to_print(english, organizer_client, organizer):
    night = paid_night(organizer, 3)
    response = organizer_client.get(reverse("night_sheets_pdf", args=[night.pk]), follow=True)
    assert "no table to print" in response.content.decode()


def test_the_jackpot_report_is_stamped_like_the_payout_sheet_and_the_cash_book():
    report = JackpotReport(
        season="Saison 2026",
        total=Decimal(0),
        expected=Decimal(0),
        nights=(),
        payout=(),
        percents=(Decimal("100"),),
        printed_at=OUT,
    )
    (text,) = pdf_text(JackpotReportRenderer(language="de").generate(report)[2])
    assert "Stand: 25.11.2026 21:14" in text
