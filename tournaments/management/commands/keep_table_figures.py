"""``python manage.py keep_table_figures``: replay every finished table that has no current kept figures.

The tracker keeps a table's figures when it finishes; run this once after the
upgrade that brought ``TableFigures`` (migration 0010), so that the first view
of a season's statistics does not replay the tables finished before it. Safe
to run again: tables with current rows are skipped. A table left out is
replayed on its first view anyway.
"""

import time

from django.core.management.base import BaseCommand

from tournaments.hands.figures import keep_all_table_figures


class Command(BaseCommand):
    help = "Replay the finished tables without current kept statistics and keep their figures."

    def handle(self, *args, **options) -> None:
        started = time.perf_counter()

        def progress(done: int, total: int) -> None:
            self.stdout.write(f"{done}/{total} tables", ending="\r")

        count = keep_all_table_figures(progress=progress)
        self.stdout.write(f"kept the figures of {count} tables in {time.perf_counter() - started:.1f} s")
