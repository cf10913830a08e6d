"""The qualifiers' final as a night of its own: made with the qualified players as its entries (no fee), matched
again to the list while it is not drawn; its desk, draw, clock and sheets are every night's.

Each function checks its rules first and writes nothing when one fails (docs/league-rules.md, "Qualifiers'
final")."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from league.models import Entry, Night, NightStatus, Season, Venue
from results.qualifiers.tables import qualified_players

NO_FEE = Decimal("0.00")
DRAWN = (NightStatus.SEATED, NightStatus.FINISHED)


class FinalError(Exception):
    """A rule was broken; the message is shown as it is, beside `field` when one is named."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def _day(day: datetime.date) -> str:
    return formats.date_format(day, "SHORT_DATE_FORMAT")


def season_final(season: Season) -> Night | None:
    return Night.objects.filter(season=season, is_final=True).select_related("venue").first()


def _enter(night: Night, player_ids: list[int], by: AbstractBaseUser) -> None:
    """Entries paid at no fee, as the desk writes a paid entry: the draw seats paid entries only."""
    now = timezone.now()
    Entry.objects.bulk_create(
        Entry(
            night=night,
            player_id=pk,
            registered_by=by,
            fee_paid=NO_FEE,
            jackpot_share=NO_FEE,
            paid_at=now,
            received_by=by,
        )
        for pk in player_ids
    )


@transaction.atomic
def create_final(
    *,
    season: Season,
    date: datetime.date,
    venue: Venue,
    by: AbstractBaseUser,
    starts_at: datetime.time | None = None,
) -> Night:
    """The season's final at `venue` on `date`, its entries exactly the qualified players (no fee)."""
    season = Season.objects.select_for_update().get(pk=season.pk)
    if not season.qualification.active:
        raise FinalError(_("This season has no qualification rule: set one in the season's settings first."))
    existing = season_final(season)
    if existing is not None:
        raise FinalError(
            _("This season already has its final (%(date)s at %(venue)s).")
            % {"date": _day(existing.date), "venue": existing.venue.name}
        )
    if season.venue_id is not None and venue.pk != season.venue_id:
        raise FinalError(
            _("This season counts only the nights at %(venue)s.") % {"venue": season.venue.name}, field="venue"
        )
    if not season.start_date <= date <= season.end_date:
        raise FinalError(
            _("%(date)s lies outside the season (%(start)s – %(end)s); move the season's last day to hold the final.")
            % {"date": _day(date), "start": _day(season.start_date), "end": _day(season.end_date)},
            field="date",
        )
    if season.nights.filter(date=date, venue=venue).exists():
        raise FinalError(
            _("%(venue)s already has a night of this season on %(date)s.") % {"venue": venue.name, "date": _day(date)},
            field="date",
        )
    players = qualified_players(season)
    if len(players) < 2:
        raise FinalError(_("Fewer than two players have qualified so far: there is no final to play yet."))
    night = Night(season=season, venue=venue, date=date, is_final=True)
    if starts_at is not None:
        night.starts_at = starts_at
    night.save()
    night.qualified.set(players)
    _enter(night, [p.pk for p in players], by)
    return night


@dataclass(frozen=True)
class Matched:
    added: list[str]
    withdrawn: list[str]


@transaction.atomic
def match_final(*, season: Season, by: AbstractBaseUser) -> Matched:
    """The final's entries made the qualified players again (results came in or the rule changed since it was
    made): newly qualified players are entered, those no longer qualified withdrawn. Not once it is drawn."""
    season = Season.objects.select_for_update().get(pk=season.pk)
    night = season_final(season)
    if night is None:
        raise FinalError(_("This season has no final yet."))
    night = Night.objects.select_for_update().get(pk=night.pk)
    if night.status in DRAWN:
        raise FinalError(_("The final's seating has been drawn: its players no longer change."))
    players = qualified_players(season)
    wanted = {p.pk: p for p in players}
    active = {e.player_id: e for e in Entry.objects.active().filter(night=night).select_related("player")}
    now = timezone.now()
    withdrawn = []
    paid_a_fee = [e.player.name for pk, e in active.items() if pk not in wanted and (e.fee_paid or NO_FEE) > 0]
    if paid_a_fee:
        raise FinalError(
            _("%(names)s paid a fee at the desk: withdraw them there with their refund first.")
            % {"names": ", ".join(sorted(paid_a_fee))}
        )
    for player_id, entry in active.items():
        if player_id not in wanted:
            entry.withdrawn_at, entry.withdrawn_by = now, by
            entry.refund_amount = NO_FEE if entry.is_paid else None
            entry.withdrawal_reason = _("no longer qualified")
            entry.save(update_fields=["withdrawn_at", "withdrawn_by", "refund_amount", "withdrawal_reason"])
            withdrawn.append(entry.player.name)
    added = [pk for pk in wanted if pk not in active]
    night.qualified.set(players)
    _enter(night, added, by)
    return Matched([wanted[pk].name for pk in added], sorted(withdrawn))
