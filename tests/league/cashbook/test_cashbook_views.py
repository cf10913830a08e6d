"""The cash book's organizer pages, exports and PDFs (read back with pypdf)."""

from __future__ import annotations

import csv
import io
import re
from decimal import Decimal

import pytest
from django.urls import reverse
from pypdf import PdfReader

from league import once
from league.cashbook import book as cashbook
from league.models import CashBox, CashCount, CashLine, LineKind
from results import payout
from tests.league.cashbook.test_cashbook import full_night, tied_season  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db
BOX, FUND = CashBox.ORGANIZER.value, CashBox.REGISTER.value


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def pdf_text(response) -> str:
    assert response["Content-Type"] == "application/pdf"
    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages))


def test_the_cash_pages_are_for_organizers_only(client, django_user_model, full_night):
    urls = [
        reverse("cash_book"),
        reverse("cash_book_csv"),
        reverse("cash_book_pdf"),
        reverse("night_cash", args=[full_night.pk]),
        reverse("night_cash_pdf", args=[full_night.pk]),
        reverse("season_payout", args=[full_night.season_id]),
        reverse("season_payout_pdf", args=[full_night.season_id]),
        reverse("cash_line_new", args=[full_night.season_id]),
        reverse("cash_line_reverse", args=["fee-1"]),
    ]
    for url in urls:
        assert client.get(url).status_code == 302
    client.force_login(django_user_model.objects.create_user("guest", password="x"))
    for url in urls:
        assert client.get(url).status_code == 403


def test_the_organizer_home_and_the_night_pages_link_to_the_cash(organizer_client, full_night):
    home = text(organizer_client.get(reverse("organizer_home")))
    assert reverse("cash_book") in home and reverse("season_payout", args=[full_night.season_id]) in home
    assert reverse("night_cash", args=[full_night.pk]) in home
    jackpot = text(organizer_client.get(reverse("night_jackpot", args=[full_night.pk])))
    assert reverse("night_cash", args=[full_night.pk]) in jackpot


def test_the_book_shows_every_line_with_the_boxes_balances(organizer_client, full_night):
    page = text(organizer_client.get(reverse("cash_book"), {"season": full_night.season_id}))
    assert '<dd id="balance-box">€162.00</dd>' in page and '<dd id="balance-jackpot">€28.00</dd>' in page
    assert page.count('<span class="kind tag">Entry fee</span>') == 15 and '<span class="text">Player 01' in page
    assert page.count('<span class="kind tag">Refund</span>') == 1 and '<span class="text">Gerd Geht (krank)' in page
    assert page.count('<span class="kind tag">Jackpot sum paid in</span>') == 6 and '<span class="text">Table 1' in page
    # Each deposit half leads to the whole deposit's reversal, and the float; no refund, nor a fee whose entry is
    # seated or refunded (reversal_refusal).
    assert "Wechselgeld" in page and page.count("Reverse…") == 7


def test_an_expense_typed_in_german_is_booked_out_of_the_box(organizer_client, full_night):
    url = reverse("cash_line_new", args=[full_night.season_id])
    # A text box with a decimal keypad: the server, not the browser's locale, reads the comma.
    form = text(organizer_client.get(url, HTTP_ACCEPT_LANGUAGE="de"))
    assert re.search(r'<input type="text" name="amount" inputmode="decimal"', form)
    data = {
        "direction": "out",
        "amount": "12,50",
        "box": BOX,
        "night": full_night.pk,
        "reason": "Karten gekauft",
        "once": once.new_token(),
    }
    response = organizer_client.post(url, data, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 302 and response["Location"] == reverse("night_cash", args=[full_night.pk])
    line = CashLine.objects.get(kind=LineKind.MANUAL, reason="Karten gekauft")
    assert line.amount == Decimal("-12.50") and line.night == full_night
    assert cashbook.balances()[BOX] == Decimal("149.50")


@pytest.mark.parametrize(
    "change, message",
    [
        ({"amount": "abc"}, "Enter an amount such as 12,50."),
        ({"amount": "0"}, "The amount must be more than zero."),
        ({"amount": "-5"}, "The amount must be more than zero."),
        ({"amount": "1.234"}, "Enter the amount in euros and cents."),
        ({"reason": ""}, "This field is required."),
        ({"box": "safe"}, "Select a valid choice."),
    ],
)
def test_bad_input_for_a_line_is_refused_with_a_message_and_nothing_is_booked(
    organizer_client, full_night, change, message
):
    data = {"direction": "out", "amount": "5", "box": BOX, "night": "", "reason": "Kreide", **change}
    response = organizer_client.post(reverse("cash_line_new", args=[full_night.season_id]), data)
    assert response.status_code == 200 and message in text(response)
    assert not CashLine.objects.exclude(reason="Wechselgeld").exists()


def test_a_line_is_reversed_after_a_confirmation_page_and_only_once(organizer_client, full_night, organizer):
    deck = cashbook.book_line(season=full_night.season, box=BOX, amount=Decimal("-9.99"), reason="Karten", by=organizer)
    url = reverse("cash_line_reverse", args=[deck.ref])
    page = text(organizer_client.get(url))
    assert "Yes, reverse this line" in page and "-€9.99" in page
    assert organizer_client.post(url, {"reason": ""}).status_code == 200
    assert not CashLine.objects.filter(kind=LineKind.REVERSAL).exists()
    assert organizer_client.post(url, {"reason": "doppelt"}).status_code == 302
    again = text(organizer_client.post(url, {"reason": "doppelt"}))
    assert "already reversed: Reversal: " in again
    assert CashLine.objects.filter(kind=LineKind.REVERSAL).count() == 1
    assert organizer_client.get(reverse("cash_line_reverse", args=["line-999"])).status_code == 404


def test_closing_the_night_refuses_a_difference_without_a_reason_then_records_it(organizer_client, full_night):
    url = reverse("night_cash", args=[full_night.pk])
    page = text(organizer_client.get(url))
    assert (
        '<strong id="cash-expected">€162.00</strong>' in page and '<td class="num" id="cash-fees">€150.00</td>' in page
    )
    refused = text(organizer_client.post(url, {"counted": "161,50"}, HTTP_ACCEPT_LANGUAGE="de"))
    assert "Differenz" in refused and not CashCount.objects.exists()
    response = organizer_client.post(
        url,
        {
            "counted": "161.50",
            "reason": "Wechselgeld falsch",
            "witness": "Maria",
            "d_100": "1",
            "d_50": "1",
            "d_10": "1",
            "d_1": "1",
            "d_0_50": "1",
        },
    )
    assert response.status_code == 302
    count = CashCount.objects.get()
    assert count.difference == Decimal("-0.50") and count.witness == "Maria" and count.denominations["0.50"] == 1
    closed = text(organizer_client.get(url))
    assert '<strong id="cash-difference">-€0.50</strong>' in closed and "Wechselgeld falsch" in closed
    assert "Close the night's cash" not in closed


def test_the_night_money_sheet_reads_back_with_the_count_and_two_signature_lines(
    organizer_client, full_night, organizer
):
    cashbook.close_night_cash(
        night=full_night,
        by=organizer,
        counted=Decimal("161.50"),
        reason="Wechselgeld falsch",
        witness="Maria Wirtin",
        denominations={"100": 1, "50": 1, "10": 1, "1": 1, "0.50": 1},
    )
    content = pdf_text(organizer_client.get(reverse("night_cash_pdf", args=[full_night.pk]), {"lang": "en"}))
    for expected in (
        "Night money sheet",
        "Expected in the box €162.00",
        "Counted €161.50",
        "Difference -€0.50",
        "Reason for the difference: Wechselgeld falsch",
        "+ Entry fees €150.00",
        "– Refunds €10.00",
        "Jackpot sums paid in at the register €28.00",
        "Organizer: organizer",
        "Witness: Maria Wirtin",
        "Entry fee: Player 01",
        "Count by denomination",
    ):
        assert expected in content, expected
    german = pdf_text(organizer_client.get(reverse("night_cash_pdf", args=[full_night.pk]), {"lang": "de"}))
    assert (
        "Kassenabrechnung des Abends" in german
        and "Erwartet in der Kasse 162,00 €" in german
        and "Zeuge: Maria Wirtin" in german
    )


def test_the_payout_page_records_a_payment_and_the_season_jackpot_page_shows_paid_and_owed(
    organizer_client, tied_season
):
    anna = tied_season.nights.get().entries.get(player__name="Anna").player
    url = reverse("season_payout", args=[tied_season.pk])
    page = text(organizer_client.get(url))
    assert "1.–2." in page and "€4.83" in page and "€4.82" in page and "one each to the tied players" in page
    too_much = text(
        organizer_client.post(
            url, {"player": anna.pk, "amount": "5,00", "method": "cash", "season_over": "on"}, HTTP_ACCEPT_LANGUAGE="de"
        )
    )
    assert "4,83 €" in too_much and not CashLine.objects.exists()
    # Every night so far is finished but the season runs on: paying needs the organizer's word that it is over.
    assert "Die Saison läuft bis" in text(organizer_client.get(url, HTTP_ACCEPT_LANGUAGE="de"))
    early = text(
        organizer_client.post(
            url,
            {"player": anna.pk, "amount": "4,83", "method": "transfer", "once": once.new_token()},
            HTTP_ACCEPT_LANGUAGE="de",
        )
    )
    assert "Kommende Ligaabende können die Tabelle noch ändern" in early and not CashLine.objects.exists()
    response = organizer_client.post(
        url,
        {"player": anna.pk, "amount": "4,83", "method": "transfer", "once": once.new_token(), "season_over": "on"},
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert response.status_code == 302
    line = CashLine.objects.get()
    assert line.amount == Decimal("-4.83") and line.method == "transfer" and line.box == FUND
    jackpot = text(organizer_client.get(reverse("season_jackpot", args=[tied_season.pk])))
    assert '<dd id="payout-paid">€4.83</dd>' in jackpot and '<dd id="payout-owed">€7.23</dd>' in jackpot


def test_the_payout_sheet_reads_back_with_every_winner_and_a_line_to_sign(organizer_client, tied_season, organizer):
    anna = tied_season.nights.get().entries.get(player__name="Anna").player
    payout.record_payout(
        season=tied_season, player=anna, amount=Decimal("4.83"), method="cash", by=organizer, season_over=True
    )
    content = pdf_text(organizer_client.get(reverse("season_payout_pdf", args=[tied_season.pk]), {"lang": "en"}))
    for expected in (
        "Season payout",
        "Season jackpot: €12.06",
        "Received, signature",
        "Anna",
        "Bert",
        "Carl",
        "Dora",
        "€4.83",
        "€4.82",
        "€1.21",
        "€1.20",
        "€4.83 (Cash)",
        "1.–2.",
        "3.–4.",
        "Organizer",
        "Witness",
    ):
        assert expected in content, expected
    assert "Emil" not in content
    german = pdf_text(organizer_client.get(reverse("season_payout_pdf", args=[tied_season.pk]), {"lang": "de"}))
    assert "Auszahlung der Saison" in german and "4,83 € (Bar)" in german


def test_the_cash_book_exports_safe_csv_for_german_and_english_excel(organizer_client, full_night, organizer):
    cashbook.book_line(
        season=full_night.season,
        night=full_night,
        box=BOX,
        amount=Decimal("-3.00"),
        reason='=HYPERLINK("x")',
        by=organizer,
    )
    german = organizer_client.get(reverse("cash_book_csv"), {"night": full_night.pk, "lang": "de"})
    assert german["Content-Type"] == "text/csv; charset=utf-8" and german.content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(german.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0][:3] == ["Datum", "Zeit", "Beleg"] and rows[0][-2:] == ["Betrag", "Saldo"]
    hyperlink = next(row for row in rows if "HYPERLINK" in row[6])
    assert hyperlink[6] == '\'=HYPERLINK("x")' and hyperlink[-2] == "-3,00" and hyperlink[-1] == "159,00"
    english = organizer_client.get(reverse("cash_book_csv"), {"night": full_night.pk, "lang": "en"})
    rows = list(csv.reader(io.StringIO(english.content.decode("utf-8-sig"))))
    assert rows[0][0] == "Date" and next(row for row in rows if "HYPERLINK" in row[6])[-2:] == ["-3.00", "159.00"]


def test_the_cash_book_exports_a_pdf_per_night_per_season_and_per_date_range(organizer_client, full_night):
    night = pdf_text(organizer_client.get(reverse("cash_book_pdf"), {"night": full_night.pk, "lang": "en"}))
    assert (
        "Cash book" in night and "Night of 25 Nov 2026" in night and "Refund: Gerd Geht" in night and "€162.00" in night
    )
    season = pdf_text(organizer_client.get(reverse("cash_book_pdf"), {"season": full_night.season_id, "lang": "de"}))
    assert "Kassenbuch" in season and "Kassenbuch Saison 2026 Stand:" in season and "Startgebühr: Player 01" in season
    empty = pdf_text(
        organizer_client.get(
            reverse("cash_book_pdf"), {"date_from": "2030-01-01", "date_to": "2030-01-31", "lang": "en"}
        )
    )
    assert "No lines." in empty and "1 Jan 2030 – 31 Jan 2030" in empty


def test_the_season_jackpot_csv_opens_in_german_excel(organizer_client, full_night):
    response = organizer_client.get(
        reverse("season_jackpot_csv", args=[full_night.season_id]), HTTP_ACCEPT_LANGUAGE="de"
    )
    assert response.content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0][:3] == ["night", "table", "players"] and len(rows) == 4
    assert sorted(row[4] for row in rows[1:]) == ["10,00", "10,00", "8,00"] and all(
        row[5] == row[4] for row in rows[1:]
    )


def test_a_long_book_opens_on_its_latest_page(organizer_client, full_night, monkeypatch):
    from league.cashbook import views as views_cashbook

    monkeypatch.setattr(views_cashbook, "LINES_PER_PAGE", 10)
    latest = text(organizer_client.get(reverse("cash_book"), {"season": full_night.season_id}))
    assert (
        "Page 3 of 3" in latest
        and latest.count("Jackpot sum paid in") == 3
        and "Earlier lines" in latest
        and "Later lines" not in latest
    )
    assert f"season={full_night.season_id}&amp;page=2" in latest
    first = text(organizer_client.get(reverse("cash_book"), {"season": full_night.season_id, "page": 1}))
    assert "Page 1 of 3" in first and '<span class="text">Player 01' in first
