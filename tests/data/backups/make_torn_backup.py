"""How tests/data/backups/torn-during-play.json was made: a backup by the code of commit 46102d7 (before
backups were read in one transaction), taken while six tables played, with the taps falling between its reading of the tables and its
reading of their hands, as they did on the venue server (52 of 54 tables torn on PostgreSQL).

The old `league/backup.py` read model after model in autocommit: the `Table` rows (each with its revision
and its tracker snapshot) first, the `Hand` and `Action` rows later. Here the taps are made at that moment
on purpose: the old backup's `serializers.serialize` is wrapped so that, right after the tables are read,
every table takes three more inputs. In the file each table's snapshot is therefore older than its hands
and actions while carrying the table's revision; the hands and actions themselves agree with each other.

Run inside a checkout of that commit (it uses that commit's backup code; today's reads in one transaction
and cannot tear):

    git worktree add /tmp/before 46102d7
    cd /tmp/before && DATABASE_URL=sqlite:////tmp/torn.sqlite3 python /path/to/make_torn_backup.py OUT.json
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
sys.path.insert(0, os.getcwd())

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core import serializers  # noqa: E402
from django.core.management import call_command  # noqa: E402

from league import backup  # noqa: E402
from tests.league.factories import make_night  # noqa: E402
from tests.tournaments.conftest import Dealer, table_of  # noqa: E402
from tournaments.models import TableStatus  # noqa: E402

NAMES = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz"]


def next_input(dealer: Dealer) -> None:
    """The next input a dealer would tap: deal, call or check (a raise and a fold now and then), or award the pots."""
    state = dealer.state
    if state.table.status == TableStatus.FINISHED:
        return
    if not state.hand_open:
        dealer.next_hand()
        return
    legal = state.engine.legal_actions()
    if legal is None:  # the betting is over: the first player named in each pot wins it
        dealer.settle(pot_winners=[[pot.eligible[0]] for pot in state.engine.pots()])
        return
    name = {p["name"]: p["seat"] for p in state.hand.players}[legal.player]
    seat_name = next(seat.player.name for seat in state.seats if seat.pk == name)
    if "raise" in legal.verbs and len(state.actions) == 2:
        dealer.act(seat_name, "raise", legal.min_to)
    elif len(state.actions) % 3 == 1:
        dealer.act(seat_name, "fold")
    else:
        dealer.act(seat_name, "call" if "call" in legal.verbs else "check")


def main(out: str) -> None:
    call_command("migrate", verbosity=0)
    organizer = get_user_model().objects.create_user("organizer", password="torn-backup-4711", is_staff=True)
    night = make_night()
    dealers = [Dealer(table_of({f"{name} {n}": 1500 for name in NAMES}, organizer, night=night)) for n in range(1, 7)]
    for n, dealer in enumerate(dealers, start=1):
        for _ in range(4 * n):
            next_input(dealer)

    serialize = serializers.serialize
    read = []

    def serialize_then_tap(fmt, rows, **options):
        result = serialize(fmt, rows, **options)
        read.append(rows.model._meta.label_lower)
        if read[-1] == "tournaments.table":  # the tables are read; their hands not yet
            for dealer in dealers:
                for _ in range(3):
                    next_input(dealer)
        return result

    backup.serializers.serialize = serialize_then_tap
    count = backup.write_backup(__import__("pathlib").Path(out))
    print(f"{count} objects written to {out}; read in this order: {', '.join(read)}")


if __name__ == "__main__":
    main(sys.argv[1])
