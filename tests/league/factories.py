"""Small builders for league rows used across the tests."""

from __future__ import annotations

import datetime
from decimal import Decimal

from league.models import Night, Player, Season

NIGHT_DATE = datetime.date(2026, 11, 25)


def make_season(**fields) -> Season:
    defaults = {"name": "Saison 2026", "start_date": datetime.date(2026, 9, 1), "end_date": datetime.date(2027, 2, 28)}
    defaults.update(fields)
    return Season.objects.create(**defaults)


def make_night(season: Season | None = None, **fields) -> Night:
    defaults = {"date": NIGHT_DATE}
    defaults.update(fields)
    return Night.objects.create(season=season or make_season(), **defaults)


def make_player(name: str = "Anna Berger", born: datetime.date | None = datetime.date(1990, 5, 1), **fields) -> Player:
    return Player.objects.create(name=name, date_of_birth=born, **fields)


FEE = Decimal("10.00")
