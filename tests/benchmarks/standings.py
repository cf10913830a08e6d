"""Server time of the results pages and sheets: ``python -m tests.benchmarks.standings``.

Builds, in a throwaway SQLite database, a season of 300 players and 40
nights (about 60 players a night on tables of up to six, drawn by the
seating service, results typed in as paper results, ties included, every
deposit confirmed), then times:

- the standings page (the full Django stack through the test client);
- one night's placement sheets as a PDF (every table of the night);
- one table's placement sheet as a PDF.

Prints the median and the spread; asserts nothing. The season builder is
also what the results tests use (`build_season`, `play_night`).
"""
from __future__ import annotations

import argparse
import datetime
import os
import random
import statistics
import tempfile
import time
from decimal import Decimal

FEE = Decimal("10.00")
SHARE = Decimal("2.00")
FIRST_NIGHT = datetime.date(2026, 9, 2)


def _setup_django(db_path: str) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{db_path}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")
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
    from league import results
    from tournaments import manual_results, services

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
            results.confirm_deposit(table=table, by=organizer)
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
        Player(name=f"{rng.choice(FIRST)} {rng.choice(LAST)} {k:03d}", date_of_birth=datetime.date(1970, 1, 1) + datetime.timedelta(days=97 * k))
        for k in range(players)
    )
    now = timezone.now()
    for k in range(nights):
        night = Night.objects.create(season=season, date=FIRST_NIGHT + datetime.timedelta(weeks=k))
        Entry.objects.bulk_create(
            Entry(
                night=night, player=player, registered_by=organizer, fee_paid=FEE, jackpot_share=SHARE, paid_at=now, received_by=organizer
            )
            for player in rng.sample(roster, min(per_night, len(roster)))
        )
        play_night(night, organizer, rng)
    return season


FIRST = ["Anna", "Ben", "Carla", "Deniz", "Emil", "Frieda", "Gül", "Hannes", "Ida", "Jörg", "Kemal", "Lena", "Mats", "Nora"]
LAST = ["Berger", "Schuster", "Öztürk", "Weiß", "Krämer", "Lange", "Nowak", "Fischer", "Wagner", "Becker", "Hoffmann"]


def _times(run, repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        run()
        times.append((time.perf_counter() - t0) * 1000)
    return sorted(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--nights", type=int, default=40)
    parser.add_argument("--per-night", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        _setup_django(os.path.join(folder, "bench.sqlite3"))
        from django.contrib.auth import get_user_model
        from django.db import connection, reset_queries
        from django.test import Client
        from django.test.utils import CaptureQueriesContext
        from django.urls import reverse
        from django.utils import translation

        from league import results
        from tournaments.models import Placement, Table
        from tournaments.sheets import PlacementSheetRenderer

        organizer = get_user_model().objects.create_user("bench", password="x", is_staff=True)
        started = time.perf_counter()
        season = build_season(organizer, players=args.players, nights=args.nights, per_night=args.per_night)
        print(
            f"built a season of {args.players} players and {args.nights} nights "
            f"({Table.objects.count()} tables, {Placement.objects.count()} placements) in {time.perf_counter() - started:.1f}s"
        )
        client = Client(HTTP_HOST="localhost", HTTP_ACCEPT_LANGUAGE="de")
        url = f"{reverse('standings')}?season={season.pk}"
        reset_queries()  # the build filled DEBUG's query log
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        assert response.status_code == 200
        night = season.nights.order_by("-date").first()
        table = night.tables.order_by("number").first()
        results_url = f"http://localhost{reverse('night_results', args=[night.pk])}"

        def night_pdf():
            with translation.override("de"):
                sheets = results.placement_sheets(night, results_url=results_url)
                PlacementSheetRenderer(language="de").generate(sheets)

        def table_pdf():
            with translation.override("de"):
                sheets = results.placement_sheets(night, results_url=results_url, table_ids=[table.pk])
                PlacementSheetRenderer(language="de").generate(sheets)

        rows = [
            ("standings page", lambda: client.get(url), f"{len(queries)} queries, {len(response.content) // 1024} KiB"),
            ("night's sheets PDF", night_pdf, f"{night.tables.count()} tables"),
            ("one table's sheet", table_pdf, ""),
        ]
        for label, run, note in rows:
            run()  # warm up
            ms = _times(run, args.repeat)
            print(
                f"{label:20s} median {statistics.median(ms):7.2f} ms   p90 {ms[int(len(ms) * 0.9)]:7.2f} ms   "
                f"({len(ms)} runs{', ' + note if note else ''})"
            )


if __name__ == "__main__":
    main()
