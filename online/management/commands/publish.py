"""Publish the league's public pages as a static website.

    python manage.py publish --to /var/www/league
    PUBLISH_SSH_KEY=~/.ssh/league python manage.py publish --to sftp://league@example.org/www   # ~/www
    python manage.py publish            # to PUBLISH_TO

Every page a visitor can open without logging in (German at the top, English under en/), the static files
they use, a sitemap. Renders only the pages whose queries read other rows than last time (the rest the
destination keeps; online.publish.fingerprints), sends only what changed since the last run (the
destination's manifest, whose names are never trusted), so that a visitor sees the old site or the new one
(online.publish.folder, online.publish.sftp); interrupted and run again, it completes. `--full` renders and sends everything. Exit 1
with one line when the destination cannot be reached, 3 when another run is going on.
"""

from __future__ import annotations

import os
import time

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import formats, translation
from django.utils.translation import gettext as _

from online.publish import status as run_status
from online.publish.destinations import DestinationError
from online.publish.services import publish_site


def _size(count: float) -> str:
    for unit in ("B", "KB", "MB"):
        if count < 1000 or unit == "MB":
            return f"{count:.0f} {unit}" if unit == "B" else f"{formats.number_format(count, 1)} {unit}"
        count /= 1000
    return str(count)


class Command(BaseCommand):
    help = "Publish the public pages (standings, nights, players, jackpot, statistics, replays) as a static website."
    # Run after every night, by hand or by "Veröffentlichen": the project's checks are the server's, run when it
    # starts (`venue`, `serve`); here they were a quarter of a republish with nothing changed (0.36 of 1.2 s).
    requires_system_checks: list[str] = []

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--to",
            default="",
            help="a folder, or sftp://user@host[:port]/path (from the login's home; //path is absolute) (default: PUBLISH_TO)",
        )
        parser.add_argument(
            "--full",
            action="store_true",
            help="render every page and send every file, whatever the last run and the destination's manifest say",
        )
        parser.add_argument(
            "--jobs",
            type=int,
            default=min(os.cpu_count() or 1, 4),
            help="processes that render pages at once (default: one per core, at most 4)",
        )
        parser.add_argument(
            "--status",
            action="store_true",
            dest="keep_status",
            help="keep the progress for the organizer's page (in the data folder)",
        )

    def handle(self, *args, **options) -> None:
        # The console's lines and the organizer's page's message (an unreachable server) in the league's language.
        with translation.override(settings.LANGUAGE_CODE):
            self._publish(**options)

    def _publish(self, *, to: str, full: bool, keep_status: bool, jobs: int, **options) -> None:
        to = to or settings.PUBLISH_TO
        self.keep_status = keep_status
        self.last_line = 0.0
        try:
            with run_status.one_run_at_a_time():
                self._report(state="running", phase="build", files=0, total=0, bytes=0, total_bytes=0, to=to)
                started = time.monotonic()
                result = publish_site(to=to, on_build=self._built, on_send=self._sent, full=full, jobs=max(jobs, 1))
        except run_status.AlreadyRunning:
            raise CommandError(_("Another publishing run is going on."), returncode=3) from None
        except DestinationError as error:
            self._report(state="failed", message=str(error), to=to)
            raise CommandError(str(error)) from None
        except Exception as error:
            self._report(state="failed", message=str(error), to=to)
            raise
        summary = result.summary
        seconds = time.monotonic() - started
        warning = ""
        if summary.refused:
            warning = _(
                "The destination's manifest (.publish-manifest.json) names files outside the site (%(names)s): "
                "it was ignored, nothing was removed, and every file was sent again."
            ) % {
                "names": ", ".join(repr(name) for name in summary.refused[:5])
                + (", …" if len(summary.refused) > 5 else "")
            }
            self.stdout.write(self.style.WARNING(warning))
        self._report(
            state="done",
            to=result.destination,
            files=len(summary.sent),
            bytes=summary.bytes_sent,
            removed=len(summary.removed),
            unchanged=summary.unchanged,
            seconds=round(seconds, 1),
            warning=warning,
            rendered=result.rendered,
            taken_over=result.taken_over,
        )
        self.stdout.write(
            _("%(rendered)s pages rendered, %(kept)s unchanged since the last run (not rendered again).")
            % {"rendered": result.rendered, "kept": result.taken_over}
        )
        self.stdout.write(
            _(
                "Published to %(destination)s: %(files)s files (%(size)s); sent %(sent)s (%(sent_size)s), "
                "removed %(removed)s, unchanged %(unchanged)s; %(seconds)s s."
            )
            % {
                "destination": result.destination,
                "files": result.files,
                "size": _size(result.site_bytes),
                "sent": len(summary.sent),
                "sent_size": _size(summary.bytes_sent),
                "removed": len(summary.removed),
                "unchanged": summary.unchanged,
                "seconds": formats.number_format(seconds, 1),
            }
        )

    def _report(self, **fields) -> None:
        if self.keep_status:
            run_status.write_status(**fields)

    def _built(self, done: int, known: int) -> None:
        now = time.monotonic()
        if now - self.last_line >= 2 or done == known:
            self.last_line = now
            self.stdout.write(_("built %(done)s of %(known)s pages found so far") % {"done": done, "known": known})
            self._report(state="running", phase="build", files=done, total=known, bytes=0, total_bytes=0)

    def _sent(self, phase: str, done: int, total: int, sent_bytes: int, total_bytes: int) -> None:
        now = time.monotonic()
        if now - self.last_line >= 1 or done == total:
            self.last_line = now
            if phase == "send":
                self.stdout.write(
                    _("sent %(done)s of %(total)s files, %(sent)s of %(size)s")
                    % {"done": done, "total": total, "sent": _size(sent_bytes), "size": _size(total_bytes)}
                )
            elif phase == "switch":
                self.stdout.write(_("put %(done)s of %(total)s files in their places") % {"done": done, "total": total})
            else:
                self.stdout.write(_("removed %(done)s of %(total)s files") % {"done": done, "total": total})
            self._report(
                state="running", phase=phase, files=done, total=total, bytes=sent_bytes, total_bytes=total_bytes
            )
