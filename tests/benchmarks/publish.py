"""The published site at league scale: ``python -m tests.benchmarks.publish``.

Builds, in a throwaway SQLite database, a league (`--league realistic`: 300 players, 40 nights of 30; `10x`,
the default: the standings benchmark's 3,000 players, 200 nights of about 60; paper results), then times
`manage.py publish` into a folder, each run a new process as the organizer starts it (by hand or with
"Veröffentlichen"): the whole site (nothing there yet), a republish with nothing changed, and a republish
after one more night (a page whose queries read the same rows as last time is taken over,
online.publish.fingerprints; with nothing written since the last run's stamp, online.publish.database_stamp,
no query is asked again: the runs with nothing changed start 2.5 s after the last, so that SQLite's stamp is
trusted). Prints each run's wall and CPU seconds (its rendering processes included)
with the load average when it started, the medians, the site's size (files, pages, bytes), what each run
rendered and sent, and which files one more night changed. Asserts nothing. `--players/--nights/--per-night`
a size of your own; `--repeat` runs of each kind (each whole-site run into an empty folder, each "one more
night" with a night of its own); `--jobs` rendering processes.
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
from collections import Counter


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--league",
        choices=sorted(LEAGUES),
        default="10x",
        help="a size: "
        + "; ".join(
            f"{name}: {players} players, {nights} nights of {per_night}"
            for name, (players, nights, per_night) in LEAGUES.items()
        ),
    )
    parser.add_argument("--players", type=int, help="players (instead of the league's)")
    parser.add_argument("--nights", type=int, help="nights (instead of the league's)")
    parser.add_argument("--per-night", type=int, help="players a night (instead of the league's)")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each kind (the median is printed)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="rendering processes (publish --jobs)")
    parser.add_argument(
        "--league-file",
        help="a SQLite file to keep the built league in: built and copied there "
        "when it does not exist, else copied from there (the 10x league takes minutes to build)",
    )
    args = parser.parse_args()
    players, nights, per_night = LEAGUES[args.league]
    args.players, args.nights, args.per_night = (
        args.players or players,
        args.nights or nights,
        args.per_night or per_night,
    )
    with tempfile.TemporaryDirectory() as folder:
        # As on the venue's laptop or a server: DEBUG off (hashed static files, no query log).
        os.environ.update(DATA_DIR=folder, DEBUG="0", SECRET_KEY="benchmark-" * 6, ALLOWED_HOSTS="localhost")
        os.environ.update(PUBLIC_URL="http://localhost:8000", SECURE_SSL_REDIRECT="0", SECURE_COOKIES="0")
        from tests.benchmarks.standings import _setup_django, build_season, play_night

        database = os.path.join(folder, "bench.sqlite3")
        reuse = bool(args.league_file) and os.path.exists(args.league_file)
        if reuse:
            shutil.copyfile(args.league_file, database)
        _setup_django(database)
        from django.conf import settings
        from django.core.management import call_command as run

        from league.venue import one_setup_at_a_time

        with one_setup_at_a_time(settings.BASE_DIR / ".venue-setup.lock"):
            run("collectstatic", interactive=False, verbosity=0)
        from django.contrib.auth import get_user_model

        from league.models import Entry, Night, Player
        from tests.benchmarks.standings import FEE, SHARE

        print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
        _compile_the_checkout(settings.BASE_DIR)
        if reuse:
            from league.models import Season

            organizer = get_user_model().objects.get(username="bench")
            season = Season.objects.get()
            args.per_night = round(Entry.objects.count() / Night.objects.count())
            print(f"league: {Player.objects.count()} players, {Night.objects.count()} nights, from {args.league_file}")
        else:
            organizer = get_user_model().objects.create_user("bench", password="x", is_staff=True)
            started = time.perf_counter()
            season = build_season(organizer, players=args.players, nights=args.nights, per_night=args.per_night)
            print(
                f"league: {args.players} players, {args.nights} nights, built in {time.perf_counter() - started:.0f} s"
            )
            if args.league_file:
                from django.db import connection

                with connection.cursor() as cursor:
                    cursor.execute("VACUUM INTO %s", [args.league_file])  # a consistent copy, WAL included

        def publish(to: str) -> tuple[tuple[float, float], str]:
            """(Wall, CPU) seconds of a new `manage.py publish` process (it reads the league from DATABASE_URL
            and keeps its record in DATA_DIR, both set above; the CPU of it and its rendering processes, a
            figure the other work on a shared machine does not inflate as much as the wall clock), and its
            last lines with the load average when it started."""
            load = os.getloadavg()[0]
            t0, cpu0 = time.perf_counter(), _cpu()
            run = subprocess.run(
                [sys.executable, "manage.py", "publish", "--to", to, "--jobs", str(args.jobs)],
                cwd=settings.BASE_DIR,
                capture_output=True,
                text=True,
            )
            seconds, cpu = time.perf_counter() - t0, _cpu() - cpu0
            if run.returncode != 0:
                raise SystemExit(f"publish failed:\n{run.stderr[-3000:]}")
            return (seconds, cpu), f"CPU {cpu:.1f} s, load {load:.2f}; " + " ".join(
                run.stdout.strip().splitlines()[-2:]
            )

        def manifest(root: str) -> dict[str, str]:
            with open(os.path.join(root, ".publish-manifest.json")) as handle:
                return json.load(handle)["files"]

        site = os.path.join(folder, "site")
        whole = []
        for _ in range(args.repeat):
            shutil.rmtree(site, ignore_errors=True)
            shutil.rmtree(os.path.join(folder, ".site.publishing"), ignore_errors=True)  # publish's copy beside
            times, line = publish(site)
            whole.append(times)
            print(f"whole site: {times[0]:.1f} s  ({line})")
        files = [os.path.join(d, f) for d, _, fs in os.walk(site) for f in fs]
        kinds = Counter(os.path.splitext(f)[1] for f in files)
        by_kind = ", ".join(f"{n} {k or 'other'}" for k, n in kinds.most_common())
        print(f"site: {len(files)} files, {sum(os.path.getsize(f) for f in files) / 1e6:.1f} MB ({by_kind})")
        from online.publish.database_stamp import QUIET_SECONDS

        same = []
        for _ in range(args.repeat):
            # As an organizer publishes again, not within a moment of the last write (the closing of the last
            # run's connection moves its write-ahead log into the database file): the database's stamp is
            # trusted then. The first such run asks the last run's queries (the stamp it finds is not the one
            # the last run took before its writes), the next ones none.
            time.sleep(QUIET_SECONDS + 0.5)
            times, line = publish(site)
            same.append(times)
            print(f"republish, nothing changed: {times[0]:.1f} s  ({line})")

        from django.utils import timezone

        rng = random.Random(99)
        roster = list(Player.objects.all())
        one_more = []
        for k in range(args.repeat):
            before = manifest(site)
            night = Night.objects.create(season=season, date=season.end_date - datetime.timedelta(days=k))
            now = timezone.now()
            Entry.objects.bulk_create(
                Entry(
                    night=night,
                    player=p,
                    registered_by=organizer,
                    fee_paid=FEE,
                    jackpot_share=SHARE,
                    paid_at=now,
                    received_by=organizer,
                )
                for p in rng.sample(roster, min(args.per_night, len(roster)))
            )
            play_night(night, organizer, rng)
            times, line = publish(site)
            one_more.append(times)
            print(f"republish after one more night: {times[0]:.1f} s  ({line})")
            after = manifest(site)
            changed = sorted(name for name in after if before.get(name) != after[name])
            print(f"  files it changed: {len(changed)} ({_kinds(changed, night.pk)})")
        print(
            f"medians of {args.repeat} (wall / CPU s): whole site {_medians(whole)}, nothing changed {_medians(same)}, "
            f"one more night {_medians(one_more)}"
        )
        print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        sys.stdout.flush()


def _compile_the_checkout(root) -> None:
    """Bytecode for the checkout, as an installed app has it after its first run: where PYTHONDONTWRITEBYTECODE
    is set (this workplace's machines) no publish process would keep what it compiled, and each one timed
    would compile the app's 400 modules again, a third of a second of CPU no organizer pays."""
    import compileall
    import re

    compileall.compile_dir(root, quiet=1, rx=re.compile(r"[/\\](\.venv|\.git|node_modules|staticfiles)[/\\]"))


LEAGUES = {"realistic": (300, 40, 30), "10x": (3000, 200, 60)}  # players, nights, players a night


def _medians(runs: list[tuple[float, float]]) -> str:
    return f"{statistics.median(wall for wall, _ in runs):.1f} / {statistics.median(cpu for _, cpu in runs):.1f}"


def _cpu() -> float:
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def _kinds(names: list[str], night_id: int) -> str:
    """Changed files counted by what they are: the new night's pages, other nights', players', ..."""
    kinds: Counter = Counter()
    for name in names:
        parts = name.removeprefix("en/").split("/")
        if parts[0] == "nights":
            kinds["the new night" if parts[1] == str(night_id) else "other nights"] += 1
        else:
            kinds[parts[0]] += 1
    return ", ".join(f"{n} {kind}" for kind, n in kinds.most_common())


if __name__ == "__main__":
    main()
