"""Seasons and nights run from the site: create and edit a season, plan the next night,
open and close registration (finishing a night needs its tables: tournaments/floor/services.py).

Each function checks its rules first and writes nothing when one fails. Which
season settings freeze, and when, is decided in `frozen_fields`.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import QuerySet
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from league import held, statements
from league.models import Entry, Night, NightStatus, Season, Venue, default_venue
from league.rules.errors import RulesError
from league.rules.inputs import ascii_whole_or_none
from league.web.rule_errors import rules_message

# Copied into every paid entry (its jackpot share) or read by the desk: fixed once money was taken.
MONEY_FIELDS = ("entry_fee", "jackpot_share")
# Copied into every seat or read by the running clock and the tracker: fixed once a seating was drawn.
PLAY_FIELDS = ("starting_stack", "start_small_blind", "start_big_blind", "level_minutes", "min_bet_rule")
# The season's own blind structure (its page is the clock's: tournaments/clock/): frozen like the blinds.
STRUCTURE_FIELDS = ("blind_structure",)
# The seed's doubling reads these; a season with its own structure takes its levels from that instead.
DOUBLING_FIELDS = ("start_small_blind", "start_big_blind", "level_minutes")
# Who goes to the qualifiers' final (results/qualifiers/): frozen once the final is drawn.
QUALIFICATION_FIELDS = ("qualification_rule", "qualification_top", "qualification_min_nights")
# The season's own form edits these; the points scheme has its own page (it freezes with results).
EDITABLE_FIELDS = (
    "name",
    "start_date",
    "end_date",
    "weekday",
    "venue",
    *MONEY_FIELDS,
    "jackpot_payout_split",
    "jackpot_per_venue",
    *PLAY_FIELDS,
    "break_every_levels",
    "break_minutes",
    "tie_rule",
    *QUALIFICATION_FIELDS,
)
# What tied players earn: set before play, frozen like the blinds (changing it later would move places
# already shown; the points scheme's page is the way to recompute).
TIE_FIELDS = ("tie_rule",)

# A new season also takes its points rules; afterwards the scheme page changes them (frozen with results).
POINTS_FIELDS = ("points_scheme", "fixed_points", "points_formula", "best_nights", "knockout_points")
CREATE_FIELDS = (*EDITABLE_FIELDS, *POINTS_FIELDS)


class SeasonError(Exception):
    """A rule was broken; the message is shown to the organizer as it is. `field` names the setting, if one."""

    def __init__(self, message: str, *, field: str | None = None):
        super().__init__(message)
        self.field = field


class OtherWeekday(SeasonError):
    """The night falls on another weekday than the league's: allowed, but only once confirmed."""


def _day(day: datetime.date) -> str:
    return formats.date_format(day, "SHORT_DATE_FORMAT")


def _label(field: str) -> str:
    return str(Season._meta.get_field(field).verbose_name)


def frozen_fields(season: Season) -> dict[str, str]:
    """The settings that can no longer change, each with the reason shown beside it."""
    if season.pk is None:
        return {}
    frozen: dict[str, str] = {}
    if Entry.objects.filter(night__season=season, paid_at__isnull=False).exists():
        reason = _("frozen: fees have been taken this season")
        # The players paid their shares into the pot the season announced: pooled or their venue's.
        frozen.update(dict.fromkeys((*MONEY_FIELDS, "jackpot_per_venue"), reason))
    if season.nights.filter(status__in=[NightStatus.SEATED, NightStatus.FINISHED]).exists():  # drawn
        reason = _("frozen: a seating has been drawn this season")
        frozen.update(dict.fromkeys((*PLAY_FIELDS, *STRUCTURE_FIELDS, *TIE_FIELDS), reason))
    if season.nights.filter(is_final=True, status__in=[NightStatus.SEATED, NightStatus.FINISHED]).exists():
        reason = _("frozen: the qualifiers' final has been drawn")
        frozen.update(dict.fromkeys(QUALIFICATION_FIELDS, reason))
    return frozen


def _check_nights_at_its_venue(season: Season) -> None:
    """A season that counts one venue holds only that venue's nights: one elsewhere would count for nobody's
    table (docs/league-rules.md, "Venues")."""
    if season.venue_id is None or season.pk is None:
        return
    elsewhere = season.nights.exclude(venue_id=season.venue_id).select_related("venue").order_by("date").first()
    if elsewhere is not None:
        raise SeasonError(
            _("The night of %(date)s is at %(venue)s: a season of one venue holds only that venue's nights.")
            % {"date": _day(elsewhere.date), "venue": elsewhere.venue.name},
            field="venue",
        )


def _check_nights_inside(season: Season) -> None:
    outside = season.nights.exclude(date__range=(season.start_date, season.end_date)).order_by("date").first()
    if outside is not None:
        raise SeasonError(
            _("The night of %(date)s would lie outside the season; move the season's dates around it.")
            % {"date": _day(outside.date)},
            field="start_date" if outside.date < season.start_date else "end_date",
        )


def _validate(season: Season) -> None:
    # The plain rules first, with their own messages, before the model's constraints would name them.
    if season.end_date < season.start_date:
        raise SeasonError(_("The season cannot end before it starts."), field="end_date")
    if season.jackpot_share > season.entry_fee:
        raise SeasonError(_("The jackpot share cannot be more than the entry fee."), field="jackpot_share")
    if season.start_big_blind < season.start_small_blind:
        raise SeasonError(_("The big blind cannot be smaller than the small blind."), field="start_big_blind")
    try:
        season.full_clean()
    except ValidationError as error:
        field, messages = next(iter(error.message_dict.items()))
        raise SeasonError(" ".join(messages), field=None if field == "__all__" else field) from None
    try:
        season.scheme  # noqa: B018 - reading it checks the formula, the knockout bonus and the nights that count, as the standings read them
    except RulesError as error:
        field = {"formula": "points_formula", "knockout": "knockout_points", "best": "best_nights"}.get(
            error.code.split("_")[0], "fixed_points"
        )
        raise SeasonError(rules_message(error), field=field) from None


@transaction.atomic
def create_season(*, structure_of: Season | None = None, **settings: Any) -> Season:
    """A new season from the form's settings (keyword-only by construction); `structure_of`: a season whose
    own blind structure it plays too (a copy: changing one later leaves the other as it is)."""
    unknown = set(settings) - set(CREATE_FIELDS)
    if unknown:
        raise TypeError(f"not a season setting: {', '.join(sorted(unknown))}")
    season = Season(**settings)
    if structure_of is not None and structure_of.blind_structure:
        # The start blinds and minutes follow the structure's first level, as they do on the season it came from.
        season.blind_structure = structure_of.blind_structure
        for field in DOUBLING_FIELDS:
            setattr(season, field, getattr(structure_of, field))
    _validate(season)
    season.save()
    return season


# "New season like the last": everything but its name and dates (docs/features.md).
COPIED_FIELDS = tuple(name for name in CREATE_FIELDS if name not in ("name", "start_date", "end_date"))


def like(season: Season) -> dict[str, Any]:
    """A new season's settings copied from `season`, its dates the same length from the day after it ends."""
    settings = {name: getattr(season, name) for name in COPIED_FIELDS}
    start = season.end_date + datetime.timedelta(days=1)
    settings.update(start_date=start, end_date=start + (season.end_date - season.start_date))
    return settings


def overlapping_seasons(start: datetime.date, end: datetime.date, *, exclude: int | None = None) -> list[Season]:
    """The other seasons whose dates meet `start`..`end` (the demo's left out): allowed, but the form warns,
    because the home page and the public jackpot page then follow only one of them."""
    seasons = Season.objects.filter(start_date__lte=end, end_date__gte=start, is_demo=False)
    if exclude is not None:
        seasons = seasons.exclude(pk=exclude)
    return list(seasons.order_by("start_date", "pk"))


@transaction.atomic
def update_season(*, season: Season, changes: dict[str, Any]) -> Season:
    """Change a season's settings; a frozen one that differs refuses the whole change, naming it."""
    season = Season.objects.select_for_update().get(pk=season.pk)
    frozen = frozen_fields(season)
    for field, value in changes.items():
        if field not in EDITABLE_FIELDS:
            raise TypeError(f"not a season setting: {field}")
        if field in frozen and getattr(season, field) != value:
            raise SeasonError(
                _("“%(field)s” can no longer change (%(reason)s).") % {"field": _label(field), "reason": frozen[field]},
                field=field,
            )
    for field, value in changes.items():
        setattr(season, field, value)
    _validate(season)
    _check_nights_inside(season)
    _check_nights_at_its_venue(season)
    season.save(update_fields=list(changes))
    return season


def next_league_day(after: datetime.date, weekday: int) -> datetime.date:
    """The first day on `weekday` strictly after `after`."""
    return after + datetime.timedelta(days=(weekday - after.weekday() - 1) % 7 + 1)


def suggest_night_date(season: Season, today: datetime.date | None = None) -> datetime.date:
    """The league weekday after the season's last night; with no night yet, the next one from today on."""
    today = today or timezone.localdate()
    last = season.nights.order_by("-date").values_list("date", flat=True).first()
    start = last if last is not None else max(today, season.start_date) - datetime.timedelta(days=1)
    return next_league_day(start, season.weekday)


@transaction.atomic
def create_night(
    *,
    season: Season,
    date: datetime.date,
    starts_at: datetime.time | None = None,
    confirm_weekday: bool = False,
    venue: Venue | None = None,
) -> Night:
    """Plan a league night with registration open. A day other than the league's weekday needs `confirm_weekday`.
    `venue`: where it is played (the league's first venue if not given: a league of one pub never names it)."""
    season = Season.objects.select_for_update().get(pk=season.pk)
    venue_id = venue.pk if venue is not None else default_venue()
    if season.venue_id is not None and venue_id != season.venue_id:
        raise SeasonError(
            _("This season counts only the nights at %(venue)s.") % {"venue": season.venue.name}, field="venue"
        )
    if not season.start_date <= date <= season.end_date:
        raise SeasonError(
            _("%(date)s lies outside the season (%(start)s – %(end)s).")
            % {
                "date": _day(date),
                "start": _day(season.start_date),
                "end": _day(season.end_date),
            },
            field="date",
        )
    if season.nights.filter(date=date, venue_id=venue_id).exists():
        raise SeasonError(_("This season already has a night on %(date)s.") % {"date": _day(date)}, field="date")
    if date.weekday() != season.weekday and not confirm_weekday:
        raise OtherWeekday(
            _("%(date)s is not a %(weekday)s, the league's weekday. Create the night anyway?")
            % {"date": _day(date), "weekday": season.get_weekday_display()},
            field="date",
        )
    night = Night(season=season, date=date, venue_id=venue_id)
    if starts_at is not None:
        night.starts_at = starts_at
    night.save()
    return night


def _lock(night: Night) -> Night:
    return Night.objects.select_for_update().select_related("season").get(pk=night.pk)


@transaction.atomic
def close_registration(*, night: Night) -> Night:
    """No new entries, fees or withdrawals at the desk until it is opened again or the seating is drawn."""
    night = _lock(night)
    if night.status != NightStatus.REGISTRATION:
        raise SeasonError(_("Registration for this night is not open."))
    night.status = NightStatus.CLOSED
    night.save(update_fields=["status"])
    return night


@transaction.atomic
def open_registration(*, night: Night) -> Night:
    night = _lock(night)
    if night.status == NightStatus.REGISTRATION:
        raise SeasonError(_("Registration for this night is already open."))
    if night.status != NightStatus.CLOSED:
        raise SeasonError(
            _("The seating has been drawn: registration cannot open again. Late arrivals join from the seating page.")
        )
    night.status = NightStatus.REGISTRATION
    night.save(update_fields=["status"])
    return night


def current_season(seasons: Sequence[Season], today: datetime.date | None = None) -> Season | None:
    """The season running today, else the one that started last. `seasons` is the list the page shows anyway.

    Once the league has a season of its own, the demo's seasons are never the current one."""
    today = today or timezone.localdate()
    seasons = [s for s in seasons if not s.is_demo] or list(seasons)
    running = [s for s in seasons if s.start_date <= today <= s.end_date]
    pool = running or list(seasons)
    return max(pool, key=lambda s: (s.start_date, s.pk)) if pool else None


def choose_season(raw: str | None) -> tuple[list[Season], Season | None]:
    """All seasons (for the filter) and the chosen one: `?season=<id>`, else the current one. One query (while a
    publish holds it, league.held, one for all its pages: every public page asks it)."""
    seasons = held.objects("seasons", lambda: Season.objects.order_by("-start_date", "-pk"))
    wanted = ascii_whole_or_none(raw)
    if wanted is not None:
        chosen = next((s for s in seasons if s.pk == wanted), None)
        if chosen is not None:
            return seasons, chosen
    return seasons, current_season(seasons)


def next_night(today: datetime.date | None = None, *, seasons: Sequence[Season] | None = None) -> Night | None:
    """The coming night that is not finished. Once the league has a season of its own, never a demo night.
    `seasons`: every season, when the caller has read them already (one query fewer)."""
    today = today or timezone.localdate()
    if seasons is not None:
        own_season = any(not season.is_demo for season in seasons)
    else:
        own_season = Season.objects.filter(is_demo=False).exists()
    # Every home page asks it: the statement is built once per process (league.statements).
    if own_season:
        found = statements.instances("the next own night", _next_own_night, today, NightStatus.FINISHED.value)
    else:
        found = statements.instances("the next night", _next_night, today, NightStatus.FINISHED.value)
    return found[0] if found else None


def _coming(today: datetime.date, finished: str) -> QuerySet[Night]:
    return Night.objects.select_related("season").filter(date__gte=today).exclude(status=finished)


def _next_night(today: datetime.date, finished: str) -> QuerySet[Night]:
    return _coming(today, finished).order_by("date")[:1]


def _next_own_night(today: datetime.date, finished: str) -> QuerySet[Night]:
    return _coming(today, finished).filter(season__is_demo=False).order_by("date")[:1]
