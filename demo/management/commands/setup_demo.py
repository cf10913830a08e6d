"""Demo data for a first look: a season, 24 players, the coming night with some entries, an organizer login.

Safe to run again: it creates only what is missing and keeps everything else.
"""
from __future__ import annotations

import datetime
import os
import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from league.desk import services
from league.models import Entry, Night, NightStatus, Player, Season
from league.seasons import services as seasons
from results import jackpot
from tournaments.night import services as night_services
from tournaments.placements import paper as manual_results
from tournaments.poker.cards import seeded_rng

PLAYERS = [
    ("Anna Berger", "Ace"), ("Ben Schuster", ""), ("Carla Wolf", "Queenie"), ("David Krause", ""),
    ("Elif Yilmaz", ""), ("Felix Braun", "Fish"), ("Greta Hoffmann", ""), ("Hakan Demir", "Hak"),
    ("Ines Vogel", ""), ("Jonas Richter", "JoJo"), ("Katrin Neumann", ""), ("Lukas Schmid", ""),
    ("Mara König", "Maverick"), ("Nico Fischer", ""), ("Olga Petrova", ""), ("Paul Zimmermann", "Pauli"),
    ("Queenie Lang", ""), ("Rafael Costa", ""), ("Sofia Weber", "Sofi"), ("Tim Hartmann", ""),
    ("Ute Krüger", ""), ("Viktor Lehmann", "Vik"), ("Wiebke Jansen", ""), ("Yusuf Aydin", ""),
]
LOGIN_FILE = settings.DATA_DIR / ".organizer-login"
USERNAME = "organizer"


class Command(BaseCommand):
    help = "Create demo data and an organizer login (keeps existing data)."

    def handle(self, *args, **options) -> None:
        with transaction.atomic():
            organizer, password = self._organizer()
            season = self._season()
            players = self._players()
            self._last_week(season, players, organizer)
            night = self._coming_night(season)
            self._entries(night, players, organizer)
        self.stdout.write(self.style.SUCCESS("Demo data ready."))
        self.stdout.write(f"  Season: {season.name}; next night: {night.date.isoformat()} ({night.entries.active().count()} entries)")
        self.stdout.write(self.style.WARNING(f"  Organizer login: {USERNAME} / {password}"))
        self.stdout.write("  Open http://127.0.0.1:8000/ and log in.")

    def _organizer(self):
        User = get_user_model()
        user, created = User.objects.get_or_create(username=USERNAME, defaults={"is_staff": True, "is_superuser": True})
        password = LOGIN_FILE.read_text().strip() if LOGIN_FILE.exists() and not created else ""
        if not password or not user.check_password(password):
            password = secrets.token_urlsafe(9)
            user.set_password(password)
            user.is_staff = user.is_superuser = True
            user.save()
            # Only its owner may read the password (mode 0600 from the start).
            with open(os.open(LOGIN_FILE, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as handle:
                handle.write(password + "\n")
            LOGIN_FILE.chmod(0o600)
        return user, password

    def _season(self) -> Season:
        today = timezone.localdate()
        season = Season.objects.filter(start_date__lte=today, end_date__gte=today).first()
        if season:
            return season
        start = today - datetime.timedelta(days=30)
        season, _ = Season.objects.get_or_create(
            name=f"Demo-Saison {today.year}", defaults={"start_date": start, "end_date": start + datetime.timedelta(days=180)}
        )
        return season

    def _players(self) -> list[Player]:
        players = []
        for index, (name, nickname) in enumerate(PLAYERS):
            born = datetime.date(1960 + index, 1 + index % 12, 1 + index % 28)
            player, _ = Player.objects.get_or_create(
                name=name, defaults={"nickname": nickname, "date_of_birth": born, "contact": ""}
            )
            players.append(player)
        return players

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
        today = timezone.localdate()
        date = today + datetime.timedelta(days=(season.weekday - today.weekday()) % 7)
        night = seasons.next_night(today)
        if night:
            return night
        night, _ = Night.objects.get_or_create(season=season, date=date)
        return night

    def _entries(self, night: Night, players: list[Player], organizer) -> None:
        if Entry.objects.filter(night=night).exists() or not night.registration_open:
            return
        for index, player in enumerate(players[:10]):
            fee = night.season.entry_fee if index < 8 else None
            services.register_player(night=night, player=player, by=organizer, fee=fee)
