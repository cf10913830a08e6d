"""The cash book's stored rows: lines the other money rows cannot give, and each night's closing count.

Fees, refunds and jackpot deposits are not copied here: the cash book derives
them from `Entry` and `JackpotDeposit` (league/cashbook/book.py). These rows are
append-only: the services only create them; a mistake is undone by a
reversal line that names the line it reverses (unique, so never twice).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

__all__ = ["CashBox", "LineKind", "STORED_KINDS", "PaymentMethod", "CashLine", "CashCountQuerySet", "CashCount"]


class CashBox(models.TextChoices):
    ORGANIZER = "box", _("Organizer's cash box")
    REGISTER = "jackpot", _("Jackpot fund at the café register")


class LineKind(models.TextChoices):
    # Derived from other rows (never stored here), listed so every line of the book has a kind.
    FEE = "fee", _("Entry fee")
    REFUND = "refund", _("Refund")
    DEPOSIT = "deposit", _("Jackpot sum paid in")
    # Stored here.
    MANUAL = "manual", _("Other receipt or expense")
    PAYOUT = "payout", _("Season jackpot payout")
    DIFFERENCE = "difference", _("Counting difference")
    REVERSAL = "reversal", _("Reversal")


STORED_KINDS = (LineKind.MANUAL, LineKind.PAYOUT, LineKind.DIFFERENCE, LineKind.REVERSAL)


class PaymentMethod(models.TextChoices):
    CASH = "cash", _("Cash")
    TRANSFER = "transfer", _("Bank transfer")


class CashLine(models.Model):
    """One stored line of the cash book: money in (positive) or out (negative) of one box."""

    box = models.CharField(_("cash box"), max_length=10, choices=CashBox.choices)
    kind = models.CharField(_("kind"), max_length=12, choices=[(k.value, k.label) for k in STORED_KINDS])
    amount = models.DecimalField(_("amount"), max_digits=10, decimal_places=2)
    season = models.ForeignKey(
        "league.Season", on_delete=models.PROTECT, related_name="cash_lines", verbose_name=_("season")
    )
    night = models.ForeignKey(
        "league.Night",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="cash_lines",
        verbose_name=_("night"),
    )
    booked_at = models.DateTimeField(_("booked"), default=timezone.now)
    booked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", verbose_name=_("booked by")
    )
    reason = models.CharField(_("reason"), max_length=200)
    player = models.ForeignKey(
        "league.Player",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="cash_lines",
        verbose_name=_("player"),
    )
    method = models.CharField(_("paid by"), max_length=10, choices=PaymentMethod.choices, blank=True)
    # The reference of the line this one reverses ("line-12", "fee-7", "deposit-in-3", ...; see cashbook.py).
    reverses = models.CharField(_("reverses"), max_length=40, blank=True)

    class Meta:
        verbose_name = _("cash book line")
        verbose_name_plural = _("cash book lines")
        ordering = ["booked_at", "id"]
        constraints = [
            models.CheckConstraint(condition=~Q(amount=0), name="cash_line_not_zero"),
            models.CheckConstraint(condition=~Q(reason=""), name="cash_line_has_reason"),
            models.UniqueConstraint(fields=["reverses"], condition=~Q(reverses=""), name="cash_line_reversed_once"),
            models.CheckConstraint(
                condition=Q(kind="reversal", reverses__gt="") | (~Q(kind="reversal") & Q(reverses="")),
                name="cash_line_reversal_names_its_line",
            ),
            models.CheckConstraint(
                condition=~Q(kind="payout") | Q(player__isnull=False, box="jackpot", amount__lt=0),
                name="cash_line_payout_to_a_player_from_the_fund",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.amount} ({self.get_box_display()})"

    @property
    def ref(self) -> str:
        return f"line-{self.pk}"


class CashCountQuerySet(models.QuerySet):
    def standing(self) -> CashCountQuerySet:
        """The counts that close their night: not reopened."""
        return self.filter(reopened_at__isnull=True)


class CashCount(models.Model):
    """A night's cash closed: the organizer's box counted, against what the books expected.

    A closed night's lines change only after its count is reopened (league/cashbook/book.py
    reopen_night_cash): the count stays, marked with who reopened it, when and why, and the night is
    closed again with a new count. One standing count per night.
    """

    night = models.ForeignKey(
        "league.Night", on_delete=models.PROTECT, related_name="cash_counts", verbose_name=_("night")
    )
    expected = models.DecimalField(_("expected"), max_digits=10, decimal_places=2)
    counted = models.DecimalField(_("counted"), max_digits=10, decimal_places=2)
    difference = models.DecimalField(_("difference"), max_digits=10, decimal_places=2)
    denominations = models.JSONField(_("count by denomination"), default=dict, blank=True)
    reason = models.CharField(_("reason for the difference"), max_length=200, blank=True)
    witness = models.CharField(_("witness"), max_length=120, blank=True)
    counted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", verbose_name=_("counted by")
    )
    counted_at = models.DateTimeField(_("counted"), default=timezone.now)
    difference_line = models.OneToOneField(
        CashLine,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="count",
        verbose_name=_("difference booked"),
    )
    reopened_at = models.DateTimeField(_("reopened"), null=True, blank=True)
    reopened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("reopened by"),
    )
    reopen_reason = models.CharField(_("reason for reopening"), max_length=200, blank=True)

    objects = CashCountQuerySet.as_manager()

    class Meta:
        verbose_name = _("cash count")
        verbose_name_plural = _("cash counts")
        ordering = ["-counted_at"]
        constraints = [
            models.CheckConstraint(condition=Q(counted__gte=0), name="cash_count_not_negative"),
            models.CheckConstraint(
                condition=Q(difference=F("counted") - F("expected")), name="cash_count_difference_adds_up"
            ),
            models.CheckConstraint(condition=Q(difference=0) | ~Q(reason=""), name="cash_count_difference_has_reason"),
            models.UniqueConstraint(
                fields=["night"], condition=Q(reopened_at__isnull=True), name="cash_count_one_standing_per_night"
            ),
            models.CheckConstraint(
                condition=Q(reopened_at__isnull=True, reopened_by__isnull=True, reopen_reason="")
                | (Q(reopened_at__isnull=False, reopened_by__isnull=False) & ~Q(reopen_reason="")),
                name="cash_count_reopening_recorded",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.night}: {self.counted}"
