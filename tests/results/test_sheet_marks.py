"""The placement sheet says what the results page says: a disqualified player is
marked, a shared place reads "2. =", and "winner" stands in the "out at" column, not where a player signs."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.tournaments.conftest import Dealer, table_of
from tournaments.models import TableStatus
from tournaments.tracker import services as tracker

pytestmark = pytest.mark.django_db


def words_with_x(content: bytes) -> list[tuple[str, float]]:
    found: list[tuple[str, float]] = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            found.append((text.strip(), tm[4] * cm[0] + cm[4]))

    for page in PdfReader(io.BytesIO(content)).pages:
        page.extract_text(visitor_text=visit)
    return found


@pytest.fixture
def played(organizer):
    """Dora is disqualified in the first hand; Ben and Carl go out in the same all-in with equal chips (2nd =)."""
    dealer = Dealer(table_of({"Anna": 1500, "Ben": 1500, "Carl": 1500, "Dora": 1500}, organizer))
    dealer.next_hand()
    tracker.disqualify(table=dealer.table, version=dealer.state.version, seat_id=dealer.seat("Dora"))
    first = True
    while not dealer.state.engine.is_betting_over:
        dealer.act(dealer.state.engine.to_act, "allin" if first else "call")
        first = False
    pots = dealer.state.engine.pots()
    dealer.settle(pot_winners=[["Anna"] for _ in pots])
    dealer.table.refresh_from_db()
    assert dealer.table.status == TableStatus.FINISHED
    return dealer.table


def test_the_sheet_marks_the_disqualified_player_the_tie_and_the_winner_where_the_page_does(organizer_client, played):
    page = organizer_client.get(
        reverse("night_results", args=[played.night_id]), HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "Disqualifiziert" in page and page.count('title="geteilter Platz">=</span>') == 2

    content = organizer_client.get(reverse("table_sheet_pdf", args=[played.pk]), HTTP_ACCEPT_LANGUAGE="de").content
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(content)).pages)
    assert text.count("2. =") == 2, text
    assert "Dora Disqualifiziert" in text, text
    words = words_with_x(content)
    signature_column = next(x for word, x in words if word.startswith("Unterschrift des"))
    winner = [x for word, x in words if word == "Sieger"]
    assert winner and all(x < signature_column for x in winner), (winner, signature_column)
