"""live/versions.py: a seated player's corrected name is a new version, so the shared renderings of the TV and
the rail (live/cache.py, kept per version) show it (every cache that stands for rows is rebuilt when its source
changes)."""

from __future__ import annotations

import pytest

from league.models import Player
from live import versions
from tests.tournaments.conftest import table_of

pytestmark = pytest.mark.django_db


def test_renaming_a_seated_player_changes_the_table_s_and_the_night_s_versions(organizer):
    table = table_of({"Anna": 1500, "Ben": 1500}, organizer)
    table_before, night_before = versions.table_pulse(table.pk), versions.night_pulse(table.night_id)
    Player.objects.filter(name="Ben").update(name="Benedikt")
    assert versions.table_pulse(table.pk) != table_before
    night_after = versions.night_pulse(table.night_id)
    assert versions.seats_part(night_after) != versions.seats_part(night_before)
    assert versions.clock_part(night_after) == versions.clock_part(night_before)
    assert versions.table_pulses(table.night_id)[table.pk].pulse == versions.table_pulse(table.pk)
