"""Seasons (fee, jackpot share, points scheme, chips and blinds) and their league nights, and the log of points-scheme changes."""

from __future__ import annotations

import datetime
import uuid
from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Count, Q
from django.db.models.signals import pre_save
from django.dispatch import receiver
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from league.models.venues import WEEKDAYS, Venue, default_venue
from league.rules import formula, qualification, standings
from league.web.rule_errors import rules_message

__all__ = [
    "PointsScheme",
    "TieRule",
    "SavedStructure",
    "validate_points_list",
    "validate_payout_split",
    "MinBetRule",
    "QualificationRule",
    "Season",
    "NightStatus",
    "Night",
    "PointsSchemeChange",
    "largest_night",
]


class PointsScheme(models.TextChoices):
    FIELD_SIZE = "field_size", _("Field size (n - place + 1)")
    FIXED = "fixed", _("Fixed list")
    FORMULA = "formula", _("Own formula")


def validate_points_list(text: str) -> None:
    try:
        standings.parse_points_list(text)
    except standings.RulesError as error:
        raise ValidationError(rules_message(error), code=error.code) from None


def validate_payout_split(text: str) -> None:
    try:
        standings.parse_payout_split(text)
    except standings.RulesError as error:
        raise ValidationError(rules_message(error), code=error.code) from None


class TieRule(models.TextChoices):
    """What players tied at a table earn (docs/rules.md, "Ties")."""

    AVERAGE = standings.TIES_AVERAGE, _("Average of the places they share")
    BEST = standings.TIES_BEST, _("Points of the best place they share")


class QualificationRule(models.TextChoices):
    """Who goes to the season's qualifiers' final (league/rules/qualification.py; docs/league-rules.md)."""

    NONE = qualification.NONE, _("No qualifiers' final")
    VENUE = qualification.VENUE, _("The top N of each venue")
    LEAGUE = qualification.LEAGUE, _("The top N of the league")


class MinBetRule(models.TextChoices):
    LEAGUE = "league", _("League (small blind on pre-flop and flop)")
    STANDARD = "standard", _("Standard (big blind on every round)")


class Season(models.Model):
    WEEKDAYS = WEEKDAYS

    # The league-wide identity, the same on the server and every venue's laptop (as Player.uid).
    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    name = models.CharField(_("name"), max_length=120, unique=True)
    start_date = models.DateField(_("first day"))
    end_date = models.DateField(_("last day"))
    weekday = models.PositiveSmallIntegerField(_("weekday of league nights"), choices=WEEKDAYS, default=2)
    entry_fee = models.DecimalField(
        _("entry fee"), max_digits=8, decimal_places=2, default=Decimal("10.00"), validators=[MinValueValidator(0)]
    )
    jackpot_share = models.DecimalField(
        _("jackpot share per entry"),
        max_digits=8,
        decimal_places=2,
        default=Decimal("2.00"),
        validators=[MinValueValidator(0)],
    )
    points_scheme = models.CharField(
        _("points scheme"), max_length=20, choices=PointsScheme.choices, default=PointsScheme.FIELD_SIZE
    )
    fixed_points = models.CharField(
        _("fixed points"),
        max_length=200,
        blank=True,
        default="10,7,5,3,2,1",
        help_text=_("Points for 1st, 2nd, ... place, separated by commas (used by the “fixed” scheme)."),
        validators=[validate_points_list],
    )
    points_formula = models.CharField(
        _("points formula"),
        max_length=200,
        blank=True,
        default="",
        help_text=_("Used by the “own formula” scheme, for example log((n + 1) / r)."),
    )
    best_nights = models.PositiveSmallIntegerField(
        _("nights that count"), default=0, help_text=_("Only each player's best N nights count; 0: every night.")
    )
    tie_rule = models.CharField(
        _("tied players earn"),
        max_length=10,
        choices=TieRule.choices,
        default=TieRule.AVERAGE,
        help_text=_("For players out in the same hand with equal chips."),
    )
    knockout_points = models.DecimalField(
        _("points per knockout"),
        max_digits=6,
        decimal_places=2,
        default=Decimal("0"),
        validators=[MinValueValidator(0)],
        help_text=_("Added for each player a player knocks out; 0: no bonus."),
    )
    # The season's own levels (tournaments/poker/structure.py, as JSON text); empty: the seed's doubling of
    # the start blinds. Text, not JSON: the dealer's tap reads the season with every seat, and a JSON column
    # would be decoded on every row; the text is parsed once per process.
    blind_structure = models.TextField(_("blind structure"), blank=True, default="")
    jackpot_payout_split = models.CharField(
        _("jackpot payout split (%)"),
        max_length=100,
        default="50,30,20",
        help_text=_("Percent for 1st, 2nd, ... place."),
        validators=[validate_payout_split],
    )
    starting_stack = models.PositiveIntegerField(_("starting chips"), default=1500, validators=[MinValueValidator(1)])
    level_minutes = models.PositiveSmallIntegerField(
        _("minutes per blind level"), default=15, validators=[MinValueValidator(1)]
    )
    start_small_blind = models.PositiveIntegerField(
        _("first small blind"), default=25, validators=[MinValueValidator(1)]
    )
    start_big_blind = models.PositiveIntegerField(_("first big blind"), default=50, validators=[MinValueValidator(1)])
    min_bet_rule = models.CharField(
        _("minimum bet rule"), max_length=10, choices=MinBetRule.choices, default=MinBetRule.LEAGUE
    )
    # The breaks each night's blind clock starts with; the clock controls can still change them per night.
    break_every_levels = models.PositiveSmallIntegerField(
        _("break after every … levels"), default=0, help_text=_("0: no breaks.")
    )
    break_minutes = models.PositiveSmallIntegerField(_("minutes per break"), default=10)
    # Empty: the season spans the league and counts the nights of every venue; a venue: its nights only
    # (a league whose pubs keep seasons of their own).
    venue = models.ForeignKey(
        Venue,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="seasons",
        verbose_name=_("venue"),
        help_text=_("Empty: the nights of every venue count."),
    )
    # Off: one jackpot for the league, as before venues. On: each venue's nights pay into that venue's own
    # jackpot, split over that venue's table (docs/league-rules.md, "Venues"). Shown only in a league of several.
    jackpot_per_venue = models.BooleanField(
        _("a jackpot per venue"),
        default=False,
        help_text=_(
            "Each venue's nights pay into that venue's own jackpot, paid out to the top places of its table. "
            "Off: one jackpot for the whole league."
        ),
    )
    # The qualifiers' final: who goes to it (docs/league-rules.md, "Qualifiers' final"). Frozen once the
    # final's seating is drawn.
    qualification_rule = models.CharField(
        _("qualifiers' final"), max_length=10, choices=QualificationRule.choices, default=QualificationRule.NONE
    )
    qualification_top = models.PositiveSmallIntegerField(
        _("qualifiers per table (N)"),
        default=4,
        validators=[MinValueValidator(1)],
        help_text=_("The first N of each venue's table, or of the league's, go to the final."),
    )
    qualification_min_nights = models.PositiveSmallIntegerField(
        _("nights played at least (M)"),
        default=0,
        help_text=_("Only players with at least M nights at that table qualify; 0: any number."),
    )
    # Made by `manage.py setup_demo` for trying the app: never the real league's current season or next night,
    # and removed in one step (demo/removal.py).
    is_demo = models.BooleanField(_("demo season"), default=False, editable=False)

    class Meta:
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        ordering = ["-start_date"]
        constraints = [
            models.CheckConstraint(condition=Q(end_date__gte=models.F("start_date")), name="season_ends_after_start"),
            models.CheckConstraint(condition=Q(entry_fee__gte=0), name="season_fee_not_negative"),
            models.CheckConstraint(
                condition=Q(jackpot_share__gte=0) & Q(jackpot_share__lte=models.F("entry_fee")),
                name="season_jackpot_share_within_fee",
            ),
            models.CheckConstraint(
                condition=Q(start_big_blind__gte=models.F("start_small_blind")), name="season_big_blind_not_below_small"
            ),
            models.CheckConstraint(condition=Q(knockout_points__gte=0), name="season_knockout_points_not_negative"),
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        if self.points_scheme == PointsScheme.FIXED and not self.fixed_points.strip():
            raise ValidationError({"fixed_points": _("The “fixed” scheme needs its list of points.")})
        if self.points_scheme == PointsScheme.FORMULA and not self.points_formula.strip():
            raise ValidationError({"points_formula": _("The “own formula” scheme needs its formula.")})
        if self.points_scheme == PointsScheme.FORMULA and not self._formula_as_stored():
            try:
                formula.compile_formula(self.points_formula, fee=self.entry_fee or 0, largest_night=largest_night())
            except standings.RulesError as error:
                raise ValidationError({"points_formula": rules_message(error)}, code=error.code) from None

    def _formula_as_stored(self) -> bool:
        """Whether the formula and the fee it may read are the season's stored ones: checked when they were set,
        a formula saved under older rules does not block a change of the season's name (the standings and
        check_league name the nights it fails for; the points page changes it)."""
        if self.pk is None:
            return False
        stored = Season.objects.filter(pk=self.pk).values_list("points_scheme", "points_formula", "entry_fee").first()
        return stored == (self.points_scheme, self.points_formula, self.entry_fee)

    def get_absolute_url(self) -> str:
        return f"{reverse('standings')}?season={self.pk}"

    @property
    def shows_demo_badge(self) -> bool:
        """Whether a heading adds the "Demo" badge: not when the name says it already ("Demo-Saison 2026")."""
        return self.is_demo and "demo" not in self.name.casefold()

    @property
    def scheme(self) -> standings.Scheme:
        return standings.Scheme.from_settings(
            self.points_scheme,
            self.fixed_points,
            self.points_formula,
            fee=self.entry_fee,
            knockout_points=self.knockout_points,
            best_nights=self.best_nights,
            check_up_to=None,
            ties=self.tie_rule,
        )

    @property
    def knockout_points_shown(self) -> Decimal:
        """1.5, not 1.50; 2, not 2.00 (a Decimal, so templates write it the language's way)."""
        return standings.points_display(self.knockout_points)

    @property
    def knockout_points_count(self) -> int:
        """The count for ngettext: 1 for exactly one point ("1 Punkt"), else 2 ("1,5 Punkte", "0,5 Punkte")."""
        return 1 if self.knockout_points == 1 else 2

    @property
    def qualification(self) -> qualification.Rule:
        return qualification.Rule(self.qualification_rule, self.qualification_top, self.qualification_min_nights)

    @property
    def payout_percents(self) -> tuple[Decimal, ...]:
        return standings.parse_payout_split(self.jackpot_payout_split)


class SavedStructure(models.Model):
    """A blind structure the club named and saved, to reuse in any season (beside the built-in templates).

    The levels are kept as the season keeps its own (tournaments/poker/structure.py's text), checked by the
    clock's page when saved; a season that takes it gets a copy, so changing it later changes no season."""

    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    name = models.CharField(_("name"), max_length=60, unique=True)
    levels = models.TextField(_("levels"))
    saved_at = models.DateTimeField(_("saved"), default=timezone.now)

    class Meta:
        verbose_name = _("saved blind structure")
        verbose_name_plural = _("saved blind structures")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class NightStatus(models.TextChoices):
    REGISTRATION = "registration", _("Registration open")
    CLOSED = "closed", _("Registration closed")
    SEATED = "seated", _("Seated, registration closed")
    FINISHED = "finished", _("Finished")


class Night(models.Model):
    # The league-wide identity: a night made on a venue's laptop keeps it on the league's server (as Player.uid).
    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    season = models.ForeignKey(Season, on_delete=models.PROTECT, related_name="nights", verbose_name=_("season"))
    # Set as it is saved when not given (_night_at_a_venue): a league of one pub never names its venue.
    venue = models.ForeignKey(Venue, on_delete=models.PROTECT, related_name="nights", verbose_name=_("venue"))
    date = models.DateField(_("date"))
    starts_at = models.TimeField(_("start time"), default=datetime.time(19, 30))
    status = models.CharField(_("status"), max_length=20, choices=NightStatus.choices, default=NightStatus.REGISTRATION)
    # Brought in from a file of past nights (results/history.py): paper tables without money or hands.
    imported = models.BooleanField(_("imported"), default=False, editable=False)
    # The season's qualifiers' final (results/qualifiers.py): its entries are the qualified players, kept in
    # `qualified` as they were when it was made or last matched; the desk takes no one else. Its placements
    # do not count in the season's standings (docs/league-rules.md, "Qualifiers' final").
    is_final = models.BooleanField(_("qualifiers' final"), default=False, editable=False)
    qualified = models.ManyToManyField(
        "league.Player", related_name="finals", blank=True, editable=False, verbose_name=_("qualified players")
    )

    class Meta:
        verbose_name = _("league night")
        verbose_name_plural = _("league nights")
        ordering = ["date"]
        # Two pubs may play on the same day; one pub plays one night a day.
        constraints = [
            models.UniqueConstraint(fields=["season", "venue", "date"], name="one_night_per_season_venue_date"),
            models.UniqueConstraint(fields=["season"], condition=Q(is_final=True), name="one_final_per_season"),
        ]

    def __str__(self) -> str:
        return f"{self.season.name} – {self.date.isoformat()}"

    def get_absolute_url(self) -> str:
        return reverse("registration_desk", args=[self.pk])

    @property
    def registration_open(self) -> bool:
        return self.status == NightStatus.REGISTRATION


@receiver(pre_save, sender=Night)
def _night_at_a_venue(sender, instance: Night, **kwargs) -> None:
    """Every way a night is written (a form, the demo, the history import, a test, `loaddata` and the restore
    of a backup made before venues, whose raw saves skip Model.save) puts a night without a venue in the
    league's first. Not a field default: that would read the database for every Night()."""
    if instance.venue_id is None:
        instance.venue_id = default_venue()


def largest_night() -> int:
    """The most players registered for one night of the league, any season (one query): the points formula is
    checked on every night up to twice it (league/rules/formula.py). Registrations, not seats: a night not
    drawn yet counts too, and a night never has more seats than live entries."""
    return (
        Night.objects.annotate(players=Count("entries", filter=Q(entries__withdrawn_at__isnull=True)))
        .order_by("-players")
        .values_list("players", flat=True)
        .first()
    ) or 0


class PointsSchemeChange(models.Model):
    """A season's points scheme changed after results existed: every night's points were recomputed."""

    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="scheme_changes", verbose_name=_("season")
    )
    old_scheme = models.CharField(_("old scheme"), max_length=20, choices=PointsScheme.choices)
    old_fixed_points = models.CharField(_("old fixed points"), max_length=200, blank=True)
    new_scheme = models.CharField(_("new scheme"), max_length=20, choices=PointsScheme.choices)
    new_fixed_points = models.CharField(_("new fixed points"), max_length=200, blank=True)
    old_formula = models.CharField(_("old formula"), max_length=200, blank=True, default="")
    new_formula = models.CharField(_("new formula"), max_length=200, blank=True, default="")
    old_best_nights = models.PositiveSmallIntegerField(_("old nights that count"), default=0)
    new_best_nights = models.PositiveSmallIntegerField(_("new nights that count"), default=0)
    old_knockout_points = models.DecimalField(
        _("old points per knockout"), max_digits=6, decimal_places=2, default=Decimal("0")
    )
    new_knockout_points = models.DecimalField(
        _("new points per knockout"), max_digits=6, decimal_places=2, default=Decimal("0")
    )
    reason = models.CharField(_("reason"), max_length=200)
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", verbose_name=_("changed by")
    )
    changed_at = models.DateTimeField(_("changed"), default=timezone.now)

    class Meta:
        verbose_name = _("points scheme change")
        verbose_name_plural = _("points scheme changes")
        ordering = ["-changed_at"]

    def __str__(self) -> str:
        return f"{self.season}: {self.old_scheme} → {self.new_scheme}"
