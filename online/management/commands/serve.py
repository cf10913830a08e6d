"""Serve the league on a server, behind a proxy: the app's own server (config/server.py, waitress).

    python manage.py serve --bind 127.0.0.1:8001
    python manage.py serve --bind unix:/run/league/league.sock --threads 256

The same server as `manage.py venue` (requests read whole before a thread takes them; a TV's or a rail's
event stream holds a thread, shared fairly among the client addresses; the streams end at once when the
server stops), but nothing worked out for a pub's Wi-Fi: the settings come from the environment
(docs/server.md), and migrate and collectstatic belong to the upgrade, not to each start. This process
becomes the server, so systemd sees and stops the server itself.
"""

from __future__ import annotations

import os
import sys

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connections

from league.venue import REQUEST_THREADS, THREADS, become_server, server_arguments, streams_for


class Command(BaseCommand):
    help = "Serve the app (waitress) for a proxy in front of it."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--bind",
            action="append",
            dest="binds",
            metavar="ADDRESS",
            help="host:port or unix:/path to listen on (repeatable; default 127.0.0.1:8001)",
        )
        parser.add_argument(
            "--threads",
            type=int,
            default=THREADS,
            help=f"the server's threads (default {THREADS}); each TV or rail viewer holds one, {REQUEST_THREADS} stay for pages",
        )

    def handle(self, *args, binds: list[str] | None, threads: int, **options) -> None:
        if threads <= REQUEST_THREADS:
            raise CommandError(f"--threads must be more than {REQUEST_THREADS}")
        binds = binds or ["127.0.0.1:8001"]
        if any(bind.startswith("unix:") for bind in binds) and len(binds) > 1:
            raise CommandError("a Unix socket is served alone: give one --bind unix:/path")
        env = dict(os.environ)
        env.setdefault("LIVE_STREAMS_PER_PROCESS", str(streams_for(threads)))
        command = [sys.executable, "-m", *server_arguments(binds=binds, threads=threads)]
        self.stdout.write(f"waitress: {threads} threads on {', '.join(binds)}")
        self.stdout.flush()
        connections.close_all()
        os.chdir(settings.BASE_DIR)
        become_server(command, env)  # this process becomes the server
