"""The words seen at the venue (docs/rules.md, "Words the venue uses"): no pronoun that guesses a player's sex, buttons that
say what they do, the tracker's words on every screen, and nothing meant for programs shown to people.

The house games' words are checked in tests/housegames/test_languages.py.
"""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.urls import reverse

from league.cashbook import book as cashbook
from tests.test_no_english import visible_texts
from tests.tournaments.conftest import Dealer, table_of
from tournaments.clock import services as clock_control
from tournaments.models import Table, TableStatus
from tournaments.tracker import services as tracker

pytestmark = pytest.mark.django_db

NOT_FOR_THE_VENUE = re.compile(
    r"\b(seine[mnrs]?|er erhält|was er)\b"  # "seine Karten … er erhält" said of every player, women too
    r"|Setzt aus"  # a button that reads as a state
    r"|Hole Cards|gecallt"  # the tracker says "Handkarten" and "mitgehen"
    r"|Chips im Spiel"  # the tracker says "Jetons im Spiel"
    r"|replay_hand|\b(fee|refund|deposit|deposit-out|line)-\d+\b"  # a program's name, the book's references
)


@pytest.fixture
def table(organizer) -> Table:
    """Four players; Dora is disqualified during the first hand, which is then played to its end."""
    dealer = Dealer(table_of({"Anna": 1500, "Ben": 1500, "Carl": 1500, "Dora": 1500}, organizer))
    dealer.next_hand()
    tracker.disqualify(table=dealer.table, version=dealer.state.version, seat_id=dealer.seat("Dora"))
    while not dealer.state.engine.is_betting_over:
        dealer.act(dealer.state.engine.to_act, "fold")
    dealer.settle()
    dealer.next_hand()
    clock_control.start_clock(night=dealer.table.night)
    return dealer.table


def offending(html: str) -> list[str]:
    text = " ".join(visible_texts(html))
    return [
        f"{m.group()!r} in …{text[max(0, m.start() - 50) : m.end() + 50]}…" for m in NOT_FOR_THE_VENUE.finditer(text)
    ]


def german(client, url: str) -> str:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 200, url
    return response.content.decode()


def test_the_nights_pages_speak_the_venues_words(organizer_client, table, organizer):
    cards = cashbook.book_line(
        season=table.night.season, box="box", amount=Decimal("-4.50"), reason="Karten", by=organizer
    )
    cashbook.reverse_line(ref=cards.ref, reason="Irrtum", by=organizer)
    cashbook.book_line(season=table.night.season, box="box", amount=Decimal("-4.50"), reason="Karten", by=organizer)
    pages = {
        "dealer link": reverse("dealer_tracker", args=[table.dealer_token]),
        "hand history": reverse("hand_history", args=[table.pk]),
        "clock TV": reverse("clock_tv", args=[table.night_id]),
        "cash book": reverse("cash_book") + f"?season={table.night.season_id}",
    }
    html = {name: german(organizer_client, url) for name, url in pages.items()}
    Table.objects.filter(pk=table.pk).update(status=TableStatus.FINISHED)
    html["replayer"] = german(organizer_client, reverse("hand_replay", args=[table.pk, 1]))
    found = [f"{name}: {bad}" for name, page in html.items() for bad in offending(page)]
    assert not found, "\n".join(found)
    assert "Aussetzen lassen" in html["dealer link"] and "Jetons im Spiel" in html["clock TV"]
    assert "wird disqualifiziert: Karten abgeworfen" in html["hand history"]
    assert "Handkarten werden nur" in html["replayer"]


# The handbook says "Sie" to the organizer; the pages say it to everyone (players, dealers, the café's staff):
# never "du", "dein", "dich", "dir", nor an imperative that says "du" ("Versuch es", "Schau vorbei").
DU = re.compile(
    r"\b([Dd]u|[Dd]ein(e[mnrs]?)?|[Dd]ich|[Dd]ir)\b"
    r"|(^|[.:;!?–(„]\s*)(?i:Schau|Frag|Versuch|Öffne|Tippe|Wähle|Gib|Nimm|Sag|Warte|Prüfe|Drück|Zähle|Trage|Geh)\b"
)


def test_the_german_pages_say_sie_never_du():
    from babel.messages.pofile import read_po

    from tests.test_no_english import PO

    with PO.open("rb") as po:
        catalogue = read_po(po)
    found = []
    for message in catalogue:
        strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
        found += [f"{message.id!r}: {string}" for string in strings if message.id and string and DU.search(string)]
    assert not found, "\n".join(found)
