"""Play money for the house games: a bankroll per guest, its balance summed from a ledger."""

from decimal import Decimal

from django.db import models
from django.db.models import Sum
from django.utils.translation import gettext_lazy as _

__all__ = ["Bankroll", "BankrollEntry", "STARTING_PLAY_MONEY"]

STARTING_PLAY_MONEY = Decimal("1000.00")


class Bankroll(models.Model):
    """One guest's play money, found by the browser session (or a player, when one is named)."""

    session_key = models.CharField(_("session"), max_length=64, unique=True, null=True, blank=True)
    player = models.OneToOneField(
        "league.Player",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="bankroll",
        verbose_name=_("player"),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("play-money bankroll")
        verbose_name_plural = _("play-money bankrolls")

    def __str__(self) -> str:
        return str(self.player) if self.player_id else f"guest {self.pk}"

    def balance(self) -> Decimal:
        return self.entries.aggregate(total=Sum("amount"))["total"] or Decimal("0.00")


class BankrollEntry(models.Model):
    """Append-only: every stake and every payout is one row."""

    bankroll = models.ForeignKey(Bankroll, on_delete=models.CASCADE, related_name="entries")
    amount = models.DecimalField(_("amount"), max_digits=12, decimal_places=2)
    game = models.CharField(_("game"), max_length=20, blank=True)
    round_id = models.PositiveBigIntegerField(_("round"), null=True, blank=True)
    reason = models.CharField(_("reason"), max_length=120)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("bankroll entry")
        verbose_name_plural = _("bankroll entries")
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"{self.amount} {self.reason}"
