"""Models of the imperial area: a round of Imperial Poker played against the house."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from housegames.engines.imperial.round import Round

__all__ = ["ImperialRound"]


class ImperialRound(models.Model):
    """One round at the Imperial Poker table, stored as its stakes, deck order and actions.

    ``state`` is :meth:`housegames.engines.imperial.round.Round.to_dict`:
    the whole shuffled deck and every action, so loading it replays the round
    to exactly the same cards and outcome. Its stakes and payouts are the
    bankroll's ledger rows with ``game="imperial"`` and ``round_id`` = this id.
    """

    class Status(models.TextChoices):
        ACTIVE = "active", _("in play")
        FINISHED = "finished", _("finished")

    bankroll = models.ForeignKey(
        "housegames.Bankroll", on_delete=models.CASCADE, related_name="imperial_rounds", verbose_name=_("bankroll")
    )
    state = models.JSONField(_("state"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.ACTIVE)
    created_at = models.DateTimeField(_("started"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        verbose_name = _("Imperial Poker round")
        verbose_name_plural = _("Imperial Poker rounds")
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["bankroll"], condition=Q(status="active"), name="imperial_one_active_round_per_bankroll"
            ),
            models.CheckConstraint(
                condition=Q(status="active", finished_at__isnull=True)
                | Q(status="finished", finished_at__isnull=False),
                name="imperial_finished_at_iff_finished",
            ),
        ]

    def __str__(self) -> str:
        return f"Imperial Poker round {self.pk}"

    def game(self) -> Round:
        """The round's rules engine, rebuilt from the stored state."""
        return Round.from_dict(self.state)

    @property
    def actions_seen(self) -> int:
        """How many actions the stored round holds: a request that saw fewer is stale."""
        return len(self.state.get("actions", []))
