"""Serve the league on a server, behind a proxy: gunicorn with the worker model the live screens need.

    python manage.py serve --bind 127.0.0.1:8001
    python manage.py serve --bind unix:/run/league/gunicorn.sock --workers 3 --threads 64

The same gunicorn as `manage.py venue` (gthread workers: a TV's or a rail's event stream holds a thread, not
a process; no control socket shared between the servers of one user; the hook that ends the streams when a
worker stops), but nothing worked out for a pub's Wi-Fi: the settings come from the environment
(docs/server.md), and migrate and collectstatic belong to the upgrade, not to each start. This process
becomes gunicorn, so systemd sees and stops the server itself.
"""
from __future__ import annotations

import os
import sys

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connections

from league.venue import REQUEST_THREADS, THREADS_PER_WORKER, gunicorn_arguments, streams_per_worker


class Command(BaseCommand):
    help = "Serve the app with gunicorn (gthread workers) for a proxy in front of it."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--bind", action="append", dest="binds", metavar="ADDRESS",
            help="host:port or unix:/path to listen on (repeatable; default 127.0.0.1:8001)",
        )
        parser.add_argument("--workers", type=int, default=3, help="gunicorn worker processes (default 3)")
        parser.add_argument(
            "--threads", type=int, default=THREADS_PER_WORKER,
            help=f"threads per worker (default {THREADS_PER_WORKER}); each TV or rail viewer holds one, {REQUEST_THREADS} stay for pages",
        )

    def handle(self, *args, binds: list[str] | None, workers: int, threads: int, **options) -> None:
        if workers < 1 or threads <= REQUEST_THREADS:
            raise CommandError(f"--workers must be at least 1 and --threads more than {REQUEST_THREADS}")
        env = dict(os.environ)
        env.setdefault("LIVE_STREAMS_PER_PROCESS", str(streams_per_worker(threads)))
        command = [
            sys.executable, "-m", "gunicorn",
            *gunicorn_arguments(binds=binds or ["127.0.0.1:8001"], workers=workers, threads=threads),
        ]
        self.stdout.write(f"gunicorn: {workers} workers x {threads} threads on {', '.join(binds or ['127.0.0.1:8001'])}")
        self.stdout.flush()
        connections.close_all()
        os.chdir(settings.BASE_DIR)
        os.execve(sys.executable, command, env)  # this process becomes the server
