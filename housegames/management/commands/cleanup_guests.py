"""``python manage.py cleanup_guests [--days N]``: remove stale guest data; run it daily from cron.

Deletes the house-game bankrolls of guests (not of named players) idle for N days (default 30), with
their rounds and ledgers, unless a round is still in play; expired sessions (Django's clearsessions);
and one-time form tokens too old to be posted again.
"""

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from housegames.services.bankroll import delete_stale_guests
from league import once


class Command(BaseCommand):
    help = "Delete guests' house-game bankrolls idle for --days (default 30), expired sessions and old form tokens."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--days", type=int, default=30, help="idle days before a guest's bankroll goes (default 30)"
        )

    def handle(self, *args, **options) -> None:
        days = options["days"]
        if not 1 <= days <= 3650:
            raise CommandError("--days must lie between 1 and 3650", returncode=2)
        bankrolls = delete_stale_guests(idle_days=days)
        call_command("clearsessions")
        tokens = once.forget_old_tokens()
        self.stdout.write(f"{bankrolls} guest bankrolls, expired sessions and {tokens} old form tokens removed")
