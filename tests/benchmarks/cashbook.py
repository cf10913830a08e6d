"""Server time of the cash book: ``python -m tests.benchmarks.cashbook``.

Builds, in a throwaway SQLite database, the standings benchmark's season
(300 players, 40 nights of about 60 paid entries, every table's deposit
confirmed) plus a few stored lines a night, then times through the test
client (German): the cash book page of one night, the whole season's cash
book page, its CSV export, one night's cash page, the night money sheet PDF
and the season payout page. The cash book derives its lines on each request
(fees, refunds and deposits are read from their own rows), so these figures
are what that design costs. Prints the median and the spread; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from decimal import Decimal

from tests.benchmarks.standings import _setup_django, _times, build_season


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--nights", type=int, default=40)
    parser.add_argument("--per-night", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        _setup_django(os.path.join(folder, "bench.sqlite3"))
        from django.contrib.auth import get_user_model
        from django.db import connection, reset_queries
        from django.test import Client
        from django.test.utils import CaptureQueriesContext
        from django.urls import reverse

        from league.cashbook import book as cashbook

        organizer = get_user_model().objects.create_user("bench", password="x", is_staff=True)
        started = time.perf_counter()
        season = build_season(organizer, players=args.players, nights=args.nights, per_night=args.per_night)
        rng = random.Random(7)
        for night in season.nights.all():
            for _ in range(3):
                amount = Decimal(rng.randrange(-2000, 2000) or 1) / 100
                cashbook.book_line(season=season, night=night, box="box", amount=amount, reason="Bench", by=organizer)
        lines = len(cashbook.all_lines())
        print(
            f"built a season of {args.nights} nights with {lines} cash book lines in {time.perf_counter() - started:.1f}s"
        )
        client = Client(HTTP_HOST="localhost", HTTP_ACCEPT_LANGUAGE="de")
        client.force_login(organizer)
        night = season.nights.order_by("-date").first()
        urls = [
            ("cash book, one night", f"{reverse('cash_book')}?night={night.pk}"),
            ("cash book, season", f"{reverse('cash_book')}?season={season.pk}"),
            ("season CSV", f"{reverse('cash_book_csv')}?season={season.pk}&lang=de"),
            ("night's cash page", reverse("night_cash", args=[night.pk])),
            ("night money sheet", reverse("night_cash_pdf", args=[night.pk])),
            ("season payout page", reverse("season_payout", args=[season.pk])),
        ]
        for label, url in urls:
            reset_queries()
            with CaptureQueriesContext(connection) as queries:
                response = client.get(url)
            assert response.status_code == 200, url
            ms = _times(lambda: client.get(url), args.repeat)
            print(
                f"{label:22s} median {statistics.median(ms):8.1f} ms   p90 {ms[int(len(ms) * 0.9)]:8.1f} ms   "
                f"({len(ms)} runs, {len(queries)} queries, {len(response.content) // 1024} KiB)"
            )


if __name__ == "__main__":
    main()
