"""Join this venue's laptop to the league's server, once, with the code the league's organizer made:

    python manage.py join_league https://liga.example.org ABCD-EFGH-JKMN [--label "Laptop an der Bar"]

Makes the laptop's key pair, sends the code and the public key, and keeps the link (online.models.LeagueLink).
A laptop joined already joins again only with --replace. Exit 1 with one line in words when refused."""

from __future__ import annotations

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation
from django.utils.translation import gettext as _

from online.federation.joining import AlreadyJoined, JoinError, join_league


class Command(BaseCommand):
    help = "Join this venue's laptop to the league's server with a one-time code from the league's organizer."

    def add_arguments(self, parser) -> None:
        parser.add_argument("server_url", help="the league server's address, like https://liga.example.org")
        parser.add_argument("code", help="the joining code, like ABCD-EFGH-JKMN")
        parser.add_argument("--label", default="", help="a name for this laptop, shown to the league's organizer")
        parser.add_argument("--replace", action="store_true", help="join again: replace this laptop's link and key")

    def handle(self, *args, server_url: str, code: str, label: str, replace: bool, **options) -> None:
        with translation.override(settings.LANGUAGE_CODE):
            try:
                link = join_league(server_url=server_url, code=code, label=label, replace=replace)
            except AlreadyJoined as error:
                hint = _("Use --replace to join again.")
                raise CommandError(f"{error} {hint}") from None
            except JoinError as error:
                raise CommandError(str(error)) from None
            self.stdout.write(_("This laptop is joined to the league for “%(venue)s”.") % {"venue": link.venue_name})
