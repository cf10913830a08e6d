"""The league the backup test moves between databases: the demo league, a played evening and a house-game
bankroll; and a summary of what people see (standings, night results, hand replays) to compare after a move.

Run inside `manage.py shell -c` by tests/security/test_backup_restore.py, once per database.
"""

from __future__ import annotations

import json
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.core.management import call_command

from results import nights as results_nights
from tournaments.hands import stored


def build() -> None:
    from housegames.models import Bankroll
    from housegames.services.bankroll import book
    from tests.evening import build_evening

    call_command("setup_demo", verbosity=0)
    organizer = get_user_model().objects.create_user("evening", password="evening-secret-4711", is_staff=True)
    build_evening(organizer)
    bankroll = Bankroll.objects.create(session_key="guest-session-1")
    book(bankroll=bankroll, amount=Decimal("500"), reason="start", game="uth")
    book(bankroll=bankroll, amount=Decimal("-12.50"), reason="ante", game="uth")


def summary() -> str:
    from housegames.models import Bankroll
    from league.models import Night, Season
    from results import standings as results
    from tournaments.models import Hand
    from tournaments.poker.replay import ReplayError, replay_hand

    seasons = []
    for season in Season.objects.order_by("pk"):
        table = results.season_standings(season)
        seasons.append([season.name, [[r.position, r.name, str(r.points), r.nights] for r in table.rows]])
    nights = []
    for night in Night.objects.order_by("pk"):
        nights.append([str(night.date), [repr(t) for t in results_nights.tables_results(night)]])
    replays = []
    for hand in Hand.objects.order_by("pk"):
        data = stored.replay_json(hand, list(hand.actions.order_by("pk")))
        try:
            replays.append(replay_hand(data))
        except ReplayError as unfinished:  # a hand still in play: its actions and where it stands
            replays.append([data, str(unfinished)])
    bankrolls = [[b.session_key, str(sum(e.amount for e in b.entries.all()))] for b in Bankroll.objects.order_by("pk")]
    return json.dumps(
        {"seasons": seasons, "nights": nights, "replays": replays, "bankrolls": bankrolls}, default=str, sort_keys=True
    )
