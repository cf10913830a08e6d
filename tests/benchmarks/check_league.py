"""What `manage.py check_league` costs on a big season: ``python -m tests.benchmarks.check_league``.

`manage.py venue` runs `check_league --repair` at every start, and `restore` ends with the same check, so
its time is the organizer's wait. Builds, in a throwaway SQLite database, a season of tracked tables
(tests/benchmarks/stats.py: random legal hands stored as the tracker stores them; each hand's stacks are
drawn afresh, so the check reports every table's chip chain: it does the same work either way), keeps
every finished table's figures, and times the check, the check's parts, and `--repair`'s rebuild.
Prints medians with the load average; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time

from tests.benchmarks.standings import _setup_django


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nights", type=int, default=10)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--hands", type=int, default=80)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        _setup_django(os.path.join(folder, "bench.sqlite3"))
        from django.contrib.auth import get_user_model

        from tests.benchmarks.stats import build_tracked_season
        from tournaments.hands import figures
        from tournaments.models import Action, Hand, Table
        from tournaments.tracker import audit
        from upkeep import check, repair

        organizer = get_user_model().objects.create_user("bench", password="x", is_staff=True)
        started = time.perf_counter()
        build_tracked_season(organizer, nights=args.nights, tables=args.tables, hands=args.hands, players=300)
        figures.keep_all_table_figures()
        print(
            f"built {Table.objects.count()} tables, {Hand.objects.count():,} hands, {Action.objects.count():,} actions "
            f"(figures kept) in {time.perf_counter() - started:.0f} s"
        )
        print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} (2 cores, shared)")
        ids = list(Table.objects.values_list("pk", flat=True))

        def timed(label: str, run) -> None:
            seconds = []
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                run()
                seconds.append(time.perf_counter() - t0)
            print(f"{label:52s} median {statistics.median(seconds):7.2f} s  ({args.repeat} runs)")

        timed("check_league (everything)", check.check_league)
        timed("check_league --quick (nights not finished: none here)", lambda: check.check_league(quick=True))
        timed(
            "  the tables' rows and snapshots (tracker/audit.py)", lambda: list(audit.audit_tables(ids, audit.Counts()))
        )
        timed("  the kept figures against a replay", lambda: figures.kept_figures_disagreements(ids))
        timed("--repair's rebuild (snapshots, figures, file caches)", lambda: repair.rebuild_caches(ids))
        print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
