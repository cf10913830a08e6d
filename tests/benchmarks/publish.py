"""The published site at league scale: ``python -m tests.benchmarks.publish``.

Builds, in a throwaway SQLite database, the 10x league of the standings benchmark (3,000 players, 200
nights of about 60 players, paper results), then times `manage.py publish` into a folder: the whole site
(nothing there yet), a republish with nothing changed, and a republish after one more night. Prints the
site's size (files, pages, bytes), what each run sent, and the load average. Asserts nothing.
`--players/--nights` a size of your own; `--repeat` whole-site runs (median); `--jobs` rendering processes.
"""
from __future__ import annotations

import argparse
import io
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections import Counter


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3000)
    parser.add_argument("--nights", type=int, default=200)
    parser.add_argument("--per-night", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=1, help="whole-site builds (each into an empty folder)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="rendering processes (publish --jobs)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        # As on the venue's laptop or a server: DEBUG off (hashed static files, no query log).
        os.environ.update(DATA_DIR=folder, DEBUG="0", SECRET_KEY="benchmark-" * 6, ALLOWED_HOSTS="localhost")
        os.environ.update(PUBLIC_URL="http://localhost:8000", SECURE_SSL_REDIRECT="0", SECURE_COOKIES="0")
        from tests.benchmarks.standings import _setup_django, build_season, play_night

        _setup_django(os.path.join(folder, "bench.sqlite3"))
        from django.conf import settings
        from django.core.management import call_command as run

        from league.venue import one_setup_at_a_time

        with one_setup_at_a_time(settings.BASE_DIR / ".venue-setup.lock"):
            run("collectstatic", interactive=False, verbosity=0)
        from django.contrib.auth import get_user_model
        from django.core.management import call_command

        from league.models import Entry, Night, Player
        from tests.benchmarks.standings import FEE, SHARE

        print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
        organizer = get_user_model().objects.create_user("bench", password="x", is_staff=True)
        started = time.perf_counter()
        season = build_season(organizer, players=args.players, nights=args.nights, per_night=args.per_night)
        print(f"league: {args.players} players, {args.nights} nights, built in {time.perf_counter() - started:.0f} s")

        def publish(to: str) -> tuple[float, str]:
            out = io.StringIO()
            t0 = time.perf_counter()
            call_command("publish", to=to, stdout=out, jobs=args.jobs)
            return time.perf_counter() - t0, out.getvalue().strip().splitlines()[-1]

        site = os.path.join(folder, "site")
        whole = []
        for _ in range(args.repeat):
            shutil.rmtree(site, ignore_errors=True)
            seconds, line = publish(site)
            whole.append(seconds)
            print(f"whole site: {seconds:.1f} s  ({line})")
        files = [os.path.join(d, f) for d, _, fs in os.walk(site) for f in fs]
        kinds = Counter(os.path.splitext(f)[1] for f in files)
        by_kind = ", ".join(f"{n} {k or 'other'}" for k, n in kinds.most_common())
        print(f"site: {len(files)} files, {sum(os.path.getsize(f) for f in files) / 1e6:.1f} MB ({by_kind})")
        seconds, line = publish(site)
        print(f"republish, nothing changed: {seconds:.1f} s  ({line})")

        night = Night.objects.create(season=season, date=season.end_date)
        rng = random.Random(99)
        from django.utils import timezone

        now = timezone.now()
        roster = list(Player.objects.all())
        Entry.objects.bulk_create(
            Entry(night=night, player=p, registered_by=organizer, fee_paid=FEE, jackpot_share=SHARE, paid_at=now, received_by=organizer)
            for p in rng.sample(roster, min(args.per_night, len(roster)))
        )
        play_night(night, organizer, rng)
        seconds, line = publish(site)
        print(f"republish after one more night: {seconds:.1f} s  ({line})")
        if args.repeat > 1:
            print(f"whole site, median of {args.repeat}: {statistics.median(whole):.1f} s")
        print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
