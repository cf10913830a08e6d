"""``python manage.py organizer_password [USERNAME]``: a new password for an organizer account whose password is
lost, on the machine that runs the league.

    python manage.py organizer_password            # the only organizer account
    python manage.py organizer_password petra      # one of several

Prints a new generated password once, in the venue's language, and keeps it in this database's login file
(league/accounts/first_login.py), like the first start. No second account, no admin and no shell needed:
whoever can type in the league's folder can already read its database. An unknown name changes nothing and
lists the organizer accounts there are.
"""

from __future__ import annotations

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation
from django.utils.translation import gettext as _

from league.accounts import first_login


class Command(BaseCommand):
    help = (
        "Set a new generated password for an organizer account (the only one when no name is given) and print it once."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("username", nargs="?", help="the organizer account (needed only when there are several)")

    def handle(self, *args, username: str | None = None, **options) -> None:
        with translation.override(settings.LANGUAGE_CODE):  # the venue's language, as its console
            self._reset(username.strip() if username else None)

    def _reset(self, username: str | None) -> None:
        try:
            login = first_login.reset_password(username)
        except first_login.NoSuchOrganizer as missing:
            raise CommandError(self._refusal(missing), returncode=2) from None
        write = self.stdout.write
        write(self.style.SUCCESS(_("New password set. Log in with:")))
        write(self.style.WARNING(f"  {_('Username:')} {login.username}"))
        write(self.style.WARNING(f"  {_('Password:')} {login.password}"))
        if login.file is not None:
            write(
                _(
                    "The password is shown only now; it is also kept in %(file)s. Change it after logging in "
                    "(Organizer → Change your password)."
                )
                % {"file": login.file}
            )
        else:
            write(
                self.style.WARNING(
                    _(
                        "The password is shown only now: it could not be written to a file. Note it, "
                        "then change it after logging in (Organizer → Change your password)."
                    )
                )
            )
        write(_("The old password no longer works; phones logged in with it are logged out."))

    @staticmethod
    def _refusal(missing: first_login.NoSuchOrganizer) -> str:
        names = ", ".join(missing.organizers)
        if not missing.organizers:
            return _(
                "There is no organizer account yet: `manage.py venue` makes the first one and shows its password. "
                "Nothing was changed."
            )
        if missing.username is None:
            return _(
                "There are several organizer accounts (%(names)s): name the one, e.g. "
                "`manage.py organizer_password %(first)s`. Nothing was changed."
            ) % {"names": names, "first": missing.organizers[0]}
        return _(
            "There is no organizer account “%(username)s” (the organizer accounts: %(names)s). Nothing was changed."
        ) % {"username": missing.username, "names": names}
