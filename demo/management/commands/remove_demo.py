"""Remove the demo: its seasons with everything in them and its players, nothing of the league's own.

    python manage.py remove_demo            # asks first
    python manage.py remove_demo --no-input

The same as Organizer → Remove the demo (demo/removal.py says what goes and what stays).
"""

from __future__ import annotations

import sys

from django.conf import settings
from django.core.management.base import BaseCommand
from django.utils import translation
from django.utils.translation import gettext as _

from demo.removal import DemoContents, demo_contents, remove_demo


class Command(BaseCommand):
    help = "Remove the demo season, its nights and its players (asks first)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--no-input", "--noinput", action="store_false", dest="interactive", help="do not ask")

    def handle(self, *args, interactive: bool, **options) -> None:
        with translation.override(settings.LANGUAGE_CODE):
            contents = demo_contents()
            if contents.empty:
                self.stdout.write(_("There is no demo to remove."))
                return
            self.stdout.write(describe(contents))
            if interactive and sys.stdin.isatty():
                answer = input(_("Remove the demo? Type “yes” to confirm: ")).strip().lower()
                if answer not in {_("yes"), "yes"}:
                    self.stdout.write(_("Nothing was removed."))
                    return
            remove_demo()
            self.stdout.write(self.style.SUCCESS(_("The demo has been removed.")))


def describe(contents: DemoContents) -> str:
    lines = [
        _(
            "The demo holds: %(seasons)s; %(nights)s nights, %(entries)s entries, %(tables)s tables, %(hands)s hands; "
            "%(players)s players."
        )
        % {
            "seasons": ", ".join(contents.seasons) or "–",
            "nights": contents.nights,
            "entries": contents.entries,
            "tables": contents.tables,
            "hands": contents.hands,
            "players": contents.players,
        }
    ]
    if contents.players_kept:
        lines.append(
            _("%(count)s demo players have played in the league's own nights: they stay.")
            % {"count": contents.players_kept}
        )
    lines.append(_("Organizer accounts and everything of the league's own stay."))
    return "\n".join(lines)
