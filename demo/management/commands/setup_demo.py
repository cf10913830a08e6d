"""Demo data for a first look: a season, 24 players, the coming night with some entries, an organizer login.

Safe to run again: it creates only what is missing and keeps everything else. Everything it makes is marked
as the demo (Season.is_demo, Player.is_demo): once the league has a season of its own the demo is never its
current season or next night, and `manage.py remove_demo` (or Organizer → Remove the demo) takes it away.
It never adds to a season of the league's own. The organizer login is the league's first one
(league/accounts/first_login.py): made and shown once when nobody can log in yet, kept otherwise.
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _

from league.accounts.first_login import FirstLogin, ensure_first_organizer
from league.desk import services
from league.models import Entry, Night, NightStatus, Player, Season
from results import jackpot
from tournaments.floor import services as night_services
from tournaments.placements import paper as manual_results
from tournaments.poker.cards import seeded_rng

PLAYERS = [
    ("Anna Berger", "Ace"),
    ("Ben Schuster", ""),
    ("Carla Wolf", "Queenie"),
    ("David Krause", ""),
    ("Elif Yilmaz", ""),
    ("Felix Braun", "Fish"),
    ("Greta Hoffmann", ""),
    ("Hakan Demir", "Hak"),
    ("Ines Vogel", ""),
    ("Jonas Richter", "JoJo"),
    ("Katrin Neumann", ""),
    ("Lukas Schmid", ""),
    ("Mara König", "Maverick"),
    ("Nico Fischer", ""),
    ("Olga Petrova", ""),
    ("Paul Zimmermann", "Pauli"),
    ("Queenie Lang", ""),
    ("Rafael Costa", ""),
    ("Sofia Weber", "Sofi"),
    ("Tim Hartmann", ""),
    ("Ute Krüger", ""),
    ("Viktor Lehmann", "Vik"),
    ("Wiebke Jansen", ""),
    ("Yusuf Aydin", ""),
]


class Command(BaseCommand):
    help = "Create demo data and an organizer login (keeps existing data)."
    # It runs right after `migrate` (README: `migrate && setup_demo`), which has just run every system check: running them
    # again (the URL configuration with them) was a sixth of this command's CPU.
    requires_system_checks: list[str] = []

    def handle(self, *args, **options) -> None:
        with translation.override(settings.LANGUAGE_CODE):
            login = ensure_first_organizer()  # its own transaction: the login file is written once it is kept
            with transaction.atomic():
                organizer = get_user_model().objects.get(username=login.username)
                season = self._season()
                players = self._players()
                self._last_week(season, players, organizer)
                night = self._coming_night(season)
                self._entries(night, players, organizer)
            self._report(season, night, login)

    def _report(self, season: Season, night: Night, login: FirstLogin) -> None:
        write = self.stdout.write
        write(self.style.SUCCESS(_("Demo data ready.")))
        write(
            "  "
            + _("Season: %(season)s; next night: %(date)s (%(entries)s entries)")
            % {
                "season": season.name,
                "date": formats.date_format(night.date, "SHORT_DATE_FORMAT"),
                "entries": night.entries.active().count(),
            }
        )
        if login.created:
            write(
                self.style.WARNING(
                    "  "
                    + _("Organizer login: %(username)s / %(password)s")
                    % {
                        "username": login.username,
                        "password": login.password,
                    }
                )
            )
            write("  " + _("The password is also kept in %(file)s.") % {"file": login.file})
        elif login.file is not None:
            write(
                "  "
                + _("Log in as “%(username)s”; the password is in %(file)s.")
                % {"username": login.username, "file": login.file}
            )
        else:
            write("  " + _("Log in with your organizer account (“%(username)s”).") % {"username": login.username})
        write(
            "  " + _("Remove the demo when the league starts: Organizer → Remove the demo, or `manage.py remove_demo`.")
        )

    def _season(self) -> Season:
        """The demo's season running today, else a new one; never a season of the league's own."""
        today = timezone.localdate()
        season = (
            Season.objects.filter(is_demo=True, start_date__lte=today, end_date__gte=today)
            .order_by("-start_date")
            .first()
        )
        if season:
            return season
        start = today - datetime.timedelta(days=30)
        name = f"Demo-Saison {today.year}"
        if Season.objects.filter(name=name).exists():
            name = f"Demo-Saison {today.isoformat()}"
        return Season.objects.create(
            name=name, start_date=start, end_date=start + datetime.timedelta(days=180), is_demo=True
        )

    def _players(self) -> list[Player]:
        """The 24 demo players, those of an earlier run kept: one query to find them, one to add the missing."""
        wanted = [
            Player(
                name=name,
                nickname=nickname,
                date_of_birth=datetime.date(1960 + index, 1 + index % 12, 1 + index % 28),
                contact="",
                is_demo=True,
            )
            for index, (name, nickname) in enumerate(PLAYERS)
        ]
        kept: dict[tuple, Player] = {}
        for player in Player.objects.filter(is_demo=True, name__in=[name for name, _nickname in PLAYERS]).order_by(
            "id"
        ):
            kept.setdefault((player.name, player.date_of_birth), player)  # the first made, as before
        Player.objects.bulk_create([player for player in wanted if (player.name, player.date_of_birth) not in kept])
        return [kept.get((player.name, player.date_of_birth), player) for player in wanted]

    def _last_week(self, season: Season, players: list[Player], organizer) -> None:
        """A finished night with paper results and confirmed deposits, so standings and jackpot show something."""
        today = timezone.localdate()
        date = today - datetime.timedelta(days=7 + (today.weekday() - season.weekday) % 7)
        night, created = Night.objects.get_or_create(season=season, date=date)
        if not created or date < season.start_date:
            return
        for player in players[4:16]:
            services.register_player(night=night, player=player, by=organizer, fee=season.entry_fee)
        rng = seeded_rng(2026)
        for table in night_services.draw_seating(night=night, rng=rng):
            seats = list(table.seats.order_by("position"))
            night_services.draw_first_dealer(table=table, rng=rng)
            order = rng.sample(seats, len(seats))
            manual_results.record_paper_results(
                table=table,
                places=[(seat.pk, place) for place, seat in enumerate(order, start=1)],
                by=organizer,
                version=manual_results.results_version(table),
            )
            jackpot.confirm_deposit(table=table, by=organizer)
        night.status = NightStatus.FINISHED
        night.save(update_fields=["status"])

    def _coming_night(self, season: Season) -> Night:
        """The demo season's next night that is not finished, else one on its next league weekday."""
        today = timezone.localdate()
        night = season.nights.filter(date__gte=today).exclude(status=NightStatus.FINISHED).order_by("date").first()
        if night:
            return night
        date = today + datetime.timedelta(days=(season.weekday - today.weekday()) % 7)
        night, _created = Night.objects.get_or_create(season=season, date=date)
        return night

    def _entries(self, night: Night, players: list[Player], organizer) -> None:
        if Entry.objects.filter(night=night).exists() or not night.registration_open:
            return
        for index, player in enumerate(players[:10]):
            fee = night.season.entry_fee if index < 8 else None
            services.register_player(night=night, player=player, by=organizer, fee=fee)
