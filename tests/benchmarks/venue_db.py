"""A venue database for the load test and the benchmark, built and checked in its own process.

    python -m tests.benchmarks.venue_db build DB --tables 6   # prints the night as JSON
    python -m tests.benchmarks.venue_db check DB             # prints every table's verdict as JSON

The test and benchmark processes have their own Django (or none); this one
points Django at the given SQLite file, builds the night through the
project's services (migrate, register, seat, first dealer) and later reads
back what the server stored: chips per table, every hand replayed through the
`replay_hand` contract, and the list of stored inputs to compare with what the
clients were told was applied.
"""
from __future__ import annotations

import argparse
import json
import os
import sys

NAMES = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz"]
PASSWORD = "venue-organizer-4711"


def _setup_django(db_path: str) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{db_path}"
    os.environ["DJANGO_SETTINGS_MODULE"] = "league.settings"
    import django

    django.setup()


def build(db_path: str, tables: int, stack: int) -> dict:
    _setup_django(db_path)
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from tests.league.factories import make_night
    from tests.tournaments.conftest import table_of

    call_command("migrate", verbosity=0)
    organizer = get_user_model().objects.create_user("organizer", password=PASSWORD, is_staff=True)
    night = make_night()
    built = [
        table_of({f"{name} {number}": stack for name in NAMES}, organizer, night=night) for number in range(1, tables + 1)
    ]
    return {
        "night": night.pk,
        "organizer": {"username": organizer.username, "password": PASSWORD},
        "tables": [{"id": t.pk, "number": t.number, "token": t.dealer_token} for t in built],
    }


def check(db_path: str) -> dict:
    _setup_django(db_path)
    from tournaments import tracker
    from tournaments.models import HandStatus, Table
    from tournaments.poker.replay import ReplayError, replay_hand

    verdicts = {}
    for table in Table.objects.select_related("night__season").order_by("number"):
        state = tracker.load_state(table)  # replays the open hand: raises if a stored input is illegal
        problems = []
        inputs = []  # what the dealer's taps stored, in order
        previous_final: dict[str, int] | None = None
        for hand in table.hands.prefetch_related("actions").order_by("number"):
            actions = list(hand.actions.order_by("index"))
            names = {p["seat"]: p["name"] for p in hand.players}
            inputs.append(["next"])
            inputs.extend(["act", action.verb, action.to] for action in actions)
            start = {p["name"]: p["stack"] for p in hand.players}
            if previous_final is not None and any(previous_final.get(name) != chips for name, chips in start.items()):
                problems.append(f"hand {hand.number} does not start from hand {hand.number - 1}'s final stacks")
            if hand.status == HandStatus.COMPLETE:
                inputs.append(["settle"])
                try:
                    replayed = replay_hand(tracker.replay_json(hand, actions))["stacks"]
                except ReplayError as error:
                    problems.append(f"hand {hand.number} does not replay: {error}")
                    continue
                stored = {names[int(seat)]: chips for seat, chips in hand.final_stacks.items()}
                if replayed != stored:
                    problems.append(f"hand {hand.number}: replay gives {replayed}, stored {stored}")
                previous_final = {**(previous_final or {}), **stored}
        verdicts[str(table.number)] = {
            "chips_in_play": tracker.chips_in_play(state),
            "chips_expected": tracker.chips_expected(state),
            "hands": len([i for i in inputs if i[0] == "next"]),
            "inputs": inputs,
            "problems": problems,
        }
    return verdicts


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["build", "check"])
    parser.add_argument("db")
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--stack", type=int, default=10_000)
    args = parser.parse_args(argv)
    result = build(args.db, args.tables, args.stack) if args.what == "build" else check(args.db)
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
