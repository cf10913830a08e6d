"""``python manage.py unlock_logins``: list locked logins, or lift them, on the machine that runs the league.

For the organizer who cannot log in and has no second account: no admin, no shell.

    python manage.py unlock_logins                      # which addresses are locked
    python manage.py unlock_logins --address 192.168.1.23
    python manage.py unlock_logins --all                # every lock, from everywhere
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from league.accounts import logins


class Command(BaseCommand):
    help = "List the addresses locked after too many wrong passwords, or unlock one (--address) or all (--all)."

    def add_arguments(self, parser) -> None:
        choice = parser.add_mutually_exclusive_group()
        choice.add_argument("--address", help="unlock this address (as the list shows it)")
        choice.add_argument("--all", action="store_true", help="unlock every address")

    def handle(self, *args, address: str | None, all: bool, **options) -> None:
        if all:
            count = logins.unlock_everything()
            self.stdout.write(f"Unlocked: every login ({count} records of wrong passwords forgotten).")
            return
        if address is not None:
            if not logins.unlock_address(ip_address=address.strip()):
                raise CommandError(f"{address} is not locked (see: manage.py unlock_logins)", returncode=2)
            self.stdout.write(f"Unlocked: {address.strip()} can try to log in again.")
            return
        locked = logins.locked_logins()
        if not locked:
            self.stdout.write("No login is locked.")
            return
        for row in locked:
            tried = ", ".join(row.usernames) + (f" and {row.more_usernames} more" if row.more_usernames else "")
            self.stdout.write(
                f"{row.ip_address}\t{row.failures} wrong passwords\tlast {row.last_attempt:%Y-%m-%d %H:%M}\taccounts tried: {tried or '-'}"
            )
        self.stdout.write("Unlock one with --address ADDRESS, or all with --all.")
