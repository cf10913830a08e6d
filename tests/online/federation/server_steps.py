"""What the league's organizer does on the league's server, and what the chain test reads back from it, in a
process of its own on the server's database (DATABASE_URL), each step printing JSON:

    python -m tests.online.federation.server_steps setup      # two venues, a season over both, codes to join
    python -m tests.online.federation.server_steps tables     # the league's table and each venue's
    python -m tests.online.federation.server_steps counts     # the rows a night sent writes
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
from decimal import Decimal

SEASON = "Wintersaison 2026/27"
VENUES = ["Zum Anker", "Krone"]
KNOWN_PLAYERS = ["Lena Vogt", "Ali Demir", "Berta Kunz", "Jörg Maier"]


def _setup() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def setup() -> dict:
    from django.contrib.auth import get_user_model

    from league.models import Player, Season, Venue
    from online.federation import joining

    chef = get_user_model().objects.filter(is_superuser=True).order_by("pk").first()
    venues = [Venue.objects.create(name=name, weekday=2) for name in VENUES]
    Season.objects.create(
        name=SEASON,
        start_date=datetime.date(2026, 9, 1),
        end_date=datetime.date(2027, 3, 31),
        entry_fee=Decimal("10.00"),
    )
    for number, name in enumerate(KNOWN_PLAYERS, start=1):
        Player.objects.create(name=name, date_of_birth=datetime.date(1985, 3, number))
    return {
        "codes": {venue.name: joining.make_code(venue=venue, by=chef) for venue in venues},
        "season": SEASON,
    }


def tables() -> dict:
    from league.models import Season, Venue
    from results.standings import season_standings

    season = Season.objects.get(name=SEASON)

    def rows(venue):
        table = season_standings(season, venue=venue)
        return {row.name: {"points": str(row.points), "nights": row.nights} for row in table.rows}

    return {"league": rows(None), **{venue.name: rows(venue) for venue in Venue.objects.all()}}


def counts() -> dict:
    from league.models import Entry, Night, Player
    from tournaments.models import Action, Hand, Placement, Seat, Table

    return {
        "nights": Night.objects.count(),
        "entries": Entry.objects.count(),
        "tables": Table.objects.count(),
        "seats": Seat.objects.count(),
        "placements": Placement.objects.count(),
        "hands": Hand.objects.count(),
        "actions": Action.objects.count(),
        "players": Player.objects.count(),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=["setup", "tables", "counts"])
    args = parser.parse_args()
    _setup()
    print(json.dumps({"setup": setup, "tables": tables, "counts": counts}[args.what]()))


if __name__ == "__main__":
    main()
