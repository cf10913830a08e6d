"""The league: players, seasons, league nights and the cash entries taken at the desk."""
from __future__ import annotations

import datetime
from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from league.rules import standings
from league.web.rule_errors import rules_message

ADULT_AGE = 18


def age_on(birth: datetime.date, day: datetime.date) -> int:
    """Completed years on `day` (someone born on 29 February turns a year older on 1 March)."""
    years = day.year - birth.year
    if (day.month, day.day) < (birth.month, birth.day):
        years -= 1
    return years


class PointsScheme(models.TextChoices):
    FIELD_SIZE = "field_size", _("Field size (n - place + 1)")
    FIXED = "fixed", _("Fixed list")


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


class MinBetRule(models.TextChoices):
    LEAGUE = "league", _("League (small blind on pre-flop and flop)")
    STANDARD = "standard", _("Standard (big blind on every round)")


class Player(models.Model):
    name = models.CharField(_("name"), max_length=120)
    nickname = models.CharField(_("nickname"), max_length=60, blank=True)
    contact = models.CharField(_("contact"), max_length=200, blank=True, help_text=_("Phone or e-mail, optional."))
    date_of_birth = models.DateField(_("date of birth"), null=True, blank=True)
    id_checked_adult = models.BooleanField(
        _("ID checked, 18+"), default=False, help_text=_("An organizer saw an ID showing the player is 18 or older.")
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["name", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(date_of_birth__isnull=False) | Q(id_checked_adult=True),
                name="player_age_is_known",
                violation_error_message=_("Enter a date of birth or tick “ID checked, 18+”."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.nickname})" if self.nickname else self.name

    def get_absolute_url(self) -> str:
        return reverse("admin:league_player_change", args=[self.pk])

    def is_adult_on(self, day: datetime.date) -> bool:
        if self.date_of_birth is not None:
            return age_on(self.date_of_birth, day) >= ADULT_AGE
        return self.id_checked_adult


class Season(models.Model):
    WEEKDAYS = [
        (0, _("Monday")),
        (1, _("Tuesday")),
        (2, _("Wednesday")),
        (3, _("Thursday")),
        (4, _("Friday")),
        (5, _("Saturday")),
        (6, _("Sunday")),
    ]

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
    start_small_blind = models.PositiveIntegerField(_("first small blind"), default=25, validators=[MinValueValidator(1)])
    start_big_blind = models.PositiveIntegerField(_("first big blind"), default=50, validators=[MinValueValidator(1)])
    min_bet_rule = models.CharField(
        _("minimum bet rule"), max_length=10, choices=MinBetRule.choices, default=MinBetRule.LEAGUE
    )
    # The breaks each night's blind clock starts with; the clock controls can still change them per night.
    break_every_levels = models.PositiveSmallIntegerField(
        _("break after every … levels"), default=0, help_text=_("0: no breaks.")
    )
    break_minutes = models.PositiveSmallIntegerField(_("minutes per break"), default=10)

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
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        if self.points_scheme == PointsScheme.FIXED and not self.fixed_points.strip():
            raise ValidationError({"fixed_points": _("The “fixed” scheme needs its list of points.")})

    def get_absolute_url(self) -> str:
        return f"{reverse('standings')}?season={self.pk}"

    @property
    def scheme(self) -> standings.Scheme:
        return standings.Scheme.from_settings(self.points_scheme, self.fixed_points)

    @property
    def payout_percents(self) -> tuple[Decimal, ...]:
        return standings.parse_payout_split(self.jackpot_payout_split)


class NightStatus(models.TextChoices):
    REGISTRATION = "registration", _("Registration open")
    CLOSED = "closed", _("Registration closed")
    SEATED = "seated", _("Seated, registration closed")
    FINISHED = "finished", _("Finished")


class Night(models.Model):
    season = models.ForeignKey(Season, on_delete=models.PROTECT, related_name="nights", verbose_name=_("season"))
    date = models.DateField(_("date"))
    starts_at = models.TimeField(_("start time"), default=datetime.time(19, 30))
    status = models.CharField(_("status"), max_length=20, choices=NightStatus.choices, default=NightStatus.REGISTRATION)

    class Meta:
        verbose_name = _("league night")
        verbose_name_plural = _("league nights")
        ordering = ["date"]
        constraints = [models.UniqueConstraint(fields=["season", "date"], name="one_night_per_season_date")]

    def __str__(self) -> str:
        return f"{self.season.name} – {self.date.isoformat()}"

    def get_absolute_url(self) -> str:
        return reverse("registration_desk", args=[self.pk])

    @property
    def registration_open(self) -> bool:
        return self.status == NightStatus.REGISTRATION


class EntryQuerySet(models.QuerySet):
    def active(self) -> EntryQuerySet:
        return self.filter(withdrawn_at__isnull=True)

    def paid(self) -> EntryQuerySet:
        return self.active().filter(paid_at__isnull=False)


class Entry(models.Model):
    """A player's registration for one night, with the cash fee taken at the desk.

    Never deleted: withdrawing keeps the row, and a paid one records its refund.
    """

    night = models.ForeignKey(Night, on_delete=models.PROTECT, related_name="entries", verbose_name=_("night"))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries", verbose_name=_("player"))
    registered_at = models.DateTimeField(_("registered"), auto_now_add=True)
    registered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("registered by"),
    )
    fee_paid = models.DecimalField(_("fee received"), max_digits=8, decimal_places=2, null=True, blank=True)
    jackpot_share = models.DecimalField(_("jackpot share"), max_digits=8, decimal_places=2, null=True, blank=True)
    paid_at = models.DateTimeField(_("paid"), null=True, blank=True)
    received_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("fee received by"),
    )
    withdrawn_at = models.DateTimeField(_("withdrawn"), null=True, blank=True)
    withdrawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("withdrawn by"),
    )
    refund_amount = models.DecimalField(_("refund"), max_digits=8, decimal_places=2, null=True, blank=True)
    withdrawal_reason = models.CharField(_("reason"), max_length=200, blank=True)

    objects = EntryQuerySet.as_manager()

    class Meta:
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        ordering = ["registered_at", "id"]
        constraints = [
            # One live entry per player and night; withdrawn ones stay as history.
            models.UniqueConstraint(
                fields=["night", "player"], condition=Q(withdrawn_at__isnull=True), name="one_active_entry_per_night"
            ),
            models.CheckConstraint(condition=Q(fee_paid__isnull=True) | Q(fee_paid__gte=0), name="entry_fee_not_negative"),
            models.CheckConstraint(
                condition=Q(paid_at__isnull=True, fee_paid__isnull=True, jackpot_share__isnull=True)
                | Q(paid_at__isnull=False, fee_paid__isnull=False, jackpot_share__isnull=False),
                name="entry_payment_complete",
            ),
            models.CheckConstraint(
                condition=Q(refund_amount__isnull=True)
                | (Q(withdrawn_at__isnull=False) & Q(refund_amount__gte=0) & Q(refund_amount__lte=models.F("fee_paid"))),
                name="entry_refund_within_fee",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.night}"

    @property
    def is_paid(self) -> bool:
        return self.paid_at is not None

    @property
    def is_withdrawn(self) -> bool:
        return self.withdrawn_at is not None


class PlayerMerge(models.Model):
    """What was merged into whom: the removed record's details survive here."""

    kept = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="merges", verbose_name=_("kept player"))
    removed_name = models.CharField(_("merged name"), max_length=120)
    removed_details = models.JSONField(_("merged record"), default=dict)
    moved = models.JSONField(_("moved rows"), default=dict)
    merged_at = models.DateTimeField(_("merged"), auto_now_add=True)
    merged_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", verbose_name=_("merged by")
    )

    class Meta:
        verbose_name = _("player merge")
        verbose_name_plural = _("player merges")
        ordering = ["-merged_at"]

    def __str__(self) -> str:
        return f"{self.removed_name} → {self.kept}"


class JackpotDeposit(models.Model):
    """A table's jackpot sum, paid in at the café register by its first dealer and confirmed by an organizer.

    The season jackpot is the sum of these rows; `amount` is the table's sum
    (its entries' stored jackpot shares) at the moment of confirmation.
    """

    table = models.OneToOneField(
        "tournaments.Table", on_delete=models.PROTECT, related_name="jackpot_deposit", verbose_name=_("table")
    )
    amount = models.DecimalField(_("amount"), max_digits=8, decimal_places=2)
    paid_in_by = models.CharField(_("paid in by"), max_length=120, blank=True, help_text=_("The table's first dealer."))
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", verbose_name=_("confirmed by")
    )
    confirmed_at = models.DateTimeField(_("confirmed"), default=timezone.now)

    class Meta:
        verbose_name = _("jackpot deposit")
        verbose_name_plural = _("jackpot deposits")
        ordering = ["-confirmed_at"]
        constraints = [models.CheckConstraint(condition=Q(amount__gte=0), name="jackpot_deposit_not_negative")]

    def __str__(self) -> str:
        return f"{self.table} @ {self.table.night}: {self.amount}"


class PaperSheet(models.Model):
    """A table played on paper: its placements were typed in from the signed placement sheet."""

    table = models.OneToOneField(
        "tournaments.Table", on_delete=models.CASCADE, related_name="paper_sheet", verbose_name=_("table")
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", verbose_name=_("entered by")
    )
    entered_at = models.DateTimeField(_("entered"), default=timezone.now)

    class Meta:
        verbose_name = _("paper placement sheet")
        verbose_name_plural = _("paper placement sheets")
        ordering = ["-entered_at"]

    def __str__(self) -> str:
        return f"{self.table} @ {self.table.night}"


class PointsSchemeChange(models.Model):
    """A season's points scheme changed after results existed: every night's points were recomputed."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="scheme_changes", verbose_name=_("season"))
    old_scheme = models.CharField(_("old scheme"), max_length=20, choices=PointsScheme.choices)
    old_fixed_points = models.CharField(_("old fixed points"), max_length=200, blank=True)
    new_scheme = models.CharField(_("new scheme"), max_length=20, choices=PointsScheme.choices)
    new_fixed_points = models.CharField(_("new fixed points"), max_length=200, blank=True)
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


# The cash book's stored rows live in their own module (registered with the app through this import).


class FormSubmission(models.Model):
    """A form that creates a player, money or results was applied: its one-time token (league.once).

    The unique token is what refuses a re-post, a double click or a second desk sending the same form.
    """

    token = models.CharField(max_length=64, unique=True)
    applied_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("applied form")
