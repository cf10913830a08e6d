"""Models of the uth area: Ultimate Texas Hold'em rounds against the house and
the progressive jackpot meter with its history."""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models import Q, Sum
from django.utils.translation import gettext_lazy as _

from housegames.engines.uth.rules import UthRound as Round

__all__ = ["UthRound", "JackpotMeter", "JackpotMeterEvent"]


class UthRound(models.Model):
    """One round at the Ultimate Texas Hold'em table, stored as its bets, deck
    order and decisions.

    ``state`` is :meth:`housegames.engines.uth.rules.UthRound.to_dict`: the whole
    shuffled deck and every decision, so loading it replays the round to
    exactly the same cards and outcome. ``result`` freezes the settlement at
    the showdown (it depends on the jackpot meter at that moment). Its stakes
    and payouts are the bankroll's ledger rows with ``game="uth"`` and
    ``round_id`` = this id.
    """

    class Status(models.TextChoices):
        IN_PLAY = "in_play", _("in play")
        SETTLED = "settled", _("settled")
        ABORTED = "aborted", _("aborted (a fault: every bet returned)")

    bankroll = models.ForeignKey(
        "housegames.Bankroll", on_delete=models.CASCADE, related_name="uth_rounds", verbose_name=_("bankroll")
    )
    state = models.JSONField(_("state"))
    result = models.JSONField(_("settlement"), null=True, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.IN_PLAY)
    staked = models.DecimalField(_("staked"), max_digits=12, decimal_places=2, default=Decimal("0.00"))
    returned = models.DecimalField(_("paid back"), max_digits=12, decimal_places=2, null=True, blank=True)
    created_at = models.DateTimeField(_("started"), auto_now_add=True)
    acted_at = models.DateTimeField(
        _("last deal or decision"),
        null=True,
        blank=True,
        help_text=_("The next decision's time runs from here."),
    )
    auto_decisions = models.JSONField(
        _("decisions made on timeout"),
        default=list,
        blank=True,
        help_text=_("Indexes of the decisions the table made when the time ran out."),
    )
    settled_at = models.DateTimeField(_("settled"), null=True, blank=True)
    # Seed 004: a round a fault interrupts is void and its bets come back; an organizer aborts it, on the record.
    aborted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("aborted by"),
    )
    abort_reason = models.CharField(_("reason for the abort"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("Ultimate Texas Hold'em round")
        verbose_name_plural = _("Ultimate Texas Hold'em rounds")
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["bankroll"], condition=Q(status="in_play"), name="uth_one_round_in_play_per_bankroll"
            ),
            models.CheckConstraint(
                condition=Q(status="in_play", settled_at__isnull=True, result__isnull=True, returned__isnull=True)
                | Q(
                    status__in=["settled", "aborted"],
                    settled_at__isnull=False,
                    result__isnull=False,
                    returned__isnull=False,
                ),
                name="uth_over_iff_result",
            ),
            models.CheckConstraint(
                condition=Q(status="aborted", aborted_by__isnull=False)
                | (~Q(status="aborted") & Q(aborted_by__isnull=True)),
                name="uth_aborted_by_someone",
            ),
            models.CheckConstraint(condition=Q(staked__gte=0), name="uth_staked_not_negative"),
            models.CheckConstraint(
                condition=Q(returned__isnull=True) | Q(returned__gte=0), name="uth_returned_not_negative"
            ),
        ]

    def __str__(self) -> str:
        return f"Ultimate Texas Hold'em round {self.pk}"

    def game(self) -> Round:
        """The round's rules engine, rebuilt from the stored state."""
        return Round.from_dict(self.state)

    @property
    def decisions_seen(self) -> int:
        """How many decisions the stored round holds: a request that saw fewer is stale."""
        return len(self.state.get("decisions", []))

    @property
    def net(self) -> Decimal | None:
        return None if self.returned is None else self.returned - self.staked


class JackpotMeter(models.Model):
    """The progressive jackpot's meter. Its ``amount`` changes only together
    with a :class:`JackpotMeterEvent` row in the same transaction (the meter
    row locked), so the events are its history and add up to it."""

    name = models.CharField(_("name"), max_length=40, unique=True, default="uth")
    amount = models.DecimalField(_("meter"), max_digits=12, decimal_places=2)
    seed_amount = models.DecimalField(
        _("seed amount"),
        max_digits=12,
        decimal_places=2,
        default=Decimal("10000.00"),
        help_text=_("What the meter starts from, and is reset to after a royal flush."),
    )
    feed_share = models.DecimalField(
        _("share that feeds the meter"),
        max_digits=5,
        decimal_places=4,
        default=Decimal("0.2500"),
        help_text=_("The part of each jackpot bet added to the meter (0.25 = a quarter)."),
    )
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("jackpot meter")
        verbose_name_plural = _("jackpot meters")
        constraints = [
            models.CheckConstraint(condition=Q(amount__gte=0), name="uth_meter_not_negative"),
            models.CheckConstraint(condition=Q(seed_amount__gte=0), name="uth_meter_seed_not_negative"),
            models.CheckConstraint(condition=Q(feed_share__gte=0, feed_share__lte=1), name="uth_meter_share_0_to_1"),
        ]

    def __str__(self) -> str:
        return f"{self.name}: {self.amount}"

    def events_total(self) -> Decimal:
        """The meter recomputed from its history; equals ``amount``."""
        return self.events.aggregate(total=Sum("amount"))["total"] or Decimal("0.00")


class JackpotMeterEvent(models.Model):
    """One change of the meter: its seed, a feed from a jackpot bet, a win, a reset."""

    class Kind(models.TextChoices):
        SEED = "seed", _("seed")
        FEED = "feed", _("feed")
        WIN = "win", _("royal flush won")
        RESET = "reset", _("reset")
        VOID = "void", _("feed taken back: round aborted")

    meter = models.ForeignKey(JackpotMeter, on_delete=models.CASCADE, related_name="events", verbose_name=_("meter"))
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    amount = models.DecimalField(_("change"), max_digits=12, decimal_places=2)
    balance_after = models.DecimalField(_("meter after"), max_digits=12, decimal_places=2)
    uth_round = models.ForeignKey(
        UthRound, on_delete=models.SET_NULL, null=True, blank=True, related_name="meter_events", verbose_name=_("round")
    )
    box = models.PositiveSmallIntegerField(_("box"), null=True, blank=True)
    created_at = models.DateTimeField(_("when"), auto_now_add=True)

    class Meta:
        verbose_name = _("jackpot meter event")
        verbose_name_plural = _("jackpot meter events")
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(balance_after__gte=0), name="uth_meter_event_balance_not_negative"),
            models.CheckConstraint(
                condition=Q(kind__in=["win", "void"], amount__lte=0)
                | (~Q(kind__in=["win", "void"]) & Q(amount__gte=0)),
                name="uth_meter_event_sign",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.amount}"
