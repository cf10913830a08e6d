"""Serve the league to the pub's Wi-Fi: gunicorn on every address, links and QR codes that phones can open.

    python manage.py venue              # http://<this laptop's LAN address>:8000/
    python manage.py venue --port 8080 --workers 3 --threads 64

Migrates the database and collects the static files first (so it works on a
fresh checkout), prints every address phones can use and the organizer's link
as a QR code, then becomes the gunicorn server (Ctrl+C stops it). The
environment wins over every default here: set PUBLIC_URL, ALLOWED_HOSTS,
DEBUG, SECRET_KEY or DATABASE_URL to choose yourself.
"""
from __future__ import annotations

import io
import os
import socket
import subprocess
import sys

import segno
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import connections

from league.venue import (
    REQUEST_THREADS,
    THREADS_PER_WORKER,
    WILDCARD,
    gunicorn_arguments,
    lan_ipv4_addresses,
    one_setup_at_a_time,
    plan_venue,
    streams_per_worker,
    venue_secret_key,
)

SECRET_FILE = settings.DATA_DIR / ".venue-secret-key"
SETUP_LOCK = settings.BASE_DIR / ".venue-setup.lock"


class Command(BaseCommand):
    help = "Serve the app on the local network (gunicorn + whitenoise) and print the addresses for phones."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument(
            "--bind", action="append", dest="hosts", metavar="ADDRESS",
            help=f"an address to listen on (repeatable; default {WILDCARD}: every interface)",
        )
        parser.add_argument("--workers", type=int, default=3, help="gunicorn worker processes (default 3)")
        parser.add_argument(
            "--threads", type=int, default=THREADS_PER_WORKER,
            help=f"threads per worker (default {THREADS_PER_WORKER}); each TV or rail viewer holds one, {REQUEST_THREADS} stay for taps",
        )

    def handle(self, *args, port: int, hosts: list[str] | None, workers: int, threads: int, **options) -> None:
        if not 0 < port < 65536:
            raise CommandError("--port must be between 1 and 65535")
        if workers < 1 or threads <= REQUEST_THREADS:
            raise CommandError(f"--workers must be at least 1 and --threads more than {REQUEST_THREADS}")
        plan = plan_venue(
            environ=os.environ,
            port=port,
            bind_hosts=hosts or [WILDCARD],
            lan_addresses=lan_ipv4_addresses(),
            hostname=socket.gethostname(),
            secret_key=os.environ.get("SECRET_KEY") or venue_secret_key(SECRET_FILE),
        )
        # How many event streams a worker holds before it refuses one (that screen polls instead).
        plan.env.setdefault("LIVE_STREAMS_PER_PROCESS", str(streams_per_worker(threads)))
        manage = [sys.executable, str(settings.BASE_DIR / "manage.py")]
        with one_setup_at_a_time(SETUP_LOCK):
            for step in (["migrate", "--noinput", "-v", "0"], ["collectstatic", "--noinput", "-v", "0"]):
                # In a child process with the server's own settings (DEBUG off: hashed static files).
                if subprocess.run([*manage, *step], env=plan.env, cwd=settings.BASE_DIR).returncode != 0:
                    raise CommandError(f"manage.py {step[0]} failed: see above")
        self._announce(plan)
        command = [sys.executable, "-m", "gunicorn", *gunicorn_arguments(binds=plan.binds, workers=workers, threads=threads)]
        self.stdout.flush()
        connections.close_all()
        os.chdir(settings.BASE_DIR)
        os.execve(sys.executable, command, plan.env)  # this process becomes the server

    def _announce(self, plan) -> None:
        write = self.stdout.write
        write(self.style.SUCCESS("The league is served on the local network."))
        if plan.phone_addresses:
            write("Phones and the TV on the same Wi-Fi can use:")
            for address in plan.phone_addresses:
                write(f"  {address}")
        else:
            write(self.style.WARNING("No network address found: only this computer can open the app. Join the Wi-Fi and start again."))
        write(f"Links and QR codes use {plan.public_url} (set PUBLIC_URL to choose another).")
        organizer_url = plan.public_url + "/"
        write(f"Organizer: {organizer_url}")
        code = io.StringIO()
        segno.make(organizer_url, error="m").terminal(out=code, compact=True)
        write(code.getvalue(), ending="")
        if not get_user_model().objects.filter(is_staff=True, is_active=True).exists():
            write(self.style.WARNING("No organizer login yet: run `manage.py setup_demo` or `manage.py createsuperuser`."))
        write("Stop with Ctrl+C.")
