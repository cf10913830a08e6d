"""One writer per night's seating: two organizers drawing at the same moment.

Threads are released together by a barrier, each with its own database connection, both holding the
version of the seating their page showed. One draw wins; the other is told the seating changed and
replaces nothing. Runs on SQLite and, in CI's second leg, on PostgreSQL (DATABASE_URL).
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections
from django.urls import reverse
from django.utils import translation

from tests.tournaments.conftest import paid_night
from tournaments.floor import services
from tournaments.models import Seat
from tournaments.poker.cards import seeded_rng

ROUNDS = 20


def _race(night, version: str, rounds_seed: int) -> list[object]:
    barrier = threading.Barrier(2)
    outcomes: list[object] = [None, None]

    def draw(slot: int) -> None:
        try:
            barrier.wait(timeout=10)
            with translation.override("en"):  # a thread does not inherit the test's language
                outcomes[slot] = services.draw_seating(
                    night=night, rng=seeded_rng(rounds_seed + slot), seen_version=version
                )
        except services.NightError as error:
            outcomes[slot] = error
        except Exception as error:  # anything else fails the test below with its text
            outcomes[slot] = repr(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=draw, args=(slot,)) for slot in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes


@pytest.mark.django_db(transaction=True)
def test_two_simultaneous_draws_one_wins_the_other_is_told(organizer):
    night = paid_night(organizer, 9)
    for round_ in range(ROUNDS):
        night.refresh_from_db()
        version = services.seating_version(night)
        outcomes = _race(night, version, round_ * 2)
        winners = [o for o in outcomes if isinstance(o, list)]
        losers = [o for o in outcomes if isinstance(o, services.NightError)]
        assert len(winners) == 1 and len(losers) == 1, (connection.vendor, round_, outcomes)
        assert "seating changed" in str(losers[0])
        # The seating on record is the winner's, whole: nothing half-replaced.
        seats = set(Seat.objects.filter(table__night=night).values_list("table_id", flat=True))
        assert seats == {table.pk for table in winners[0]}
        assert Seat.objects.filter(table__night=night).count() == 9
        night.refresh_from_db()
        assert services.seating_version(night) != version


@pytest.mark.django_db
def test_a_draw_from_a_stale_page_is_refused_with_a_message(organizer_client, organizer):
    night = paid_night(organizer, 6)
    draw = reverse("seating_draw", args=[night.pk])
    stale = organizer_client.get(draw).context["version"]
    services.draw_seating(night=night, rng=seeded_rng(1))
    seats = sorted(Seat.objects.values_list("pk", flat=True))
    page = organizer_client.post(draw, {"confirm": "yes", "version": stale}, follow=True, HTTP_ACCEPT_LANGUAGE="en")
    assert "The seating changed meanwhile" in page.content.decode()
    assert sorted(Seat.objects.values_list("pk", flat=True)) == seats
