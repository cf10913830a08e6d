"""The desk's player search over a big league: ``python -m tests.benchmarks.desk_search``.

Builds, in a throwaway SQLite database, a league of 10,000 players (German, Turkish, Polish and Greek names,
with nicknames and contacts) and times `league.desk.services.find_players` -- the league's name matcher run in
Python over every name, one query of four columns -- for a few searches as the desk types them: first search
in a fresh process (every name folded once), then warm (the folded names kept), and the desk page itself
through the test client. Also the look-alike check a new player runs. Prints medians; asserts nothing.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import statistics
import tempfile
import time

from tests.benchmarks.standings import _setup_django

FIRST = ["Deniz", "Ayşe", "Jonas", "Karl", "Elif", "Łukasz", "Søren", "Anna", "Nikos", "Mehmet", "Jürgen", "Zoë"]
LAST = ["Yılmaz", "Özdemir", "Weiß", "Müller", "Gül", "Kowalczyk", "Παπαδόπουλος", "Schröder", "Berger", "Şahin"]
QUERIES = ["yilmaz", "ozdemir", "weiss", "MUELLER", "gul", "an", "deniz yil", "0170 000001", "nobody-at-all"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        _setup_django(os.path.join(folder, "bench.sqlite3"))
        from django.contrib.auth import get_user_model
        from django.test import Client
        from django.urls import reverse

        from league.desk import services
        from league.models import Night, Player, Season

        rng = random.Random(7)
        Player.objects.bulk_create(
            Player(
                name=f"{rng.choice(FIRST)} {rng.choice(LAST)}{'' if k % 3 else f' {k}'}",
                nickname=f"Ass {k}" if k % 7 == 0 else "",
                contact=f"0170 {k:07d}",
                date_of_birth=datetime.date(1960 + k % 40, 1 + k % 12, 1 + k % 28),
            )
            for k in range(args.players)
        )
        season = Season.objects.create(
            name="Bench", start_date=datetime.date(2026, 9, 1), end_date=datetime.date(2027, 2, 28)
        )
        night = Night.objects.create(season=season, date=datetime.date(2026, 12, 6))
        print(f"{Player.objects.count()} players; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")

        t0 = time.perf_counter()
        services.find_players("yilmaz")
        print(f"first search in a fresh process (every name folded): {(time.perf_counter() - t0) * 1000:.1f} ms")
        for query in QUERIES:
            times = []
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                found = services.find_players(query)
                times.append((time.perf_counter() - t0) * 1000)
            print(
                f"find_players({query!r:>16}): median {statistics.median(times):6.1f} ms, max {max(times):6.1f} ms, "
                f"{len(found)} shown"
            )
        times = []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            services.look_alikes("Deniz Yilmaz")
            times.append((time.perf_counter() - t0) * 1000)
        print(f"look_alikes('Deniz Yilmaz'): median {statistics.median(times):6.1f} ms")
        organizer = get_user_model().objects.create_user("bench", password="x", is_staff=True)
        client = Client(
            HTTP_HOST="localhost", HTTP_ACCEPT_LANGUAGE="de", HTTP_HX_REQUEST="true", HTTP_HX_TARGET="search-results"
        )
        client.force_login(organizer)
        url = reverse("registration_desk", args=[night.pk])
        times = []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            assert client.get(url, {"q": "yilmaz"}).status_code == 200
            times.append((time.perf_counter() - t0) * 1000)
        print(f"desk search results (htmx, German, 'yilmaz'): median {statistics.median(times):6.1f} ms")


if __name__ == "__main__":
    main()
