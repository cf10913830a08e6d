"""The league's server at the size of 100 venues: ``python -m tests.benchmarks.league_server``.

Builds, in a throwaway PostgreSQL cluster (the server's database, docs/server.md), a league of `--venues`
venues (100), each with `--regulars` players of its own (60) and `--nights` finished nights (40, one a
week) of `--per-night` players (30: mostly the venue's regulars, a few from other venues), on tables of
six, paper results with ties now and then, in one season. Rows are written in bulk, not through the desk:
a night of 30 placements is what matters here, not how it was typed. Then, each as a user runs it:

- **a venue's pre-night fetch**: the server under `manage.py serve` (waitress, no proxy), a venue's laptop
  (SQLite) joined with `manage.py join_league`; `manage.py fetch_league` timed as a command (a new
  process): into a laptop that has never fetched (every player of the league new to it), and again before
  the next night (the laptop holds the league; nothing new);
- **one night's sending**: the laptop plays a night through the desk's and the floor's services (30 of the
  fetched players, the seating draw, paper results, "Abend beenden") and `manage.py send_nights` sends it;
  timed as the command the organizer runs, and at the server: what the server does with a whole upload
  (the signature checked, the night written in one transaction: online.federation.receiving.apply), in a
  process on the server's database, for nights built from the league's own;
- **the league's standings page** through the server's views (Django's test client, in one server
  process): the first view after a night arrived (what is kept no longer matches: results.kept.ledger reads and
  scores that night, the table is sorted again, the awards and the race drawn again), a view after an earlier
  one (kept), and the very first view of a server just started (every night read and scored).

Prints medians (the range beside them) with the load average before and after, and the league's size.
Asserts nothing.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FIRST_NIGHT = datetime.date(2026, 1, 7)
SEASON = "Saison 2026"
FEE = "10.00"
SHARE = "2.00"
FIRST = ["Anna", "Ben", "Carla", "Deniz", "Emil", "Frieda", "Gül", "Hannes", "Ida", "Jörg", "Kemal", "Lena"]
LAST = ["Berger", "Schuster", "Öztürk", "Weiß", "Krämer", "Lange", "Nowak", "Fischer", "Wagner", "Becker"]


def _setup(database: str) -> None:
    os.environ["DATABASE_URL"] = database
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


# --- in a process on the server's database ------------------------------------------------------------------


def build(venues: int, nights: int, per_night: int, regulars: int, seed: int) -> dict:
    """The league, written in bulk; a joining code for the first venue."""
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import transaction
    from django.utils import timezone

    from league.backup import update_planner_statistics
    from league.models import Entry, Night, NightStatus, Player, Season, Venue
    from online.federation import joining
    from tournaments.models import Placement, PlacementReason, Seat, Table, TableStatus

    call_command("migrate", verbosity=0)
    rng = random.Random(seed)
    organizer = get_user_model().objects.create_user("liga", password="liga-bench-4711", is_staff=True)
    now = timezone.now()
    with transaction.atomic():
        season = Season.objects.create(
            name=SEASON, start_date=FIRST_NIGHT, end_date=FIRST_NIGHT + datetime.timedelta(weeks=nights + 4)
        )
        pubs = Venue.objects.bulk_create(Venue(name=f"Kneipe {k + 1:03d}", weekday=k % 7) for k in range(venues))
        roster = Player.objects.bulk_create(
            (
                Player(
                    name=f"{rng.choice(FIRST)} {rng.choice(LAST)} {k:05d}",
                    date_of_birth=datetime.date(1960, 1, 1) + datetime.timedelta(days=(37 * k) % 15000),
                    created_at=now,
                )
                for k in range(venues * regulars)
            ),
            batch_size=2000,
        )
        made = Night.objects.bulk_create(
            (
                Night(
                    season=season,
                    venue=pub,
                    date=FIRST_NIGHT + datetime.timedelta(weeks=week, days=pub.weekday),
                    status=NightStatus.FINISHED,
                )
                for pub in pubs
                for week in range(nights)
            ),
            batch_size=2000,
        )
        index = {pub.pk: k for k, pub in enumerate(pubs)}
        entries, chosen = [], []
        for night in made:
            own = roster[index[night.venue_id] * regulars :][:regulars]
            guests = per_night // 10
            players = rng.sample(own, per_night - guests)
            while len(players) < per_night:
                guest = rng.choice(roster)
                if guest not in players:
                    players.append(guest)
            chosen.append(players)
            entries.extend(
                Entry(
                    night=night,
                    player=player,
                    registered_at=now,
                    registered_by=organizer,
                    fee_paid=FEE,
                    jackpot_share=SHARE,
                    paid_at=now,
                    received_by=organizer,
                )
                for player in players
            )
        entries = Entry.objects.bulk_create(entries, batch_size=5000)
        tables = []
        for night, players in zip(made, chosen):
            count = -(-len(players) // 6)
            tables.extend(
                Table(night=night, number=n + 1, status=TableStatus.FINISHED, finished_at=now) for n in range(count)
            )
        tables = Table.objects.bulk_create(tables, batch_size=5000)
        by_night: dict[int, list] = {}
        for table in tables:
            by_night.setdefault(table.night_id, []).append(table)
        seats = []
        at = 0
        for night, players in zip(made, chosen):
            mine = by_night[night.pk]
            for k in range(len(players)):
                seats.append(
                    Seat(
                        table=mine[k % len(mine)],
                        entry=entries[at + k],
                        position=k // len(mine) + 1,
                        starting_stack=1500,
                    )
                )
            at += len(players)
        seats = Seat.objects.bulk_create(seats, batch_size=5000)
        at_table: dict[int, list] = {}
        for seat in seats:
            at_table.setdefault(seat.table_id, []).append(seat)
        placements = []
        for table_id, sat in at_table.items():
            order = sat[:]
            rng.shuffle(order)
            places = list(range(1, len(order) + 1))
            if len(order) >= 3 and rng.random() < 0.25:
                k = rng.randrange(2, len(order))
                places[k] = places[k - 1] = k
            placements.extend(
                Placement(table_id=table_id, seat=seat, place=place, reason=PlacementReason.MANUAL, decided_at=now)
                for seat, place in zip(order, places)
            )
        Placement.objects.bulk_create(placements, batch_size=5000)
    update_planner_statistics()
    code = joining.make_code(venue=pubs[0], by=organizer)
    return {
        "code": code,
        "venue": pubs[0].name,
        "players": Player.objects.count(),
        "nights": Night.objects.count(),
        "placements": Placement.objects.count(),
    }


def _bundles(count: int, seed: int) -> tuple[list[tuple[bytes, str]], object]:
    """`count` new nights of the second venue, each a copy of one of its played nights under a new uid and
    date, signed with a key made for the benchmark (the league's own nights, so the same players)."""
    from league.models import Night, Venue
    from online.federation import bundle, signing
    from online.models import VenueKey

    venue = Venue.objects.order_by("name")[1]
    private, public = signing.new_key()
    key = VenueKey.objects.create(venue=venue, public_key=public, label="Benchmark")
    played = list(Night.objects.filter(venue=venue).order_by("date")[:count])
    made = []
    for k, night in enumerate(played):
        facts = bundle.build(night)
        facts["night"]["uid"] = str(uuid.UUID(int=random.Random(seed + k).getrandbits(128)))
        facts["night"]["date"] = (night.season.end_date - datetime.timedelta(days=k)).isoformat()
        data = bundle.encode(facts)
        made.append((data, signing.sign(private, data)))
    return made, key


def measure_server(repeat: int, seed: int) -> dict:
    """Server-side figures, in this one process: the work on a whole upload, the standings page's views."""
    from django.db import transaction
    from django.test import Client
    from django.urls import reverse

    from league.models import Season
    from online.federation import receiving, signing

    made, key = _bundles(2 * repeat, seed)
    season = Season.objects.get(name=SEASON)
    visitor = Client(HTTP_HOST="localhost", HTTP_ACCEPT_LANGUAGE="de")
    page = f"{reverse('standings')}?season={season.pk}"

    class Rollback(Exception):
        pass

    applied = []
    for data, signature in made[:repeat]:  # written and rolled back: the league stays as built
        started = time.perf_counter()
        try:
            with transaction.atomic():
                assert signing.verify(key.public_key, data, signature)
                outcome = receiving.apply(data, key)
                applied.append((time.perf_counter() - started) * 1000)
                raise Rollback
        except Rollback:
            pass
        assert outcome == receiving.APPLIED, outcome
    first, kept = [], []
    started = time.perf_counter()
    assert visitor.get(page).status_code == 200  # a server just started: everything computed, then kept
    cold = (time.perf_counter() - started) * 1000
    for data, _signature in made[repeat:]:
        assert receiving.apply(data, key) == receiving.APPLIED
        started = time.perf_counter()
        response = visitor.get(page)
        first.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200
        for _ in range(5):
            started = time.perf_counter()
            visitor.get(page)
            kept.append((time.perf_counter() - started) * 1000)
    return {
        "apply_ms": applied,
        "cold_ms": cold,
        "first_ms": first,
        "kept_ms": kept,
        "size_kb": len(response.content) / 1024,
    }


# --- the parent: the cluster, the server, the laptop ---------------------------------------------------------


def _load() -> float:
    return os.getloadavg()[0]


def _child(database: str, folder: str, *arguments: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "tests.benchmarks.league_server", "--child", database, *arguments],
        cwd=REPO,
        capture_output=True,
        text=True,
        env={**_server_env(folder), "ALLOWED_HOSTS": "localhost"},
    )
    if done.returncode != 0:
        raise SystemExit(f"{arguments[0]} failed:\n{done.stderr[-4000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _server_env(folder: str) -> dict:
    return {
        **{k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DATA_DIR")},
        "DATA_DIR": str(Path(folder, "server")),
        "DEBUG": "0",
        "SECRET_KEY": "league-server-benchmark-" + "x" * 40,
        "SECURE_SSL_REDIRECT": "0",  # plain HTTP on a loopback address: no proxy in front of it here
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }


def _timed(command: list[str], env: dict) -> tuple[float, str]:
    started = time.perf_counter()
    done = subprocess.run(command, cwd=REPO, capture_output=True, text=True, env=env)
    took = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command[2:])} failed:\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}")
    return took, done.stdout.strip()


def _figure(values: list[float], unit: str) -> str:
    return f"{statistics.median(values):.{0 if unit == 'ms' and statistics.median(values) >= 100 else 1}f} {unit} ({min(values):.1f}-{max(values):.1f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--venues", type=int, default=100)
    parser.add_argument("--nights", type=int, default=40, help="nights each venue played")
    parser.add_argument("--per-night", type=int, default=30)
    parser.add_argument("--regulars", type=int, default=60, help="players of each venue")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each figure (the median is printed)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        database, what = args.child[0], args.child[1]
        _setup(database)
        if what == "build":
            print(json.dumps(build(args.venues, args.nights, args.per_night, args.regulars, args.seed)))
        else:
            print(json.dumps(measure_server(args.repeat, args.seed)))
        return

    from tests.benchmarks.support.phone_client import free_port
    from tests.benchmarks.support.postgres import throwaway_cluster

    print(
        f"League: {args.venues} venues x {args.nights} nights x {args.per_night} players "
        f"({args.regulars} regulars a venue), PostgreSQL; {args.repeat} runs of each figure.",
        flush=True,
    )
    load_before = _load()
    sizes = [f"--venues={args.venues}", f"--nights={args.nights}", f"--per-night={args.per_night}"]
    sizes += [f"--regulars={args.regulars}", f"--repeat={args.repeat}", f"--seed={args.seed}"]
    with throwaway_cluster() as cluster, tempfile.TemporaryDirectory(prefix="league-server-") as folder:
        started = time.perf_counter()
        league = _child(cluster.url, folder, "build", *sizes)
        print(
            f"Built in {time.perf_counter() - started:.0f} s: {league['players']:,} players, "
            f"{league['nights']:,} nights, {league['placements']:,} placements.",
            flush=True,
        )
        server_figures = _child(cluster.url, folder, "measure", *sizes)

        port = free_port()
        address = f"127.0.0.5:{port}"
        base_env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DATA_DIR")}
        server_env = {
            **_server_env(folder),
            "DATABASE_URL": cluster.url,
            "ALLOWED_HOSTS": "127.0.0.5",
            "PUBLIC_URL": f"http://{address}",
        }
        server = subprocess.Popen(
            [sys.executable, "manage.py", "serve", "--bind", address],
            cwd=REPO,
            env=server_env,
            stdout=subprocess.DEVNULL,
            stderr=open(Path(folder, "server.log"), "w"),  # noqa: SIM115 - closed with the folder
        )
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    urllib.request.urlopen(f"http://{address}/", timeout=2)
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise SystemExit(
                            "the server did not start:\n" + Path(folder, "server.log").read_text()
                        ) from None
                    time.sleep(0.3)
            laptop_db = Path(folder, "laptop.sqlite3")
            laptop_env = {
                **base_env,
                "DATABASE_URL": f"sqlite:///{laptop_db}",
                "DATA_DIR": str(Path(folder, "laptop")),
                "DJANGO_SETTINGS_MODULE": "config.settings",
                "DEBUG": "0",
                "SECRET_KEY": "venue-laptop-benchmark-" + "y" * 40,
            }
            manage = [sys.executable, "manage.py"]
            _timed([*manage, "migrate", "--verbosity", "0"], laptop_env)
            _timed([*manage, "join_league", f"http://{address}", league["code"]], laptop_env)
            subprocess.run(
                [
                    *manage,
                    "shell",
                    "-c",
                    "from django.contrib.auth import get_user_model;"
                    "get_user_model().objects.create_user('wirt', password='wirt-bench-4711', is_staff=True)",
                ],
                cwd=REPO,
                env=laptop_env,
                check=True,
                capture_output=True,
            )
            joined = Path(folder, "joined.sqlite3")
            shutil.copy(laptop_db, joined)
            first_fetch, again = [], []
            for _ in range(args.repeat):
                shutil.copy(joined, laptop_db)
                took, said = _timed([*manage, "fetch_league"], laptop_env)
                first_fetch.append(took)
            for _ in range(args.repeat):
                took, said_again = _timed([*manage, "fetch_league"], laptop_env)
                again.append(took)
            print(f"  fetch_league said: {said.splitlines()[-1] if said else ''}", flush=True)

            steps = [sys.executable, "-m", "tests.online.federation.venue_steps"]
            names_done = subprocess.run(
                [*manage, "shell", "-c", _NAMES.format(venue=league["venue"], count=args.per_night)],
                cwd=REPO,
                env=laptop_env,
                capture_output=True,
                text=True,
                check=True,
            )
            names = json.loads(names_done.stdout.strip().splitlines()[-1])
            sends = []
            for k in range(args.repeat):
                date = (FIRST_NIGHT + datetime.timedelta(weeks=args.nights + 1, days=k)).isoformat()  # one a day
                night = json.loads(
                    _timed(
                        [*steps, "night", "--season", SEASON, "--date", date, "--players", ",".join(names)], laptop_env
                    )[1].splitlines()[-1]
                )
                _timed([*steps, "finish", "--night", night["night"]], laptop_env)
                took, said_send = _timed([*manage, "send_nights"], laptop_env)
                sends.append(took)
            print(f"  send_nights said: {said_send.splitlines()[-1] if said_send else ''}", flush=True)
        finally:
            server.terminate()
            server.wait(timeout=30)
    load_after = _load()
    print()
    print(f"Load average (1 min) before {load_before:.1f}, after {load_after:.1f}; medians of {args.repeat}.")
    print(f"  first fetch into a new laptop (manage.py fetch_league):   {_figure(first_fetch, 's')}")
    print(f"  fetch before the next night (nothing new):                {_figure(again, 's')}")
    print(f"  one night at the server (signature, write, one transaction): {_figure(server_figures['apply_ms'], 'ms')}")
    print(f"  send_nights, one night, as the organizer runs it:         {_figure(sends, 's')}")
    print(f"  league standings page, first view after a night arrived:  {_figure(server_figures['first_ms'], 'ms')}")
    print(
        f"  league standings page, kept:                              {_figure(server_figures['kept_ms'], 'ms')}"
        f" ({server_figures['size_kb']:.0f} KiB)"
    )
    print(f"  league standings page, the first view of a server just started: {server_figures['cold_ms']:.0f} ms")


# Thirty of the league's players for the laptop's night: the venue's regulars first (as the desk finds them).
_NAMES = (
    "import json;from league.models import Player;"
    "print(json.dumps(list(Player.objects.order_by('name').values_list('name', flat=True)[:{count}])))"
)


if __name__ == "__main__":
    main()
