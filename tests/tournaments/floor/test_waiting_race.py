"""A re-draw (for a waiting walk-in, or "Draw again…") confirmed while a dealer deals the night's first hand.

The dealer's transaction has written its hand and holds its table; the organizer's re-draw starts then. It must
wait for the table, see the hand, and refuse with words, changing nothing; the hand stands. Runs on SQLite
(whose writers queue anyway) and, in CI's second leg, on PostgreSQL (DATABASE_URL), where without the tables'
lock the re-draw would look for hands before the dealer's commit and then delete his table.
"""

from __future__ import annotations

import datetime
import threading

import pytest
from django.db import connections, transaction
from django.utils import translation

from tests.tournaments.conftest import FEE, paid_night
from tournaments.floor import late_entries, services, waiting
from tournaments.models import Hand, Seat
from tournaments.poker.cards import seeded_rng
from tournaments.tracker import services as tracker


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("redraw, refusal", [("way on", "changed meanwhile"), ("plain", "first hand has been played")])
def test_a_redraw_confirmed_while_the_first_hand_is_being_dealt_is_refused_and_the_hand_stands(
    organizer, redraw, refusal
):
    night = paid_night(organizer, 12)
    services.draw_seating(night=night, rng=seeded_rng(1))
    table = night.tables.get(number=1)
    services.draw_first_dealer(table=table, rng=seeded_rng(2))
    late_entries.seat_walk_in(
        night=night,
        fee=FEE,
        by=organizer,
        player_fields={"name": "Dreizehn Neu", "date_of_birth": datetime.date(1990, 3, 4)},
    )
    way = waiting.way_on(night)
    night.refresh_from_db()
    version = services.seating_version(night)
    seats = set(Seat.objects.values_list("pk", "table_id"))
    dealt, outcome = threading.Event(), {}

    def dealer() -> None:
        try:
            with transaction.atomic():
                tracker.start_hand(table=table, version=tracker.load_state(table).version)
                dealt.set()
                # Hold the hand uncommitted while the organizer's confirmation arrives (it waits for this table).
                threading.Event().wait(0.5)
        finally:
            dealt.set()
            connections.close_all()

    def organizer_confirms() -> None:
        dealt.wait(10)
        try:
            with translation.override("en"):
                if redraw == "way on":
                    outcome["tables"] = waiting.give_way_on(night=night, way=way.way, seen_version=way.version)
                else:  # "Draw again…", which includes a paid walk-in too
                    outcome["tables"] = services.draw_seating(night=night, seen_version=version)
        except services.NightError as error:
            outcome["refused"] = str(error)
        except Exception as error:  # anything else fails the test below with its text
            outcome["error"] = repr(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=dealer), threading.Thread(target=organizer_confirms)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert refusal in outcome.get("refused", ""), outcome
    assert Hand.objects.filter(table=table).count() == 1
    assert set(Seat.objects.values_list("pk", "table_id")) == seats
