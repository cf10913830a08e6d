"""A venue database for the load test and the benchmark, built and checked in its own process.

    python -m tests.benchmarks.support.venue_db build DB --tables 6   # prints the night as JSON
    python -m tests.benchmarks.support.venue_db draw DB --tables 20   # a league night drawn by the seating draw
    python -m tests.benchmarks.support.venue_db check DB             # prints every table's verdict as JSON

DB is a SQLite file or a database URL (postgres://...). The test and
benchmark processes have their own Django (or none); this one points Django
at the given database, builds the night through the project's services
(migrate, register, seat, first dealer) and later reads
back what the server stored: chips per table, every hand replayed through the
`replay_hand` contract, and the list of stored inputs to compare with what the
clients were told was applied.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sqlite3
import sys
import tempfile
from pathlib import Path

NAMES = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz"]
PASSWORD = "venue-organizer-4711"


def _setup_django(database: str) -> None:
    os.environ["DATABASE_URL"] = database if "://" in database else f"sqlite:///{database}"
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    import django

    django.setup()


REPO = Path(__file__).resolve().parents[3]


def _template(database: str) -> Path | None:
    """Where a migrated, empty SQLite database is kept for this set of migrations (None: not a new SQLite file).
    A migrate costs 4-5 s of CPU, and the suite builds a venue database a dozen times."""
    if "://" in database or Path(database).exists():
        return None
    digest = hashlib.blake2b(digest_size=8)
    for path in sorted(REPO.glob("*/migrations/*.py")):
        digest.update(path.relative_to(REPO).as_posix().encode() + b"\0" + path.read_bytes())
    return Path(tempfile.gettempdir()) / f"league-migrated-{digest.hexdigest()}.sqlite3"


def _copy_sqlite(source: Path, target: Path) -> None:
    origin, copy = sqlite3.connect(source), sqlite3.connect(target)
    try:
        origin.backup(copy)
    finally:
        origin.close()
        copy.close()


def _migrate(database: str) -> None:
    """The database migrated: a new SQLite file as a copy of the kept template (made by the first migrate)."""
    from django.core.management import call_command
    from django.db import connections

    template = _template(database)
    if template is not None and template.exists():
        _copy_sqlite(template, Path(database))
    call_command("migrate", verbosity=0)  # nothing to do after a copy
    if template is not None and not template.exists():
        connections.close_all()
        partial = template.with_name(f"{template.name}.{os.getpid()}")
        _copy_sqlite(Path(database), partial)
        os.replace(partial, template)  # whole or not at all: test processes build at the same time


def build(database: str, tables: int, stack: int) -> dict:
    _setup_django(database)
    from django.contrib.auth import get_user_model

    from tests.league.factories import make_night
    from tests.tournaments.conftest import table_of

    _migrate(database)
    organizer = get_user_model().objects.create_user("organizer", password=PASSWORD, is_staff=True)
    night = make_night()
    built = [
        table_of({f"{name} {number}": stack for name in NAMES}, organizer, night=night)
        for number in range(1, tables + 1)
    ]
    return {
        "night": night.pk,
        "organizer": {"username": organizer.username, "password": PASSWORD},
        "tables": [{"id": t.pk, "number": t.number, "token": t.dealer_token} for t in built],
    }


def draw(database: str, tables: int, stack: int) -> dict:
    """A league night the way the desk makes one: a season, six paid entries a table, the seating draw,
    each table's first dealer drawn by cards."""
    _setup_django(database)
    import datetime
    import random
    from decimal import Decimal

    from django.contrib.auth import get_user_model

    from league.desk import services as league_services
    from league.models import Night, Player, Season
    from tournaments.floor import services

    _migrate(database)
    mark = f"{random.randrange(16**6):06x}"  # several runs against one DATABASE_URL do not collide
    organizer = get_user_model().objects.create_user(f"organizer-{mark}", password=PASSWORD, is_staff=True)
    season = Season.objects.create(
        name=f"Load {mark}",
        start_date=datetime.date(2026, 9, 1),
        end_date=datetime.date(2027, 2, 28),
        entry_fee=Decimal("10.00"),
        starting_stack=stack,
    )
    night = Night.objects.create(season=season, date=datetime.date(2026, 11, 25))
    for k in range(tables * len(NAMES)):
        player = Player.objects.create(
            name=f"{NAMES[k % len(NAMES)]} {mark}-{k + 1}", date_of_birth=datetime.date(1990, 5, 1)
        )
        league_services.register_player(night=night, player=player, by=organizer, fee=season.entry_fee)
    drawn = services.draw_seating(night=night, rng=random.Random(7))
    for table in drawn:
        services.draw_first_dealer(table=table, rng=random.Random(table.number))
    drawn = [type(t).objects.get(pk=t.pk) for t in drawn]  # draw_first_dealer stored a new revision
    return {
        "night": night.pk,
        "organizer": {"username": organizer.username, "password": PASSWORD},
        "tables": [
            {"id": t.pk, "number": t.number, "token": t.dealer_token, "players": t.seats.count()} for t in drawn
        ],
    }


def check(database: str, night: int | None = None) -> dict:
    _setup_django(database)
    from tournaments.hands import stored as hands_stored
    from tournaments.models import HandStatus, Table
    from tournaments.poker.replay import ReplayError, replay_hand
    from tournaments.tracker import services as tracker

    verdicts = {}
    tables = Table.objects.select_related("night__season").order_by("number")
    for table in tables.filter(night_id=night) if night else tables:
        state = tracker.load_state(table)  # replays the open hand: raises if a stored input is illegal
        problems = []
        previous_final: dict[str, int] | None = None
        for hand in table.hands.prefetch_related("actions").order_by("number"):
            actions = list(hand.actions.order_by("index"))
            names = {p["seat"]: p["name"] for p in hand.players}
            start = {p["name"]: p["stack"] for p in hand.players}
            if previous_final is not None and any(previous_final.get(name) != chips for name, chips in start.items()):
                problems.append(f"hand {hand.number} does not start from hand {hand.number - 1}'s final stacks")
            if hand.status == HandStatus.COMPLETE:
                try:
                    replayed = replay_hand(hands_stored.replay_json(hand, actions))["stacks"]
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
            "hands": table.hands.count(),
            "inputs": stored_inputs(table),
            "problems": problems,
        }
    return verdicts


def stored_inputs(table) -> list[list]:
    """What the dealer's taps stored at `table`, in order: a deal, each action, the settlement of a finished hand."""
    from tournaments.models import HandStatus

    inputs: list[list] = []
    for hand in table.hands.prefetch_related("actions").order_by("number"):
        inputs.append(["next"])
        inputs.extend(["act", action.verb, action.to] for action in sorted(hand.actions.all(), key=lambda a: a.index))
        if hand.status == HandStatus.COMPLETE:
            inputs.append(["settle"])
    return inputs


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["build", "draw", "check"])
    parser.add_argument("db", help="a SQLite file or a database URL")
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--stack", type=int, default=10_000)
    parser.add_argument("--night", type=int, help="check: only this night's tables")
    args = parser.parse_args(argv)
    if args.what == "build":
        result = build(args.db, args.tables, args.stack)
    elif args.what == "draw":
        result = draw(args.db, args.tables, args.stack)
    else:
        result = check(args.db, args.night)
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
