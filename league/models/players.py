"""Players and the merging of two records of one player; the age a player must have reached."""

from __future__ import annotations

import datetime
import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

__all__ = ["ADULT_AGE", "age_on", "Player", "PlayerMerge"]


ADULT_AGE = 18


def age_on(birth: datetime.date, day: datetime.date) -> int:
    """Completed years on `day` (someone born on 29 February turns a year older on 1 March)."""
    years = day.year - birth.year
    if (day.month, day.day) < (birth.month, birth.day):
        years -= 1
    return years


class Player(models.Model):
    # The league-wide identity: the same on the league's server and on every venue's laptop, where the row's
    # own id differs (docs/design.md, "Venues that play offline").
    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    name = models.CharField(_("name"), max_length=120)
    nickname = models.CharField(_("nickname"), max_length=60, blank=True)
    contact = models.CharField(_("contact"), max_length=200, blank=True, help_text=_("Phone or e-mail, optional."))
    date_of_birth = models.DateField(_("date of birth"), null=True, blank=True)
    id_checked_adult = models.BooleanField(
        _("ID checked, 18+"), default=False, help_text=_("An organizer saw an ID showing the player is 18 or older.")
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    # One of setup_demo's players: removed with the demo unless the real league has entered him meanwhile.
    is_demo = models.BooleanField(_("demo player"), default=False, editable=False)

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
