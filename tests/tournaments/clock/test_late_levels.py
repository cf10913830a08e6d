"""A table that plays for hours: from level 27 on the doubling blinds pass what a
32-bit integer column holds (25/50 doubled 26 times is 1,677,721,600/3,355,443,200). Every hand is still
dealt, played and stored, on SQLite and on PostgreSQL (whose integer columns are 32-bit), and the TV's
state reads those levels."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournaments.conftest import Dealer, table_of
from tournaments.clock import services as clock_control
from tournaments.models import ClockState, Hand
from tournaments.poker import clock

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("level", [26, 27, 28, 40, 60])
def test_a_hand_deals_plays_and_is_stored_at_any_level(organizer, client, level):
    dealer = Dealer(table_of({"Anna": 1500, "Ben": 1500, "Carl": 1500}, organizer))
    night = dealer.table.night
    clock_control.start_clock(night=night)
    ClockState.objects.filter(night=night).update(level=level)
    reading = clock_control.reading_for(night)
    assert reading.level == level and reading.big_blind >= 50 * 2 ** (level - 1)

    dealer.next_hand()  # every stack is all-in with its blind
    while not dealer.state.engine.is_betting_over:
        dealer.act(
            dealer.state.engine.to_act, "call" if "call" in dealer.state.engine.legal_actions().verbs else "check"
        )
    dealer.settle(pot_winners=[["Anna"] for _ in dealer.state.engine.pots()])
    hand = Hand.objects.get(table=dealer.table)
    assert hand.level == level and 0 < hand.small_blind <= hand.big_blind
    assert sum(dealer.stacks().values()) == 4500  # no chip created or lost

    for url in (
        reverse("clock_tv", args=[night.pk]),
        reverse("dealer_tracker", args=[dealer.table.dealer_token]),
        reverse("table_rail", args=[dealer.table.pk]),
        reverse("hand_history", args=[dealer.table.pk]),
    ):
        assert client.get(url).status_code in (200, 302), url
    client.force_login(organizer)
    assert client.get(reverse("clock_control", args=[night.pk])).status_code == 200
    state = client.get(reverse("clock_state", args=[night.pk])).json()
    assert (
        state["level"] == level
        and state["big_blind"]
        == clock.read(
            ClockState.objects.get(night=night).state,
            ClockState.objects.get(night=night).schedule(night.season),
            clock_control.timezone.now(),
        ).big_blind
    )
