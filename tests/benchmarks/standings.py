"""Server time and size of the results pages at two league sizes: ``python -m tests.benchmarks.standings``.

Builds, in throwaway SQLite databases, a season at 1x (300 players, 40
nights) and at 10x (3,000 players, 200 nights), about 60 players a night on
tables of up to six, drawn by the seating service, results typed in as paper
results, ties included, every deposit confirmed. Each size runs in its own
process (Django is set up once per process); the figures are printed side by
side. Per page, through the full Django stack (the test client):

- "kept": a view after an earlier one (the season's table and awards come from
  the cache, results.kept.season_cache);
- "first view": the first view after a change of the season's results (the
  cache emptied before each run: the table, and on page 1 the awards, are
  computed afresh);

with the median and p90 server time, the HTML size and the queries. Then one
night's placement sheets and one table's sheet as PDFs. Asserts nothing.
`--sizes 1x` runs one size only; `--players/--nights` a size of your own.
The season builder is also what the results tests use (`build_season`, `play_night`).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from decimal import Decimal

FEE = Decimal("10.00")
SHARE = Decimal("2.00")
FIRST_NIGHT = datetime.date(2026, 9, 2)


def _setup_django(db_path: str) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{db_path}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def random_places(size: int, rng: random.Random) -> list[int]:
    """Places for a table of `size`, best first; now and then two go out together and share a place."""
    places = list(range(1, size + 1))
    if size >= 3 and rng.random() < 0.25:
        k = rng.randrange(2, size)  # two tied for places k and k+1 share k
        places[k] = places[k - 1] = k
    return places


def play_night(night, organizer, rng: random.Random, *, deposits: bool = True):
    """Draw the seating, type every table's paper results (random order, some ties), confirm the deposits."""
    from results import jackpot
    from tournaments.floor import services
    from tournaments.placements import paper as manual_results

    tables = services.draw_seating(night=night, rng=rng)
    for table in tables:
        seats = list(table.seats.order_by("position"))
        rng.shuffle(seats)
        places = [(seat.pk, place) for seat, place in zip(seats, random_places(len(seats), rng))]
        manual_results.record_paper_results(
            table=table,
            places=places,
            by=organizer,
            version=manual_results.results_version(table),
            first_dealer_seat_id=rng.choice(seats).pk,
        )
        if deposits:
            jackpot.confirm_deposit(table=table, by=organizer)
    return tables


def build_season(organizer, *, players: int, nights: int, per_night: int, seed: int = 1, name: str = "Saison 2026/27"):
    """A season with `nights` played nights of `per_night` players drawn from `players`. Entries are bulk-made."""
    from django.utils import timezone

    from league.models import Entry, Night, Player, Season

    rng = random.Random(seed)
    season = Season.objects.create(
        name=name, start_date=FIRST_NIGHT, end_date=FIRST_NIGHT + datetime.timedelta(weeks=max(nights, 1) + 1)
    )
    roster = Player.objects.bulk_create(
        Player(
            name=f"{rng.choice(FIRST)} {rng.choice(LAST)} {k:03d}",
            date_of_birth=datetime.date(1970, 1, 1) + datetime.timedelta(days=97 * k),
        )
        for k in range(players)
    )
    now = timezone.now()
    for k in range(nights):
        night = Night.objects.create(season=season, date=FIRST_NIGHT + datetime.timedelta(weeks=k))
        Entry.objects.bulk_create(
            Entry(
                night=night,
                player=player,
                registered_by=organizer,
                fee_paid=FEE,
                jackpot_share=SHARE,
                paid_at=now,
                received_by=organizer,
            )
            for player in rng.sample(roster, min(per_night, len(roster)))
        )
        play_night(night, organizer, rng)
    # CI's PostgreSQL leg: statistics taken while the tables were empty made the standings' query run for
    # over ten minutes on 360 placements (nested loops over every row), as after a restore.
    from league.backup import update_planner_statistics

    update_planner_statistics()
    return season


FIRST = [
    "Anna",
    "Ben",
    "Carla",
    "Deniz",
    "Emil",
    "Frieda",
    "Gül",
    "Hannes",
    "Ida",
    "Jörg",
    "Kemal",
    "Lena",
    "Mats",
    "Nora",
]
LAST = ["Berger", "Schuster", "Öztürk", "Weiß", "Krämer", "Lange", "Nowak", "Fischer", "Wagner", "Becker", "Hoffmann"]


def _times(run, repeat: int, before=None) -> list[float]:
    times = []
    for _ in range(repeat):
        if before is not None:
            before()
        t0 = time.perf_counter()
        run()
        times.append((time.perf_counter() - t0) * 1000)
    return sorted(times)


SIZES = {"1x": (300, 40), "10x": (3000, 200)}


def measure(players: int, nights: int, per_night: int, repeat: int) -> dict:
    """Build one season in a throwaway database and time its pages: {label: (median ms, p90 ms, note)}."""
    figures: dict[str, tuple[float, float, str]] = {}
    with tempfile.TemporaryDirectory() as folder:
        _setup_django(os.path.join(folder, "bench.sqlite3"))
        from django.contrib.auth import get_user_model
        from django.core.cache import cache
        from django.db import connection, reset_queries
        from django.test import Client
        from django.test.utils import CaptureQueriesContext
        from django.urls import reverse
        from django.utils import translation

        from results import nights as results_nights
        from results import standings as results
        from results.sheets import PlacementSheetRenderer
        from tournaments.models import Placement, Table

        organizer = get_user_model().objects.create_user("bench", password="x", is_staff=True)
        started = time.perf_counter()
        season = build_season(organizer, players=players, nights=nights, per_night=per_night)
        figures["built"] = (
            time.perf_counter() - started,
            0.0,
            f"{Table.objects.count()} tables, {Placement.objects.count()} placements",
        )
        reset_queries()  # the build filled DEBUG's query log
        visitor = Client(HTTP_HOST="localhost", HTTP_ACCEPT_LANGUAGE="de")
        staff = Client(HTTP_HOST="localhost", HTTP_ACCEPT_LANGUAGE="de")
        staff.force_login(organizer)
        table = results.season_standings(season)
        middle = table.rows[len(table.rows) // 2]
        standings = f"{reverse('standings')}?season={season.pk}"
        player = f"{reverse('player_detail', args=[middle.player_id])}?season={season.pk}"
        pages = [
            ("standings page 1", visitor, standings),
            ("standings, his page", visitor, f"{standings}&player={middle.player_id}"),
            ("standings search", visitor, f"{standings}&q=kraemer"),
            ("player page", visitor, player),
            ("jackpot page", visitor, f"{reverse('jackpot')}?season={season.pk}"),
            ("organizer jackpot", staff, reverse("season_jackpot", args=[season.pk])),
        ]
        for label, client, url in pages:
            for state, before in (("kept", None), ("first view", cache.clear)):
                if before is None:
                    client.get(url)  # an earlier view kept the table (and the awards)
                else:
                    before()  # nothing kept, as after a change of the season's results
                with CaptureQueriesContext(connection) as queries:
                    response = client.get(url)
                assert response.status_code == 200, (url, response.status_code)
                note = f"{len(response.content) / 1024:.0f} KiB, {len(queries)} queries"
                ms = _times(lambda: client.get(url), repeat if before is None else max(3, repeat // 3), before)
                figures[f"{label} ({state})"] = (statistics.median(ms), ms[int(len(ms) * 0.9)], note)

        night = season.nights.order_by("-date").first()
        sheet_table = night.tables.order_by("number").first()
        results_url = f"http://localhost{reverse('night_results', args=[night.pk])}"

        def night_pdf():
            with translation.override("de"):
                PlacementSheetRenderer(language="de").generate(
                    results_nights.placement_sheets(night, results_url=results_url)
                )

        def table_pdf():
            with translation.override("de"):
                sheets = results_nights.placement_sheets(night, results_url=results_url, table_ids=[sheet_table.pk])
                PlacementSheetRenderer(language="de").generate(sheets)

        for label, run, note in (
            ("night's sheets PDF", night_pdf, f"{night.tables.count()} tables"),
            ("one table's sheet", table_pdf, ""),
        ):
            run()
            ms = _times(run, max(3, repeat // 3))
            figures[label] = (statistics.median(ms), ms[int(len(ms) * 0.9)], note)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sizes", default="1x,10x", help="which of 1x (300 players, 40 nights) and 10x (3,000, 200) to run"
    )
    parser.add_argument("--players", type=int, help="a size of your own (with --nights), instead of --sizes")
    parser.add_argument("--nights", type=int, default=40)
    parser.add_argument("--per-night", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=15, help="runs per kept view (a third of it for first views)")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # one size, for the parent process
    args = parser.parse_args()
    if args.json or args.players:
        players, nights = (args.players, args.nights) if args.players else SIZES[args.sizes]
        figures = measure(players, nights, args.per_night, args.repeat)
        if args.json:
            print(json.dumps(figures))
            return
        sizes = {f"{players}x{nights}": figures}
    else:
        sizes = {}
        for size in args.sizes.split(","):
            done = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "tests.benchmarks.standings",
                    "--json",
                    "--sizes",
                    size,
                    "--per-night",
                    str(args.per_night),
                    "--repeat",
                    str(args.repeat),
                ],
                capture_output=True,
                text=True,
                check=True,
            )
            sizes[size] = json.loads(done.stdout.strip().splitlines()[-1])
    _print(sizes, args.per_night)


def _print(sizes: dict[str, dict], per_night: int) -> None:
    names = list(sizes)
    print(
        f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, {os.cpu_count()} cores; {per_night} players a night"
    )
    for name in names:
        players, nights = SIZES.get(name, (None, None))
        built, _, note = sizes[name]["built"]
        print(f"{name}: {f'{players} players x {nights} nights, ' if players else ''}{note}, built in {built:.0f} s")
    print(
        f"{'':32s}"
        + "".join(f"{name + ' median / p90 ms':>28s}" for name in names)
        + "   "
        + "   ".join(f"{name}: size, queries" for name in names)
    )
    labels = [label for label in sizes[names[0]] if label != "built"]
    for label in labels:
        cells = "".join(f"{sizes[n][label][0]:>16.1f} / {sizes[n][label][1]:>8.1f} " for n in names)
        notes = "   ".join(f"{sizes[n][label][2]}" for n in names if sizes[n][label][2])
        print(f"{label:32s}{cells}   {notes}")
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
