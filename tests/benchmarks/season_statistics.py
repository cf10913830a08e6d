"""The season's hand figures at the size of the league: ``python -m tests.benchmarks.season_statistics``.

Builds the league of `tests.benchmarks.league_server` (100 venues x 40 nights x 30 players, paper results, one
season) in a throwaway PostgreSQL cluster, or uses one already built (``--database URL``). Then, in this
process, times `results.statistics.season_statistics` (what the standings page's awards and the statistics
page are computed from when the season's key has changed):

- (a) with no tracked hands at all;
- (b) with tracked hands at some nights: every `--tracked-every`-th night of each venue gets `--hands` random
  legal hands at each of its tables (as `tests.benchmarks.stats` builds them), the tables' figures kept as the
  tracker keeps them when a table finishes;
- (b) again after one tracked table changed (a corrected place: a new revision, its figures kept anew): what
  the first view after a change pays.

Each figure is the median of `--repeat` runs, with the load average. Asserts nothing; run against a database
that already has the hands (a second run), it builds none.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time


def _setup(database: str, folder: str) -> None:
    os.environ.update(
        DATABASE_URL=database,
        DATA_DIR=folder,
        DEBUG="0",
        SECRET_KEY="season-statistics-benchmark-" + "x" * 40,
        SECURE_SSL_REDIRECT="0",
        ALLOWED_HOSTS="localhost",
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    import django

    django.setup()
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET jit = off")  # as the app's connections run (docs/server.md)


def add_tracked_hands(season, *, every: int, hands: int, seed: int = 1) -> int:
    """Random legal hands at every table of each venue's every `every`-th night; the tables' figures kept as
    the tracker keeps them. Returns the number of tables given hands."""
    from django.db import transaction

    from league.backup import update_planner_statistics
    from tests.benchmarks.stats import _hand_rows
    from tournaments.hands.figures import keep_table_figures
    from tournaments.models import Action, Hand, Seat, Table

    rng = random.Random(seed)
    nights_by_venue: dict[int, list] = {}
    for night in season.nights.order_by("date", "pk"):
        nights_by_venue.setdefault(night.venue_id, []).append(night)
    chosen = [night for nights in nights_by_venue.values() for night in nights[::every]]
    tables = list(Table.objects.filter(night__in=chosen).order_by("pk"))
    seats: dict[int, list] = {}
    for seat in Seat.objects.filter(table__in=tables).order_by("table_id", "position"):
        seats.setdefault(seat.table_id, []).append(seat)
    for k in range(0, len(tables), 50):
        part = tables[k : k + 50]
        with transaction.atomic():
            rows = [row for table in part for row in _hand_rows(table, seats[table.pk], rng, hands)]
            made = Hand.objects.bulk_create([hand for hand, _ in rows], batch_size=1000)
            Action.objects.bulk_create(
                (
                    Action(hand=hand, index=i, seat_id=seat, verb=verb, to=to)
                    for hand, (_, actions) in zip(made, rows)
                    for i, (seat, verb, to) in enumerate(actions)
                ),
                batch_size=5000,
            )
            for table in part:
                table.touch()  # the play changed: a kept row of the table (empty, from before) no longer counts
                keep_table_figures(table.pk)
    update_planner_statistics()  # as the league's build does: the planner knows the hands are there
    return len(tables)


def _times(run, repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        times.append((time.perf_counter() - started) * 1000)
    return times


def _figure(label: str, values: list[float]) -> None:
    print(
        f"  {label:58s} median {statistics.median(values):7.1f} ms ({min(values):.1f}-{max(values):.1f}), "
        f"load {os.getloadavg()[0]:.1f}",
        flush=True,
    )


def measure(args) -> None:
    from django.core.cache import caches

    from league.models import Season
    from results import statistics as results_statistics
    from results.statistics import season_statistics
    from tournaments.hands.figures import figures_cache, keep_table_figures
    from tournaments.models import Hand, Table

    season = Season.objects.get()

    def fresh() -> None:
        """The process as after a restart: nothing kept in memory or in the caches (the figures' rows stay)."""
        figures_cache.clear()
        getattr(results_statistics, "_made", {}).clear()  # what the last call was made of (absent before it)
        for alias in caches:
            caches[alias].clear()

    def cold(_label: str) -> list[float]:
        values = []
        for _ in range(args.repeat):
            fresh()
            values += _times(lambda: season_statistics(season.pk), 1)
        return values

    season_statistics(season.pk)  # a first call: imports, and whatever the season's first view keeps
    tracked = Hand.objects.filter(table__night__season=season).values("table_id").distinct().count()
    if not tracked:
        _figure("(a) no tracked hands, cold", cold("a"))
        _figure("(a) no tracked hands, again", _times(lambda: season_statistics(season.pk), args.repeat))
        started = time.perf_counter()
        tracked = add_tracked_hands(season, every=args.tracked_every, hands=args.hands, seed=args.seed)
        print(f"  built {args.hands} hands at each of {tracked} tables in {time.perf_counter() - started:.0f} s")
        season_statistics(season.pk)
    result = season_statistics(season.pk)
    print(f"  {len(result.rows)} players with figures, {result.tables_tracked} tables tracked of {result.tables}")
    _figure("(b) hands at some nights, cold", cold("b"))
    _figure("(b) hands at some nights, again", _times(lambda: season_statistics(season.pk), args.repeat))
    tables = list(Table.objects.filter(hands__isnull=False).distinct().order_by("pk"))

    def one_table_changed() -> float:
        table = random.choice(tables)
        table.touch()
        keep_table_figures(table.pk)
        return _times(lambda: season_statistics(season.pk), 1)[0]

    _figure("(b) after one tracked table changed", [one_table_changed() for _ in range(args.repeat)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", help="a league already built (tests.benchmarks.league_server's build)")
    parser.add_argument("--tracked-every", type=int, default=10, help="every N-th night of a venue is tracked")
    parser.add_argument("--hands", type=int, default=40, help="hands at each table of a tracked night")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} (2 cores, shared)", flush=True)
    with tempfile.TemporaryDirectory(prefix="season-statistics-") as folder:
        if args.database:
            _setup(args.database, folder)
            measure(args)
            return
        from tests.benchmarks import league_server
        from tests.benchmarks.support.postgres import throwaway_cluster

        with throwaway_cluster() as cluster:
            sizes = ["--venues=100", "--nights=40", "--per-night=30", "--regulars=60", f"--seed={args.seed}"]
            league_server._child(cluster.url, folder, "build", *sizes)
            _setup(cluster.url, folder)
            measure(args)


if __name__ == "__main__":
    main()
