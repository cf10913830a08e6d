"""The night's play: tables, seats, hands and their actions, eliminations and placements.

Stacks are never stored as a running figure: a hand's state is the replay of
its actions through the poker engine, and a finished hand keeps the final
stacks that replay produced (recomputable at any time).
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

__all__ = [
    "Table",
    "TableStatus",
    "Seat",
    "Hand",
    "HandStatus",
    "Action",
    "Placement",
    "PlacementReason",
    "PlacementCorrection",
    "new_dealer_token",
    "new_revision",
]


def new_dealer_token() -> str:
    return secrets.token_urlsafe(16)


def new_revision() -> str:
    """A table's version: random, so a phone cannot guess the next one from what it (or the rail) sees."""
    return secrets.token_urlsafe(9)


class TableStatus(models.TextChoices):
    WAITING = "waiting", _("Waiting for the first hand")
    PLAYING = "playing", _("Playing")
    FINISHED = "finished", _("Finished")


class Table(models.Model):
    night = models.ForeignKey("league.Night", on_delete=models.PROTECT, related_name="tables", verbose_name=_("night"))
    number = models.PositiveSmallIntegerField(_("table number"))
    status = models.CharField(_("status"), max_length=10, choices=TableStatus.choices, default=TableStatus.WAITING)
    first_dealer = models.ForeignKey(
        "Seat", on_delete=models.SET_NULL, null=True, blank=True, related_name="+", verbose_name=_("first dealer")
    )
    first_dealer_draw = models.JSONField(
        _("first dealer draw"),
        default=dict,
        blank=True,
        help_text=_("The cards of the virtual draw, or who recorded the real one."),
    )
    dealer_token = models.CharField(_("dealer link token"), max_length=40, unique=True, default=new_dealer_token)
    # What tonight's page (tournaments/tonight) shows per table; both are cleared when the link is replaced.
    dealer_link_opened_at = models.DateTimeField(_("dealer link first opened"), null=True, blank=True)
    qr_printed_at = models.DateTimeField(_("dealer link's QR code printed"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    # Regenerated in the same transaction as every change of the table's play (tournaments.tracker.services.change.save):
    # a phone that saw an older one is stale.
    revision = models.CharField(_("revision"), max_length=16, default=new_revision)
    # The tracker's copy of the latest two hands and their actions, written with the revision it belongs to
    # (tournaments.tracker.services): a tap reads it with the seats in one query instead of three. Valid only while its
    # revision is the table's; the Hand and Action rows stay the source of truth.
    tracker_snapshot = models.JSONField(_("tracker snapshot"), null=True, blank=True, editable=False)

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["night", "number"]
        constraints = [models.UniqueConstraint(fields=["night", "number"], name="one_table_number_per_night")]

    def __str__(self) -> str:
        return _("Table %(number)s") % {"number": self.number}

    def touch(self) -> None:
        """A new revision, saved now: call inside the transaction that changes the table's play or result."""
        self.revision = new_revision()
        Table.objects.filter(pk=self.pk).update(revision=self.revision)


class Seat(models.Model):
    """A player's place at a table for the night; `position` runs clockwise from 1."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats", verbose_name=_("table"))
    entry = models.OneToOneField("league.Entry", on_delete=models.PROTECT, related_name="seat", verbose_name=_("entry"))
    position = models.PositiveSmallIntegerField(_("seat"))
    starting_stack = models.PositiveIntegerField(_("starting chips"))
    sitting_out = models.BooleanField(_("sitting out"), default=False)
    late_entry = models.BooleanField(_("late entry"), default=False)

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["table", "position"]
        constraints = [models.UniqueConstraint(fields=["table", "position"], name="one_player_per_seat")]

    def __str__(self) -> str:
        return f"{self.table} / {self.position}: {self.entry.player.name}"

    @property
    def player(self):
        return self.entry.player


class HandStatus(models.TextChoices):
    BETTING = "betting", _("Betting")
    SHOWDOWN = "showdown", _("Showdown")
    COMPLETE = "complete", _("Complete")


class Hand(models.Model):
    """One hand at a table: its setup (who, stacks, button, blinds) plus its ordered actions."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hands", verbose_name=_("table"))
    number = models.PositiveIntegerField(_("hand number"))
    button = models.ForeignKey(Seat, on_delete=models.PROTECT, related_name="+", verbose_name=_("button"))
    level = models.PositiveSmallIntegerField(_("blind level"))
    small_blind = models.PositiveIntegerField(_("small blind"))
    big_blind = models.PositiveIntegerField(_("big blind"))
    ante = models.PositiveIntegerField(_("ante"), default=0)
    ante_by = models.CharField(_("ante posted by"), max_length=10, default="each")  # "each" or "big_blind"
    min_bet_rule = models.CharField(_("minimum bet rule"), max_length=10)
    # [{"seat": id, "name": str, "stack": int, "sitting_out": bool}, ...] clockwise
    players = models.JSONField(_("players at the start"))
    status = models.CharField(_("status"), max_length=10, choices=HandStatus.choices, default=HandStatus.BETTING)
    board = models.CharField(_("board"), max_length=20, blank=True)
    hole_cards = models.JSONField(_("hole cards"), default=dict, blank=True)
    pot_winners = models.JSONField(_("pot winners"), null=True, blank=True)
    final_stacks = models.JSONField(_("final stacks"), null=True, blank=True)
    result = models.JSONField(_("result"), null=True, blank=True)
    started_at = models.DateTimeField(_("started"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    # Renewed by every write of this row (tournaments.tracker.services.change.write_hand): the table's snapshot names it with the
    # hand's id and the count and newest id of its actions, and is trusted only while the rows say the same.
    revision = models.CharField(_("revision"), max_length=16, default=new_revision)

    class Meta:
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="one_hand_number_per_table"),
            # Only one hand at a time is being played at a table.
            models.UniqueConstraint(fields=["table"], condition=~Q(status="complete"), name="one_open_hand_per_table"),
        ]

    def __str__(self) -> str:
        return _("Hand %(number)s") % {"number": self.number}


class Action(models.Model):
    """One dealer input, in order. The hand's state is the replay of these rows."""

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="actions", verbose_name=_("hand"))
    index = models.PositiveIntegerField(_("index"))
    seat = models.ForeignKey(Seat, on_delete=models.PROTECT, related_name="+", verbose_name=_("seat"))
    verb = models.CharField(_("action"), max_length=10)
    to = models.PositiveIntegerField(_("to"), null=True, blank=True)
    created_at = models.DateTimeField(_("entered"), auto_now_add=True)

    class Meta:
        verbose_name = _("action")
        verbose_name_plural = _("actions")
        ordering = ["hand", "index"]
        constraints = [models.UniqueConstraint(fields=["hand", "index"], name="one_action_per_index")]

    def __str__(self) -> str:
        return f"{self.index}: {self.verb} {self.to or ''}".strip()


class PlacementReason(models.TextChoices):
    BUSTED = "busted", _("Eliminated")
    DISQUALIFIED = "disqualified", _("Disqualified")
    WINNER = "winner", _("Won the table")
    MANUAL = "manual", _("Entered from the paper sheet")


class Placement(models.Model):
    """A player's final place at his table. Ties share a place (same hand, same starting chips)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="placements", verbose_name=_("table"))
    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, related_name="placement", verbose_name=_("seat"))
    place = models.PositiveSmallIntegerField(_("place"))
    reason = models.CharField(_("reason"), max_length=12, choices=PlacementReason.choices)
    hand = models.ForeignKey(
        Hand, on_delete=models.SET_NULL, null=True, blank=True, related_name="+", verbose_name=_("hand")
    )
    chips_removed = models.PositiveIntegerField(_("chips removed from play"), default=0)
    # Knockouts entered from a paper sheet (None: not entered; a tracked table's come from its hands).
    knockouts = models.PositiveSmallIntegerField(_("knockouts"), null=True, blank=True)
    decided_at = models.DateTimeField(_("time"), auto_now_add=True)

    class Meta:
        verbose_name = _("placement")
        verbose_name_plural = _("placements")
        ordering = ["table", "place", "seat__position"]

    def __str__(self) -> str:
        return f"{self.place}. {self.seat.entry.player.name}"


class PlacementCorrection(models.Model):
    """Audit trail: who changed a placement, when and why."""

    placement = models.ForeignKey(Placement, on_delete=models.CASCADE, related_name="corrections")
    old_place = models.PositiveSmallIntegerField(_("old place"))
    new_place = models.PositiveSmallIntegerField(_("new place"))
    reason = models.CharField(_("reason"), max_length=200)
    corrected_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    corrected_at = models.DateTimeField(_("corrected"), auto_now_add=True)

    class Meta:
        verbose_name = _("placement correction")
        verbose_name_plural = _("placement corrections")
        ordering = ["-corrected_at"]

    def __str__(self) -> str:
        return f"{self.placement}: {self.old_place} → {self.new_place}"
