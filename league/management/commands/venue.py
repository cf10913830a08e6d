"""Serve the league to the pub's Wi-Fi: the app's server on every address, links and QR codes that phones can open.

    python manage.py venue              # http://<this laptop's LAN address>:8000/
    python manage.py venue --port 8080 --threads 256

Migrates the database and collects the static files first (so it works on a
fresh checkout), checks the nights still open (`manage.py check_league --repair --quick`: it
rebuilds their caches and names any problem in the stored rows), makes the first organizer account on a
database that has none (league/accounts/first_login.py: the login is printed once and kept in the
database's login file, .organizer-login for the default one; no season, player or demo is made), prints every address phones can use and the
organizer's link as a QR code, then becomes the server (config/server.py, waitress; Ctrl+C stops it). It speaks the venue's
language (LANGUAGE_CODE, German unless set). The environment wins over every default here: set
PUBLIC_URL, ALLOWED_HOSTS, DEBUG, SECRET_KEY or DATABASE_URL to choose yourself.
"""

from __future__ import annotations

import io
import os
import socket
import subprocess
import sys
import traceback

import segno
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connections
from django.utils import translation
from django.utils.translation import gettext as _

from league import collected_static
from league.accounts.first_login import FirstLogin, ensure_first_organizer
from league.models import Season
from league.venue import (
    REQUEST_THREADS,
    THREADS,
    WILDCARD,
    become_server,
    lan_ipv4_addresses,
    one_setup_at_a_time,
    plan_venue,
    server_arguments,
    streams_for,
    venue_secret_key,
)

SECRET_FILE = settings.DATA_DIR / ".venue-secret-key"
SETUP_LOCK = settings.BASE_DIR / ".venue-setup.lock"


def _migrations_to_apply() -> bool:
    """Whether the database lacks a migration (asked here, in a fraction of the three seconds a `migrate`
    process takes to find nothing to do); when the database cannot be asked, `migrate` runs and says why."""
    from django.db import DEFAULT_DB_ALIAS
    from django.db.migrations.executor import MigrationExecutor

    try:
        executor = MigrationExecutor(connections[DEFAULT_DB_ALIAS])
        return bool(executor.migration_plan(executor.loader.graph.leaf_nodes()))
    except Exception:  # noqa: BLE001 - migrate itself reports the problem in the organizer's words
        return True
    finally:
        connections.close_all()


class Command(BaseCommand):
    help = "Serve the app on the local network (waitress + whitenoise) and print the addresses for phones."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument(
            "--bind",
            action="append",
            dest="hosts",
            metavar="ADDRESS",
            help=f"an address to listen on (repeatable; default {WILDCARD}: every interface)",
        )
        parser.add_argument(
            "--threads",
            type=int,
            default=THREADS,
            help=f"the server's threads (default {THREADS}); each TV or rail viewer holds one, {REQUEST_THREADS} stay for taps",
        )

    def handle(self, *args, **options) -> None:
        with translation.override(settings.LANGUAGE_CODE):
            self._serve(**options)

    def _serve(self, *, port: int, hosts: list[str] | None, threads: int, **options) -> None:
        if not 0 < port < 65536:
            raise CommandError(_("--port must be between 1 and 65535."))
        if threads <= REQUEST_THREADS:
            raise CommandError(_("--threads must be more than %(threads)s.") % {"threads": REQUEST_THREADS})
        plan = plan_venue(
            environ=os.environ,
            port=port,
            bind_hosts=hosts or [WILDCARD],
            lan_addresses=lan_ipv4_addresses(),
            hostname=socket.gethostname(),
            secret_key=os.environ.get("SECRET_KEY") or venue_secret_key(SECRET_FILE),
        )
        # How many event streams the server holds before it refuses one (that screen polls instead).
        plan.env.setdefault("LIVE_STREAMS_PER_PROCESS", str(streams_for(threads)))
        manage = [sys.executable, str(settings.BASE_DIR / "manage.py")]
        with one_setup_at_a_time(SETUP_LOCK, on_wait=self._waiting):
            self._note(_("Preparing the database and the app's files …"))
            # This command has run Django's checks already: the steps skip them (a second each).
            steps = []
            if _migrations_to_apply():
                steps.append(["migrate", "--noinput", "-v", "0", "--skip-checks"])
            static_stamp = collected_static.sources_stamp(debug=plan.env.get("DEBUG", ""))
            collect = not collected_static.is_current(settings.STATIC_ROOT, static_stamp)
            if collect:
                steps.append(["collectstatic", "--noinput", "-v", "0", "--skip-checks"])
            for step in steps:
                # In a child process with the server's own settings (DEBUG off: hashed static files).
                if subprocess.run([*manage, *step], env=plan.env, cwd=settings.BASE_DIR).returncode != 0:
                    raise CommandError(_("manage.py %(step)s failed: see above.") % {"step": step[0]})
            if collect:
                collected_static.mark_current(settings.STATIC_ROOT, static_stamp)
            self._check_open_nights()
        login = ensure_first_organizer()
        self._announce(plan, login)
        command = [sys.executable, "-m", *server_arguments(binds=plan.binds, threads=threads)]
        self.stdout.flush()
        connections.close_all()
        os.chdir(settings.BASE_DIR)
        become_server(command, plan.env)  # this process becomes the server

    def _check_open_nights(self) -> None:
        """The nights still open checked and their caches rebuilt from the rows (upkeep's check_league; the full
        check replays the whole history, a minute for a big league): a problem is printed, the night served.
        In this process: a process of its own spent a second starting Django."""
        try:
            call_command(
                "check_league", repair=True, quick=True, skip_checks=True, stdout=self.stdout, stderr=self.stderr
            )
            return
        except SystemExit as stopped:
            if not stopped.code:
                return
        except Exception:  # noqa: BLE001 - the night is served even when its check breaks; the traceback says why
            traceback.print_exc()
        finally:
            connections.close_all()  # the server opens its own
        self.stdout.write(
            self.style.WARNING(_("manage.py check_league found problems (above): the league is served anyway."))
        )

    def _note(self, text: str) -> None:
        """A progress note, shown at once (also when the console is a file: the tests read it)."""
        self.stdout.write(text)
        self.stdout.flush()

    def _waiting(self) -> None:
        self._note(
            _("Another start of the app is setting this folder up (%(lock)s): waiting for it …")
            % {"lock": SETUP_LOCK.name}
        )

    def _announce(self, plan, login: FirstLogin) -> None:
        with translation.override(settings.LANGUAGE_CODE):  # the venue's language, whoever calls
            self._say(plan, login)

    def _say(self, plan, login: FirstLogin) -> None:
        write = self.stdout.write
        write(self.style.SUCCESS(_("The league is served on the local network.")))
        if plan.phone_addresses:
            write(_("Phones and the TV on the same Wi-Fi can use:"))
            for address in plan.phone_addresses:
                write(f"  {address}")
        else:
            write(
                self.style.WARNING(
                    _("No network address found: only this computer can open the app. Join the Wi-Fi and start again.")
                )
            )
        write(_("Links and QR codes use %(url)s (set PUBLIC_URL to choose another).") % {"url": plan.public_url})
        organizer_url = plan.public_url + "/"
        write(_("Organizer: %(url)s") % {"url": organizer_url})
        code = io.StringIO()
        segno.make(organizer_url, error="m").terminal(out=code, compact=True)
        write(code.getvalue(), ending="")
        self._login(login)
        write(_("Stop with Ctrl+C."))

    def _login(self, login: FirstLogin) -> None:
        write = self.stdout.write
        if login.created:
            write(self.style.SUCCESS(_("The first organizer account has been created. Log in with:")))
            write(self.style.WARNING(f"  {_('Username:')} {login.username}"))
            write(self.style.WARNING(f"  {_('Password:')} {login.password}"))
            write(
                _(
                    "The password is shown only now; it is also kept in %(file)s. Change it after logging in "
                    "(Organizer → Change your password)."
                )
                % {"file": login.file}
            )
        elif login.file is not None:
            write(
                _("Log in as “%(username)s”; the password is in %(file)s.")
                % {"username": login.username, "file": login.file}
            )
        else:
            write(_("Log in with your organizer account (“%(username)s”).") % {"username": login.username})
        if not Season.objects.filter(is_demo=False).exists():
            write(_("No season yet: after logging in, the home page leads you through the first steps."))
        if Season.objects.filter(is_demo=True).exists():
            write(
                _(
                    "The demo season is still there: remove it at Organizer → Remove the demo, or with "
                    "`manage.py remove_demo`."
                )
            )
