"""Before a night: fetch the league's players, seasons and structures onto this venue's laptop.

    python manage.py fetch_league [--by <organizer's username>]

Writes them by uid in one transaction (online.federation.fetching) and prints what changed. A player the
league merged away is merged here into the one kept, recorded for --by (default: the first superuser, else
the first organizer). Exit 1 with one line in words when nothing could be fetched; nothing is then changed."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation
from django.utils.translation import gettext as _

from online.federation.fetching import FetchError, fetch_league, fetched_counts


class Command(BaseCommand):
    help = "Fetch the league's players, seasons and structures onto this venue's laptop before a night."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--by", default="", help="the organizer's username merges are recorded for")

    def handle(self, *args, by: str, **options) -> None:
        with translation.override(settings.LANGUAGE_CODE):
            users = get_user_model().objects.filter(is_active=True, is_staff=True)
            if by:
                user = users.filter(username=by).first()
                if user is None:
                    raise CommandError(_("No active organizer is called “%(name)s”.") % {"name": by})
            else:
                user = users.order_by("-is_superuser", "pk").first()
            try:
                fetched = fetch_league(by=user)
            except FetchError as error:
                raise CommandError(_("Nothing fetched: %(reason)s") % {"reason": error}) from None
            self.stdout.write(_("League fetched: %(counts)s") % {"counts": fetched_counts(fetched)})
            for warning in fetched.warnings:
                self.stdout.write(self.style.WARNING(warning))
