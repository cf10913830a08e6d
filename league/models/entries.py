"""The entries taken at the desk (fee, refund, withdrawal), each table's jackpot deposit at the café register, and the signed placement sheets."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from league.models.players import Player
from league.models.seasons import Night

__all__ = ["EntryQuerySet", "Entry", "JackpotDepositQuerySet", "JackpotDeposit", "PaperSheet"]


class EntryQuerySet(models.QuerySet):
    def active(self) -> EntryQuerySet:
        return self.filter(withdrawn_at__isnull=True)

    def paid(self) -> EntryQuerySet:
        return self.active().filter(paid_at__isnull=False)


class Entry(models.Model):
    """A player's registration for one night, with the cash fee taken at the desk.

    Never deleted: withdrawing keeps the row, and a paid one records its refund. A fee reversed in the cash
    book closes its row as withdrawn without a refund (league/desk/services.py reverse_fee): the only way a
    paid entry is withdrawn with no refund.
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
            models.CheckConstraint(
                condition=Q(fee_paid__isnull=True) | Q(fee_paid__gte=0), name="entry_fee_not_negative"
            ),
            models.CheckConstraint(
                condition=Q(paid_at__isnull=True, fee_paid__isnull=True, jackpot_share__isnull=True)
                | Q(paid_at__isnull=False, fee_paid__isnull=False, jackpot_share__isnull=False),
                name="entry_payment_complete",
            ),
            models.CheckConstraint(
                condition=Q(refund_amount__isnull=True)
                | (
                    Q(withdrawn_at__isnull=False) & Q(refund_amount__gte=0) & Q(refund_amount__lte=models.F("fee_paid"))
                ),
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

    @property
    def fee_reversed(self) -> bool:
        """Its fee line was reversed in the cash book (see the class's docstring)."""
        return self.is_withdrawn and self.is_paid and self.refund_amount is None


class JackpotDepositQuerySet(models.QuerySet):
    def standing(self) -> JackpotDepositQuerySet:
        """The deposits that count: not reversed."""
        return self.filter(reversed_at__isnull=True)


class JackpotDeposit(models.Model):
    """A table's jackpot sum, paid in at the café register by its first dealer and confirmed by an organizer.

    The season jackpot is the sum of the standing rows; `amount` is the table's sum
    (its entries' stored jackpot shares) at the moment of confirmation. A mistaken confirmation is
    reversed as a whole (league/cashbook/book.py reverse_deposit): the row stays, marked with who reversed
    it, when and why, the cash book gets both halves back, and the table owes its sum again (a new row
    when it is paid in; one standing row per table).
    """

    table = models.ForeignKey(
        "tournaments.Table", on_delete=models.PROTECT, related_name="jackpot_deposits", verbose_name=_("table")
    )
    amount = models.DecimalField(_("amount"), max_digits=8, decimal_places=2)
    paid_in_by = models.CharField(_("paid in by"), max_length=120, blank=True, help_text=_("The table's first dealer."))
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", verbose_name=_("confirmed by")
    )
    confirmed_at = models.DateTimeField(_("confirmed"), default=timezone.now)
    reversed_at = models.DateTimeField(_("reversed"), null=True, blank=True)
    reversed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("reversed by"),
    )
    reversal_reason = models.CharField(_("reason for the reversal"), max_length=200, blank=True)

    objects = JackpotDepositQuerySet.as_manager()

    class Meta:
        verbose_name = _("jackpot deposit")
        verbose_name_plural = _("jackpot deposits")
        ordering = ["-confirmed_at"]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gte=0), name="jackpot_deposit_not_negative"),
            models.UniqueConstraint(
                fields=["table"], condition=Q(reversed_at__isnull=True), name="jackpot_deposit_one_standing_per_table"
            ),
            models.CheckConstraint(
                condition=Q(reversed_at__isnull=True, reversed_by__isnull=True, reversal_reason="")
                | (Q(reversed_at__isnull=False, reversed_by__isnull=False) & ~Q(reversal_reason="")),
                name="jackpot_deposit_reversal_recorded",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} @ {self.table.night}: {self.amount}"

    @property
    def is_reversed(self) -> bool:
        return self.reversed_at is not None


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
