"""`manage.py send_nights`: the venue's laptop sends every finished night the league does not have as it is now
(not sent, cut midway, or changed since), one line per night: gesendet, unverändert, or refused with the
server's words. A changed night goes as a correction only with --by and --why (who corrected it and why)."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.utils import formats
from django.utils.translation import gettext as _

from online.federation import client, sending


class Command(BaseCommand):
    help = "Send the finished nights to the league's server (resumes a cut sending)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--by", default="", help="Who corrected the changed nights (sends them as corrections).")
        parser.add_argument("--why", default="", help="Why they were corrected.")
        parser.add_argument(
            "--piece-bytes",
            type=int,
            default=sending.PIECE_BYTES,
            help="Bytes sent in one request (smaller on a poor line: a cut loses less).",
        )

    def handle(self, *args, by: str, why: str, piece_bytes: int, **options) -> None:
        if not 1024 <= piece_bytes <= sending.PIECE_BYTES:
            raise CommandError(_("--piece-bytes must be between 1024 and %(most)s.") % {"most": sending.PIECE_BYTES})
        if sending.link() is None:
            raise CommandError(_("This laptop is not joined to a league."))
        if bool(by.strip()) != bool(why.strip()):
            raise CommandError(_("A correction needs both: who corrected it (--by) and why (--why)."))
        correction = {"by": by.strip(), "why": why.strip()} if by.strip() else None
        nights = sending.nights_to_send()
        if not nights:
            self.stdout.write(_("Every finished night is sent."))
            return
        failed = 0
        for night in nights:
            label = f"{formats.date_format(night.date, 'SHORT_DATE_FORMAT')} ({night.season.name})"
            try:
                outcome = sending.send_night(night, correction=correction, piece_bytes=piece_bytes)
            except client.LinkError as error:
                outcome = sending.Outcome("refused", str(error))
            if outcome.status == "refused":
                failed += 1
                self.stdout.write(f"{label}: " + _("refused: %(words)s") % {"words": outcome.words})
            else:
                self.stdout.write(f"{label}: {outcome.words}")
        if failed:
            raise CommandError(_("%(count)s night(s) not sent.") % {"count": failed})
